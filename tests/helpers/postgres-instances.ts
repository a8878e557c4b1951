import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../server/db";

/**
 * For a `describe.runIf(process.env.TEST_DATABASE_URL)` block: a throwaway PostgreSQL database
 * of its own (named `<prefix>_<pid>_<time>`, dropped afterwards), and `open()` to connect
 * another instance to it (each with its own connection pool), so `FOR UPDATE SKIP LOCKED` and
 * friends are exercised between real instances. Call it at the top of the block.
 */
export function usePostgresInstances(pgUrl: string, prefix: string): { open: () => Promise<DatabaseHandle> } {
  let admin: import("pg").Client;
  let dbName: string;
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    const pg = (await import("pg")).default;
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    dbName = `${prefix}_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${dbName}`);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  });

  return {
    async open() {
      const { openDatabase } = await import("../../server/db");
      const url = new URL(pgUrl);
      url.pathname = `/${dbName}`;
      const handle = await openDatabase({ kind: "postgres", url: url.toString() });
      handles.push(handle);
      return handle;
    },
  };
}

/**
 * Holds a claim's row (`FOR UPDATE`) in a transaction of its own, as a tenant's request would,
 * until `release()`: another instance's job meets it locked (SKIP LOCKED) and leaves it.
 */
export async function holdClaim(db: DatabaseHandle["db"], claimId: string): Promise<{ release: () => Promise<void> }> {
  const { lockClaim } = await import("../../server/claims/records");
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await lockClaim(tx, claimId);
    locked();
    await holding;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}
