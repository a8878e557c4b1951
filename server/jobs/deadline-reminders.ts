/**
 * The deadline reminder job (issue 28, scope 2): queues the reminders due before each response
 * and payment deadline (the day before from 8am London, and the morning of the day:
 * server/claims/reminder-service.ts) and logs one line. Safe to run anywhere, any number of times
 * at once (the sweeper runs it every 30 seconds): each reminder goes once per tenant and stage.
 */
import type { Database } from "../db";
import type { Clock } from "../lib/clock";
import { log } from "../lib/log";
import { sendDueDeadlineReminders, type DeadlineReminderRun } from "../claims";

export type { DeadlineReminderRun };

/** Queues every deadline reminder due at `now` (defaults to the clock) and says what it sent. */
export async function sendDeadlineReminders(deps: { db: Database; clock: Clock }, now: Date = deps.clock.now()): Promise<DeadlineReminderRun> {
  const run = await sendDueDeadlineReminders(deps.db, now);
  log.info("job deadline-reminders", {
    reminders: run.sent.length,
    tenantsReminded: run.sent.reduce((n, s) => n + s.userIds.length, 0),
    alreadySent: run.alreadySent,
    skippedLocked: run.skippedLocked,
    failed: run.failed,
  });
  return run;
}
