/**
 * `BENCH_AGAINST=<commit> npm run bench`: this checkout against another commit, page by page, in
 * paired rounds (decision 0073). A cost of a few per cent (issue 41's metrics: "less than 5 %")
 * cannot be seen in two separate runs of the bench on this 2-core machine, whose rates wander by
 * ±20 % between runs of the same code. So both servers run at once, each with its own fresh data
 * folder, and are measured in turn:
 *
 * - for each page (login, dashboard, claim): a warm-up of each (BENCH_WARMUP, 10 s), then
 *   BENCH_ROUNDS (20) rounds of BENCH_ROUND_SECONDS (3) on each, the order swapped every round
 *   (before-after, after-before), 10 connections;
 * - printed: each side's median requests a second and server CPU milliseconds a request, and
 *   the change: the median of the rounds' paired ratios, with their middle half (what one round
 *   to the next can show). A drift of the machine during a round touches both of its halves.
 * - The database's WebAssembly (PGlite) is compiled whole at start in both servers (V8's
 *   --no-liftoff --no-wasm-dynamic-tiering; BENCH_EAGER_WASM=0 leaves V8's default): by default
 *   V8 recompiles its hot functions while the load runs, at moments that differ between the two
 *   processes, which alone moves a page's rate by a fifth.
 *
 * The other commit is checked out once into .data/bench-against/<commit> (a git worktree using
 * this checkout's node_modules, so the comparison is of our code, not of the dependencies) and
 * built there. With DATABASE_URL, BENCH_AGAINST_DATABASE_URL must name a second, empty database
 * for it. BENCH_PORT (3650) is this checkout's server, the next port the other's.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, pairedChange, table } from "./bench-helpers";
import { CONNECTIONS, load, PAGES, pagesOn, startServer, step, stopServer, waitUntilUp, type BenchServer, type Load } from "./bench-server";

const COMPARED = PAGES.filter((page) => page.name !== "record");
const EAGER_WASM = ["--no-liftoff", "--no-wasm-dynamic-tiering"];

function git(...args: string[]): string {
  const result = spawnSync("git", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** The other commit's checkout, built: made once per commit and kept for the next comparison. */
function checkoutOf(ref: string): { commit: string; dir: string } {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = path.resolve(".data/bench-against", commit);
  if (!existsSync(path.join(dir, "package.json"))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    step(`checking out ${commit.slice(0, 12)} into ${path.relative(".", dir)}`);
    git("worktree", "add", "--detach", "--force", dir, commit);
  }
  if (!existsSync(path.join(dir, "node_modules"))) symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  if (!existsSync(path.join(dir, "build/server/index.js"))) {
    step(`building ${commit.slice(0, 12)} (log in ${path.relative(".", dir)}/build.log)`);
    const built = spawnSync("sh", ["-c", "npm run build > build.log 2>&1"], { cwd: dir });
    if (built.status !== 0) throw new Error(`the build of ${commit.slice(0, 12)} failed: ${readFileSync(path.join(dir, "build.log"), "utf8").slice(-2000)}`);
  }
  return { commit, dir };
}

type Side = { label: "before" | "after"; server: BenchServer; pages: Map<string, { path: string; cookie?: string }> };

function printComparison(commit: string, rounds: Map<string, { before: Load[]; after: Load[] }>, eager: boolean) {
  const percent = (share: number) => `${share >= 0 ? "+" : ""}${(100 * share).toFixed(1)} %`;
  const cpuOf = (side: "before" | "after") => (l: Load) => l.cpuMsPerRequest.get(side) ?? Number.NaN;
  const [cpu] = os.cpus();
  process.stdout.write(
    `\nbefore: ${commit.slice(0, 12)}, after: this checkout (${git("rev-parse", "--short=12", "HEAD")}${git("status", "--porcelain").length > 0 ? " with changes" : ""}); ` +
      `${os.cpus().length} cores (${cpu?.model.trim() ?? "?"}), ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, ` +
      `${process.env.DATABASE_URL ? "" : eager ? "its WebAssembly compiled at start; " : "V8's default WebAssembly tiering; "}` +
      `${rounds.values().next().value?.before.length ?? 0} paired rounds of ${Number(process.env.BENCH_ROUND_SECONDS ?? 3)} s a page, ${CONNECTIONS} connections\n\n`,
  );
  const rows = [...rounds].map(([name, { before, after }]) => {
    const rate = pairedChange(
      before.map((l) => l.rps),
      after.map((l) => l.rps),
    );
    const cost = pairedChange(before.map(cpuOf("before")), after.map(cpuOf("after")));
    return [
      name,
      median(before.map((l) => l.rps)).toFixed(0),
      median(after.map((l) => l.rps)).toFixed(0),
      percent(rate.median),
      `${percent(rate.low)} to ${percent(rate.high)}`,
      median(before.map(cpuOf("before"))).toFixed(2),
      median(after.map(cpuOf("after"))).toFixed(2),
      percent(cost.median),
    ];
  });
  process.stdout.write(
    `${table(
      ["page", "req/s before", "req/s after", "req/s change", "middle half of rounds", "server CPU ms/req before", "after", "CPU change"],
      rows,
    )}\n`,
  );
  process.stdout.write(
    "\nchange: the median over the rounds of after/before - 1 (req/s: minus is slower; CPU ms/req: plus costs more), each round's two halves run back to back\n",
  );
}

/** Runs the comparison against `ref`; throws when a server does not start or a page fails. */
export async function compareAgainst(ref: string, port: number): Promise<void> {
  const { commit, dir } = checkoutOf(ref);
  if (process.env.DATABASE_URL && !process.env.BENCH_AGAINST_DATABASE_URL) {
    throw new Error("with DATABASE_URL, set BENCH_AGAINST_DATABASE_URL to a second, empty database for the other commit");
  }
  const eager = process.env.BENCH_EAGER_WASM !== "0";
  const nodeFlags = eager ? EAGER_WASM : [];
  const warmup = Number(process.env.BENCH_WARMUP ?? 10);
  const roundCount = Number(process.env.BENCH_ROUNDS ?? 20);
  const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
  step(`comparing with ${commit.slice(0, 12)}: this checkout on port ${port}, it on ${port + 1}; logs in .data/bench-after and .data/bench-before`);
  const after = startServer({ cwd: process.cwd(), port, dataDir: path.resolve(".data/bench-after"), nodeFlags });
  const before = startServer({
    cwd: dir,
    port: port + 1,
    dataDir: path.resolve(".data/bench-before"),
    nodeFlags,
    env: process.env.BENCH_AGAINST_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_AGAINST_DATABASE_URL } : {},
  });
  const servers = new Map([
    ["before", before],
    ["after", after],
  ]);
  try {
    await Promise.all([waitUntilUp(before), waitUntilUp(after)]);
    const sides: Side[] = [
      { label: "before", server: before, pages: await pagesOn(before.base, COMPARED) },
      { label: "after", server: after, pages: await pagesOn(after.base, COMPARED) },
    ];
    const rounds = new Map<string, { before: Load[]; after: Load[] }>();
    const measure = async (side: Side, page: string, seconds: number) => {
      const { path: at, cookie } = side.pages.get(page)!;
      const result = await load(side.server.base + at, cookie, seconds, servers);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${page} on the ${side.label} server: ${result.non2xx} not 2xx, ${result.errors} errors`);
      return result;
    };
    for (const { name } of COMPARED) {
      step(`${name}: ${warmup} s warm-up of each, then ${roundCount} rounds of ${roundSeconds} s on each`);
      for (const side of sides) await measure(side, name, warmup);
      const these = { before: [] as Load[], after: [] as Load[] };
      for (let round = 0; round < roundCount; round += 1) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) these[side.label].push(await measure(side, name, roundSeconds));
      }
      rounds.set(name, these);
    }
    printComparison(commit, rounds, eager);
  } catch (error) {
    for (const server of [after, before]) {
      const log = existsSync(server.logFile) ? readFileSync(server.logFile, "utf8").split("\n").slice(-10).join("\n") : "";
      process.stderr.write(`bench: the log of ${server.base}:\n${log}\n`);
    }
    throw error;
  } finally {
    await Promise.all([stopServer(after), stopServer(before)]);
  }
}
