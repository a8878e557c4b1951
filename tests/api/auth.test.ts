import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, userEvents } from "../../server/db/schema";
import { hashToken } from "../../server/lib/tokens";
import { createTenant, DEMO_PASSWORD } from "../../server/scenarios/tenants";
import { LOGIN_ATTEMPT_LIMIT, TOO_MANY_LOGIN_ATTEMPTS_MESSAGE } from "../../server/accounts/auth-service";
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

  it("locks an email for 15 minutes after 5 wrong passwords, even for the right one, then lets it in again", async () => {
    await createTenant(t.db, { email: "guessed@example.test", firstName: "G", lastName: "Uessed" });
    const attempt = (password: string) => t.json("POST", "/auth/login", { email: "Guessed@example.test", password });
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i += 1) expect((await attempt(`guess-${i}`)).status).toBe(401);
    expect(await attempt(DEMO_PASSWORD)).toMatchObject({ status: 429, body: { message: TOO_MANY_LOGIN_ATTEMPTS_MESSAGE } });
    // Someone else's account is not affected.
    expect((await t.json("POST", "/auth/login", { email: "login.case@example.test", password: DEMO_PASSWORD })).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    try {
      expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
      // A successful sign-in starts the count again.
      for (let i = 0; i < LOGIN_ATTEMPT_LIMIT - 1; i += 1) expect((await attempt(`again-${i}`)).status).toBe(401);
      expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
    } finally {
      t.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it("locks an email with no account the same way, so the lock does not tell whether an account exists", async () => {
    const attempt = () => t.json("POST", "/auth/login", { email: "no-such-account@example.test", password: "guess" });
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i += 1) expect((await attempt()).status).toBe(401);
    expect(await attempt()).toMatchObject({ status: 429, body: { message: TOO_MANY_LOGIN_ATTEMPTS_MESSAGE } });
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
