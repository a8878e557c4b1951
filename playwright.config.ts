import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the production build (npm run build first), every journey twice:
 * JavaScript on and off; the tests that open no browser once (project "no-browser"). Chromium is Debian's (no browser download works here).
 */
// E2E_PORT moves both servers (the maintenance one is the next port), so two checkouts can run side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const MAINTENANCE_PORT = PORT + 1;
export const E2E_DATA_DIR = ".data/e2e";

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`, the same build as
 * its `chromium`, without the browser's windowing layers) is what Playwright itself runs headless
 * tests in: here a third less time than the full browser for the same tests. The full browser
 * still works (PLAYWRIGHT_CHROMIUM_PATH=/usr/bin/chromium, or when the shell is not installed).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const server = (port: number, dataDir: string, env: Record<string, string> = {}) => ({
  command: `rm -rf ${dataDir} && tsx web-server.ts`,
  port,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
});

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list, then the count of page states checked by axe, the HTML checker and the text check (e2e/checks-reporter.ts).
  reporter: [["list"], ["./e2e/checks-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Tests that open no browser (tagged NO_BROWSER in e2e/fixtures.ts) run once, here.
    { name: "no-browser", grep: /@no-browser/ },
    { name: "js-on", grepInvert: /@no-browser/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "js-off", grepInvert: /@no-browser/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: [
    server(PORT, E2E_DATA_DIR),
    server(MAINTENANCE_PORT, ".data/e2e-maintenance", { MAINTENANCE_MODE: "true" }),
  ],
});

export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`;
