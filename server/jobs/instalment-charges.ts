/**
 * The monthly charge job (part 2 §2 payment-plan-live): charges every payment plan instalment
 * due on or before today (Europe/London) off-session on its plan's saved card, once. The lease,
 * the provider call and the recording are in server/payment-plans/charges.ts; this is the loop
 * and its log line. Safe to run anywhere, any number of times at once (the sweeper runs it).
 */
import type { Deps } from "../context";
import { londonDate } from "../domain/london-time";
import { log } from "../lib/log";
import { chargeInstalment, leaseDueInstalments, type ChargeHooks } from "../payment-plans/charges";

export type InstalmentChargeRun = {
  /** The London day charged for. */
  londonDay: string;
  paid: string[];
  /** Charged, the outcome still to come by the webhook. */
  processing: string[];
  /** Needed the tenant (authentication, declined): FAILED, e-mailed the manual-payment link. */
  failed: string[];
  /** The provider did not answer: left PENDING for a later run. */
  retry: string[];
};

export async function chargeDueInstalments(deps: Deps, now: Date = deps.clock.now(), hooks: ChargeHooks = {}): Promise<InstalmentChargeRun> {
  const run: InstalmentChargeRun = { londonDay: londonDate(now), paid: [], processing: [], failed: [], retry: [] };
  const seen: string[] = [];
  for (;;) {
    const rows = await leaseDueInstalments(deps, now, seen);
    if (rows.length === 0) break;
    for (const row of rows) {
      seen.push(row.instalmentId);
      const outcome = await chargeInstalment(deps, row, hooks);
      run[outcome].push(row.instalmentId);
    }
  }
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
