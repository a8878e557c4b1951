// @vitest-environment node
// esbuild refuses to run under jsdom (its TextEncoder), so this check runs in plain Node.
import { transformSync } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const STANDIN_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public/stripe-sandbox/stripe.js");
const standInSource = () => readFileSync(STANDIN_PATH, "utf8");

// Built from stand-ins/stripe-sandbox/browser/ by Vite (tests/global-setup.ts builds it when it is missing or older).
describe("public/stripe-sandbox/stripe.js is a plain ES2019 classic script", () => {
  it("needs no syntax newer than ES2019 (esbuild lowers nothing)", () => {
    const source = standInSource();
    const modern = transformSync(source, { loader: "js", target: "esnext" }).code;
    const es2019 = transformSync(source, { loader: "js", target: "es2019" }).code;
    expect(es2019).toBe(modern);
  });

  it("is one IIFE with no import or export", () => {
    const source = standInSource();
    expect(source).not.toMatch(/^\s*(import|export)\b/m);
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").trim();
    expect(code).toMatch(/^\(function ?\(\) \{/);
    expect(code.endsWith("})();")).toBe(true);
  });
});
