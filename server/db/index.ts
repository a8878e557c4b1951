import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { measurePglite, measurePool } from "./metrics";
import * as schema from "./schema";

export { schema };

/** Either driver: PGlite (embedded, the default) or node-postgres (DATABASE_URL). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of either driver (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The database, or a transaction on it: functions that may run inside a caller's transaction take this. */
export type DbOrTx = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Applies the product's migrations (server/db/migrations), or with `folder` another set kept in
   * its own migrations table (the stand-ins' own, which a composition root runs after the product's).
   */
  migrate: (folder?: MigrationSet) => Promise<void>;
  /**
   * Runs `task` while no other instance on this database runs one (a PostgreSQL advisory lock;
   * the embedded database has one process only): for start-up work two instances starting
   * together must not both do, such as loading the demo data into an empty database.
   */
  exclusively: <T>(task: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** Migrations live beside the schema; resolved from the working directory so the bundled web build finds them too. */
export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "server/db/migrations");

/** A folder of drizzle migrations and the table (in the `drizzle` schema) that records which have run. */
export type MigrationSet = { migrationsFolder: string; migrationsTable: string };

export type OpenOptions =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite"; client: PGlite };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Its statements and waits for a connection, for /metrics (issue 41).
    const unwatch = measurePool(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async migrate(folder) {
        // Several instances may start together: one migrates while the others wait.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(727274)");
          await migratePg(drizzlePg({ client, schema }), folder ?? { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
          client.release();
        }
      },
      async exclusively(task) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(727275)");
          return await task();
        } finally {
          await client.query("select pg_advisory_unlock(727275)").catch(() => undefined);
          client.release();
        }
      },
      close: () => {
        unwatch();
        return pool.end();
      },
    };
  }
  let client: PGlite;
  if ("client" in options) {
    client = options.client;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  }
  await client.waitReady;
  measurePglite(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: (folder) => migratePglite(drizzlePglite({ client, schema }), folder ?? { migrationsFolder }),
    exclusively: (task) => task(),
    close: () => client.close(),
  };
}
