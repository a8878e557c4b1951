import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "../../app/lib/safe-redirect";
import { GOOD_REDIRECTS as GOOD, HOSTILE_REDIRECTS as HOSTILE, NOT_STRINGS } from "../fixtures/redirect-payloads";

/** The one safe-redirect rule (issue 23, scope 2): only a path on this site, after normalising. */
describe("safeRedirectTarget: only a same-origin path (issue 23, scope 2)", () => {
  it(`has the usual payload lists (${HOSTILE.length} hostile targets)`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(HOSTILE.map((payload) => [JSON.stringify(payload).slice(0, 60), payload]))("%s falls back to /", (_label, payload) => {
    expect(safeRedirectTarget(payload)).toBe("/");
    // …and to a fallback of the caller's choosing.
    expect(safeRedirectTarget(payload, "/dashboard")).toBe("/dashboard");
  });

  it.each(NOT_STRINGS.map((value) => [String(JSON.stringify(value)), value]))("%s (not a string) falls back to /", (_label, value) => {
    expect(safeRedirectTarget(value)).toBe("/");
  });

  it.each(GOOD)("%s is kept as %s", (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });

  it("every answer is a path a Location header can carry, and a browser reads on this site", () => {
    for (const payload of [...HOSTILE, ...GOOD.map(([t]) => t)]) {
      const target = safeRedirectTarget(payload);
      // A header value that cannot be sent would throw here (the old 500 after a token was issued).
      const location = redirect(target).headers.get("location")!;
      expect(location).toBe(target);
      expect(new URL(location, "https://keyfree.example").origin).toBe("https://keyfree.example");
      expect(location).toMatch(/^\/(?![/\\])/);
    }
  });
});
