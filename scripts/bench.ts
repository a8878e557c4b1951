/**
 * `npm run bench`: a benchmark, not a test (issue 8, scope 9). Builds if build/ is missing,
 * starts the production server (`tsx web-server.ts`) on a fresh data folder, signs in a demo
 * tenant through the login form, then measures each page of PAGES:
 *   - autocannon, 10 connections for BENCH_SECONDS (10) after a 2 s warm-up: requests/second,
 *     p50 and p99 latency;
 *   - Lighthouse's mobile run (simulated slow 4G, 4x CPU slowdown: its default) in Debian's
 *     Chromium (CHROME_PATH, else /usr/bin/chromium): LCP, TBT, CLS and script bytes.
 * Then the claim record's PDF (issue 39, scripts/bench-record.ts): its first download's time and
 * the server's memory meanwhile, and a second download's. The record page measured is the demo
 * claim's with the most files.
 * The embedded database unless DATABASE_URL is set (PostgreSQL, which then keeps its data);
 * WEB_CONCURRENCY is passed to the server. BENCH_PORT (3650) moves the server. The server's
 * log goes to .data/bench/server.log. BENCH_LIGHTHOUSE=0 skips the Lighthouse runs.
 *
 * Printed after the load runs (before Lighthouse, whose failure on a page is only noted): each
 * page's rate, latency and what used the CPU meanwhile (Linux: the bench itself, which is
 * autocannon; the server's processes; PostgreSQL's backends on this database when it runs on
 * this machine), as a share of one core and in CPU milliseconds per request (what a page costs,
 * however busy the machine was); then the targets of issue 25, scope 5 ('Fast on
 * PostgreSQL'): the dashboard at least 0.5 of the login page's rate, the claim page at least
 * 0.35, p99 under 100 ms at 10 connections, each with PASS or FAIL. Exits 0 once the figures
 * are printed, 1 when the server does not start or the sign-in fails.
 *
 * BENCH_AGAINST=<commit>: instead, this checkout against that commit, page by page in paired
 * rounds, for a change of a few per cent (scripts/bench-compare.ts, decision 0073).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { table } from "./bench-helpers";
import { compareAgainst } from "./bench-compare";
import { printPdfFigures, recordPdfFigures, recordWithMostFiles, type PdfFigures, type RecordPage } from "./bench-record";
import { CONNECTIONS, load, PAGES, redirectTarget, signIn, startServer, step, stopServer, waitUntilUp, type Load, type Page } from "./bench-server";

const port = Number(process.env.BENCH_PORT ?? 3650);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = CONNECTIONS;
const base = `http://localhost:${port}`;
const dataDir = path.resolve(".data/bench");
const logFile = path.join(dataDir, "server.log");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Issue 25, scope 5: each page's rate against the login page's, and the p99 at 10 connections. */
const TARGETS = { dashboard: 0.5, claim: 0.35 } as const;
const P99_LIMIT_MS = 100;

function printLoads(loads: Map<string, Load>, database: string, loadBefore: number) {
  const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
  const [cpu] = os.cpus();
  process.stdout.write(
    `\n${database}, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "unset"}, ${os.cpus().length} cores (${cpu?.model.trim() ?? "?"}), ` +
      `1-minute load average ${loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? 0).toFixed(1)} after\n\n`,
  );
  const cpuLabels = [...new Set([...loads.values()].flatMap((l) => [...l.cpu.keys()]))].sort();
  process.stdout.write(
    `${table(
      ["page", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", ...cpuLabels.map((label) => `${label} CPU% (ms/req)`)],
      PAGES.filter((p) => loads.has(p.name)).map((p) => {
        const l = loads.get(p.name)!;
        return [
          p.name,
          l.rps.toFixed(0),
          ms(l.p50),
          ms(l.p99),
          String(l.non2xx),
          String(l.errors),
          ...cpuLabels.map((label) => (l.cpu.has(label) ? `${l.cpu.get(label)!.toFixed(0)} (${l.cpuMsPerRequest.get(label)!.toFixed(1)})` : "-")),
        ];
      }),
    )}\n`,
  );
  const login = loads.get("login");
  if (!login) return;
  // Issue 25 sets them for PostgreSQL with two instances or workers; the embedded database is one
  // process (PGlite), so there they are only a comparison.
  const targetsApply = Boolean(process.env.DATABASE_URL) && Number(process.env.WEB_CONCURRENCY ?? 1) >= 2;
  process.stdout.write(
    `\nissue 25 targets (same run, ${connections} connections)${targetsApply ? "" : ": set for PostgreSQL with WEB_CONCURRENCY=2, shown here for comparison only"}:\n`,
  );
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  for (const [name, target] of Object.entries(TARGETS)) {
    const page = loads.get(name);
    if (!page) continue;
    const ratio = page.rps / login.rps;
    process.stdout.write(`  ${name}/login ${ratio.toFixed(3)} (at least ${target.toFixed(2)}): ${verdict(ratio >= target)}\n`);
  }
  for (const [name, page] of loads) {
    process.stdout.write(`  ${name} p99 ${ms(page.p99)} ms (under ${P99_LIMIT_MS}): ${verdict(page.p99 < P99_LIMIT_MS)}\n`);
  }
}

type Paint = { lcp: number; tbt: number; cls: number; scriptBytes: number; scripts: number; finalUrl: string };

/**
 * Lighthouse in a browser holding the page's cookies: Chrome does not send a Cookie given as an
 * extra header (Lighthouse's extraHeaders), so they go in the browser's own cookie store, which
 * Lighthouse's storage reset leaves alone. A run signed out starts with none.
 */
async function paint(port: number, url: string, cookie: string | undefined): Promise<Paint> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await browser.deleteCookie(...(await browser.cookies()));
    const cookies = (cookie ?? "").split("; ").filter(Boolean).map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: new URL(url).hostname, path: "/" };
    });
    if (cookies.length > 0) await browser.setCookie(...cookies);
  } finally {
    await browser.disconnect();
  }
  const run = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = run;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function main() {
  const loadBefore = os.loadavg()[0] ?? 0;
  if (!existsSync("build/server/index.js")) {
    step("no build/ yet: npm run build");
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("the build failed");
  }
  const against = process.env.BENCH_AGAINST?.trim();
  if (against) {
    // This checkout against another commit, in paired rounds (scripts/bench-compare.ts).
    try {
      await compareAgainst(against, port);
    } catch (error) {
      process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
    return;
  }
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
  step(`starting the production server on ${base} (${database}, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "unset"}); log in ${path.relative(".", logFile)}`);
  const server = startServer({ cwd: process.cwd(), port, dataDir });
  const servers = new Map([["server", server]]);
  // This run's copy of the pages: the record's path and tenant, and the claim's path, are found on the server.
  const pages: Page[] = PAGES.map((page) => ({ ...page }));
  const cookies = new Map<string, string>();
  const loads = new Map<string, Load>();
  const paints = new Map<string, Paint>();
  const lighthouseFailures = new Map<string, string>();
  let record: RecordPage | undefined;
  let pdf: PdfFigures | undefined;
  try {
    await waitUntilUp(server);
    record = await recordWithMostFiles(base, (email) => signIn(base, email));
    Object.assign(pages.find((p) => p.name === "record")!, { path: record.path, tenant: record.tenant });
    cookies.set(record.tenant, record.cookie);
    for (const page of pages) {
      if (page.tenant && !cookies.has(page.tenant)) cookies.set(page.tenant, await signIn(base, page.tenant));
      if (page.redirectedFrom) page.path = await redirectTarget(base, page.redirectedFrom, page.tenant ? cookies.get(page.tenant) : undefined);
    }
    for (const page of pages) {
      const cookie = page.tenant ? cookies.get(page.tenant) : undefined;
      step(`autocannon ${page.name} (${page.path}): 2 s warm-up, then ${seconds} s, ${connections} connections`);
      await load(base + page.path, cookie, 2, servers);
      loads.set(page.name, await load(base + page.path, cookie, seconds, servers));
    }
    printLoads(loads, database, loadBefore);
    pdf = await recordPdfFigures(base, record, server.process);
    const lighthousePages = process.env.BENCH_LIGHTHOUSE === "0" ? [] : pages.filter((p) => p.lighthouse);
    if (lighthousePages.length > 0) {
      step(`Lighthouse mobile runs in ${chromePath}`);
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          "--disable-background-networking",
          "--disable-extensions",
          "--no-first-run",
          "--no-default-browser-check",
        ],
      });
      try {
        for (const page of lighthousePages) {
          step(`Lighthouse ${page.name}`);
          try {
            paints.set(page.name, await paint(chrome.port, base + page.path, page.tenant ? cookies.get(page.tenant) : undefined));
          } catch (error) {
            // One page's trace failing (Lighthouse's NO_NAVSTART on a busy machine) loses only that page's row.
            lighthouseFailures.set(page.name, error instanceof Error ? error.message : String(error));
          }
        }
      } finally {
        chrome.kill();
      }
    }
  } catch (error) {
    const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n") : "";
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n${tail}\n`);
    process.exitCode = 1;
    return;
  } finally {
    await stopServer(server);
  }

  if (record && pdf) printPdfFigures(record, pdf);
  if (paints.size > 0) {
    process.stdout.write("\nLighthouse mobile (simulated slow 4G, 4x CPU slowdown)\n");
    process.stdout.write(
      `${table(
        ["page", "LCP s", "TBT ms", "CLS", "scripts", "script KB"],
        [...paints].map(([name, p]) => [
          name,
          (p.lcp / 1000).toFixed(2),
          p.tbt.toFixed(0),
          p.cls.toFixed(3),
          String(p.scripts),
          (p.scriptBytes / 1024).toFixed(1),
        ]),
      )}\n`,
    );
    for (const [name, p] of paints) {
      const page = pages.find((x) => x.name === name)!;
      if (new URL(p.finalUrl, base).pathname + new URL(p.finalUrl, base).search !== page.path) process.stdout.write(`note: Lighthouse's ${name} ended at ${p.finalUrl}\n`);
    }
  }
  for (const [name, message] of lighthouseFailures) process.stdout.write(`note: Lighthouse ${name} failed: ${message}\n`);
}

await main();
