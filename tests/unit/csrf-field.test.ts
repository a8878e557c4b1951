/**
 * A route module never handles the CSRF token itself: a form with fields is <AppForm>
 * (app/components/forms.tsx), a one-button form is <ActionButton> (app/components/action-button.tsx),
 * and a card step's JSON post is postCardStep's (app/lib/card-step.ts); each carries the token.
 *
 * A scan of the source rather than a dependency-cruiser rule: an import rule sees only the
 * module a route imports, and a route must import the module that has CsrfInput (ActionButton is
 * in it); it would also miss a field re-exported elsewhere (forms.tsx did), or `<input
 * name="csrf">` written with the token read from the root loader, importing nothing at all.
 * Reading the source catches each of those by name.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROUTES = fileURLToPath(new URL("../../app/routes/", import.meta.url));

/** What handles the token by hand: the field component or its module, a field or value named csrf, the token read from the root loader. */
const HAND_PLACED: Array<[string, RegExp]> = [
  ["the CsrfInput component", /\bCsrfInput\b/],
  ["a field or form value named csrf", /["'`]csrf["'`]/],
  ["the token read from the root loader", /\.csrf\b|\bcsrf\s*[:?]/],
  ["the CSRF_FIELD name", /\bCSRF_FIELD\b/],
];

function handPlaced(source: string): string[] {
  const found: string[] = [];
  source.split("\n").forEach((line, index) => {
    const hit = HAND_PLACED.find(([, pattern]) => pattern.test(line));
    if (hit) found.push(`${index + 1}: ${hit[0]}: ${line.trim()}`);
  });
  return found;
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("the CSRF field is never placed by hand in a route module", () => {
  it("no module under app/routes/ names the field, its component or the token", () => {
    const modules = modulesUnder(ROUTES);
    expect(modules.length).toBeGreaterThan(50);
    const offenders = Object.fromEntries(
      modules.map((file) => [path.relative(ROUTES, file), handPlaced(readFileSync(file, "utf8"))] as const).filter(([, found]) => found.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it("the scan catches each way of placing it by hand, and lets the server's check and the words about it through", () => {
    expect(handPlaced(`import { CsrfInput } from "~/components/forms";`)).toHaveLength(1);
    expect(handPlaced(`import { ActionButton, CsrfInput as Token } from "~/components/action-button";`)).toHaveLength(1);
    expect(handPlaced(`        <CsrfInput />`)).toHaveLength(1);
    expect(handPlaced(`<input type="hidden" name="csrf" value={token} />`)).toHaveLength(1);
    expect(handPlaced(`const root = useRouteLoaderData("root") as { csrf: string };`)).toHaveLength(1);
    expect(handPlaced(`form.set("csrf", root?.csrf ?? "");`)).toHaveLength(1);
    expect(handPlaced(`<input type="hidden" name={CSRF_FIELD} value={token} />`)).toHaveLength(1);

    expect(handPlaced(`import { readForm } from "~/lib/csrf.server";`)).toEqual([]);
    expect(handPlaced(` * JSON in and out; CSRF is checked by the root middleware on posts.`)).toEqual([]);
    expect(handPlaced(`<ActionButton intent="remove" fields={{ id }}>Remove</ActionButton>`)).toEqual([]);
  });
});
