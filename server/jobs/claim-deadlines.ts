/**
 * The claim deadline job: applies every claim deadline due (charges treated as accepted, proposal
 * holds run out: server/claims/deadline-service.ts) and logs one line. Safe to run anywhere, any
 * number of times at once (the sweeper runs it).
 */
import type { Database } from "../db";
import type { Clock } from "../lib/clock";
import { log } from "../lib/log";
import { applyDueClaimDeadlines, type ClaimDeadlineSweep } from "../claims";

export type { ClaimDeadlineSweep };

/** Applies every claim deadline due at `now` (defaults to the clock) and says what it did. */
export async function sweepClaimDeadlines(
  deps: { db: Database; clock: Clock },
  now: Date = deps.clock.now(),
): Promise<ClaimDeadlineSweep> {
  const summary = await applyDueClaimDeadlines(deps.db, now);
  log.info("job claim-deadlines", {
    chargesDeemedAccepted: summary.chargesDeemedAccepted.length,
    proposalsRefused: summary.proposalsRefused.length,
    skippedLocked: summary.skippedLocked,
    notDue: summary.notDue,
    breathingSpace: summary.breathingSpace,
  });
  return summary;
}
