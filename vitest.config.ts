import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Test files that replace a module, a global or an environment variable (vi.mock, vi.stubGlobal…)
 * or change process.env (or say `isolate-modules` in a comment): each runs in a fresh module graph of its own (Vitest's `isolate`). Every
 * other file shares its worker's modules with the files before it, so the server, React and zod
 * are imported once per worker instead of once per file (decision 0033: 255 s → about 150 s here).
 * Nothing a test file builds is shared: each makes its own API, database copy and clock.
 */
const NEEDS_ISOLATION =
  /\bisolate-modules\b|\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\b|Object\.assign\(\s*process\.env|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;
function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}
const isolated = testFiles("tests").filter(
  (file) => !file.startsWith("tests/crash/") && NEEDS_ISOLATION.test(readFileSync(path.join(root, file), "utf8")),
);

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  test: {
    environment: "node",
    globalSetup: ["tests/global-setup.ts"],
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where
    // the API tests (PGlite, CPU-bound) then run one file at a time. Two files at once use both cores;
    // each file has its own database copy (and PostgreSQL tests their own database), so nothing is shared.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "shared-modules",
          include: ["tests/**/*.test.{ts,tsx}"],
          // The crash tests start real server processes over the build: their own config (vitest.crash.config.ts).
          exclude: [...configDefaults.exclude, "tests/crash/**", ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: isolated, isolate: true } },
    ],
  },
});
