import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createApi } from "../../server/app";
import { readApiConfig, type ApiConfig } from "../../server/config";
import { openDatabase } from "../../server/db";
import { FixedClock } from "../../server/lib/clock";
import { MemoryFileStore } from "../../server/lib/files";
import { createPayments } from "../../server/payments/wiring";
import { accessTokens, customers, users } from "../../server/db/schema";
import { hashToken, newId, newSecretToken } from "../../server/lib/tokens";
import { loadStandIns } from "../../stand-ins";
import { createStripeSandbox } from "./stand-ins";
import { createTenant, DEMO_PASSWORD, type NewTenant } from "../../stand-ins/scenarios/tenants";

export const OPS_TOKEN = "test-ops-token-0123456789";

/** A fresh database (a copy of the migrated template) and an API over it, with a clock the test moves. */
export async function createTestApi(overrides: Partial<ApiConfig> = {}, options: { smsStandIn?: boolean } = {}) {
  const template = readFileSync(inject("dbTemplate"));
  const client = new PGlite({ loadDataDir: new Blob([template]) });
  const database = await openDatabase({ kind: "pglite", client });
  const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
  const config: ApiConfig = { ...readApiConfig({ NODE_ENV: "test", OPS_TOKEN }), ...overrides };
  const files = new MemoryFileStore();
  let api: ReturnType<typeof createApi> | undefined;
  // A composition root: the stand-ins as every start outside production has them (the other
  // parties' ops commands, the mailbox's and the analytics store's ops routes, the postcode book,
  // the offline Stripe).
  const { fixtureAddresses, clockJobs: standInJobs, opsCommands, opsRoutes, smsStandIn: makeSmsStandIn } = await loadStandIns(config, {});
  // The offline Twilio only when a test asks for it (as the runtime wires it): others keep their texts unsent.
  const smsStandIn = options.smsStandIn
    ? makeSmsStandIn!({ appUrl: config.appUrl, deliver: async (path, init) => ({ status: (await api!.request(path, init)).status }) })
    : undefined;
  const clockJobs = smsStandIn ? [...(standInJobs ?? []), { name: "smsStatusCallbacks", run: smsStandIn.sendStatusCallbacks }] : standInJobs;
  // The sandbox's own factory (not the product's view of it), so tests reach its test hooks (whenWebhooksIdle, redeliver...).
  const payments = createPayments({ db: database.db, clock, env: {}, stripeSandbox: createStripeSandbox, webhookRetryDelaysMs: [10, 50] }, () => api);
  const deps = { db: database.db, config, clock, files, payments, fixtureAddresses, clockJobs, smsStandIn };
  const created = createApi(deps, { opsCommands, opsRoutes });
  api = created;

  async function json(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
    const response = await created.request(path, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: any = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  let n = 0;
  /** A new tenant, signed in: returns their ids and a bearer token. */
  async function signedInTenant(input: Partial<NewTenant> = {}) {
    n += 1;
    const tenant = await createTenant(database.db, {
      email: input.email ?? `tenant${n}@example.test`,
      firstName: input.firstName ?? `Tenant${n}`,
      lastName: input.lastName ?? "Test",
      ...input,
    });
    const login = await json("POST", "/auth/login", { email: tenant.email, password: input.password ?? DEMO_PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    return { ...tenant, token: login.body.accessToken as string };
  }

  let quick = 0;
  /** A signed-in tenant without the cost of hashing a password (login itself is tested in auth.test.ts). */
  async function quickTenant(input: Partial<{ email: string; firstName: string; lastName: string }> = {}) {
    quick += 1;
    const userId = newId();
    const customerId = newId();
    const token = newSecretToken();
    const email = input.email ?? `quick${quick}-${userId.slice(0, 8)}@example.test`;
    await database.db.insert(users).values({ id: userId, email, firstName: input.firstName ?? `Quick${quick}`, lastName: input.lastName ?? "Tenant" });
    await database.db.insert(customers).values({ id: customerId, userId });
    await database.db
      .insert(accessTokens)
      .values({ id: newId(), userId, tokenHash: hashToken(token), expiresAt: new Date(clock.now().getTime() + 365 * 86_400_000) });
    return { userId, customerId, email, token };
  }

  return { api: created, deps, quickTenant, db: database.db, client, clock, config, files, payments, json, signedInTenant, close: async () => {
      payments.sandbox?.close();
      await database.close();
    } };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
