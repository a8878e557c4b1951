import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { accessTokens } from "../../server/db/schema";
import { hashToken } from "../../server/lib/tokens";
import { createKeyfreeOffer } from "../../server/offers/service";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * Issue 23, scope 6, through the API: a fault is one JSON line with its stack in `err.stack`
 * and no secret in it (not the bearer token, not its hash, not a query's parameters); a refusal
 * (4xx) is logged at info. The process's logger is swapped for one writing to memory.
 */
const captured = vi.hoisted(() => ({ text: [] as string[] }));
vi.mock("../../server/lib/log", async (importOriginal) => (await import("../helpers/captured-log")).logWritingTo(await importOriginal(), captured.text));

const raw = () => captured.text.join("");
const lines = () =>
  raw()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => {
  captured.text.length = 0;
});

describe("the API's log (issue 23, scope 6)", () => {
  it("a query the database refuses: one JSON error line, stack in err.stack, no token, token hash or parameter", async () => {
    const tenant = await t.quickTenant();
    const password = "Correct-Horse-Battery-9";
    // A handler whose query the database refuses (a NUL byte), its parameters holding secrets.
    t.api.get("/__test/refused-query", async (c) => {
      await t.db
        .select()
        .from(accessTokens)
        .where(and(eq(accessTokens.tokenHash, hashToken(tenant.token)), eq(accessTokens.userId, `${password}\u0000`)));
      return c.json({ ok: true });
    });
    const answer = await t.json("GET", "/__test/refused-query", undefined, tenant.token, {
      cookie: `keyfree_session=${tenant.token}.signature`,
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: "Something went wrong" });

    // Every line is JSON (lines() parses each), and none holds a secret.
    const logged = lines();
    for (const secret of [tenant.token, hashToken(tenant.token), password]) expect(raw()).not.toContain(secret);
    const error = logged.find((l) => l.msg === "api error");
    expect(error).toMatchObject({ level: "error", path: "/__test/refused-query", err: { type: "DrizzleQueryError" } });
    expect(error!.err.stack).toMatch(/^Error: Failed query: select .*\nparams: \[Redacted\]\n\s+at /);
    expect(error!.err.cause).toMatchObject({ type: "DatabaseError", code: "22021" });
    expect(error).not.toHaveProperty("stack");
    expect(logged.find((l) => l.msg === "api request")).toMatchObject({ level: "error", status: 500 });
  });

  it("an offer looked up with a hostile id: whatever the answer, neither the token nor its hash is logged", async () => {
    const created = await createKeyfreeOffer(
      t.db,
      {
        address: { buildingNumber: "3", street: "Cliff Road", town: "Clifton", postcode: "BS8 1AB" },
        savingAmount: 120_000,
        keyfreeAmount: 30_000,
        cashDepositAmount: 150_000,
        annualFeesEnabled: true,
        recipients: [{ email: "robin-log@example.test", firstName: "Robin", lastName: "Hale" }],
      },
      t.clock.now(),
    );
    const token = created.recipients[0]!.token;
    await t.json("GET", `/keyfree-offers/%00${created.keyfreeOfferId}?token=${encodeURIComponent(token)}`);
    expect(lines().length).toBeGreaterThan(0);
    expect(raw()).not.toContain(token);
    expect(raw()).not.toContain(hashToken(token));
  });

  it("logs a refusal at info, never as an error: a 400 (bad body), a 401, a 404", async () => {
    expect((await t.json("POST", "/auth/login", { email: "not an email" })).status).toBe(400);
    expect((await t.json("GET", "/customer")).status).toBe(401);
    expect((await t.json("GET", "/no-such-operation")).status).toBe(404);
    const logged = lines();
    expect(logged.map((l) => [l.status, l.level])).toEqual([
      [400, "info"],
      [401, "info"],
      [404, "info"],
    ]);
  });
});
