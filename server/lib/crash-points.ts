/**
 * Named places on the money paths where a crash test kills this process for real (issue 21).
 *
 * With `KEYFREE_CRASH_AT=<name>[,<name>…]` set, and outside production, the first time the
 * process reaches a named point it sends itself SIGKILL: no `finally`, no exit handler, no
 * flush, exactly as `kill -9` from outside at that line. The crash tests start the server as a
 * child process with the variable set, wait for it to die, start it again without it, and check
 * that the money landed once. Unset (always, in production) a point costs one Set lookup.
 */
export const CRASH_POINTS = [
  /** The sandbox has committed a confirmed payment (and queued its webhook) but delivered nothing. */
  "payment.before-webhook",
  /** The webhook handler has recorded the provider's event, and not yet applied it. */
  "webhook.after-event-row",
  /** An off-session instalment charge was taken by the provider, and not yet recorded. */
  "instalment.after-charge",
  /** A refund is recorded as owed (committed), and not yet asked of the provider. */
  "refund.after-owed",
  /** The provider has made an owed refund, and it is not yet marked paid. */
  "refund.after-provider",
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

function armed(env: Record<string, string | undefined>): Set<string> {
  if (env.NODE_ENV === "production") return new Set();
  return new Set(
    (env.KEYFREE_CRASH_AT ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

const points = armed(process.env);

/** Kills this process with SIGKILL here when the crash test armed `point`; otherwise nothing. */
export function crashPoint(point: CrashPoint): void {
  if (points.size === 0 || !points.has(point)) return;
  // Written synchronously so the test can tell its kill from an unexpected death.
  process.stderr.write(`crash point reached: ${point}\n`);
  process.kill(process.pid, "SIGKILL");
}

/**
 * A webhook endpoint that is down (issue 21's outage test): with `KEYFREE_WEBHOOK_OUTAGE_MS=<ms>`
 * set, outside production, the webhook answers 503 until the API's clock has moved that far past
 * the first request it saw, so a test moves the clock (ops `clock --advance`) instead of waiting.
 */
let outageEndsAt: number | null | undefined;
export function webhookOutage(now: Date): boolean {
  if (outageEndsAt === undefined) {
    const ms = Number(process.env.KEYFREE_WEBHOOK_OUTAGE_MS ?? "");
    outageEndsAt = process.env.NODE_ENV !== "production" && Number.isFinite(ms) && ms > 0 ? now.getTime() + ms : null;
  }
  return outageEndsAt !== null && now.getTime() < outageEndsAt;
}
