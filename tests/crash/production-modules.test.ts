/**
 * The production module-load test (issue 37, docs/decisions/0053): the web server over the
 * production build (`npm start`, the API in-process) and the tenant API alone (`npm run
 * start:api`), each started as production starts it (NODE_ENV=production, well-formed real keys
 * for every provider), load no module under stand-ins/. It runs with the crash tests, which also
 * start the real server over the build (`npm run build` first). A loader hook (tests/helpers/record-modules.mjs)
 * records every module the process loads, dynamic imports included, until it listens.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "keyfree-production-modules-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A production start's environment: a real provider behind every seam a stand-in could fill. */
const PRODUCTION_ENV = {
  NODE_ENV: "production",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_PUBLISHABLE_KEY: "pk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  OIDC_ISSUER: "https://login.keyfree.example",
  OIDC_CLIENT_ID: "keyfree-web",
  OIDC_CLIENT_SECRET: "a-client-secret-of-the-identity-provider",
  SMTP_URL: "smtp://mail.keyfree.example:587",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "a-twilio-auth-token",
  TWILIO_FROM: "+447700900000",
  ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes",
  IDEAL_POSTCODES_API_KEY: "ak_x",
  APP_URL: "https://app.keyfree.example",
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
  // The clock's jobs would call the providers (offline here): the modules they use load all the same.
  SWEEP_INTERVAL_SECONDS: "0",
  LOG_LEVEL: "info",
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `entry` with `env`, waits for `ready` on its output, stops it, and answers the modules it loaded (paths from the repository root; packages from node_modules/ on, wherever it is). */
async function modulesLoadedUntil(entry: string, env: Record<string, string>, ready: string): Promise<string[]> {
  const record = path.join(scratch, `${path.basename(entry)}-${Date.now()}.txt`);
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./tests/helpers/record-modules.mjs", entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, RECORD_MODULES_TO: record },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} stopped (${code}) before it was ready:\n${output}`));
    });
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return readFileSync(record, "utf8")
    .split("\n")
    .filter((url) => url.startsWith("file://"))
    .map((url) => {
      const file = fileURLToPath(url).split(path.sep).join("/");
      const inPackages = file.lastIndexOf("/node_modules/");
      return inPackages === -1 ? path.posix.relative(root.split(path.sep).join("/"), file) : file.slice(inPackages + 1);
    });
}

// The two starts side by side: each is a process of its own on its own port and data folder.
describe.concurrent("a production start with real keys (issue 37)", () => {
  it("loads no stand-in: the tenant API (npm run start:api) listens without one module under stand-ins/", async ({ expect }) => {
    const port = await freePort();
    const loaded = await modulesLoadedUntil(
      "server/main.ts",
      { ...PRODUCTION_ENV, API_PORT: String(port), DATA_DIR: path.join(scratch, "data") },
      "tenant API listening",
    );
    // The record is real: the runtime, the API and the real providers' clients were loaded...
    expect(loaded).toEqual(expect.arrayContaining(["server/main.ts", "server/runtime.ts", "server/app.ts", "server/lib/mail-delivery.ts"]));
    expect(loaded.some((file) => file.startsWith("node_modules/stripe/"))).toBe(true);
    // ...and not one stand-in.
    expect(loaded.filter((file) => file.startsWith("stand-ins/"))).toEqual([]);
  }, 90_000);

  it("loads no stand-in: the web server over the production build (npm start) listens without one module under stand-ins/", async ({ expect }) => {
    const port = await freePort();
    const loaded = await modulesLoadedUntil(
      "web-server.ts",
      { ...PRODUCTION_ENV, PORT: String(port), WEB_CONCURRENCY: "1", DATA_DIR: path.join(scratch, "web-data") },
      "Keyfree web app listening",
    );
    expect(loaded).toEqual(expect.arrayContaining(["web-server.ts", "server/runtime.ts", "server/app.ts", "build/server/index.js"]));
    expect(loaded.some((file) => file.startsWith("node_modules/stripe/"))).toBe(true);
    expect(loaded.filter((file) => file.startsWith("stand-ins/"))).toEqual([]);
  }, 90_000);
});
