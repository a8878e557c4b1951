/**
 * Two instances of Keyfree behind nginx, as a deployment of more than one machine runs it (issue
 * 25, scope 4): two separate server processes (`web-server.ts`, not cluster workers), each with
 * its own port and data folder, on one PostgreSQL database (DATABASE_URL) and one bucket (the
 * one S3_BUCKET and the other S3_* and AWS_* variables name, or else the local S3-compatible
 * server of scripts/s3-local.ts, started here on TWO_INSTANCES_PORT + 9, 3709 by default), and
 * Debian's nginx in front as a round-robin load balancer. Both get the same SESSION_SECRET and
 * OPS_TOKEN (made once into the state folder unless given), APP_URL = nginx's address and
 * TRUST_PROXY_HOPS=1. They start one after the other, so their start-up logs do not interleave
 * (started together they would also be safe: migrations and the demo data each run under an
 * advisory lock, server/db/index.ts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/keyfree_two tsx scripts/two-instances.ts [--fresh]
 *
 * --fresh drops and creates the database DATABASE_URL names and empties the state folder first.
 * Settings: TWO_INSTANCES_PORT (nginx, default 3700; the instances are the next two ports),
 * TWO_INSTANCES_DIR (the state folder, default .data/two-instances: each instance's data folder,
 * nginx's config and logs, state.json), TWO_INSTANCES_RESTART_DELAY_MS (default 3000). Every other
 * variable of this process's environment reaches both instances (NODE_ENV defaults to test, so
 * the ops routes and the browser tests' minted sessions work; LOG_LEVEL to warn).
 *
 * Like a service manager (systemd's Restart=always), an instance that dies is started again after
 * the restart delay: the chaos run (e2e/two-instances/chaos.two-instances.ts) kills one with
 * SIGKILL, reading its pid from `state.json`, and waits for it to come back. SIGTERM or SIGINT
 * stops everything (SIGTERM to each instance, so it drains its requests; nginx quits) and exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const basePort = Number(process.env.TWO_INSTANCES_PORT ?? 3700);
const stateDir = path.resolve(ROOT, process.env.TWO_INSTANCES_DIR ?? ".data/two-instances");
const restartDelayMs = Number(process.env.TWO_INSTANCES_RESTART_DELAY_MS ?? 3000);
const fresh = process.argv.includes("--fresh");
const databaseUrl = process.env.DATABASE_URL;
/** Largest request body nginx passes on: above the app's own upload limit (30 MB and a form), so the app, not nginx, refuses a file just too large with its page. */
const CLIENT_MAX_BODY = "64m";
/** A server that does not answer /readyz within this has failed to start. */
const START_TIMEOUT_MS = 120_000;

export type TwoInstancesState = {
  url: string;
  /** The ops token both instances answer to. */
  opsToken: string;
  instances: { name: string; port: number; url: string; pid: number | undefined; starts: number }[];
};

function fail(message: string): never {
  process.stderr.write(`two-instances: ${message}\n`);
  process.exit(1);
}

if (!databaseUrl) fail("DATABASE_URL must name the PostgreSQL database both instances share (the embedded database is one process's only).");
if (!existsSync(NGINX)) fail(`nginx is not at ${NGINX} (apt-get install nginx, or set NGINX_BIN).`);
if (!existsSync(path.join(ROOT, "build/server/index.js"))) fail("the instances serve the production build: run `npm run build` first.");

const log = (line: string) => process.stdout.write(`two-instances: ${line}\n`);

/** The same secret for every instance, made once into the state folder (or given). */
function sharedSecret(name: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(stateDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function recreateDatabase(url: string) {
  const pg = (await import("pg")).default;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`--fresh: the database name ${JSON.stringify(name)} is not a plain lower-case name`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Resolves once `url` answers 200, or throws when `gone()` says the process died first. */
async function waitForReady(url: string, what: string, gone: () => string | undefined) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const why = gone();
    if (why) throw new Error(`${what} stopped while starting (${why})`);
    const status = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready (${url}) within ${START_TIMEOUT_MS / 1000} s`);
    await delay(200);
  }
}

/** This process's environment for the instances, without what each instance is given its own of. */
function inheritedEnv(): Record<string, string> {
  const dropped = /^(PORT|DATA_DIR|APP_URL|WEB_CONCURRENCY|TENANT_API_URL|MAINTENANCE_MODE|TWO_INSTANCES_.*|NGINX_BIN)$/;
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !dropped.test(e[0])));
}

class Instance {
  child: ChildProcess | undefined;
  starts = 0;
  exitedWith: string | undefined;
  readonly dataDir: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.dataDir = path.join(stateDir, name);
  }

  /** localhost, as nginx's address is: a browser's cookies for one are sent to the other. */
  get url() {
    return `http://localhost:${this.port}`;
  }

  /** `node --import tsx web-server.ts`: the process a SIGKILL of its pid kills is the server itself. */
  async start(onExit: (instance: Instance, code: number | null, signal: NodeJS.Signals | null) => void) {
    mkdirSync(this.dataDir, { recursive: true });
    this.starts += 1;
    this.exitedWith = undefined;
    const out = createWriteStream(path.join(stateDir, `${this.name}.log`), { flags: "a" });
    const child = spawn(process.execPath, ["--import", "tsx", "web-server.ts"], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port), DATA_DIR: this.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout!.pipe(out);
    child.stderr!.on("data", (chunk: Buffer) => {
      out.write(chunk);
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) process.stderr.write(`[${this.name}] ${line}\n`);
    });
    child.on("exit", (code, signal) => {
      this.exitedWith = signal ?? `exit code ${code}`;
      if (this.child === child) this.child = undefined;
      onExit(this, code, signal);
    });
    await waitForReady(`http://127.0.0.1:${this.port}/readyz`, `instance ${this.name}`, () => (this.child === child ? undefined : this.exitedWith));
  }

  /** SIGTERM (the server drains its requests and closes, within SHUTDOWN_TIMEOUT_SECONDS), then SIGKILL after 35 s. */
  async stop() {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    if (!(await Promise.race([exited.then(() => true), delay(35_000).then(() => false)]))) {
      child.kill("SIGKILL");
      await exited;
    }
  }
}

function nginxConfig(listenPort: number, ports: number[], dir: string): string {
  const temp = (name: string) => path.join(dir, "nginx-temp", name);
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(temp(name), { recursive: true });
  return `# Made by scripts/two-instances.ts: nginx as a round-robin load balancer over two Keyfree instances.
daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "nginx-error.log")} warn;
${process.getuid?.() === 0 ? "user root root;  # run as root (CI): its workers may write to the temp folders here\n" : ""}
events { worker_connections 1024; }

http {
  log_format upstream '$remote_addr "$request" $status $body_bytes_sent upstream=$upstream_addr upstream_status=$upstream_status $request_time';
  access_log ${path.join(dir, "nginx-access.log")} upstream;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};

  upstream keyfree {
    # Round robin. A server that refuses a connection is left out for fail_timeout, then tried again.
${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n")}
  }

  server {
    listen 127.0.0.1:${listenPort};
    # Above the app's upload limit (30 MB): the app refuses a file too large with its own page.
    client_max_body_size ${CLIENT_MAX_BODY};
    # Uploads stream to the instance as they arrive (not spooled to nginx's disk first).
    proxy_request_buffering off;

    location / {
      proxy_pass http://keyfree;
      proxy_http_version 1.1;
      # The browser's own Host (with its port): the app compares the Origin of a form post with it.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header Connection "";
      # A request that failed to reach an instance, or that it answered 502/503 (draining), goes to
      # the other. nginx never passes on a POST (or any request not idempotent) once it was sent.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_send_timeout 60s;
    }
  }
}
`;
}

/**
 * Documents in one bucket for both: the local S3-compatible server (scripts/s3-local.ts, s3rver)
 * in the state folder, unless S3_BUCKET names a bucket already (S3_* and AWS_* then pass through).
 */
async function startLocalS3(env: Record<string, string>, children: ChildProcess[]) {
  const s3Local = path.join(ROOT, "scripts/s3-local.ts");
  if (process.env.S3_BUCKET || !existsSync(s3Local)) return;
  const s3Port = basePort + 9;
  const s3Env = { S3_LOCAL_PORT: String(s3Port), S3_LOCAL_DIR: path.join(stateDir, "s3"), S3_BUCKET: "keyfree-two-instances" };
  const s3 = spawn(process.execPath, ["--import", "tsx", s3Local], { cwd: ROOT, env: { ...process.env, ...s3Env }, stdio: ["ignore", "pipe", "inherit"] });
  children.push(s3);
  // It prints one line once its bucket is there: `s3-local ready endpoint=http://… bucket=… dir=…`.
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("the local S3 server did not say it was ready within 30 s")), 30_000);
    s3.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const ready = /s3-local ready endpoint=(\S+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    s3.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the local S3 server stopped as it started (exit code ${code})`));
    });
  });
  Object.assign(env, {
    S3_BUCKET: s3Env.S3_BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: process.env.S3_REGION ?? "us-east-1",
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? "S3RVER",
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? "S3RVER",
  });
  log(`documents in the local S3 server at ${env.S3_ENDPOINT}, bucket ${env.S3_BUCKET}`);
}

async function main() {
  if (fresh) {
    rmSync(stateDir, { recursive: true, force: true });
    await recreateDatabase(databaseUrl!);
  }
  mkdirSync(stateDir, { recursive: true });
  const nginxPort = basePort;
  const appUrl = `http://localhost:${nginxPort}`;
  const ports = [basePort + 1, basePort + 2];
  let stopping = false;
  const children: ChildProcess[] = [];

  // One session secret and one ops token for both: a tenant's cookie, or a test's token, works on either.
  const env: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    ...inheritedEnv(),
    DATABASE_URL: databaseUrl!,
    APP_URL: appUrl,
    // nginx appends the browser's address to X-Forwarded-For: one proxy in front.
    TRUST_PROXY_HOPS: "1",
    SESSION_SECRET: sharedSecret("session-secret", process.env.SESSION_SECRET),
    OPS_TOKEN: sharedSecret("ops-token", process.env.OPS_TOKEN),
  };

  const instances = [new Instance("a", ports[0]!, env), new Instance("b", ports[1]!, env)];

  const writeState = () => {
    const state: TwoInstancesState = {
      url: appUrl,
      opsToken: env.OPS_TOKEN!,
      instances: instances.map((i) => ({ name: i.name, port: i.port, url: i.url, pid: i.child?.pid, starts: i.starts })),
    };
    // Written whole, then renamed into place: a reader (the chaos test polls it) never sees half a file.
    const file = path.join(stateDir, "state.json");
    writeFileSync(`${file}.part`, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(`${file}.part`, file);
  };

  // A service manager's restart: an instance that died (not stopped by us) starts again after the delay.
  const onExit = (instance: Instance, code: number | null, signal: NodeJS.Signals | null) => {
    writeState();
    if (stopping) return;
    log(`instance ${instance.name} died (${signal ?? `exit code ${code}`}); starting it again in ${restartDelayMs} ms`);
    void delay(restartDelayMs).then(async () => {
      if (stopping) return;
      try {
        const started = Date.now();
        await instance.start(onExit);
        writeState();
        log(`instance ${instance.name} is back (pid ${instance.child?.pid}, ready after ${Date.now() - started} ms)`);
      } catch (error) {
        if (!stopping) log(`instance ${instance.name} failed to start again: ${(error as Error).message}`);
      }
    });
  };

  let nginx: ChildProcess | undefined;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(instances.map((i) => i.stop()));
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await Promise.race([exited, delay(5_000).then(() => nginx!.kill("SIGKILL"))]);
    }
    for (const child of children) child.kill("SIGTERM");
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(0));

  try {
    await startLocalS3(env, children);
    // One after the other: the first migrates and loads the demo data into an empty database.
    for (const instance of instances) {
      const started = Date.now();
      await instance.start(onExit);
      log(`instance ${instance.name} ready at ${instance.url} (pid ${instance.child?.pid}, ${Date.now() - started} ms)`);
    }
    const conf = path.join(stateDir, "nginx.conf");
    writeFileSync(conf, nginxConfig(nginxPort, ports, stateDir));
    nginx = spawn(NGINX, ["-p", stateDir, "-e", path.join(stateDir, "nginx-error.log"), "-c", conf], { stdio: ["ignore", "inherit", "inherit"] });
    nginx.on("exit", (code, signal) => {
      if (!stopping) {
        log(`nginx stopped (${signal ?? `exit code ${code}`}); see ${path.join(stateDir, "nginx-error.log")}`);
        void stop(1);
      }
    });
    await waitForReady(`http://127.0.0.1:${nginxPort}/readyz`, "nginx", () =>
      nginx!.exitCode !== null || nginx!.signalCode !== null ? "nginx exited" : undefined,
    );
    writeState();
    log(`ready: ${appUrl} (nginx) → ${instances.map((i) => i.url).join(", ")}; state in ${path.join(stateDir, "state.json")}`);
  } catch (error) {
    log((error as Error).message);
    await stop(1);
  }
}

await main();
