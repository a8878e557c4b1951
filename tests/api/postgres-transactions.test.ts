import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, type Api } from "../../server/app";
import { readApiConfig } from "../../server/config";
import { AdjustableClock } from "../../server/lib/clock";
import { MemoryFileStore } from "../../server/lib/files";
import { createPayments } from "../../server/payments/wiring";
import { seedDemoIfEmpty } from "../../stand-ins/scenarios/demo";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { createStripeSandbox, migrateWithStandIns } from "../helpers/stand-ins";

/**
 * A transaction is one PostgreSQL connection, which runs one query at a time. A `Promise.all`
 * of queries inside one sends a query while another runs: pg 8 queues it with a deprecation
 * warning, pg 9 refuses it. Loading the demo data goes through many write paths, the claims'
 * (`withClaim`, which did it: 35 overlapping queries) among them. The payment plan's locked
 * load and the address history's clean-up were changed the same way.
 */
type Busy = pg.Client & { activeQuery?: unknown; queryQueue?: unknown[] };

describe.runIf(process.env.TEST_DATABASE_URL)("queries inside a transaction, over PostgreSQL", () => {
  const instances = usePostgresInstances(process.env.TEST_DATABASE_URL!, "kf_tx_queries");
  afterEach(() => vi.restoreAllMocks());

  it("loading the demo data never sends a query on a connection still running one", { timeout: 120_000 }, async () => {
    const handle = await instances.open();
    await migrateWithStandIns(handle);
    const overlapping: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: Busy, ...args: unknown[]) {
      if (this.activeQuery || (this.queryQueue?.length ?? 0) > 0) {
        const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
        overlapping.push(String(text).slice(0, 120));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);

    const clock = new AdjustableClock(0);
    let api: Api | undefined;
    const payments = createPayments({ db: handle.db, clock, env: {}, stripeSandbox: createStripeSandbox }, () => api);
    const deps = { db: handle.db, config: readApiConfig({ NODE_ENV: "test" }), clock, files: new MemoryFileStore(), payments };
    api = createApi(deps);
    try {
      expect(await seedDemoIfEmpty(deps, api)).toBe(true);
    } finally {
      payments.sandbox?.close();
    }
    expect(overlapping).toEqual([]);
  });
});
