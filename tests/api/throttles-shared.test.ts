import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_REQUESTS_PER_ADDRESS_PER_HOUR, TOO_MANY_RESET_REQUESTS_MESSAGE } from "../../server/accounts/password-service";
import { createApi } from "../../server/app";
import { openDatabase } from "../../server/db";
import { PAIR_FAILURE_LIMIT, slowDownMs, tooManySignInAttemptsMessage } from "../../server/domain/sign-in-throttle";
import { createTenant, DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * Issue 23, scope 5: the throttles' counts live in the database, so two API instances over one
 * database (here: two apps, each with a database handle of its own on the same data) count the
 * same wrong passwords and the same reset requests. A count kept in one process's memory would
 * let an attacker double their tries by alternating between instances.
 */
let t: TestApi;
let other: ReturnType<typeof createApi>;
beforeAll(async () => {
  t = await createTestApi();
  const secondHandle = await openDatabase({ kind: "pglite", client: t.client });
  other = createApi({ db: secondHandle.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });
});
afterAll(() => t.close());

const instances = () => [t.api, other];
async function post(instance: number, path: string, body: unknown, address: string) {
  const res = await instances()[instance % 2]!.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { message?: string } | null };
}

describe("two API instances over one database", () => {
  it("share the wrong-password count: five wrong passwords across both lock the pair on both", async () => {
    await createTenant(t.db, { email: "alternating@example.test", firstName: "Al", lastName: "Ternate" });
    const address = "198.51.100.123";
    let advanced = 0;
    try {
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) {
        expect((await post(i, "/auth/login", { email: "alternating@example.test", password: `guess-${i}` }, address)).status).toBe(401);
        t.clock.advance(slowDownMs(PAIR_FAILURE_LIMIT - 1));
        advanced += slowDownMs(PAIR_FAILURE_LIMIT - 1);
      }
      for (const instance of [0, 1]) {
        const refused = await post(instance, "/auth/login", { email: "alternating@example.test", password: DEMO_PASSWORD }, address);
        expect(refused.status).toBe(429);
        expect(refused.body?.message).toBe(tooManySignInAttemptsMessage(15));
      }
    } finally {
      t.clock.advance(-advanced);
    }
  });

  it("share the reset-request count per address", async () => {
    const address = "203.0.113.200";
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await post(i, "/auth/reset-password-request", { email: `nobody${i}@example.test` }, address)).status).toBe(200);
    }
    for (const instance of [0, 1]) {
      expect(await post(instance, "/auth/reset-password-request", { email: "someone@example.test" }, address)).toEqual({
        status: 429,
        body: { message: TOO_MANY_RESET_REQUESTS_MESSAGE },
      });
    }
  });
});
