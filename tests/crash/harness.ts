/**
 * The crash tests' harness (issue 21): the real server (`web-server.ts`, the production build with
 * the tenant API in-process) started as a process of its own, killed at a money point by
 * `KEYFREE_CRASH_AT` (server/lib/crash-points.ts), started again over the same data, and driven
 * only from outside: the ops endpoint, the web's own pages and forms with a signed-in tenant's
 * cookie, and the offline Stripe sandbox's browser endpoints as Stripe.js calls them. What the
 * database holds is read at the end: PostgreSQL directly, PGlite once the server has stopped
 * (it is one process's only).
 *
 * Start-up is the cost (about 4 s from a migrated, seeded database; 12 s from an empty one), so
 * each database kind is migrated and seeded once per file (`prepareTemplate`) and every test
 * starts from a copy of it: a copied PGlite data folder, or `CREATE DATABASE … TEMPLATE`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as delay } from "node:timers/promises";
import type { CrashPoint } from "../../server/lib/crash-points";
import { actionTypeForPaymentType, requiresDuplicateCardCheck, type PaymentType } from "#common/payments";
import { SANDBOX_PUBLISHABLE_KEY } from "#common/stripe-sandbox";

export type DbKind = "pglite" | "postgres";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD = path.join(ROOT, "build/server/index.js");

/** PostgreSQL for the DATABASE_URL cases (`.ci/run` sets it); each test gets a database of its own beside it. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** How long a restarted server has to show the money landed (issue 21: "within 60 s"). */
export const RECOVERY_MS = 60_000;
/** A server that does not answer within this has failed to start. */
const START_TIMEOUT_MS = 90_000;

/**
 * CRASH_TEST_DRY_RUN=1: the same journeys with no crash point armed (no kill, no restart), to
 * check the tests themselves: each crash-point test must then pass, on today's code as on any.
 */
export const DRY_RUN = Boolean(process.env.CRASH_TEST_DRY_RUN);

/** CRASH_TEST_TRACE=1: what each test waits for and how long, on stderr. */
export function trace(line: string) {
  if (process.env.CRASH_TEST_TRACE) process.stderr.write(`[crash ${new Date().toISOString().slice(11, 23)}] ${line}\n`);
}

/** Every process this file started: killed (their whole group) after each test, whatever happened. */
const running = new Set<ServerProcess>();

export async function killAllServers() {
  await Promise.all([...running].map((s) => s.kill()));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type ExitInfo = { code: number | null; signal: NodeJS.Signals | null };

/** Polls `check` every `everyMs` until it returns a value other than undefined, or throws `message` after `timeoutMs`. */
export async function until<T>(
  message: string | (() => string),
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = RECOVERY_MS, everyMs = 500 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : "";
      const what = typeof message === "function" ? message() : message;
      throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s${why}`);
    }
    await delay(everyMs);
  }
}

/**
 * The test runner's environment without what would change the server under test (a developer's
 * own DATABASE_URL or Stripe keys, an armed crash point, vitest's own variables): the server's
 * settings are the ones each test gives.
 */
function inheritedEnv(): Record<string, string> {
  const dropped =
    /^(VITEST|DATABASE_URL$|TENANT_API_URL$|DATA_DIR$|PORT$|APP_URL$|OPS_TOKEN$|SESSION_SECRET$|WEB_CONCURRENCY$|MAINTENANCE_MODE$|KEYFREE_|STRIPE_|OIDC_|SMTP_URL$|LOG_LEVEL$|SWEEP_INTERVAL_SECONDS$)/;
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !dropped.test(entry[0])),
  );
}

/**
 * One run of `web-server.ts`: `node --import tsx web-server.ts`, so the process the crash point
 * kills is the one spawned (the `tsx` binary would run the server in a child of its own and
 * report the kill as exit code 137), in a process group of its own so nothing it starts outlives it.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  stdout = "";
  stderr = "";
  readonly exited: Promise<ExitInfo>;
  private exit: ExitInfo | null = null;

  constructor(
    readonly port: number,
    readonly dataDir: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ["--import", "tsx", "web-server.ts"], {
      cwd: ROOT,
      env: { ...inheritedEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.child.stdout!.setEncoding("utf8").on("data", (d: string) => (this.stdout += d));
    this.child.stderr!.setEncoding("utf8").on("data", (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        this.exit = { code, signal };
        running.delete(this);
        resolve(this.exit);
      });
    });
    running.add(this);
  }

  get baseUrl() {
    return `http://localhost:${this.port}`;
  }

  get hasExited() {
    return this.exit !== null;
  }

  /** The last lines the server wrote, for a failure message. */
  tail(lines = 15): string {
    const out = `${this.stdout}\n${this.stderr}`.trim().split("\n");
    return out.slice(-lines).join("\n");
  }

  async waitUntilReady() {
    const started = Date.now();
    for (;;) {
      if (this.hasExited) {
        throw new Error(`the server stopped while starting (${JSON.stringify(this.exit)}):\n${this.tail()}`);
      }
      try {
        const res = await fetch(`${this.baseUrl}/auth/login`, {
          redirect: "manual",
          signal: AbortSignal.timeout(5_000),
        });
        await res.arrayBuffer();
        if (res.status < 500) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > START_TIMEOUT_MS)
        throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${this.tail()}`);
      await delay(100);
    }
  }

  /** The process died by SIGKILL at `point` (its own crash point, not some other death). */
  async waitForCrash(point: CrashPoint, timeoutMs = 30_000): Promise<void> {
    if (DRY_RUN) return;
    const exit = await Promise.race([this.exited, delay(timeoutMs).then(() => null)]);
    if (!exit) throw new Error(`the server did not reach the crash point ${point} within ${timeoutMs / 1000} s:\n${this.tail()}`);
    if (exit.signal !== "SIGKILL" || !this.stderr.includes(`crash point reached: ${point}`)) {
      throw new Error(
        `the server was expected to die by SIGKILL at ${point}, but exited with ${JSON.stringify(exit)}:\n${this.tail()}`,
      );
    }
  }

  /** A clean stop (SIGTERM: the server closes its database), or SIGKILL after 20 s. */
  async stop(): Promise<ExitInfo> {
    if (this.exit) return this.exit;
    this.signal("SIGTERM");
    const exit = await Promise.race([this.exited, delay(20_000).then(() => null)]);
    if (exit) return exit;
    return this.kill();
  }

  async kill(): Promise<ExitInfo> {
    if (this.exit) return this.exit;
    this.signal("SIGKILL");
    return this.exited;
  }

  private signal(sig: NodeJS.Signals) {
    try {
      // The whole group: the server and anything it started.
      process.kill(-this.child.pid!, sig);
    } catch {
      this.child.kill(sig);
    }
  }
}

/** The server's environment for these tests: NODE_ENV=test, quiet logs, the sweeper off unless asked. */
function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined, extra: Record<string, string>) {
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    SWEEP_INTERVAL_SECONDS: "0",
    // The sandbox's webhook retries, compressed (once the sandbox reads it: issue 21's durable queue).
    STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "0.01",
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

function pgUrlFor(database: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function pgAdmin<T>(run: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export type Template = {
  kind: DbKind;
  dataDir?: string;
  database?: string;
  dispose: () => Promise<void>;
};

let names = 0;
function uniqueName(prefix: string) {
  names += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${names}`;
}

/** A database migrated and seeded (the demo data) once, by a real start of the server, that every test copies. */
export async function prepareTemplate(kind: DbKind): Promise<Template> {
  if (!existsSync(BUILD)) throw new Error("The crash tests serve the production build: run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(tmpdir(), "keyfree-crash-template-"));
  let database: string | undefined;
  if (kind === "postgres") {
    database = uniqueName("keyfree_crash_tpl");
    await pgAdmin((c) => c.query(`create database ${database}`));
  }
  const port = await freePort();
  const server = new ServerProcess(port, dataDir, serverEnv(port, dataDir, database && pgUrlFor(database), {}));
  try {
    trace(`${kind} template: the server answered after ${await server.waitUntilReady()} ms`);
  } finally {
    await server.stop();
  }
  return {
    kind,
    dataDir,
    database,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (database) await pgAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
    },
  };
}

/**
 * One test's world: its own data folder and database (copied from the template), the server
 * started, crashed and started again over them, and the database read at the end.
 */
export class CrashWorld {
  server: ServerProcess | undefined;
  readonly dataDir: string;
  readonly database: string | undefined;
  private port = 0;

  private constructor(
    readonly kind: DbKind,
    dataDir: string,
    database: string | undefined,
  ) {
    this.dataDir = dataDir;
    this.database = database;
  }

  static async create(template: Template): Promise<CrashWorld> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "keyfree-crash-"));
    let database: string | undefined;
    if (template.kind === "pglite") {
      cpSync(path.join(template.dataDir!, "db"), path.join(dataDir, "db"), {
        recursive: true,
      });
    } else {
      database = uniqueName("keyfree_crash");
      await pgAdmin((c) => c.query(`create database ${database} template ${template.database}`));
    }
    return new CrashWorld(template.kind, dataDir, database);
  }

  get databaseUrl() {
    return this.database ? pgUrlFor(this.database) : undefined;
  }

  /** Starts the server (the same port, data folder and database every time) and waits until it answers. */
  async start(env: Record<string, string> = {}): Promise<ServerProcess> {
    if (this.server && !this.server.hasExited) throw new Error("the server is already running");
    if (DRY_RUN) env = Object.fromEntries(Object.entries(env).filter(([name]) => name !== "KEYFREE_CRASH_AT"));
    this.port ||= await freePort();
    this.server = new ServerProcess(this.port, this.dataDir, serverEnv(this.port, this.dataDir, this.databaseUrl, env));
    const ms = await this.server.waitUntilReady();
    trace(`${this.kind} server ${env.KEYFREE_CRASH_AT ? `armed at ${env.KEYFREE_CRASH_AT} ` : ""}answered after ${ms} ms`);
    return this.server;
  }

  /** Starts it again after a crash: no crash point armed, the sweeper on (every 2 s) as a running server has it. */
  async restart(env: Record<string, string> = {}): Promise<ServerProcess> {
    if (DRY_RUN && this.server && !this.server.hasExited) return this.server;
    return this.start({ SWEEP_INTERVAL_SECONDS: "2", ...env });
  }

  get running(): ServerProcess {
    if (!this.server || this.server.hasExited) throw new Error("the server is not running");
    return this.server;
  }

  get baseUrl() {
    return `http://localhost:${this.port}`;
  }

  private opsToken() {
    return readFileSync(path.join(this.dataDir, "ops-token"), "utf8").trim();
  }

  /** An ops command (`/__ops/run/<command>`), which must succeed. */
  async ops<T = any>(command: string, input: unknown = {}): Promise<T> {
    const res = await fetch(`${this.baseUrl}/__ops/run/${command}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-ops-token": this.opsToken(),
      },
      body: JSON.stringify(input),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`ops ${command}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** An ops command during which the server is expected to die: its answer, or null when the connection dropped. */
  async opsDuringCrash(command: string, input: unknown = {}): Promise<unknown> {
    try {
      return await this.ops(command, input);
    } catch (error) {
      if (isConnectionFailure(error)) return null;
      throw error;
    }
  }

  /** The e-mails queued to `to` (the dev outbox through ops), newest first. */
  async outbox(to: string): Promise<{ id: string; to: string; subject: string; template: string }[]> {
    const res = await fetch(`${this.baseUrl}/__ops/outbox?to=${encodeURIComponent(to)}`, {
      headers: { "x-ops-token": this.opsToken() },
    });
    if (!res.ok) throw new Error(`outbox: ${res.status}`);
    return (
      (await res.json()) as {
        emails: { id: string; to: string; subject: string; template: string }[];
      }
    ).emails;
  }

  /** Moves the API's clock (ops clock --advance). */
  async advanceClock(by: string) {
    return this.ops<{ now: string; offsetMs: number }>("clock", {
      advance: by,
    });
  }

  /**
   * Reads the database: PostgreSQL at any time; PGlite only once the server has stopped (the
   * embedded database is one process's), opened here over the same data folder.
   */
  async query<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    if (this.kind === "postgres") {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: this.databaseUrl });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as R[];
      } finally {
        await client.end();
      }
    }
    if (this.server && !this.server.hasExited) throw new Error("stop the server before reading its PGlite database");
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(path.join(this.dataDir, "db"));
    try {
      return (await db.query<R>(sql, params)).rows;
    } finally {
      await db.close();
    }
  }

  async dispose() {
    await this.server?.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
    if (this.database) await pgAdmin((c) => c.query(`drop database if exists ${this.database} with (force)`));
  }
}

export function isConnectionFailure(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /fetch failed|ECONNRESET|ECONNREFUSED|socket hang up|other side closed|UND_ERR_SOCKET|terminated/i.test(text);
}

// ── A tenant in the web app: the cookie, the CSRF token, pages and the card form's calls ──

/** A signed-in tenant's browser, as far as the server can tell: cookies, the session's CSRF token, same-origin requests. */
export class TenantBrowser {
  private cookies = new Map<string, string>();
  csrf = "";

  constructor(
    /** Where the tenant's browser sends its requests (a CrashWorld's server, or the two-instance run's nginx). */
    private readonly world: Pick<CrashWorld, "baseUrl">,
    readonly email: string,
    private readonly password: string,
  ) {}

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The browser's cookies, as its Cookie header sends them. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private headers(extra: Record<string, string> = {}) {
    const cookie = this.cookieHeader();
    return {
      ...(cookie ? { cookie } : {}),
      origin: this.world.baseUrl,
      ...extra,
    };
  }

  /** A page, following redirects as a browser does: its final path, status and HTML. */
  async page(pathname: string): Promise<{ path: string; status: number; html: string }> {
    let url = new URL(pathname, this.world.baseUrl);
    for (let hops = 0; hops < 10; hops += 1) {
      const res = await fetch(url, {
        headers: this.headers({ accept: "text/html" }),
        redirect: "manual",
      });
      this.keep(res);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        url = new URL(location, url);
        continue;
      }
      const html = await res.text();
      const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
      if (token) this.csrf = token;
      return { path: url.pathname + url.search, status: res.status, html };
    }
    throw new Error(`too many redirects from ${pathname}`);
  }

  /** Posts a form (with the CSRF token) without following the redirect. */
  async post(pathname: string, fields: Record<string, string>, accept = "text/html"): Promise<Response> {
    const body = new URLSearchParams({ csrf: this.csrf, ...fields });
    const res = await fetch(new URL(pathname, this.world.baseUrl), {
      method: "POST",
      headers: this.headers({
        accept,
        "content-type": "application/x-www-form-urlencoded",
      }),
      body,
      redirect: "manual",
    });
    this.keep(res);
    return res;
  }

  /** Posts a multipart form (the CSRF token added first, as the page's hidden field comes first). */
  async postMultipart(pathname: string, form: FormData, accept = "application/json"): Promise<Response> {
    const body = new FormData();
    body.append("csrf", this.csrf);
    for (const [name, value] of form) body.append(name, value);
    const res = await fetch(new URL(pathname, this.world.baseUrl), {
      method: "POST",
      headers: this.headers({ accept }),
      body,
      redirect: "manual",
    });
    this.keep(res);
    return res;
  }

  /**
   * A one-file multipart post whose file bytes the test sends as it pleases (`send` writes them;
   * the body ends when it resolves): for an upload that must still be arriving when something happens.
   */
  async postFileSlowly(
    pathname: string,
    file: { field: string; filename: string; type: string },
    send: (write: (chunk: Uint8Array) => void) => Promise<void>,
  ): Promise<Response> {
    const boundary = `----keyfree-${Date.now().toString(36)}`;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start: async (controller) => {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\ncontent-disposition: form-data; name="csrf"\r\n\r\n${this.csrf}\r\n` +
              `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`,
          ),
        );
        await send((chunk) => controller.enqueue(chunk));
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const res = await fetch(new URL(pathname, this.world.baseUrl), {
      method: "POST",
      headers: this.headers({ accept: "application/json", "content-type": `multipart/form-data; boundary=${boundary}` }),
      body,
      duplex: "half",
      redirect: "manual",
    } as RequestInit);
    this.keep(res);
    return res;
  }

  /** The login form (/auth/login) with its CSRF token, as a tenant signs in. */
  async signIn() {
    await this.page("/auth/login");
    if (!this.csrf) throw new Error("the login page carries no CSRF token");
    const res = await this.post("/auth/login", {
      email: this.email,
      password: this.password,
    });
    await res.arrayBuffer();
    if (res.status !== 302) throw new Error(`sign-in answered ${res.status}, not a redirect`);
    // The session's CSRF token, from a signed-in page.
    await this.page("/");
  }

  /** One of the card form's JSON steps (`/payments/<step>`, app/routes/resources/payment-step.ts). */
  async paymentStep<T = any>(step: string, fields: Record<string, string>): Promise<T> {
    const res = await this.post(`/payments/${step}`, fields, "application/json");
    const body = await res.text();
    if (!res.ok) throw new Error(`/payments/${step}: ${res.status} ${body}`);
    return JSON.parse(body) as T;
  }

  /** A request to the sandbox's browser endpoints as Stripe.js (the stand-in) makes it: the publishable key, Stripe's form encoding. */
  async stripeJs<T = any>(pathname: string, params: Record<string, unknown>): Promise<T> {
    const res = await fetch(new URL(`/stripe-sandbox${pathname}`, this.world.baseUrl), {
      method: "POST",
      headers: this.headers({
        authorization: `Bearer ${SANDBOX_PUBLISHABLE_KEY}`,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      }),
      body: stripeForm(params),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`stripe-sandbox ${pathname}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** Stripe's form encoding: `card[number]=…`, `billing_details[address][line1]=…`. */
export function stripeForm(params: Record<string, unknown>, prefix = "", out = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (typeof value === "object") stripeForm(value as Record<string, unknown>, name, out);
    else out.append(name, String(value));
  }
  return out;
}

export type CardPayment = {
  paymentIntentId: string;
  amount: number;
  /** The sandbox's answer to the confirm; null when the connection dropped (the server died answering it). */
  confirmed: { status: string } | null;
};

/**
 * What the card form does in the browser (app/components/payment-flow.tsx) once the tenant
 * presses Pay: the card made at the sandbox's browser endpoint (as Stripe.js does), the web's
 * checks (`/payments/duplicate-check`, `/payments/card-checks`), the intent from
 * `/payments/intent`, the intent confirmed at the sandbox (Stripe.js again), then the follow-up.
 */
export async function payByCard(
  browser: TenantBrowser,
  input: { orderId: string; customerId: string; paymentType: PaymentType; cardNumber: string; name: string },
): Promise<CardPayment> {
  const base = { orderId: input.orderId, customerId: input.customerId };
  const pm = await browser.stripeJs<{ id: string }>("/v1/payment_methods", {
    type: "card",
    card: { number: input.cardNumber, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: "123" },
    billing_details: {
      name: input.name,
      address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" },
    },
  });
  // The checks the form makes before asking for the intent (a duplicate card, the card's own checks).
  if (requiresDuplicateCardCheck(input.paymentType)) {
    const duplicate = await browser.paymentStep<{ isDuplicate: boolean }>("duplicate-check", { ...base, paymentMethodId: pm.id });
    if (duplicate.isDuplicate) throw new Error("the card was refused as another tenant's");
  }
  const checks = await browser.paymentStep<{ failed: string[] }>("card-checks", {
    ...base,
    paymentMethodId: pm.id,
    customerActionType: actionTypeForPaymentType(input.paymentType),
  });
  if (checks.failed.length > 0) throw new Error(`the card checks failed: ${checks.failed.join(", ")}`);
  const intent = await browser.paymentStep<{ paymentIntentId: string; paymentIntentSecret: string; amount: number }>("intent", {
    ...base,
    paymentType: input.paymentType,
  });
  let confirmed: { status: string } | null;
  try {
    confirmed = await browser.stripeJs<{ status: string }>(`/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
      client_secret: intent.paymentIntentSecret,
      payment_method: pm.id,
    });
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    confirmed = null;
  }
  if (confirmed) {
    if (confirmed.status !== "succeeded") throw new Error(`the card payment was not taken: ${confirmed.status}`);
    await browser.paymentStep("follow-up", { paymentIntentId: intent.paymentIntentId }).catch(() => undefined);
  }
  return {
    paymentIntentId: intent.paymentIntentId,
    amount: intent.amount,
    confirmed,
  };
}
