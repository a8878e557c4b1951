import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, customers, outboxEmails, passwordTokens, userEvents, users } from "../../server/db/schema";
import { PASSWORD_MESSAGES } from "#common/passwords";
import { hashToken } from "../../server/lib/tokens";
import {
  PASSWORD_REQUEST_ANSWER,
  RESET_EMAILS_PER_HOUR,
  RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
} from "../../server/accounts/password-service";
import { inviteTenant, requirePasswordReset } from "../../stand-ins/scenarios/accounts";
import { createTenant, DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const NEW_PASSWORD = "Brand-new-pass1";
let n = 0;
const uniqueEmail = (label: string) => `${label}-${++n}@example.test`;

async function emailsTo(to: string) {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
}

/** The token and email carried by the link in an e-mail's text. */
function linkIn(text: string) {
  const match = /(http:\/\/localhost:3000\/auth\/(reset|set)-password\?\S+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  const url = new URL(match[1]!);
  return { url, token: url.searchParams.get("token")!, email: url.searchParams.get("email")! };
}

async function requestReset(email: string) {
  const res = await t.json("POST", "/auth/reset-password-request", { email });
  expect(res).toEqual(expect.objectContaining({ status: 200, body: { message: PASSWORD_REQUEST_ANSWER } }));
  const [latest] = (await emailsTo(email.toLowerCase())).filter((e) => e.template === "RESET_PASSWORD");
  return latest ? linkIn(latest.text) : undefined;
}

async function canLogin(email: string, password: string) {
  const res = await t.json("POST", "/auth/login", { email, password });
  return res.status === 200 && res.body.accessToken !== null;
}

describe("resetPasswordRequest", () => {
  it("for a real user stores only a hash of a 1-hour single-use token and queues the RESET_PASSWORD e-mail with the link", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("reset"), firstName: "Rhea", lastName: "Set" });
    const link = await requestReset(tenant.email.toUpperCase());
    expect(link).toBeDefined();
    expect(link!.url.origin + link!.url.pathname).toBe("http://localhost:3000/auth/reset-password");
    expect(link!.email).toBe(tenant.email);

    const tokens = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, tenant.userId));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ kind: "RESET", tokenHash: hashToken(link!.token), usedAt: null });
    expect(tokens[0]!.tokenHash).not.toContain(link!.token);
    expect(tokens[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(HOUR);

    const [email] = await emailsTo(tenant.email);
    expect(email).toMatchObject({ template: "RESET_PASSWORD", userId: tenant.userId, subject: "Reset your Keyfree password", sentAt: null });
    expect(email!.text).toContain("Hello Rhea,");
  });

  it("answers exactly the same for an unknown email, and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const res = await t.json("POST", "/auth/reset-password-request", { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_REQUEST_ANSWER });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it("'Resend Email' sends a new link each time and only the newest works", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("resend"), firstName: "R", lastName: "E" });
    const first = await requestReset(tenant.email);
    t.clock.advance(1000);
    const second = await requestReset(tenant.email);
    expect(second!.token).not.toBe(first!.token);
    expect(await emailsTo(tenant.email)).toHaveLength(2);

    const old = await t.json("POST", "/auth/reset-password", { token: first!.token, email: tenant.email, password: NEW_PASSWORD });
    expect(old).toMatchObject({ status: 400, body: { message: "This password reset link has expired. Please request a new one." } });
    const fresh = await t.json("POST", "/auth/reset-password", { token: second!.token, email: tenant.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(204);
  });

  it(`sends at most ${RESET_EMAILS_PER_HOUR} e-mails an hour to one user, answering the same every time`, async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("flood"), firstName: "F", lastName: "L" });
    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i += 1) await requestReset(tenant.email);
    expect(await emailsTo(tenant.email)).toHaveLength(RESET_EMAILS_PER_HOUR);
    t.clock.advance(HOUR + 1);
    await requestReset(tenant.email);
    expect(await emailsTo(tenant.email)).toHaveLength(RESET_EMAILS_PER_HOUR + 1);
  });

  it(`answers at most ${RESET_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour from one address, refusing known and unknown emails alike`, async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("net"), firstName: "N", lastName: "E" });
    const from = (address: string) => ({ "x-forwarded-for": `${address}, 10.0.0.1` });
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i += 1) {
      const res = await t.json("POST", "/auth/reset-password-request", { email: uniqueEmail("nobody") }, undefined, from("203.0.113.9"));
      expect(res.status).toBe(200);
    }
    const refusedKnown = await t.json("POST", "/auth/reset-password-request", { email: tenant.email }, undefined, from("203.0.113.9"));
    const refusedUnknown = await t.json("POST", "/auth/reset-password-request", { email: uniqueEmail("nobody") }, undefined, from("203.0.113.9"));
    expect(refusedKnown).toMatchObject({ status: 429, body: { message: TOO_MANY_RESET_REQUESTS_MESSAGE } });
    expect(refusedUnknown).toMatchObject({ status: 429, body: refusedKnown.body });
    expect(await emailsTo(tenant.email)).toHaveLength(0);

    // Another address is answered; an hour later this one is again.
    expect((await t.json("POST", "/auth/reset-password-request", { email: tenant.email }, undefined, from("2001:db8::7"))).status).toBe(200);
    t.clock.advance(HOUR + 1);
    expect((await t.json("POST", "/auth/reset-password-request", { email: tenant.email }, undefined, from("203.0.113.9"))).status).toBe(200);
    expect(await emailsTo(tenant.email)).toHaveLength(2);
  });

  it.each([
    ["no email", {}, "Invalid request: email"],
    ["an invalid email", { email: "not-an-email" }, "Invalid request: email"],
    ["a wrong type", { email: 12 }, "Invalid request: email"],
  ])("refuses %s with 400", async (_name, body, message) => {
    const res = await t.json("POST", "/auth/reset-password-request", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe("resetPassword", () => {
  it("sets the new password, clears requiresPasswordReset, uses the token and signs out every session", async () => {
    const tenant = await t.signedInTenant({ email: uniqueEmail("change") });
    await t.db.update(users).set({ requiresPasswordReset: true }).where(eq(users.id, tenant.userId));
    const link = await requestReset(tenant.email);

    const res = await t.json("POST", "/auth/reset-password", { token: link!.token, email: link!.email, password: NEW_PASSWORD });
    expect(res.status).toBe(204);

    const [user] = await t.db.select().from(users).where(eq(users.id, tenant.userId));
    expect(user!.requiresPasswordReset).toBe(false);
    const [token] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, tenant.userId));
    expect(token!.usedAt).toEqual(t.clock.now());
    const sessions = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, tenant.userId));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await t.json("GET", "/me", undefined, tenant.token)).status).toBe(401);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, tenant.userId));
    expect(events.map((e) => e.type)).toContain("PASSWORD_RESET");

    expect(await canLogin(tenant.email, DEMO_PASSWORD)).toBe(false);
    expect(await canLogin(tenant.email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses the same link a second time, changing nothing", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("twice"), firstName: "T", lastName: "W" });
    const link = await requestReset(tenant.email);
    const body = { token: link!.token, email: tenant.email, password: NEW_PASSWORD };
    expect((await t.json("POST", "/auth/reset-password", body)).status).toBe(204);
    const again = await t.json("POST", "/auth/reset-password", { ...body, password: "Another-pass-2" });
    expect(again).toMatchObject({ status: 400, body: { message: "This password reset link has already been used. Please request a new one." } });
    expect(await canLogin(tenant.email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses a link after 1 hour", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("late"), firstName: "L", lastName: "A" });
    const link = await requestReset(tenant.email);
    t.clock.advance(HOUR);
    const res = await t.json("POST", "/auth/reset-password", { token: link!.token, email: tenant.email, password: NEW_PASSWORD });
    expect(res).toMatchObject({ status: 400, body: { message: "This password reset link has expired. Please request a new one." } });
    expect(await canLogin(tenant.email, DEMO_PASSWORD)).toBe(true);
  });

  it("refuses a token for another email, a made-up token and a set-password token alike", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("owner"), firstName: "O", lastName: "W" });
    const other = await createTenant(t.db, { email: uniqueEmail("other"), firstName: "O", lastName: "T" });
    const link = await requestReset(tenant.email);
    const invited = await inviteTenant(t.db, { email: uniqueEmail("invitee"), firstName: "I", lastName: "N" }, t.clock.now());
    const invalid = { status: 400, body: { message: "This password reset link is not valid. Please request a new one." } };
    for (const body of [
      { token: link!.token, email: other.email, password: NEW_PASSWORD },
      { token: "A".repeat(43), email: tenant.email, password: NEW_PASSWORD },
      { token: invited.token, email: invited.email, password: NEW_PASSWORD },
    ]) {
      expect(await t.json("POST", "/auth/reset-password", body)).toMatchObject(invalid);
    }
    const [token] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, tenant.userId));
    expect(token!.usedAt).toBeNull();
  });

  it.each([
    ["no password", undefined, PASSWORD_MESSAGES.required],
    ["an empty password", "", PASSWORD_MESSAGES.required],
    ["7 characters", "Abc123!", "Minimum 8 Characters"],
    ["only 2 character types", "alllowercase1", PASSWORD_MESSAGES.characterTypes],
  ])("refuses %s with the rule's message, leaving the token unused", async (_name, password, message) => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("rule"), firstName: "R", lastName: "U" });
    const link = await requestReset(tenant.email);
    const res = await t.json("POST", "/auth/reset-password", { token: link!.token, email: tenant.email, password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invalid request: password: ${message}`);
    const [token] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, tenant.userId));
    expect(token!.usedAt).toBeNull();
  });

  it("refuses one of the most common passwords in plain words, and takes a pasted 64-character one", async () => {
    const tenant = await t.signedInTenant({ email: uniqueEmail("common") });
    const link = await requestReset(tenant.email);
    const common = await t.json("POST", "/auth/reset-password", { token: link!.token, email: tenant.email, password: "Password1" });
    expect(common).toMatchObject({ status: 400, body: { issues: [{ path: "password", message: PASSWORD_MESSAGES.common }] } });
    const long = "correct horse battery staple on a Tuesday in 2026, quite long ok";
    expect(long).toHaveLength(64);
    expect((await t.json("POST", "/auth/reset-password", { token: link!.token, email: tenant.email, password: long })).status).toBe(204);
    expect(await canLogin(tenant.email, long)).toBe(true);
  });

  it("signs the tenant out everywhere: every access token, not only one", async () => {
    const tenant = await t.signedInTenant({ email: uniqueEmail("everywhere") });
    const second = await t.json("POST", "/auth/login", { email: tenant.email, password: DEMO_PASSWORD });
    const phone = second.body.accessToken as string;
    expect((await t.json("GET", "/me", undefined, phone)).status).toBe(200);
    const link = await requestReset(tenant.email);
    expect((await t.json("POST", "/auth/reset-password", { token: link!.token, email: tenant.email, password: NEW_PASSWORD })).status).toBe(204);
    for (const token of [tenant.token, phone]) expect((await t.json("GET", "/me", undefined, token)).status).toBe(401);
  });

  it("refuses a body without a token or email", async () => {
    expect((await t.json("POST", "/auth/reset-password", { password: NEW_PASSWORD, email: "a@example.test" })).body.message).toContain(
      "token",
    );
    expect((await t.json("POST", "/auth/reset-password", { password: NEW_PASSWORD, token: "abc" })).body.message).toContain("email");
  });
});

describe("login when a new password is required ('Check Your Email')", () => {
  it("keeps the response shape, and e-mails a reset link that lets the tenant back in", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("checkmail"), firstName: "C", lastName: "M" });
    await requirePasswordReset(t.db, tenant.email.toUpperCase());
    const login = await t.json("POST", "/auth/login", { email: tenant.email, password: DEMO_PASSWORD });
    expect(login).toMatchObject({ status: 200, body: { requiresReset: true, accessToken: null } });
    const [email] = await emailsTo(tenant.email);
    expect(email).toMatchObject({ template: "RESET_PASSWORD", userId: tenant.userId });
    const link = linkIn(email!.text);

    expect((await t.json("POST", "/auth/reset-password", { token: link.token, email: link.email, password: NEW_PASSWORD })).status).toBe(204);
    const again = await t.json("POST", "/auth/login", { email: tenant.email, password: NEW_PASSWORD });
    expect(again.body.requiresReset).toBe(false);
    expect(again.body.accessToken).toEqual(expect.any(String));
  });

  it("sends nothing for a wrong password", async () => {
    const tenant = await createTenant(t.db, {
      email: uniqueEmail("wrongpw"),
      firstName: "W",
      lastName: "P",
      requiresPasswordReset: true,
    });
    const login = await t.json("POST", "/auth/login", { email: tenant.email, password: "Not-the-password1" });
    expect(login.status).toBe(401);
    expect(await emailsTo(tenant.email)).toHaveLength(0);
  });
});

describe("setPassword and the inviteTenant scenario", () => {
  it("inviteTenant makes a user without a password, a customer, a 7-day SET token and the SET_PASSWORD e-mail", async () => {
    const email = uniqueEmail("invited");
    const invite = await inviteTenant(t.db, { email, firstName: "Ines", lastName: "Vite" }, t.clock.now());
    const [user] = await t.db.select().from(users).where(eq(users.id, invite.userId));
    expect(user).toMatchObject({ email, firstName: "Ines", lastName: "Vite", passwordHash: null });
    const [customer] = await t.db.select().from(customers).where(eq(customers.userId, invite.userId));
    expect(customer!.id).toBe(invite.customerId);
    const [token] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, invite.userId));
    expect(token).toMatchObject({ kind: "SET", tokenHash: hashToken(invite.token), usedAt: null });
    expect(token!.expiresAt.getTime() - t.clock.now().getTime()).toBe(7 * 24 * HOUR);
    const [mail] = await emailsTo(email);
    expect(mail).toMatchObject({ template: "SET_PASSWORD", subject: "Set your Keyfree password", userId: invite.userId });
    const link = linkIn(mail!.text);
    expect(link.url.pathname).toBe("/auth/set-password");
    expect(link).toMatchObject({ token: invite.token, email });
    expect(invite.link).toBe(link.url.toString());
    // No password yet: login is refused like any wrong password.
    expect((await t.json("POST", "/auth/login", { email, password: NEW_PASSWORD })).status).toBe(401);
  });

  it("inviteTenant refuses an email already in use and a bad input", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("taken"), firstName: "T", lastName: "A" });
    await expect(
      inviteTenant(t.db, { email: tenant.email.toUpperCase(), firstName: "X", lastName: "Y" }, t.clock.now()),
    ).rejects.toThrow(/already exists/);
    await expect(inviteTenant(t.db, { email: "nope", firstName: "X", lastName: "Y" }, t.clock.now())).rejects.toThrow();
    await expect(inviteTenant(t.db, { email: uniqueEmail("blank"), firstName: " ", lastName: "Y" }, t.clock.now())).rejects.toThrow();
  });

  it("requirePasswordReset refuses an unknown email", async () => {
    await expect(requirePasswordReset(t.db, uniqueEmail("ghost"))).rejects.toThrow(/No user/);
  });

  it("sets the password, uses the token and signs the tenant in", async () => {
    const invite = await inviteTenant(t.db, { email: uniqueEmail("setpw"), firstName: "S", lastName: "P" }, t.clock.now());
    const res = await t.json("POST", "/auth/set-password", { token: invite.token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const me = await t.json("GET", "/me", undefined, res.body.accessToken);
    expect(me).toMatchObject({ status: 200, body: { id: invite.userId } });
    const [token] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, invite.userId));
    expect(token!.usedAt).toEqual(t.clock.now());
    const [session] = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, invite.userId));
    expect(session!.tokenHash).toBe(hashToken(res.body.accessToken));
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, invite.userId));
    expect(events.map((e) => e.type).sort()).toEqual(["LOGIN", "PASSWORD_SET"]);
    expect(await canLogin(invite.email, NEW_PASSWORD)).toBe(true);
  });

  it("accepts the link's email when it matches, and refuses another", async () => {
    const invite = await inviteTenant(t.db, { email: uniqueEmail("withmail"), firstName: "W", lastName: "M" }, t.clock.now());
    const wrong = await t.json("POST", "/auth/set-password", { token: invite.token, password: NEW_PASSWORD, email: "else@example.test" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^This link to set your password is not valid/);
    const right = await t.json("POST", "/auth/set-password", { token: invite.token, password: NEW_PASSWORD, email: invite.email.toUpperCase() });
    expect(right.status).toBe(200);
  });

  it("a double submit sets the password once: one sign-in, one refusal", async () => {
    const invite = await inviteTenant(t.db, { email: uniqueEmail("double"), firstName: "D", lastName: "S" }, t.clock.now());
    const body = { token: invite.token, password: NEW_PASSWORD };
    const results = await Promise.all([t.json("POST", "/auth/set-password", body), t.json("POST", "/auth/set-password", body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400)!;
    expect(refused.body.message).toMatch(/already been used/);
    const sessions = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, invite.userId));
    expect(sessions).toHaveLength(1);
  });

  it("refuses an expired invitation (7 days), a reset token, and a password that breaks the rule", async () => {
    const invite = await inviteTenant(t.db, { email: uniqueEmail("expired"), firstName: "E", lastName: "X" }, t.clock.now());
    const weak = await t.json("POST", "/auth/set-password", { token: invite.token, password: "short" });
    expect(weak).toMatchObject({ status: 400, body: { message: "Invalid request: password: Minimum 8 Characters" } });

    const tenant = await createTenant(t.db, { email: uniqueEmail("resetkind"), firstName: "R", lastName: "K" });
    const reset = await requestReset(tenant.email);
    const wrongKind = await t.json("POST", "/auth/set-password", { token: reset!.token, password: NEW_PASSWORD });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toMatch(/^This link to set your password is not valid/);

    t.clock.advance(7 * 24 * HOUR);
    const late = await t.json("POST", "/auth/set-password", { token: invite.token, password: NEW_PASSWORD });
    expect(late).toMatchObject({
      status: 400,
      body: { message: "This link to set your password has expired. Use 'Forgot password?' on the login page to get a new one." },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, invite.userId));
    expect(user!.passwordHash).toBeNull();
  });

  it("after a reset the invitation link stops working too", async () => {
    const invite = await inviteTenant(t.db, { email: uniqueEmail("both"), firstName: "B", lastName: "O" }, t.clock.now());
    const link = await requestReset(invite.email);
    expect((await t.json("POST", "/auth/reset-password", { token: link!.token, email: invite.email, password: NEW_PASSWORD })).status).toBe(204);
    const set = await t.json("POST", "/auth/set-password", { token: invite.token, password: "Other-pass-22" });
    expect(set.status).toBe(400);
    const rows = await t.db
      .select()
      .from(passwordTokens)
      .where(and(eq(passwordTokens.userId, invite.userId), eq(passwordTokens.kind, "SET")));
    expect(rows[0]!.usedAt).toBeNull();
    expect(await canLogin(invite.email, NEW_PASSWORD)).toBe(true);
  });
});

describe("checkPasswordLink", () => {
  const check = (body: object) => t.json("POST", "/auth/password-link", body);

  it("says whether a link can be used and why not, without using it", async () => {
    const tenant = await createTenant(t.db, { email: uniqueEmail("check"), firstName: "C", lastName: "H" });
    const link = await requestReset(tenant.email);
    const body = { kind: "RESET", token: link!.token, email: tenant.email };
    expect(await check(body)).toMatchObject({ status: 200, body: { state: "USABLE", message: null } });
    expect(await check(body)).toMatchObject({ status: 200, body: { state: "USABLE" } });
    expect(await check({ ...body, email: "someone@example.test" })).toMatchObject({
      body: { state: "INVALID", message: "This password reset link is not valid. Please request a new one." },
    });
    expect(await check({ ...body, kind: "SET" })).toMatchObject({ body: { state: "INVALID" } });
    expect(await check({ ...body, token: "B".repeat(43) })).toMatchObject({ body: { state: "INVALID" } });

    expect((await t.json("POST", "/auth/reset-password", { ...body, password: NEW_PASSWORD })).status).toBe(204);
    expect(await check(body)).toMatchObject({
      body: { state: "USED", message: "This password reset link has already been used. Please request a new one." },
    });

    t.clock.advance(1000);
    const later = await requestReset(tenant.email);
    t.clock.advance(HOUR);
    expect(await check({ ...body, token: later!.token })).toMatchObject({
      body: { state: "EXPIRED", message: "This password reset link has expired. Please request a new one." },
    });
  });

  it("refuses a bad body with 400", async () => {
    expect((await check({ kind: "OTHER", token: "x" })).status).toBe(400);
    expect((await check({ kind: "SET" })).status).toBe(400);
  });
});
