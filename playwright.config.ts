import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the production build (npm run build first), every journey twice:
 * JavaScript on and off; the tests that open no browser once (project "no-browser"). Chromium is Debian's (no browser download works here).
 */
// E2E_PORT moves all four servers (maintenance is the next port, outside tools the one after, the clock's the next),
// so two checkouts can run side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const MAINTENANCE_PORT = PORT + 1;
const TOOLS_PORT = PORT + 2;
const CLOCK_PORT = PORT + 3;
/**
 * The outside tools' offline stand-ins (issue 26), served by the tools server itself under
 * /__stand-ins/ but named by 127.0.0.1 while its pages are opened as localhost: another origin,
 * so the page's CSP must let them in by name, exactly as it would Intercom's or PostHog's.
 */
export const STAND_IN_ORIGIN = `http://127.0.0.1:${TOOLS_PORT}`;
export const TOOLS_ENV = {
  INTERCOM_APP_ID: "kfstandin1",
  INTERCOM_WIDGET_URL: `${STAND_IN_ORIGIN}/__stand-ins/intercom/widget/`,
  INTERCOM_API_BASE: `${STAND_IN_ORIGIN}/__stand-ins/intercom`,
  INTERCOM_IDENTITY_SECRET: "e2e-intercom-identity-secret-0123456789",
  POSTHOG_KEY: "phc_e2e_standin_project_key",
  POSTHOG_HOST: `${STAND_IN_ORIGIN}/__stand-ins/posthog`,
  TRUSTPILOT_BUSINESS_UNIT_ID: "5f0c1a2b3c4d5e6f7a8b9c0d",
  TRUSTPILOT_WIDGET_URL: `${STAND_IN_ORIGIN}/__stand-ins/trustpilot/tp.widget.bootstrap.min.js`,
  TRUST_RATING_URL: "https://uk.trustpilot.com/review/keyfree.example",
};
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
    // Chat, analytics and reviews configured (to their stand-ins): e2e/*.tools.spec.ts use it through TOOLS_URL.
    server(TOOLS_PORT, ".data/e2e-tools", TOOLS_ENV),
    // A server whose clock the tests move (days ahead, to 8am London): e2e/*.clock.spec.ts use it
    // through CLOCK_URL, so no other spec sees its time jump. Its own sweeper is off: the tests sweep.
    server(CLOCK_PORT, ".data/e2e-clock", { SWEEP_INTERVAL_SECONDS: "0" }),
  ],
});

export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`;
export const TOOLS_URL = `http://localhost:${TOOLS_PORT}`;
export const CLOCK_URL = `http://localhost:${CLOCK_PORT}`;
