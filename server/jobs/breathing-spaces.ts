/**
 * The Breathing Space job (issue 36, decision 0047): records and moves the deadlines that fall
 * inside each open moratorium (those made while it is in force, and a crisis one's once its end
 * is known), and closes a moratorium after its last day (server/breathing-space/service.ts).
 * Safe to run anywhere, any number of times at once (the sweeper runs it first, so the other
 * jobs see the moved deadlines): each moratorium is taken with FOR UPDATE SKIP LOCKED.
 */
import type { Database } from "../db";
import type { Clock } from "../lib/clock";
import { log } from "../lib/log";
import { sweepBreathingSpaces as sweep, type BreathingSpaceSweep } from "../breathing-space";

export type { BreathingSpaceSweep };

export async function sweepBreathingSpaces(deps: { db: Database; clock: Clock }, now: Date = deps.clock.now()): Promise<BreathingSpaceSweep> {
  const run = await sweep(deps.db, now);
  // Counts and ids only: nothing about the tenant's money or health.
  log.info("job breathing-spaces", { recorded: run.recorded, moved: run.moved, closed: run.closed.length, skippedLocked: run.skippedLocked });
  return run;
}
