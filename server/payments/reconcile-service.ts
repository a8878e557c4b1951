/**
 * Reconciliation (issue 21, decision 0031): the provider's word about every payment intent we
 * made that is still open on our side (payment_intents.settled_at is null), applied through the
 * webhook's own path (settleIntent), so a webhook lost to a crash, an outage or a bug never
 * leaves a tenant charged with nothing to show for it.
 *
 * - The job (the sweeper, every run; `npm run ops -- reconcile-payments [--dry-run]`) leases the
 *   open intents due a check (`next_check_at`) with FOR UPDATE SKIP LOCKED, asks the provider
 *   about each outside any transaction, and:
 *     succeeded            → the success is applied (once: the ledger row is locked), logged;
 *     canceled             → settled as CANCELED, nothing to apply;
 *     failed (requires_payment_method with an error) → the failure is applied once per attempt;
 *     anything else        → still waiting for the tenant or the bank: asked again later.
 *   Checks back off: 1 minute after the first, doubling up to 6 hours. An intent the provider
 *   does not know is logged as an error and left open (a mismatch someone must look at).
 * - On demand: a tenant's page of a payment (pay, waiting, finish) first settles that tenant's
 *   open intents (at most once every few seconds each), so a payment the provider took shows
 *   as paid, never as "pay again".
 */
import type Stripe from "stripe";
import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import type { Deps } from "../context";
import { paymentIntents } from "../db/schema";
import { describeError, log } from "../lib/log";
import { reconciliationFindings } from "../lib/metrics";
import { failedStatus, settleIntent } from "./event-service";

type LedgerRow = typeof paymentIntents.$inferSelect;

const BATCH = 50;
/** A lease on a row being checked, so another instance does not ask at the same time. */
const LEASE_MS = 2 * 60_000;
const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** A page asks the provider about an open intent at most this often. */
export const ON_DEMAND_INTERVAL_MS = 5_000;
/** Intents older than this are left to the job (a page does not ask about them). */
const ON_DEMAND_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export type ReconcileAction = "apply-succeeded" | "apply-failed" | "settle-canceled" | "wait" | "unknown-at-provider" | "error";

export type ReconcileItem = { paymentIntentId: string; purpose: string; providerStatus: string | null; action: ReconcileAction; outcome?: string };

export type ReconcileRun = { dryRun: boolean; checked: number; applied: ReconcileItem[]; items: ReconcileItem[] };

/** What the provider's state of an intent asks of us, given what the ledger last saw. */
export function reconcileActionFor(intent: Pick<Stripe.PaymentIntent, "status" | "last_payment_error" | "id">, ledger: Pick<LedgerRow, "providerStatus">): ReconcileAction {
  if (intent.status === "succeeded") return "apply-succeeded";
  if (intent.status === "canceled") return "settle-canceled";
  if (intent.last_payment_error && failedStatus(intent as Stripe.PaymentIntent) !== ledger.providerStatus) return "apply-failed";
  return "wait";
}

function backoff(checks: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.min(checks, 20), MAX_BACKOFF_MS);
}

async function leaseDue(deps: Deps, exclude: string[]): Promise<LedgerRow[]> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const due = await tx
      .select()
      .from(paymentIntents)
      .where(and(isNull(paymentIntents.settledAt), lte(paymentIntents.nextCheckAt, now)))
      .orderBy(asc(paymentIntents.nextCheckAt), asc(paymentIntents.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = due.filter((r) => !exclude.includes(r.id));
    if (rows.length === 0) return [];
    await tx
      .update(paymentIntents)
      .set({ nextCheckAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          paymentIntents.id,
          rows.map((r) => r.id),
        ),
      );
    return rows;
  });
}

/** Asks the provider about one ledger row and (unless dry) applies what it says. */
async function checkOne(deps: Deps, row: LedgerRow, dryRun: boolean, why: string): Promise<ReconcileItem> {
  const base = { paymentIntentId: row.id, purpose: row.purpose };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.payments.stripe.paymentIntents.retrieve(row.id);
  } catch (error) {
    const unknown = (error as { statusCode?: number }).statusCode === 404;
    log.error(unknown ? "reconcile: the provider does not know this payment intent" : "reconcile: provider error", {
      paymentIntentId: row.id,
      ...describeError(error),
    });
    if (!dryRun) await reschedule(deps, row, null);
    return { ...base, providerStatus: null, action: unknown ? "unknown-at-provider" : "error" };
  }
  const action = reconcileActionFor(intent, row);
  const item: ReconcileItem = { ...base, providerStatus: intent.status, action };
  if (dryRun) return item;
  if (action === "apply-succeeded" || action === "apply-failed") {
    item.outcome = await settleIntent(deps, intent, why);
    if (action === "apply-failed") await reschedule(deps, row, failedStatus(intent));
  } else if (action === "settle-canceled") {
    const now = deps.clock.now();
    await deps.db
      .update(paymentIntents)
      .set({ settledAt: now, outcome: "CANCELED", providerStatus: intent.status, checkedAt: now })
      .where(and(eq(paymentIntents.id, row.id), isNull(paymentIntents.settledAt)));
  } else {
    await reschedule(deps, row, intent.status === row.providerStatus.split(":")[0] ? row.providerStatus : intent.status);
  }
  return item;
}

async function reschedule(deps: Deps, row: LedgerRow, providerStatus: string | null) {
  const now = deps.clock.now();
  await deps.db
    .update(paymentIntents)
    .set({
      nextCheckAt: new Date(now.getTime() + backoff(row.checks)),
      checks: row.checks + 1,
      checkedAt: now,
      ...(providerStatus !== null ? { providerStatus } : {}),
    })
    .where(and(eq(paymentIntents.id, row.id), isNull(paymentIntents.settledAt)));
}

/**
 * The job. With `dryRun`, every open intent (due or not) is asked about and what would be done is
 * listed, nothing changed: after a test run, `apply-*` rows mean a webhook was lost.
 */
export async function reconcilePayments(deps: Deps, options: { dryRun?: boolean } = {}): Promise<ReconcileRun> {
  const dryRun = options.dryRun === true;
  const run: ReconcileRun = { dryRun, checked: 0, applied: [], items: [] };
  if (dryRun) {
    const open = await deps.db.select().from(paymentIntents).where(isNull(paymentIntents.settledAt)).orderBy(asc(paymentIntents.createdAt));
    for (const row of open) {
      const item = await checkOne(deps, row, true, "dry run");
      run.checked += 1;
      if (item.action !== "wait") run.items.push(item);
    }
    return run;
  }
  const seen: string[] = [];
  for (;;) {
    const rows = await leaseDue(deps, seen);
    if (rows.length === 0) break;
    for (const row of rows) {
      seen.push(row.id);
      const item = await checkOne(deps, row, false, "reconciliation");
      run.checked += 1;
      if (item.action !== "wait") run.items.push(item);
      // For /metrics (issue 41): apply-succeeded is a webhook lost; unknown-at-provider needs a person.
      if (item.action !== "wait") reconciliationFindings.inc({ kind: item.action, purpose: row.purpose });
      if (item.action === "apply-succeeded" || item.action === "apply-failed") run.applied.push(item);
    }
  }
  if (run.items.length > 0) log.info("job reconcile-payments", { checked: run.checked, applied: run.applied.length, other: run.items.length - run.applied.length });
  return run;
}

/**
 * Before a tenant's payment page is shown: their open intents (recent, not asked about in the
 * last few seconds) are checked with the provider and a success applied, so the page shows what
 * the provider knows. Never throws: a provider error leaves the page as the database has it.
 */
export async function settleOpenPayments(deps: Deps, customerId: string): Promise<void> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.customerId, customerId),
        isNull(paymentIntents.settledAt),
        gte(paymentIntents.createdAt, new Date(now.getTime() - ON_DEMAND_MAX_AGE_MS)),
        or(isNull(paymentIntents.checkedAt), lte(paymentIntents.checkedAt, new Date(now.getTime() - ON_DEMAND_INTERVAL_MS))),
      ),
    )
    .limit(10);
  for (const row of rows) {
    try {
      await deps.db.update(paymentIntents).set({ checkedAt: now }).where(eq(paymentIntents.id, row.id));
      const intent = await deps.payments.stripe.paymentIntents.retrieve(row.id);
      if (reconcileActionFor(intent, row) === "apply-succeeded") await settleIntent(deps, intent, "on demand");
    } catch (error) {
      log.warn("on-demand payment check failed", { paymentIntentId: row.id, ...describeError(error) });
    }
  }
}
