/**
 * The database's figures (issue 41, decision 0070): every statement timed by the driver it goes
 * through (drizzle's queries, BEGIN and COMMIT alike), and with PostgreSQL the pool's waits.
 * PGlite is one connection in this process, its statements run one at a time: no pool to wait
 * for, so only its statements are timed (a wait for PGlite's lock counts in the statement's time).
 * With tracing on (server/lib/tracing.ts), each statement is a span too.
 */
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { dbPoolWait, dbQueryDuration, watchPool } from "../lib/metrics";
import { statementOperation, tracingEnabled, withSpan } from "../lib/tracing";

/** A statement's span (issue 41, decision 0071): "db SELECT", its operation only, never its text or values. */
function inSpan<R>(database: "postgres" | "pglite", statement: unknown, run: () => Promise<R>): Promise<R> {
  if (!tracingEnabled()) return run();
  const operation = statementOperation(statement);
  return withSpan(`db ${operation}`, { "db.system.name": "postgresql", "db.operation.name": operation, "keyfree.database": database }, run);
}

const MEASURED = Symbol.for("keyfree.db-measured");
type Marked = { [MEASURED]?: true };

function timed<A extends unknown[], R>(database: "postgres" | "pglite", run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const ok = { database, outcome: "ok" };
  const failed = { database, outcome: "error" };
  // No async frame of its own: one handler on the statement's promise (the claim page runs dozens).
  return (...args) => {
    const started = performance.now();
    const observe = (labels: typeof ok) => dbQueryDuration.observe(labels, (performance.now() - started) / 1000);
    let result: Promise<R>;
    try {
      result = inSpan(database, args[0], () => run(...args));
    } catch (error) {
      observe(failed);
      throw error;
    }
    return result.then(
      (value) => {
        observe(ok);
        return value;
      },
      (error: unknown) => {
        observe(failed);
        throw error;
      },
    );
  };
}

/** pg's client.query, in its promise form (drizzle) and its callback form (Pool.query's own). */
function measureClient(client: pg.PoolClient) {
  const marked = client as pg.PoolClient & Marked;
  if (marked[MEASURED]) return;
  marked[MEASURED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const observe = (outcome: string) => dbQueryDuration.observe({ database: "postgres", outcome }, (performance.now() - started) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        observe(error ? "error" : "ok");
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    // A statement (not a cursor or other submittable) in its span when tracing is on.
    const plain = tracingEnabled() && typeof (args[0] as { submit?: unknown } | undefined)?.submit !== "function";
    const result = plain ? inSpan("postgres", args[0], () => query(...args) as Promise<unknown>) : query(...args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(
        () => observe("ok"),
        () => observe("error"),
      );
    }
    return result;
  };
}

/** A PostgreSQL pool: each connection's statements, each wait for a connection, the pool's state at scrape time. */
export function measurePool(pool: pg.Pool): () => void {
  pool.on("connect", measureClient);
  const connect = pool.connect.bind(pool) as (callback?: (...a: unknown[]) => void) => Promise<pg.PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (callback?: (...a: unknown[]) => void) => {
    const started = performance.now();
    const observe = () => dbPoolWait.observe((performance.now() - started) / 1000);
    if (typeof callback === "function") {
      return connect((...args: unknown[]) => {
        observe();
        callback(...args);
      });
    }
    return connect()!.then(
      (client) => {
        observe();
        return client;
      },
      (error: unknown) => {
        observe();
        throw error;
      },
    );
  };
  return watchPool(pool);
}

/** The embedded database: its statements, outside a transaction and in one. */
export function measurePglite(client: PGlite) {
  const marked = client as PGlite & Marked;
  if (marked[MEASURED]) return;
  marked[MEASURED] = true;
  client.query = timed("pglite", client.query.bind(client)) as PGlite["query"];
  client.exec = timed("pglite", client.exec.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) =>
    transaction((tx) => {
      tx.query = timed("pglite", tx.query) as typeof tx.query;
      tx.exec = timed("pglite", tx.exec);
      return callback(tx);
    })) as PGlite["transaction"];
}
