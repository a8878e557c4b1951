/**
 * No file over 400 lines (issue 37) in the product's code and the stand-ins' (app/, server/,
 * common/, stand-ins/, styles/, scripts/ and the servers at the root), outside generated code (the
 * API client's types), the database schemas and the migrations. A longer file holds more than one
 * thing: split it where its parts meet. The tests are not held to it (docs/decisions/0057): a
 * test file follows its scenario list, and its fixtures and helpers are held instead.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_LINES = 400;
const HELD = /^(app|server|common|stand-ins|styles|scripts)\/|^[^/]+\.(ts|tsx)$/;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|scss|sh)$/;
/** Generated, or a schema and its migrations: long by nature, never edited by hand as code. */
const EXEMPT = [/^app\/lib\/api\/schema\.d\.ts$/, /^server\/db\/schema\.ts$/, /^stand-ins\/db\/schema\.ts$/, /(^|\/)migrations\//];

const lineCount = (file: string) => readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1;

describe("no file over 400 lines", () => {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => HELD.test(file) && SOURCE.test(file) && !EXEMPT.some((rule) => rule.test(file)));

  it("reads the product's and the stand-ins' files", () => {
    expect(files).toEqual(expect.arrayContaining(["server/app.ts", "app/root.tsx", "stand-ins/index.ts", "web-server.ts"]));
    expect(files.length).toBeGreaterThan(400);
  });

  it("finds none over 400 lines", () => {
    const long = files.filter((file) => lineCount(file) > MAX_LINES).map((file) => `${file}: ${lineCount(file)} lines`);
    expect(long).toEqual([]);
  });
});
