import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    // The crash tests start real server processes over the build: their own config (vitest.crash.config.ts).
    exclude: [...configDefaults.exclude, "tests/crash/**"],
    environment: "node",
    globalSetup: ["tests/global-setup.ts"],
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where
    // the API tests (PGlite, CPU-bound) then run one file at a time. Two files at once use both cores;
    // each file has its own database copy (and PostgreSQL tests their own database), so nothing is shared.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
