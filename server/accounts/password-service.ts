/**
 * Forgotten and first passwords (part 1 §2.2, §5, §7): the reset-password request, the
 * reset itself, and setting the password of an invited tenant. The links travel by e-mail
 * (the outbox) and carry single-use tokens of which only a hash is stored.
 */
import { and, count, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import type { ApiConfig } from "../config";
import type { Deps } from "../context";
import type { Database } from "../db";
import { accessTokens, passwordResetRequests, passwordTokens, userEvents, users } from "../db/schema";
import { PRODUCT_NAME } from "#common/product";
import { issueAccessToken } from "../lib/access-tokens";
import { ApiError } from "../lib/errors";
import { queueEmail } from "../lib/mail";
import { hashPassword } from "../lib/passwords";
import { hashToken, newId, newSecretToken } from "../lib/tokens";

export type PasswordTokenKind = "RESET" | "SET";

/** A reset link works for 1 hour; an invitation's set-password link for 7 days. */
export const PASSWORD_TOKEN_TTL_MS: Record<PasswordTokenKind, number> = {
  RESET: 60 * 60 * 1000,
  SET: 7 * 24 * 60 * 60 * 1000,
};

/**
 * At most this many reset e-mails per user per hour. Further requests still get the same
 * answer (nothing is revealed) but send nothing, so nobody can flood a tenant's inbox.
 */
export const RESET_EMAILS_PER_HOUR = 5;

/**
 * At most this many reset requests an hour from one client address, whatever the emails (a
 * shared office or mobile network sends many tenants through one address, hence not fewer).
 * Beyond it the request is refused with TOO_MANY_RESET_REQUESTS_MESSAGE, for an email with an
 * account or without alike, so the refusal reveals nothing (docs/decisions/0010).
 */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 20;
export const TOO_MANY_RESET_REQUESTS_MESSAGE =
  "We have had too many password reset requests from your network. Please try again later.";

export const PASSWORD_REQUEST_ANSWER =
  "If an account exists for this email address, we have sent it a link to reset the password.";

export const TOKEN_MESSAGES: Record<PasswordTokenKind, { invalid: string; used: string; expired: string }> = {
  RESET: {
    invalid: "This password reset link is not valid. Please request a new one.",
    used: "This password reset link has already been used. Please request a new one.",
    expired: "This password reset link has expired. Please request a new one.",
  },
  SET: {
    invalid: "This link to set your password is not valid. Use 'Forgot password?' on the login page to get a new one.",
    used: "This link to set your password has already been used. Use 'Forgot password?' on the login page if you need a new password.",
    expired: "This link to set your password has expired. Use 'Forgot password?' on the login page to get a new one.",
  },
};

type Db = Pick<Database, "insert" | "update" | "select">;

/** The hour over which reset requests from one address are counted. */
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * 'Forgotten password' (part 1 §2.2): e-mails a reset link when the email has an account.
 * The answer is the same either way; requests from one address are throttled first, counted
 * in the database (password_reset_requests) under a lock on the address, so every API
 * instance counts the same requests and two at once cannot both take the last one.
 */
export async function requestPasswordReset(deps: Pick<Deps, "db" | "clock" | "config">, email: string, address: string | null) {
  const { db, clock, config } = deps;
  const now = clock.now();
  if (address) {
    const allowed = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"password-reset:" + address}))`);
      const [row] = await tx
        .select({ n: count() })
        .from(passwordResetRequests)
        .where(and(eq(passwordResetRequests.clientAddress, address), gt(passwordResetRequests.createdAt, new Date(now.getTime() - RESET_REQUEST_WINDOW_MS))));
      if ((row?.n ?? 0) >= RESET_REQUESTS_PER_ADDRESS_PER_HOUR) return false;
      await tx.insert(passwordResetRequests).values({ id: newId(), clientAddress: address, createdAt: now });
      return true;
    });
    if (!allowed) throw new ApiError(429, TOO_MANY_RESET_REQUESTS_MESSAGE);
  }
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, closedAt: users.closedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  // A closed account (issue 40) gets no link: it is answered as an unknown e-mail is.
  if (user && !user.closedAt) await db.transaction((tx) => sendResetPasswordLink(tx, config, user, now));
}
type UserForEmail = { id: string; email: string; firstName: string };

/** The link a tenant follows from the e-mail: /auth/reset-password or /auth/set-password, with token and email. */
export function passwordLink(appUrl: string, kind: PasswordTokenKind, token: string, email: string): string {
  const path = kind === "RESET" ? "/auth/reset-password" : "/auth/set-password";
  const query = new URLSearchParams({ token, email });
  return `${appUrl.replace(/\/+$/, "")}${path}?${query.toString()}`;
}

/**
 * A new single-use token of a kind for a user. Earlier unused tokens of the same kind stop
 * working (each 'Resend Email' sends a new link and only the newest works). Returns the
 * token itself; only its hash is kept.
 */
export async function createPasswordToken(db: Db, userId: string, kind: PasswordTokenKind, now: Date): Promise<string> {
  await db
    .update(passwordTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.kind, kind),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    );
  const token = newSecretToken();
  await db.insert(passwordTokens).values({
    id: newId(),
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS[kind]),
    createdAt: now,
  });
  return token;
}

/**
 * Queues the RESET_PASSWORD e-mail with a new reset link, unless the user already had
 * RESET_EMAILS_PER_HOUR of them in the last hour. Returns the outbox id, or null when held back.
 */
export async function sendResetPasswordLink(
  db: Db,
  config: Pick<ApiConfig, "appUrl">,
  user: UserForEmail,
  now: Date,
): Promise<string | null> {
  // One request at a time per user, so the throttle and 'only the newest link works' hold.
  await db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
  const [recent] = await db
    .select({ n: count() })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, user.id),
        eq(passwordTokens.kind, "RESET"),
        gte(passwordTokens.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.n ?? 0) >= RESET_EMAILS_PER_HOUR) return null;
  const token = await createPasswordToken(db, user.id, "RESET", now);
  const link = passwordLink(config.appUrl, "RESET", token, user.email);
  return queueEmail(
    db,
    {
      to: user.email,
      userId: user.id,
      template: "RESET_PASSWORD",
      subject: `Reset your ${PRODUCT_NAME} password`,
      text: [
        `Hello ${user.firstName},`,
        "",
        `We received a request to reset the password of your ${PRODUCT_NAME} account. Follow this link to choose a new password:`,
        "",
        link,
        "",
        "The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password has not changed.",
        "",
        `The ${PRODUCT_NAME} team`,
      ].join("\n"),
    },
    now,
  );
}

/**
 * Queues the SET_PASSWORD e-mail inviting a user who has no password yet to choose one
 * (a new SET token, valid for 7 days). Returns the token and the outbox id.
 */
export async function sendSetPasswordLink(
  db: Db,
  config: Pick<ApiConfig, "appUrl">,
  user: UserForEmail,
  now: Date,
): Promise<{ token: string; link: string; emailId: string }> {
  const token = await createPasswordToken(db, user.id, "SET", now);
  const link = passwordLink(config.appUrl, "SET", token, user.email);
  const emailId = await queueEmail(
    db,
    {
      to: user.email,
      userId: user.id,
      template: "SET_PASSWORD",
      subject: `Set your ${PRODUCT_NAME} password`,
      text: [
        `Hello ${user.firstName},`,
        "",
        `You have been invited to ${PRODUCT_NAME}. Follow this link to set your password and sign in:`,
        "",
        link,
        "",
        "The link works once and expires in 7 days.",
        "",
        `The ${PRODUCT_NAME} team`,
      ].join("\n"),
    },
    now,
  );
  return { token, link, emailId };
}

export type PasswordLinkState = "USABLE" | "INVALID" | "USED" | "EXPIRED";

/**
 * What a link's token is: USABLE, or why not. It must exist, be of the kind, belong to the
 * email when one is given, and be unused and unexpired. Reading it changes nothing.
 */
export async function passwordTokenState(db: Database, kind: PasswordTokenKind, token: string, email: string | undefined, now: Date) {
  const [row] = await db
    .select({ token: passwordTokens, email: users.email, closedAt: users.closedAt })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, hashToken(token)))
    .limit(1);
  const state = (s: PasswordLinkState) => ({ state: s, token: s === "USABLE" ? row!.token : null });
  // A link sent before the account was closed (issue 40) no longer opens it.
  if (!row || row.token.kind !== kind || row.closedAt) return state("INVALID");
  if (email !== undefined && row.email.toLowerCase() !== email.toLowerCase()) return state("INVALID");
  if (row.token.usedAt) return state("USED");
  if (row.token.expiresAt.getTime() <= now.getTime()) return state("EXPIRED");
  return state("USABLE");
}

/** The message for a link that cannot be used, by its state. */
export function passwordLinkMessage(kind: PasswordTokenKind, state: Exclude<PasswordLinkState, "USABLE">): string {
  const messages = TOKEN_MESSAGES[kind];
  return state === "USED" ? messages.used : state === "EXPIRED" ? messages.expired : messages.invalid;
}

/**
 * Checks a token from a link before the (slow) password hashing (see passwordTokenState);
 * a link that cannot be used is refused with 400 and the message saying why.
 */
export async function findUsableToken(db: Database, kind: PasswordTokenKind, token: string, email: string | undefined, now: Date) {
  const found = await passwordTokenState(db, kind, token, email, now);
  if (found.state !== "USABLE" || !found.token) throw new ApiError(400, passwordLinkMessage(kind, found.state as Exclude<PasswordLinkState, "USABLE">));
  return found.token;
}

/**
 * Uses a token and sets the password, in one transaction: the token is claimed with a
 * conditional update (a double submit finds it used), every other outstanding link of the
 * user stops working and every session of the user is signed out.
 */
export async function usePasswordToken(
  tx: Database,
  kind: PasswordTokenKind,
  token: { id: string; userId: string },
  passwordHash: string,
  now: Date,
) {
  const [claimed] = await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, token.id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ id: passwordTokens.id });
  if (!claimed) throw new ApiError(400, TOKEN_MESSAGES[kind].used);
  await tx
    .update(users)
    .set({ passwordHash, requiresPasswordReset: false })
    .where(eq(users.id, token.userId));
  await tx
    .update(passwordTokens)
    .set({ expiresAt: now })
    .where(and(eq(passwordTokens.userId, token.userId), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)));
  await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, token.userId), isNull(accessTokens.revokedAt)));
  await tx.insert(userEvents).values({
    id: newId(),
    userId: token.userId,
    type: kind === "RESET" ? "PASSWORD_RESET" : "PASSWORD_SET",
    createdAt: now,
  });
}

type NewPassword = { token: string; password: string; email?: string };

/** The reset itself (part 1 §2.2): a usable RESET token, then the password changed and every session signed out, in one transaction. */
export async function resetPassword(deps: Pick<Deps, "db" | "clock">, input: NewPassword) {
  const now = deps.clock.now();
  const row = await findUsableToken(deps.db, "RESET", input.token, input.email, now);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction((tx) => usePasswordToken(tx, "RESET", row, passwordHash, now));
}

/** An invited tenant's first password: a usable SET token, then the password set and a session issued, in one transaction. */
export async function setPassword(deps: Pick<Deps, "db" | "clock" | "config">, input: NewPassword): Promise<string> {
  const now = deps.clock.now();
  const row = await findUsableToken(deps.db, "SET", input.token, input.email, now);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    await usePasswordToken(tx, "SET", row, passwordHash, now);
    return issueAccessToken(tx, deps.config, row.userId, now);
  });
}

/** Reset requests older than the throttle's hour count for nothing: the sweep deletes them. */
export async function deleteOldPasswordResetRequests(deps: Pick<Deps, "db">, now: Date): Promise<number> {
  const deleted = await deps.db
    .delete(passwordResetRequests)
    .where(lt(passwordResetRequests.createdAt, new Date(now.getTime() - RESET_REQUEST_WINDOW_MS)))
    .returning({ id: passwordResetRequests.id });
  return deleted.length;
}
