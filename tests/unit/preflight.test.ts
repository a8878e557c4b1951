/**
 * `npm test` on a machine that lacks what it needs stops in its first second, with the one
 * apt-get line that fixes it, or says which stage it will skip (issue 37, scripts/preflight.sh).
 * The script is run as npm test runs it, on a played bare machine (PREFLIGHT_ROOT, a folder with
 * nothing in it, before each system path) and a played full one (fake executables there).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/preflight.sh");
const scratch = mkdtempSync(path.join(tmpdir(), "keyfree-preflight-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function machine(name: string, executables: string[]): string {
  const root = path.join(scratch, name);
  for (const file of executables) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "#!/bin/sh\nexit 0\n");
    chmodSync(path.join(root, file), 0o755);
  }
  mkdirSync(root, { recursive: true });
  return root;
}

function preflight(env: Record<string, string | undefined>) {
  const clean = { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: undefined, W3M_BIN: undefined, NGINX_BIN: undefined, TEST_DATABASE_URL: undefined };
  const started = Date.now();
  const run = spawnSync("bash", [SCRIPT], { env: { ...clean, ...env } as NodeJS.ProcessEnv, encoding: "utf8", timeout: 20_000 });
  return { status: run.status, out: run.stdout, err: run.stderr, ms: Date.now() - started };
}

describe("npm test's preflight", () => {
  it("on a bare machine, stops at once with the one apt-get line that installs what the stages need", () => {
    const bare = machine("bare", []);
    // A PostgreSQL named but not there: nothing listens on port 1.
    const run = preflight({ PREFLIGHT_ROOT: bare, TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:1/keyfree_test" });
    expect(run.status).toBe(1);
    expect(run.err).toContain("apt-get install -y chromium-headless-shell w3m nginx");
    expect(run.err.match(/apt-get install/g)).toHaveLength(1);
    expect(run.err).toContain("no PostgreSQL answers there");
    expect(run.ms).toBeLessThan(10_000);
  });

  it("without TEST_DATABASE_URL, says the two-instance stage will be skipped and asks for no nginx", () => {
    const run = preflight({ PREFLIGHT_ROOT: machine("no-pg", ["usr/bin/chromium-headless-shell", "usr/bin/w3m"]) });
    expect(run.status).toBe(0);
    expect(run.out).toContain("the two-instance stage and the crash tests' PostgreSQL half will be skipped: TEST_DATABASE_URL is not set");
    expect(run.out).toContain("everything the stages need is here");
  });

  it("takes the full browser where the headless shell is not installed, and names a browser path that is wrong", () => {
    expect(preflight({ PREFLIGHT_ROOT: machine("full-browser", ["usr/bin/chromium", "usr/bin/w3m"]) }).status).toBe(0);
    const wrong = preflight({ PREFLIGHT_ROOT: machine("wrong-path", ["usr/bin/w3m"]), PLAYWRIGHT_CHROMIUM_PATH: "/nowhere/chrome" });
    expect(wrong.status).toBe(1);
    expect(wrong.err).toContain("PLAYWRIGHT_CHROMIUM_PATH is /nowhere/chrome, which is not an executable");
    expect(wrong.err).not.toContain("apt-get");
  });
});
