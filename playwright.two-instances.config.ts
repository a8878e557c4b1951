import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * The two-instance run (issue 25, scope 4): scripts/two-instances.ts starts two server processes
 * on one PostgreSQL database behind nginx, and these tests go through nginx: the main journeys
 * once (JavaScript on), then the chaos run (a minute of load while an instance is killed with
 * SIGKILL and started again). After `npm run build`:
 *
 *   TWO_INSTANCES_DATABASE_URL=postgres://postgres@127.0.0.1:5432/keyfree_two_instances \
 *     npx playwright test --config playwright.two-instances.config.ts
 *
 * The database named is dropped and made again first (the script's --fresh); without
 * TWO_INSTANCES_DATABASE_URL, the database keyfree_two_instances beside TEST_DATABASE_URL.
 * TWO_INSTANCES_PORT moves nginx (default 3700; the instances are the next two ports).
 */
const PORT = Number(process.env.TWO_INSTANCES_PORT ?? 3700);
export const TWO_INSTANCES_DIR = ".data/two-instances";

function databaseUrl(): string {
  if (process.env.TWO_INSTANCES_DATABASE_URL) return process.env.TWO_INSTANCES_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error("The two-instance run needs PostgreSQL: set TWO_INSTANCES_DATABASE_URL (or TEST_DATABASE_URL).");
  }
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = "/keyfree_two_instances";
  return url.toString();
}
const DATABASE_URL = databaseUrl();
// The tests read the database (the money rules) and the shared ops token (e2e/fixtures.ts) from these.
process.env.TWO_INSTANCES_DATABASE_URL = DATABASE_URL;
process.env.E2E_DATA_DIR = TWO_INSTANCES_DIR;
// Both instances answer /metrics with this token; the chaos run scrapes each (issue 41, scope 5).
process.env.METRICS_TOKEN ??= `two-instances-${randomBytes(16).toString("hex")}`;

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "e2e/two-instances",
  testMatch: /\.two-instances\.ts$/,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "journeys", testMatch: /journeys\.two-instances\.ts$/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    // After the journeys: killing an instance under them would fail their posts.
    { name: "chaos", testMatch: /chaos\.two-instances\.ts$/, dependencies: ["journeys"] },
  ],
  webServer: {
    command: "tsx scripts/two-instances.ts --fresh",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM: the script stops the instances (each drains its requests) and nginx.
    gracefulShutdown: { signal: "SIGTERM", timeout: 45_000 },
    env: {
      DATABASE_URL,
      TWO_INSTANCES_PORT: String(PORT),
      TWO_INSTANCES_DIR,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // The sandbox's webhook leases (and retries) a tenth as long: a webhook the killed instance
      // had leased is delivered by the other after 3 s, not 30.
      STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "0.1",
      METRICS_TOKEN: process.env.METRICS_TOKEN,
    },
  },
});
