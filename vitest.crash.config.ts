import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The crash tests (issue 21, tests/crash/): each starts the real server (web-server.ts over the
 * production build, so `npm run build` first) as a process of its own and kills it at a money
 * point. One file per database kind, run side by side: the servers, not the test workers, use
 * the CPU. Beside them, tests/crash/upload-memory.test.ts measures the same real server's memory
 * under five concurrent 30 MB uploads (decision 0038). `npm run test:crash`; `npm test` runs them
 * after the build and before the browser tests.
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/crash/**/*.test.ts"],
    environment: "node",
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
