/**
 * The more-time job (issue 36, decision 0049): a request for more time the back office has not
 * answered within 2 working days is granted the days asked for (server/claims/more-time-service.ts),
 * so no tenant waits on us with a deadline held open. Logs one line (ids and counts only). Safe to
 * run anywhere, any number of times at once (the sweeper runs it, before the claim deadlines).
 */
import type { Database } from "../db";
import type { Clock } from "../lib/clock";
import { log } from "../lib/log";
import { grantOverdueMoreTimeRequests, type MoreTimeSweep } from "../claims";

export type { MoreTimeSweep };

/** Grants every request for more time still waiting after its answer-by at `now` (defaults to the clock). */
export async function grantOverdueMoreTime(deps: { db: Database; clock: Clock }, now: Date = deps.clock.now()): Promise<MoreTimeSweep> {
  const sweep = await grantOverdueMoreTimeRequests(deps.db, now);
  log.info("job more-time-requests", {
    granted: sweep.granted.map((g) => g.moreTimeRequestId),
    lapsed: sweep.lapsed,
    skippedLocked: sweep.skippedLocked,
  });
  return sweep;
}
