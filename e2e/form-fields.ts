import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { WebRoute } from "./route-table";

/**
 * The form fields a route's action can read, from its source: the route module and the modules it
 * imports from the app (its area's `+lib/`, `~/components`, `~/lib`), one level deep. A field is
 * a conform field (`fields.firstName`), a named input (`name="intent"`), a value the action reads
 * (`form.get("reason")`) or a schema key next to them; an intent is a value of `intent` the page
 * posts (`intent="remove"`, `intent: "upload"`). The fuzz gate (e2e/web-fuzz.spec.ts) posts each
 * one hostile, besides the fields of the forms it finds on the pages themselves.
 */
export type RouteFields = { fields: string[]; intents: string[] };

const FIELD_PATTERNS = [
  /\bfields\.([A-Za-z_][\w]*)/g,
  /\bname="([A-Za-z_][\w-]*)"/g,
  /\bname=\{"([A-Za-z_][\w-]*)"\}/g,
  /\.get(?:All)?\("([A-Za-z_][\w-]*)"\)/g,
  /\bfieldNames:\s*\[([^\]]*)\]/g,
  // A schema's keys (`firstName: z.string()…`, `postcode: text(20)`).
  /^\s*([a-z]\w*):\s*(?:z\.|text\(|optional\b|emailField\b|ticked\(|mustTick\()/gm,
];
const INTENT_PATTERN = /\bintent(?:=|:\s*)"([a-z][\w-]*)"/g;
/**
 * Names these patterns also meet that are no form field: the CSRF token (the gate's own business),
 * request headers (`headers.get("content-type")`), the session's keys and the query's.
 */
const NOT_FIELDS = new Set([
  "csrf",
  "viewport",
  "description",
  "host",
  "origin",
  "accessToken",
  "disputeSteps",
  "redirectTo",
]);
const isField = (name: string) =>
  !NOT_FIELDS.has(name) && !name.includes("-") && /^[a-z]/.test(name);

function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith("~/")
    ? path.join("app", spec.slice(2))
    : spec.startsWith(".")
      ? path.join(path.dirname(from), spec)
      : undefined;
  if (!base || base.includes("/api/")) return undefined;
  return ["", ".ts", ".tsx", "/index.ts"]
    .map((ext) => base + ext)
    .find((file) => existsSync(file) && !file.endsWith("/"));
}

function namesIn(source: string, fields: Set<string>, intents: Set<string>) {
  for (const pattern of FIELD_PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const found = pattern.source.includes("fieldNames")
        ? [...match[1]!.matchAll(/"([\w-]+)"/g)].map((m) => m[1]!)
        : [match[1]!];
      for (const name of found) if (isField(name)) fields.add(name);
    }
  }
  for (const match of source.matchAll(INTENT_PATTERN)) intents.add(match[1]!);
}

export function routeFields(route: WebRoute): RouteFields {
  const file = path.join("app", route.file);
  const fields = new Set<string>();
  const intents = new Set<string>();
  const source = readFileSync(file, "utf8");
  namesIn(source, fields, intents);
  for (const [, spec] of source.matchAll(/\bfrom\s+"([^"]+)"/g)) {
    const imported = resolveImport(file, spec!);
    if (imported && !imported.endsWith(".scss"))
      namesIn(readFileSync(imported, "utf8"), fields, intents);
  }
  if (intents.size > 0) fields.add("intent");
  return { fields: [...fields].sort(), intents: [...intents].sort() };
}
