import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Auth, Deps } from "../context";
import { accessTokens, signInFailures, userEvents, users } from "../db/schema";
import {
  ADDRESS_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  SIGN_IN_WINDOW_MS,
  signInLock,
  signInRefusalMessage,
} from "../domain/sign-in-throttle";
import { issueAccessToken } from "../lib/access-tokens";
import { ApiError } from "../lib/errors";
import { timingDummyHash, verifyPassword } from "../lib/passwords";
import { newId } from "../lib/tokens";
import { sendResetPasswordLink } from "./password-service";

/** Where the address is not known (no valid IP): all such sign-ins share one count. */
const UNKNOWN_ADDRESS = "unknown";

/** The failures in the window that the throttle counts: the pair's and the address's (newest first, no more than each limit). */
async function recentFailures(deps: Deps, email: string, address: string, now: Date) {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const times = (rows: Array<{ at: Date }>) => rows.map((r) => r.at);
  const pair = await deps.db
    .select({ at: signInFailures.createdAt })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), eq(signInFailures.clientAddress, address), gt(signInFailures.createdAt, since)))
    .orderBy(desc(signInFailures.createdAt))
    .limit(PAIR_FAILURE_LIMIT);
  const byAddress = await deps.db
    .select({ at: signInFailures.createdAt })
    .from(signInFailures)
    .where(and(eq(signInFailures.clientAddress, address), gt(signInFailures.createdAt, since)))
    .orderBy(desc(signInFailures.createdAt))
    .limit(ADDRESS_FAILURE_LIMIT);
  return { pair: times(pair), byAddress: times(byAddress) };
}

/** Rows older than the window count for nothing: the sweep deletes them. */
export async function deleteOldSignInFailures(deps: Pick<Deps, "db">, now: Date): Promise<number> {
  const gone = await deps.db
    .delete(signInFailures)
    .where(lt(signInFailures.createdAt, new Date(now.getTime() - SIGN_IN_WINDOW_MS)))
    .returning({ id: signInFailures.id });
  return gone.length;
}

/** Signs in: a token, or (a reset is required) a reset link sent instead. Wrong passwords count towards the lock. */
export async function signIn(
  deps: Deps,
  email: string,
  password: string,
  clientAddress: string | null,
): Promise<{ requiresReset: boolean; accessToken: string | null }> {
  const { db, clock, config } = deps;
  const key = email.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${key}`)
    .limit(1);
  const now = clock.now();
  const address = clientAddress ?? UNKNOWN_ADDRESS;
  // Too many wrong passwords lately from this address (for this e-mail, or for any): refused
  // before the password is even looked at, with the time to wait. Known and unknown e-mails
  // are counted alike, so the lock reveals nothing.
  const failures = await recentFailures(deps, key, address, now);
  const lock = signInLock(failures.pair, failures.byAddress, now);
  if (lock) throw new ApiError(429, signInRefusalMessage(lock, now));
  // Verify against a dummy hash for unknown emails so both failures take as long.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
  // A closed account (issue 40): refused as a wrong password is (its password was removed anyway).
  if (!user || !ok || user.closedAt) {
    await db.insert(signInFailures).values({ id: newId(), email: key, clientAddress: address, createdAt: now });
    if (user) await db.insert(userEvents).values({ id: newId(), userId: user.id, type: "LOGIN_FAILED", createdAt: now });
    throw new ApiError(401, "Wrong email or password");
  }
  // The right password: this pair starts again from nothing.
  await db.delete(signInFailures).where(and(eq(signInFailures.email, key), eq(signInFailures.clientAddress, address)));
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
