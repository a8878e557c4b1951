import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createApi } from "../../server/app";
import { readApiConfig } from "../../server/config";
import { openDatabase, type DatabaseHandle } from "../../server/db";
import { FixedClock } from "../../server/lib/clock";
import { MemoryFileStore } from "../../server/lib/files";
import { createTenant, DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";

/**
 * The DATABASE_URL path: the same schema and migrations on a real PostgreSQL.
 * .ci/run starts one and sets TEST_DATABASE_URL; on a machine without it these tests
 * do not run (and in CI its absence is a failure).
 */
const url = process.env.TEST_DATABASE_URL;
if (process.env.CI && !url) throw new Error("TEST_DATABASE_URL must be set in CI (.ci/run starts PostgreSQL)");

describe.runIf(url)("PostgreSQL (DATABASE_URL)", () => {
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    await admin.end();
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  it("two instances starting together both migrate safely, and a restart migrates again harmlessly", async () => {
    const a = await openDatabase({ kind: "postgres", url: url! });
    const b = await openDatabase({ kind: "postgres", url: url! });
    handles.push(a, b);
    await Promise.all([a.migrate(), b.migrate()]);
    await a.migrate();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await client.end();
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("serves login, me and logout over PostgreSQL exactly as over PGlite", async () => {
    const handle = await openDatabase({ kind: "postgres", url: url! });
    handles.push(handle);
    await handle.migrate();
    const api = createApi({ db: handle.db, config: readApiConfig({ NODE_ENV: "test" }), clock: new FixedClock(new Date()), files: new MemoryFileStore(), payments: undefined as never });
    await createTenant(handle.db, { email: "pg@example.test", firstName: "Pat", lastName: "Gres" });
    const login = await api.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "PG@example.test", password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const me = await api.request("/me", { headers: { authorization: `Bearer ${accessToken}` } });
    expect(((await me.json()) as { firstName: string }).firstName).toBe("Pat");
    const out = await api.request("/auth/logout", { method: "POST", headers: { authorization: `Bearer ${accessToken}` } });
    expect(out.status).toBe(204);
    const again = await api.request("/me", { headers: { authorization: `Bearer ${accessToken}` } });
    expect(again.status).toBe(401);
  });
});
