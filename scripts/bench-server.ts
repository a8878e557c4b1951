/**
 * What `npm run bench` (scripts/bench.ts) and its comparison (scripts/bench-compare.ts) share:
 * the pages measured, a production server started on a fresh data folder, signing in through
 * the login form, and one autocannon run with the CPU each process used meanwhile.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { cookieHeader, cookiesOf } from "./bench-helpers";

export type Page = {
  name: string;
  path: string;
  /** Measured signed in as this demo tenant (password DEMO_PASSWORD); signed out when absent. */
  tenant?: string;
  /** Also given a Lighthouse mobile run. */
  lighthouse?: boolean;
  /** The path is where this one redirects the tenant (a page whose URL holds an id, as the claim's). */
  redirectedFrom?: string;
};

/** The pages measured: one line each. The claim page is claim@keyfree.example's, where their dashboard sends them. */
export const PAGES: readonly Page[] = [
  { name: "login", path: "/auth/login", lighthouse: true },
  { name: "dashboard", path: "/", tenant: "demo@keyfree.example", lighthouse: true },
  { name: "claim", path: "", redirectedFrom: "/", tenant: "claim@keyfree.example", lighthouse: true },
  // The claim record (issue 39): the demo claim with the most files (scripts/bench-record.ts finds it).
  { name: "record", path: "" },
];
const DEMO_PASSWORD = "Keyfree-demo-1";

/** autocannon's connections in every run. */
export const CONNECTIONS = 10;

export type BenchServer = { process: ChildProcess; base: string; logFile: string };

export function step(message: string) {
  process.stdout.write(`bench: ${message}\n`);
}

/**
 * The production server (`tsx web-server.ts`) of the checkout in `cwd` on `port`, with a fresh
 * `dataDir` (the demo data loads into it) and the server's log in it. `nodeFlags` go to Node.
 * Its own process group, so the server and any workers it forks stop together.
 */
export function startServer(options: { cwd: string; port: number; dataDir: string; nodeFlags?: string[]; env?: NodeJS.ProcessEnv }): BenchServer {
  const { cwd, port, dataDir } = options;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  const base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    // Not production: the demo data loads into an empty database (and ops stays on, as under `npm start`).
    NODE_ENV: process.env.BENCH_NODE_ENV ?? "test",
    APP_URL: base,
  };
  delete env.TENANT_API_URL;
  delete env.OPS_TOKEN;
  const child = spawn(path.resolve("node_modules/.bin/tsx"), [...(options.nodeFlags ?? []), "web-server.ts"], {
    cwd,
    env,
    stdio: ["ignore", log, log],
    detached: true,
  });
  return { process: child, base, logFile };
}

export async function stopServer({ process: server }: BenchServer) {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) process.kill(-server.pid, "SIGKILL");
}

export async function waitUntilUp({ process: server, base }: BenchServer) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      const response = await fetch(`${base}/auth/login`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error("the server did not answer within 3 minutes");
}

/** Where `from` sends this tenant (its Location), followed while it stays a redirect; the page's own URL. */
export async function redirectTarget(base: string, from: string, cookie: string | undefined): Promise<string> {
  let at = from;
  for (let hops = 0; hops < 5; hops += 1) {
    const response = await fetch(base + at, { redirect: "manual", headers: cookie ? { cookie } : {} });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      if (at === from) throw new Error(`${from} did not redirect (${response.status})`);
      return at;
    }
    const next = new URL(location, base);
    at = next.pathname + next.search;
  }
  throw new Error(`${from} redirects more than 5 times`);
}

/** Signs in through the login form (its CSRF token and cookie), as a browser would; answers the Cookie header. */
export async function signIn(base: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const form = await fetch(`${base}/auth/login`);
  cookiesOf(form, jar);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  if (!csrf) throw new Error("the login page has no CSRF field");
  const response = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin: base },
    body: new URLSearchParams({ csrf, email, password: DEMO_PASSWORD }),
  });
  cookiesOf(response, jar);
  if (response.status !== 302 && response.status !== 303) {
    throw new Error(`signing in as ${email} answered ${response.status}, not a redirect`);
  }
  const cookie = cookieHeader(jar);
  const home = await fetch(`${base}/`, { headers: { cookie }, redirect: "manual" });
  // The dashboard, or where it sends this tenant (claim@ goes to their claim); never back to login.
  const sentTo = home.headers.get("location") ?? "";
  const landed = home.status === 200 || (home.status >= 300 && home.status < 400 && !sentTo.startsWith("/auth/"));
  if (!landed) throw new Error(`signed in as ${email}, the dashboard answered ${home.status} ${sentTo}`);
  return cookie;
}

/** Each page's path on this server and the Cookie header it is measured with (each tenant signed in once). */
export async function pagesOn(base: string, pages: readonly Page[]): Promise<Map<string, { path: string; cookie?: string }>> {
  const cookies = new Map<string, string>();
  const found = new Map<string, { path: string; cookie?: string }>();
  for (const page of pages) {
    if (page.tenant && !cookies.has(page.tenant)) cookies.set(page.tenant, await signIn(base, page.tenant));
    const cookie = page.tenant ? cookies.get(page.tenant) : undefined;
    found.set(page.name, { path: page.redirectedFrom ? await redirectTarget(base, page.redirectedFrom, cookie) : page.path, cookie });
  }
  return found;
}

export type Load = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  cpu: Map<string, number>;
  cpuMsPerRequest: Map<string, number>;
};

/**
 * CPU seconds used so far, by who (Linux's /proc; empty elsewhere): this process (autocannon
 * runs in it), each server's process group (tsx, the primary and its workers) under its label,
 * and the PostgreSQL backends serving DATABASE_URL's database when that server runs here.
 */
export function cpuSeconds(servers: ReadonlyMap<string, BenchServer>): Map<string, number> {
  const used = new Map<string, number>();
  const tick = 100; // USER_HZ: 100 on every Linux this runs on
  const add = (label: string, seconds: number) => used.set(label, (used.get(label) ?? 0) + seconds);
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : "";
  const groups = new Map([...servers].flatMap(([label, server]) => (server.process.pid === undefined ? [] : [[server.process.pid, label] as const])));
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return used;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state ppid pgrp … utime (14th) stime (15th).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
      const group = groups.get(Number(fields[2]));
      if (Number(pid) === process.pid) add("bench (autocannon)", seconds);
      else if (group !== undefined) add(group, seconds);
      else if (database && stat.includes("(postgres)")) {
        // A backend's title: "postgres: <user> <database> <client> <state>".
        const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").split(" ");
        if (title[0] === "postgres:" && title[2] === database) add("postgres backends", seconds);
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return used;
}

/** One autocannon run of `url` for `duration` seconds, and what each process's CPU did meanwhile. */
export async function load(url: string, cookie: string | undefined, duration: number, servers: ReadonlyMap<string, BenchServer>): Promise<Load> {
  const before = cpuSeconds(servers);
  const started = performance.now();
  const result = await autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, headers: cookie ? { cookie } : {} });
  const wall = (performance.now() - started) / 1000;
  const after = cpuSeconds(servers);
  // Each one's CPU over the run, as a share of one core (200% is both cores of a 2-core machine).
  const used = [...after].map(([label, seconds]) => [label, seconds - (before.get(label) ?? 0)] as const);
  const cpu = new Map(used.map(([label, seconds]) => [label, (100 * seconds) / wall]));
  // The same per request: what a page costs whatever share of the machine it got.
  const cpuMsPerRequest = new Map(used.map(([label, seconds]) => [label, (1000 * seconds) / Math.max(1, result.requests.total)]));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu,
    cpuMsPerRequest,
  };
}
