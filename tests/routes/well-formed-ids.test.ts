import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { createApi } = await import("../../app/lib/api.server");
const { hostLoadContext } = await import("../../app/lib/host");
const { middleware } = await import("../../app/root");
const { assertWellFormedParams, requireWellFormedId } = await import("../../app/lib/well-formed-ids.server");

/** Ids that are not ours: a NUL, too long, a slash, a space, a quote, an encoded character, non-ASCII, empty. */
const MALFORMED = ["\u0000", "c1\u0000", "a".repeat(101), "../c1", "c 1", "c1'", "%00", "café", "<script>", ""];
const WELL_FORMED = ["c1", "00000000-0000-4000-8000-000000000000", "pm_1AbC", "a".repeat(100), "duplicate-check"];

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const isNotFound = (error: unknown) => (error as { type?: string; init?: { status?: number } })?.init?.status === 404;

describe("an id in the path is checked for its shape before the API is asked (issue 23, scope 1)", () => {
  it.each(MALFORMED.map((id) => [JSON.stringify(id).slice(0, 30), id]))("%s is not found (404)", (_label, id) => {
    expect(isNotFound(thrownBy(() => requireWellFormedId({ claimId: id }, "claimId")))).toBe(true);
    expect(isNotFound(thrownBy(() => assertWellFormedParams({ orderId: "o1", customerId: id })))).toBe(true);
  });

  it.each(WELL_FORMED)("%s is an id", (id) => {
    expect(requireWellFormedId({ claimId: id }, "claimId")).toBe(id);
    expect(thrownBy(() => assertWellFormedParams({ claimId: id, claimItemId: id }))).toBeUndefined();
  });

  it("a missing id is not found; a splat is the route's own business", () => {
    expect(isNotFound(thrownBy(() => requireWellFormedId({}, "claimId")))).toBe(true);
    expect(thrownBy(() => assertWellFormedParams({ paymentPlanId: "p1", "*": "v1/some thing\u0000" }))).toBeUndefined();
  });

  it("the root middleware answers 404 for every route's malformed id, before any loader or action", async () => {
    const seen: Request[] = [];
    const context = hostLoadContext({ baseUrl: "http://api.test", fetch: async (r) => (seen.push(r), Response.json({})) });
    const url = new URL("http://localhost/claims/%00");
    let thrown: unknown;
    try {
      for (const run of middleware) await run({ request: new Request(url), url, context, params: { claimId: "\u0000" } } as never, async () => undefined as never);
    } catch (error) {
      thrown = error;
    }
    expect(isNotFound(thrown)).toBe(true);
    expect(seen).toEqual([]);
  });

  it("the API client never sends a malformed path id: the page client shows not found, the raw client answers the API's 404", async () => {
    const seen: Request[] = [];
    const host = { baseUrl: "http://api.test", fetch: async (r: Request) => (seen.push(r), Response.json({ id: "c1" })) };
    const url = new URL("http://localhost/claims/c1");
    const api = createApi(host, { request: new Request(url), url, accessToken: "t" });
    for (const claimId of ["a".repeat(101), "c1\u0000", "../me"]) {
      let thrown: unknown;
      try {
        await api.GET("/claims/{claimId}", { params: { path: { claimId } } });
      } catch (error) {
        thrown = error;
      }
      expect(isNotFound(thrown)).toBe(true);
      const raw = await api.raw.GET("/claims/{claimId}", { params: { path: { claimId } } });
      expect(raw.response.status).toBe(404);
      expect(raw.error).toEqual({ message: "Not found" });
    }
    expect(seen).toEqual([]);
    // A well-formed id is asked for as before.
    await api.GET("/claims/{claimId}", { params: { path: { claimId: "c1" } } });
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/claims/c1"]);
  });
});
