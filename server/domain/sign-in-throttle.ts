/**
 * Wrong passwords (issue 23, scope 5; OWASP ASVS 5.0 v6.3.1, v6.1.1). Two limits, both counted
 * in the database (`sign_in_failures`) so every API instance sees the same counts:
 *
 * - Per pair of e-mail and client address: PAIR_FAILURE_LIMIT wrong passwords within the window
 *   lock that pair until the oldest of them is a window old. A stranger at another address
 *   guessing a tenant's password locks only themselves, never the tenant (the old lock on the
 *   e-mail for everyone let anyone keep any tenant locked out). Five guesses in fifteen minutes
 *   is 480 a day per address: hopeless against any password the password rules accept, while
 *   a tenant who mistypes a few times is not stopped.
 * - Per client address across e-mails: ADDRESS_FAILURE_LIMIT wrong passwords within the window
 *   stop that address (password spraying: one common password tried on many e-mails). Thirty
 *   leaves room for a shared address (a household, an office, a mobile carrier's NAT) where a
 *   few people mistype now and then, while a sprayer gets 30 guesses per quarter hour.
 *
 * - Before the pair's lock, a slow-down: from the SLOW_DOWN_AFTER-th wrong password on, the next
 *   try for the pair is refused unless it comes a while after the latest wrong one: 2 s, then
 *   4 s, then 8 s (doubling). A tenant retyping a password never notices; a script trying the
 *   pair's five guesses is held to one every few seconds, and is told how long to wait.
 *
 * A right password clears its pair's count. The reset-password flow is never locked by either:
 * a locked tenant is told to reset their password, and can.
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const PAIR_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 30;

export const SIGN_IN_WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

/** The sign-in refusal's words, with the wait in whole minutes (never "0 minutes"). */
export function tooManySignInAttemptsMessage(minutes: number): string {
  const n = Math.max(1, Math.ceil(minutes));
  return `Too many attempts to sign in. Please try again in ${n} ${n === 1 ? "minute" : "minutes"}, or reset your password.`;
}

/** The slow-down starts once the pair has had this many wrong passwords in the window. */
export const SLOW_DOWN_AFTER = 2;

/** How long after the latest wrong password the pair's next try must wait, given how many there were. */
export function slowDownMs(pairFailuresInWindow: number): number {
  return pairFailuresInWindow < SLOW_DOWN_AFTER ? 0 : 1000 * 2 ** (pairFailuresInWindow - SLOW_DOWN_AFTER + 1);
}

/** The slow-down's words, with the wait in whole seconds (never "0 seconds"). */
export function signInTooSoonMessage(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds));
  return `Too many attempts to sign in. Please wait ${n} ${n === 1 ? "second" : "seconds"} and try again, or reset your password.`;
}

export type SignInRefusal = { until: Date; kind: "locked" | "slow-down" };

/** The refusal's words: the lock's wait in minutes, the slow-down's in seconds. */
export function signInRefusalMessage(refusal: SignInRefusal, now: Date): string {
  const waitMs = refusal.until.getTime() - now.getTime();
  return refusal.kind === "locked" ? tooManySignInAttemptsMessage(waitMs / 60_000) : signInTooSoonMessage(waitMs / 1000);
}

/**
 * Whether a sign-in is refused now, from the failures counted in the window (their times, any
 * order): the pair's and the address's. Locked until the latest lock ends; otherwise slowed
 * down until the pair's wait after its latest wrong password is over.
 */
export function signInLock(pairFailures: Date[], addressFailures: Date[], now: Date): SignInRefusal | null {
  const since = now.getTime() - SIGN_IN_WINDOW_MS;
  const ends: number[] = [];
  for (const [failures, limit] of [
    [pairFailures, PAIR_FAILURE_LIMIT],
    [addressFailures, ADDRESS_FAILURE_LIMIT],
  ] as const) {
    const recent = failures.map((d) => d.getTime()).filter((t) => t > since).sort((a, b) => b - a);
    // Locked until the limit-th most recent failure leaves the window (then fewer than the limit remain).
    if (recent.length >= limit) ends.push(recent[limit - 1]! + SIGN_IN_WINDOW_MS);
  }
  if (ends.length) return { until: new Date(Math.max(...ends)), kind: "locked" };
  const recentPair = pairFailures.map((d) => d.getTime()).filter((t) => t > since);
  if (recentPair.length === 0) return null;
  const slowUntil = Math.max(...recentPair) + slowDownMs(recentPair.length);
  return slowUntil > now.getTime() ? { until: new Date(slowUntil), kind: "slow-down" } : null;
}
