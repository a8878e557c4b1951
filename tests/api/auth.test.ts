import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, signInFailures, userEvents } from "../../server/db/schema";
import { hashToken } from "../../server/lib/tokens";
import { createTenant, DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { deleteOldSignInFailures } from "../../server/accounts/auth-service";
import {
  ADDRESS_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  SIGN_IN_WINDOW_MS,
  signInTooSoonMessage,
  slowDownMs,
  tooManySignInAttemptsMessage,
} from "../../server/domain/sign-in-throttle";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ accessTokenTtlSeconds: 3600 });
});
afterAll(() => t.close());

describe("login", () => {
  it("returns a random bearer token, stored only as a hash, that expires", async () => {
    const tenant = await createTenant(t.db, { email: "Login.Case@example.test", firstName: "Lee", lastName: "Case" });
    const res = await t.json("POST", "/auth/login", { email: "login.case@example.test", password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.requiresReset).toBe(false);
    const token: string = res.body.accessToken;
    // 256 random bits, base64url: 43 characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, tenant.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(3600 * 1000);
  });

  it("answers 'Wrong email or password' for a wrong password and for an unknown email alike", async () => {
    await createTenant(t.db, { email: "wrongpw@example.test", firstName: "W", lastName: "P" });
    const wrongPassword = await t.json("POST", "/auth/login", { email: "wrongpw@example.test", password: "not-it" });
    const unknown = await t.json("POST", "/auth/login", { email: "nobody@example.test", password: "not-it" });
    expect(wrongPassword).toMatchObject({ status: 401, body: { message: "Wrong email or password" } });
    expect(unknown).toMatchObject({ status: 401, body: { message: "Wrong email or password" } });
  });

  const from = (address: string) => ({ "x-forwarded-for": address });
  const lockedFor = (minutes: number) => ({ status: 429, body: { message: tooManySignInAttemptsMessage(minutes) } });
  /** The longest slow-down before the lock: waiting this after each wrong password, a try is never refused as too soon. */
  const PATIENCE_MS = slowDownMs(PAIR_FAILURE_LIMIT - 1);
  let advanced = 0;
  /** A try, then the clock moves on past any slow-down (undone after each test). */
  async function patiently<T>(attempt: () => Promise<T>): Promise<T> {
    const answer = await attempt();
    t.clock.advance(PATIENCE_MS);
    advanced += PATIENCE_MS;
    return answer;
  }
  afterEach(() => {
    t.clock.advance(-advanced);
    advanced = 0;
  });

  it("slows the pair down before the lock: from the second wrong password each try waits 2 s, then 4 s, after the latest, even with the right password", async () => {
    await createTenant(t.db, { email: "hasty@example.test", firstName: "H", lastName: "Asty" });
    const attempt = (password: string) => t.json("POST", "/auth/login", { email: "hasty@example.test", password }, undefined, from("198.51.100.70"));
    const wait = (ms: number) => {
      t.clock.advance(ms);
      advanced += ms;
    };
    expect((await attempt("first-guess")).status).toBe(401);
    expect((await attempt("second-guess")).status).toBe(401);
    expect(await attempt("third-guess")).toMatchObject({ status: 429, body: { message: signInTooSoonMessage(2) } });
    expect(signInTooSoonMessage(2)).toBe("Too many attempts to sign in. Please wait 2 seconds and try again, or reset your password.");
    wait(1_000);
    expect(await attempt(DEMO_PASSWORD)).toMatchObject({ status: 429, body: { message: signInTooSoonMessage(1) } });
    wait(1_000);
    expect((await attempt("third-guess")).status).toBe(401);
    expect(await attempt(DEMO_PASSWORD)).toMatchObject({ status: 429, body: { message: signInTooSoonMessage(4) } });
    wait(4_000);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
    // Another address is never slowed by this pair's wrong passwords.
    expect((await t.json("POST", "/auth/login", { email: "hasty@example.test", password: "x" }, undefined, from("198.51.100.71"))).status).toBe(401);
  });

  it("locks the pair of e-mail and address for 15 minutes after 5 wrong passwords, even for the right one, then lets it in again", async () => {
    await createTenant(t.db, { email: "guessed@example.test", firstName: "G", lastName: "Uessed" });
    const attempt = (password: string) => t.json("POST", "/auth/login", { email: "Guessed@example.test", password }, undefined, from("198.51.100.7"));
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) expect((await patiently(() => attempt(`guess-${i}`))).status).toBe(401);
    // Told when to try again, in plain words.
    expect(await attempt(DEMO_PASSWORD)).toMatchObject(lockedFor(15));
    expect(tooManySignInAttemptsMessage(15)).toBe("Too many attempts to sign in. Please try again in 15 minutes, or reset your password.");
    t.clock.advance(10 * 60_000);
    try {
      expect(await attempt(DEMO_PASSWORD)).toMatchObject(lockedFor(5));
      t.clock.advance(5 * 60_000 + 1000);
      expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
      // A successful sign-in starts the count again.
      for (let i = 0; i < PAIR_FAILURE_LIMIT - 1; i += 1) expect((await patiently(() => attempt(`again-${i}`))).status).toBe(401);
      expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
    } finally {
      t.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it("a stranger at another address cannot lock the tenant out: wrong passwords from B do not stop the tenant at A", async () => {
    await createTenant(t.db, { email: "targeted@example.test", firstName: "T", lastName: "Argeted" });
    const attempt = (password: string, address: string) => t.json("POST", "/auth/login", { email: "targeted@example.test", password }, undefined, from(address));
    for (let i = 0; i < PAIR_FAILURE_LIMIT + 3; i += 1) {
      expect((await patiently(() => attempt(`guess-${i}`, "203.0.113.66"))).status).toBeGreaterThanOrEqual(401);
    }
    expect((await attempt(DEMO_PASSWORD, "203.0.113.66")).status).toBe(429);
    expect((await attempt(DEMO_PASSWORD, "192.0.2.10")).status).toBe(200);
    // Counted in the database (shared by every API instance), against the pair of e-mail and address.
    const rows = await t.db.select().from(signInFailures).where(eq(signInFailures.email, "targeted@example.test"));
    expect(rows.length).toBeGreaterThanOrEqual(PAIR_FAILURE_LIMIT);
    expect(rows.every((r) => r.clientAddress === "203.0.113.66")).toBe(true);
  });

  it("stops one address trying passwords on many e-mails (spraying), and only that address", async () => {
    await createTenant(t.db, { email: "sprayed@example.test", firstName: "S", lastName: "Prayed" });
    const sprayer = "198.51.100.99";
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      const res = await t.json("POST", "/auth/login", { email: `victim${i}@example.test`, password: "Summer2026!" }, undefined, from(sprayer));
      expect(res.status).toBe(401);
    }
    // The next e-mail from that address is refused before its password is looked at, even the right one.
    const refused = await t.json("POST", "/auth/login", { email: "sprayed@example.test", password: DEMO_PASSWORD }, undefined, from(sprayer));
    expect(refused).toMatchObject(lockedFor(15));
    expect((await t.json("POST", "/auth/login", { email: "sprayed@example.test", password: DEMO_PASSWORD }, undefined, from("192.0.2.44"))).status).toBe(200);
  });

  it("locks an email with no account the same way, so the lock does not tell whether an account exists", async () => {
    const attempt = () => t.json("POST", "/auth/login", { email: "no-such-account@example.test", password: "guess" }, undefined, from("198.51.100.8"));
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) expect((await patiently(attempt)).status).toBe(401);
    expect(await attempt()).toMatchObject(lockedFor(15));
  });

  it("a locked tenant can still ask for a password reset", async () => {
    await createTenant(t.db, { email: "locked.reset@example.test", firstName: "L", lastName: "R" });
    const address = from("198.51.100.9");
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) {
      await patiently(() => t.json("POST", "/auth/login", { email: "locked.reset@example.test", password: `g${i}` }, undefined, address));
    }
    expect((await t.json("POST", "/auth/login", { email: "locked.reset@example.test", password: DEMO_PASSWORD }, undefined, address)).status).toBe(429);
    const reset = await t.json("POST", "/auth/reset-password-request", { email: "locked.reset@example.test" }, undefined, address);
    expect(reset.status).toBeLessThan(300);
  });

  it("the sweep deletes counts older than the window", async () => {
    const now = t.clock.now().getTime();
    const rows = await t.db.select().from(signInFailures);
    // The tests above moved the clock on past their slow-downs: some counts are from "later".
    const oldOnceTheWindowHasPassed = rows.filter((r) => r.createdAt.getTime() < now + 1000).length;
    expect(oldOnceTheWindowHasPassed).toBeGreaterThan(0);
    expect(await deleteOldSignInFailures({ db: t.db }, new Date(now))).toBe(0);
    expect(await deleteOldSignInFailures({ db: t.db }, new Date(now + SIGN_IN_WINDOW_MS + 1000))).toBe(oldOnceTheWindowHasPassed);
  });

  it("answers requiresReset with no token when the user must choose a new password", async () => {
    await createTenant(t.db, { email: "reset@example.test", firstName: "R", lastName: "S", requiresPasswordReset: true });
    const res = await t.json("POST", "/auth/login", { email: "reset@example.test", password: DEMO_PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { requiresReset: true, accessToken: null } });
  });

  it.each([
    ["malformed JSON", 400, "Malformed JSON in request body", "{not json"],
    ["a missing password", 400, "Invalid request: password", JSON.stringify({ email: "a@example.test" })],
    ["a wrong type", 400, "Invalid request: email", JSON.stringify({ email: 42, password: "x" })],
    ["an invalid email", 400, "Invalid request: email", JSON.stringify({ email: "not-an-email", password: "x" })],
    ["an empty body", 400, "Malformed JSON in request body", ""],
  ])("refuses %s with %i and a message, never 500", async (_name, status, message, body) => {
    const res = await t.api.request("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(status);
    expect((await res.json()).message).toContain(message);
  });

  it("refuses a form-encoded body with 415 and a message", async () => {
    const res = await t.api.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.test&password=x",
    });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBeTruthy();
  });

  it("refuses an oversized body with 413 and a message", async () => {
    const res = await t.json("POST", "/auth/login", { email: "a@example.test", password: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The request body is too large");
  });
});

describe("bearer auth", () => {
  it("answers 401 without a token, with a malformed one, and with an unknown one", async () => {
    expect((await t.json("GET", "/me")).status).toBe(401);
    expect((await t.json("GET", "/me", undefined, undefined, { authorization: "Basic abc" })).status).toBe(401);
    expect((await t.json("GET", "/me", undefined, "A".repeat(43))).status).toBe(401);
  });

  it("answers 401 once the token has expired", async () => {
    const tenant = await t.signedInTenant();
    expect((await t.json("GET", "/me", undefined, tenant.token)).status).toBe(200);
    t.clock.advance(3600 * 1000 + 1);
    try {
      const res = await t.json("GET", "/me", undefined, tenant.token);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Your session has ended. Please sign in again.");
    } finally {
      t.clock.advance(-(3600 * 1000 + 1));
    }
  });

  it("logout revokes the token and records a logout event", async () => {
    const tenant = await t.signedInTenant();
    const out = await t.json("POST", "/auth/logout", undefined, tenant.token);
    expect(out.status).toBe(204);
    expect((await t.json("GET", "/me", undefined, tenant.token)).status).toBe(401);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, tenant.userId));
    expect(events.map((e) => e.type)).toEqual(["LOGIN", "LOGOUT"]);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, tenant.userId));
    expect(row!.revokedAt).not.toBeNull();
  });

  it("logging out one session leaves the tenant's other sessions signed in", async () => {
    const tenant = await t.signedInTenant();
    const second = await t.json("POST", "/auth/login", { email: tenant.email, password: DEMO_PASSWORD });
    await t.json("POST", "/auth/logout", undefined, tenant.token);
    expect((await t.json("GET", "/me", undefined, second.body.accessToken)).status).toBe(200);
  });
});
