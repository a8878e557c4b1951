/**
 * The monthly charge of the live payment plans (part 2 §2 payment-plan-live): every instalment
 * due on or before `now`'s London day is charged off-session on its plan's saved card, once. The
 * lease, the provider call and the recording are in charges.ts; this is the loop the clock's job
 * (server/jobs/instalment-charges.ts) runs. Safe to run anywhere, any number of times at once.
 */
import type { Deps } from "../context";
import { londonDate } from "../domain/london-time";
import { chargeInstalment, leaseDueInstalments, type ChargeHooks } from "./charges";

export type { ChargeHooks };

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

export async function chargeDueInstalments(deps: Deps, now: Date, hooks: ChargeHooks = {}): Promise<InstalmentChargeRun> {
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
  return run;
}
