/**
 * The monthly charge job (part 2 §2 payment-plan-live): charges every payment plan instalment
 * due on or before today (Europe/London) off-session on its plan's saved card, once
 * (server/payment-plans/charge-service.ts), and logs one line. Safe to run anywhere, any number
 * of times at once (the sweeper runs it).
 */
import type { Deps } from "../context";
import { log } from "../lib/log";
import { chargeDueInstalments as chargeDue, type ChargeHooks, type InstalmentChargeRun } from "../payment-plans";

export type { InstalmentChargeRun };

export async function chargeDueInstalments(deps: Deps, now: Date = deps.clock.now(), hooks: ChargeHooks = {}): Promise<InstalmentChargeRun> {
  const run = await chargeDue(deps, now, hooks);
  // One line per run, counts only: never card data.
  log.info("job instalment-charges", {
    londonDay: run.londonDay,
    paid: run.paid.length,
    processing: run.processing.length,
    failed: run.failed.length,
    retry: run.retry.length,
  });
  return run;
}
