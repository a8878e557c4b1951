/**
 * Decision 0038: the root middleware reads a multipart post once, as it arrives (files to
 * scratch files on disk), and keeps the form for `readForm`. Code in app/ that reads a request's
 * body itself (`request.formData()`, `.json()`, `.text()`, `.arrayBuffer()`, `.blob()`, `.body`)
 * would find it used (a 500), or hold an upload whole in memory again. Only the modules that
 * own the body may: csrf.server.ts (readForm), body-limit.server.ts (counting a body sent
 * without a length), host.ts (the card sandbox's pass-through) and test-session.server.ts (a
 * JSON endpoint the host serves itself in tests, outside the router).
 *
 * Nor may app/ hand a request to a library that reads or copies its body (issue 37): a login
 * posted as multipart/form-data was a 500, because remix-auth-form's strategy read the body
 * again and remix-auth's Authenticator copied the request (`new Request(url, request)`) after the
 * host's reader had consumed it. The sign-in strategy reads the form through readForm.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const APP = fileURLToPath(new URL("../../app/", import.meta.url));
const OWNERS = ["lib/csrf.server.ts", "lib/body-limit.server.ts", "lib/host.ts", "lib/test-session.server.ts"].map((p) => path.join(APP, p));
const READS_BODY = /\brequest\b(\.clone\(\))?\.(formData|json|text|arrayBuffer|blob)\(|\brequest\.body\b/;
/** Libraries that read or copy a request's body, and copying a request whole. */
const HANDS_BODY_ON = /from "remix-auth-form"|\bnew Authenticator\b|\.authenticate\(\s*"[^"]*",\s*request\b|new Request\([^)]*,\s*request\s*\)/;

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function bodyReads(source: string): string[] {
  return source.split("\n").flatMap((line, i) => (READS_BODY.test(line) || HANDS_BODY_ON.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("the web reads a request's body only through readForm", () => {
  it("finds the reads it is looking for", () => {
    for (const line of ["await request.formData()", "request.clone().formData()", "await request.json()", "request.body.getReader()"]) {
      expect(bodyReads(line), line).toHaveLength(1);
    }
    for (const line of [
      'import { FormStrategy } from "remix-auth-form";',
      "const authenticator = new Authenticator<User>();",
      'await authenticator.authenticate("login", request)',
      "const copy = new Request(request.url, request);",
    ]) {
      expect(bodyReads(line), line).toHaveLength(1);
    }
    expect(bodyReads("await readForm(request)")).toEqual([]);
    expect(bodyReads("await loginStrategy(api).authenticate(request)")).toEqual([]);
  });

  it("no module in app/ but the body's owners reads it", () => {
    const offenders = modulesUnder(APP)
      .filter((file) => !OWNERS.includes(file))
      .flatMap((file) => bodyReads(readFileSync(file, "utf8")).map((hit) => `${path.relative(APP, file)}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
