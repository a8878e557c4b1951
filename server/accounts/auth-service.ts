import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Auth, Deps } from "../context";
import { accessTokens, userEvents, users } from "../db/schema";
import { issueAccessToken } from "../lib/access-tokens";
import { ApiError } from "../lib/errors";
import { timingDummyHash, verifyPassword } from "../lib/passwords";
import { newId } from "../lib/tokens";
import { sendResetPasswordLink } from "./password-service";

/** Password guessing: this many wrong passwords for one email within the window locks it for the window. */
export const LOGIN_ATTEMPT_LIMIT = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const TOO_MANY_LOGIN_ATTEMPTS_MESSAGE = `Too many attempts to sign in. Please wait ${LOGIN_LOCK_MINUTES} minutes and try again, or reset your password.`;

/**
 * Wrong passwords for emails with no account, kept in memory (there is no user to record them
 * against) so that an unknown email is locked exactly like a known one and the lock reveals nothing.
 */
const unknownEmailFailures = new WeakMap<object, Map<string, number[]>>();

async function recentFailures(deps: Deps, userId: string | null, email: string, now: Date): Promise<number> {
  const since = now.getTime() - LOGIN_LOCK_MINUTES * 60_000;
  if (!userId) {
    const seen = unknownEmailFailures.get(deps.db)?.get(email) ?? [];
    return seen.filter((t) => t > since).length;
  }
  // Failures since the last right password (signed in, or told to reset), within the window.
  const [last] = await deps.db
    .select({ at: userEvents.createdAt })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), inArray(userEvents.type, ["LOGIN", "LOGIN_RESET_REQUIRED"])))
    .orderBy(desc(userEvents.createdAt))
    .limit(1);
  const from = new Date(Math.max(since, last?.at.getTime() ?? 0));
  const [row] = await deps.db
    .select({ n: count() })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), eq(userEvents.type, "LOGIN_FAILED"), gt(userEvents.createdAt, from)));
  return row?.n ?? 0;
}

async function recordFailure(deps: Deps, userId: string | null, email: string, now: Date) {
  if (userId) {
    await deps.db.insert(userEvents).values({ id: newId(), userId, type: "LOGIN_FAILED", createdAt: now });
    return;
  }
  let byEmail = unknownEmailFailures.get(deps.db);
  if (!byEmail) unknownEmailFailures.set(deps.db, (byEmail = new Map()));
  const since = now.getTime() - LOGIN_LOCK_MINUTES * 60_000;
  byEmail.set(email, [...(byEmail.get(email) ?? []).filter((t) => t > since), now.getTime()]);
  // Bounded: the oldest emails go first.
  if (byEmail.size > 10_000) byEmail.delete(byEmail.keys().next().value!);
}

/** Signs in: a token, or (a reset is required) a reset link sent instead. Wrong passwords count towards the lock. */
export async function signIn(deps: Deps, email: string, password: string): Promise<{ requiresReset: boolean; accessToken: string | null }> {
  const { db, clock, config } = deps;
  const key = email.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${key}`)
    .limit(1);
  const now = clock.now();
  // Too many wrong passwords lately: refused before the password is even looked at.
  if ((await recentFailures(deps, user?.id ?? null, key, now)) >= LOGIN_ATTEMPT_LIMIT) {
    throw new ApiError(429, TOO_MANY_LOGIN_ATTEMPTS_MESSAGE);
  }
  // Verify against a dummy hash for unknown emails so both failures take as long.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !ok) {
    await recordFailure(deps, user?.id ?? null, key, now);
    throw new ApiError(401, "Wrong email or password");
  }
  if (user.requiresPasswordReset) {
    // The 'Check Your Email' state promises an e-mail: send a reset link with it.
    await db.transaction(async (tx) => {
      await tx.insert(userEvents).values({ id: newId(), userId: user.id, type: "LOGIN_RESET_REQUIRED", createdAt: now });
      await sendResetPasswordLink(tx, config, user, now);
    });
    return { requiresReset: true, accessToken: null };
  }
  const token = await issueAccessToken(db, config, user.id, now);
  return { requiresReset: false, accessToken: token };
}

/** Signs out: the token is revoked. */
export async function signOut(deps: Pick<Deps, "db" | "clock">, auth: Auth) {
  const { db, clock } = deps;
  const now = clock.now();
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, auth.tokenId), eq(accessTokens.userId, auth.userId)));
  await db.insert(userEvents).values({ id: newId(), userId: auth.userId, type: "LOGOUT", createdAt: now });
}
