import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadHourlyLimitMessage, UPLOAD_MAX_PER_TENANT_PER_HOUR } from "#common/uploads";
import { IDENTITY_NOT_VERIFIED_MESSAGE } from "../../server/accounts/identity-service";
import { RESET_REQUESTS_PER_ADDRESS_PER_HOUR, TOO_MANY_RESET_REQUESTS_MESSAGE } from "../../server/accounts/password-service";
import { PAIR_FAILURE_LIMIT, slowDownMs } from "../../server/domain/sign-in-throttle";
import { DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";

/**
 * Issue 25, scope 1: every limit holds across two API server PROCESSES on one PostgreSQL
 * database (`tsx server/main.ts` twice, each with its own port and data folder), as behind a
 * load balancer: requests alternate between them, and each limit counts them as one. A count
 * (or a used-token list) kept in one process's memory would let an attacker double their tries
 * by alternating. Time: the throttles' windows are never waited for; where the sign-in
 * slow-down needs time to pass, the clock is moved through one process (the ops `clock`
 * command, outside production only) and the other takes the move up from the database.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const OPS_TOKEN = "shared-limits-ops-token-0123456789";
const CLIENT_ID = "keyfree-processes";
const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n%shared\n%%EOF\n", "latin1"));

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.runIf(pgUrl)("limits across two API processes on one PostgreSQL database", () => {
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  const output: string[] = [];
  let urls: string[] = [];
  let admin: import("pg").Client | undefined;
  let dbName: string | undefined;
  let issuerServer: Server | undefined;
  let issuer: string;
  let signingKey: CryptoKey;

  // Should the test run itself be stopped, the servers go with it.
  const killAll = () => children.forEach((child) => child.exitCode === null && child.kill("SIGKILL"));
  process.once("exit", killAll);

  beforeAll(async () => {
    // The identity provider both processes trust: its discovery document and published key.
    const pair = await generateKeyPair("RS256", { extractable: true });
    signingKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    issuerServer = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/idp/.well-known/openid-configuration") res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      else if (req.url === "/idp/jwks") res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end("{}");
    });
    await new Promise<void>((resolve) => issuerServer!.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/idp`;

    // A database of its own.
    const pg = (await import("pg")).default;
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    dbName = `shared_limits_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${dbName}`);
    const databaseUrl = new URL(pgUrl!);
    databaseUrl.pathname = `/${dbName}`;

    // Both processes start at once (they migrate the new database once, under the advisory lock).
    const ports = [await freePort(), await freePort()];
    urls = ports.map((port) => `http://127.0.0.1:${port}`);
    // Node itself runs the server (tsx as a loader, not its CLI, which would run it in a child of its own that a kill would orphan).
    for (const [i, port] of ports.entries()) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `keyfree-shared-${i + 1}-`));
      dataDirs.push(dataDir);
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: process.cwd(),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: "test",
          API_PORT: String(port),
          DATABASE_URL: databaseUrl.toString(),
          DATA_DIR: dataDir,
          OPS_TOKEN,
          // Every request names its client address (the throttles count per address).
          API_TRUST_FORWARDED_FOR: "true",
          OIDC_ISSUER: issuer,
          OIDC_CLIENT_ID: CLIENT_ID,
          OIDC_CLIENT_SECRET: "unused-by-the-api",
          SWEEP_INTERVAL_SECONDS: "0",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      // 'close': exited, and its output read to the end (for the message if it fails to start).
      child.once("close", (code, signal) => output.push(`[${i + 1}] exited (${signal ?? code})\n`));
      const keep = (chunk: Buffer) => output.push(`[${i + 1}] ${chunk.toString()}`);
      child.stdout!.on("data", keep);
      child.stderr!.on("data", keep);
    }
    await Promise.all(
      urls.map(async (url, i) => {
        const deadline = Date.now() + 90_000;
        while (Date.now() < deadline) {
          if (children[i]!.exitCode !== null) {
            await new Promise((resolve) => setTimeout(resolve, 500));
            throw new Error(`API process ${i + 1} exited:\n${output.join("")}`);
          }
          const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
          if (ok) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        throw new Error(`API process ${i + 1} did not start:\n${output.join("")}`);
      }),
    );
  }, 120_000);

  afterAll(async () => {
    process.off("exit", killAll);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL");
          }),
      ),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (issuerServer) await new Promise((resolve) => issuerServer!.close(resolve));
    if (admin) {
      if (dbName) await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  /** A request to process 1 or 2 (`instance` 0 or 1, or any number: alternates by parity). */
  async function call(instance: number, method: string, route: string, init: { body?: unknown; form?: FormData; token?: string; address?: string } = {}) {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.address) headers["x-forwarded-for"] = init.address;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${urls[instance % 2]}${route}`, {
      method,
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> | null };
  }
  const ops = async (instance: number, command: string, body: unknown) => {
    const res = await fetch(`${urls[instance % 2]}/ops/run/${command}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ops-token": OPS_TOKEN },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`ops ${command}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, any>;
  };
  /**
   * Moves the clock through one process; the other takes it up from the database (its follower
   * would within a second; reading the clock through its ops makes it at once), so both agree.
   */
  const advanceThrough = async (instance: number, ms: number) => {
    const moved = await ops(instance, "clock", { advance: `${ms}ms` });
    const other = await ops(instance + 1, "clock", {});
    expect(other.offsetMs).toBe(moved.offsetMs);
  };

  it("the sign-in lock-out: wrong passwords alternated between the processes slow down, then lock, the pair on both", async () => {
    const email = "alternating.processes@example.test";
    await ops(0, "create-tenant", { email });
    const address = "198.51.100.77";
    const login = (instance: number, password: string) => call(instance, "POST", "/auth/login", { body: { email, password }, address });
    // Two wrong passwords, one on each process: the slow-down (from the second on) holds on the first,
    // which saw only one of them.
    expect((await login(0, "wrong-guess-0")).status).toBe(401);
    expect((await login(1, "wrong-guess-1")).status).toBe(401);
    const slowed = await login(0, "wrong-guess-2");
    expect(slowed.status).toBe(429);
    expect(slowed.body?.message).toMatch(/^Too many attempts to sign in\. Please wait \d+ seconds? and try again/);
    // The rest of the pair's five, alternating, each after its slow-down has passed on both clocks.
    for (let i = 2; i < PAIR_FAILURE_LIMIT; i += 1) {
      await advanceThrough(i + 1, slowDownMs(i));
      expect((await login(i, `wrong-guess-${i}`)).status).toBe(401);
    }
    // Locked on both: even the right password is refused, for about the window (fifteen minutes).
    for (const instance of [0, 1]) {
      const refused = await login(instance, DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body?.message).toMatch(/^Too many attempts to sign in\. Please try again in 1[45] minutes, or reset your password\.$/);
    }
  });

  it("the password-reset throttle: requests from one address alternated between the processes are counted once", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await call(i, "POST", "/auth/reset-password-request", { body: { email: `nobody${i}@example.test` }, address })).status).toBe(200);
    }
    for (const instance of [0, 1]) {
      expect(await call(instance, "POST", "/auth/reset-password-request", { body: { email: "someone@example.test" }, address })).toEqual({
        status: 429,
        body: { message: TOO_MANY_RESET_REQUESTS_MESSAGE },
      });
    }
  });

  it("the upload hourly limit: one tenant's uploads alternated between the processes are counted once", async () => {
    const email = "uploads.processes@example.test";
    await ops(0, "create-tenant", { email });
    const { accessToken } = await ops(1, "issue-access-token", { email });
    const upload = (instance: number) => {
      const form = new FormData();
      form.append("file", new Blob([PDF]), "evidence.pdf");
      form.append("type", "CLAIM_ITEM");
      return call(instance, "POST", "/documents", { form, token: accessToken });
    };
    for (let i = 0; i < UPLOAD_MAX_PER_TENANT_PER_HOUR; i += 1) expect((await upload(i)).status).toBe(201);
    for (const instance of [0, 1]) {
      expect(await upload(instance)).toEqual({ status: 429, body: { message: uploadHourlyLimitMessage() } });
    }
  });

  it("an ID token used on one process is refused on the other", async () => {
    const email = "idtoken.processes@example.test";
    await ops(0, "create-tenant", { email });
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(issuer)
      .setAudience(CLIENT_ID)
      .setSubject("subject-processes")
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(signingKey);
    const first = await call(0, "POST", "/auth/identity-login", { body: { idToken } });
    expect(first.status).toBe(200);
    expect(first.body?.accessToken).toEqual(expect.any(String));
    expect(await call(1, "POST", "/auth/identity-login", { body: { idToken } })).toEqual({
      status: 401,
      body: { message: IDENTITY_NOT_VERIFIED_MESSAGE },
    });
  });
});
