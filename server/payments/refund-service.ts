/**
 * Owed refunds (issue 8, part 1 §4.1 "held for at most 7 days, refunded in full if the
 * proposal is refused"): money we must give back to a card.
 *
 * Crash-safe in two steps:
 *  1. The change that makes money owed (a tenant proposal refused or its hold run out, an
 *     unused dispute fee credit) records an `owed_refunds` row IN ITS OWN TRANSACTION
 *     (recordOwedRefund): if that commits, the refund is owed; if not, nothing happened.
 *  2. payOwedRefunds pays what is owed: it leases unpaid rows with `FOR UPDATE SKIP LOCKED`
 *     (so two instances never take the same row), calls the card provider OUTSIDE any
 *     transaction with the idempotency key `owed-refund-<id>` (a retry, or a second instance
 *     after a lease ran out, gets the same refund, never a second one), then marks the row
 *     paid and queues the tenant's e-mail in one transaction, guarded by `paid_at IS NULL`
 *     (one e-mail per refund). A crash anywhere in between leaves the row unpaid; the next
 *     run (the sweeper, or a restart's) pays it.
 *
 * The callers run payOwedRefunds right after their transaction commits, so the tenant is
 * refunded at once in the normal case; the sweeper (server/jobs/sweeper.ts) is the safety net.
 */
import type Stripe from "stripe";
import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { disputeFeeRefundWords, plainPounds } from "#common/wording";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import { owedRefunds } from "../db/schema";
import { crashPoint } from "../lib/crash-points";
import { describeError, log } from "../lib/log";
import { newId } from "../lib/tokens";
import type { UnneededPaymentReason } from "./purpose-service";
import { queueRefundEmail } from "./refund-email";

export type OwedRefundReason = "PROPOSAL_REFUSED" | "PROPOSAL_HOLD_EXPIRED" | "DISPUTE_FEE_CREDIT" | UnneededPaymentReason;
export type OwedRefundRow = typeof owedRefunds.$inferSelect;

/** How long a run holds a row it is paying before another run may take it over. */
export const OWED_REFUND_LEASE_MS = 5 * 60_000;
/** A failed attempt is tried again after this many minutes times the attempts made (at most an hour). */
const RETRY_STEP_MS = 60_000;
const BATCH = 20;

/**
 * Records money owed back to the card that paid `stripePaymentIntentId`. Call it inside the
 * transaction that makes the money owed. Once per payment and reason (a replay records nothing).
 */
export async function recordOwedRefund(
  db: Pick<Database, "insert">,
  input: {
    customerId: string;
    stripePaymentIntentId: string;
    amount: number;
    reason: OwedRefundReason;
    claimId?: string | null;
    orderCustomerActionId?: string | null;
    /** What the card paid, when the refund gives back a payment no action needed. */
    paymentAmount?: number | null;
  },
  now: Date,
): Promise<string | null> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return null;
  const [row] = await db
    .insert(owedRefunds)
    .values({
      id: newId(),
      customerId: input.customerId,
      stripePaymentIntentId: input.stripePaymentIntentId,
      amount: input.amount,
      reason: input.reason,
      claimId: input.claimId ?? null,
      orderCustomerActionId: input.orderCustomerActionId ?? null,
      paymentAmount: input.paymentAmount ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: owedRefunds.id });
  return row?.id ?? null;
}

export type OwedRefundsRun = { paid: { id: string; stripeRefundId: string; amount: number }[]; failed: number };

type RefundDeps = Pick<Deps, "db" | "clock" | "payments">;

/** Takes (leases) up to BATCH unpaid rows no other run holds. */
async function leaseDue(deps: RefundDeps, exclude: string[]): Promise<OwedRefundRow[]> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const due = await tx
      .select()
      .from(owedRefunds)
      .where(and(isNull(owedRefunds.paidAt), or(isNull(owedRefunds.claimedUntil), lte(owedRefunds.claimedUntil, now))))
      .orderBy(asc(owedRefunds.createdAt), asc(owedRefunds.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = due.filter((r) => !exclude.includes(r.id));
    if (rows.length === 0) return [];
    await tx
      .update(owedRefunds)
      .set({ claimedUntil: new Date(now.getTime() + OWED_REFUND_LEASE_MS), attempts: sql`${owedRefunds.attempts} + 1` })
      .where(
        inArray(
          owedRefunds.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({ ...r, attempts: r.attempts + 1 }));
  });
}

/** Pays every refund that is owed and not held by another run. Safe to run anywhere, any number of times at once. */
export async function payOwedRefunds(deps: RefundDeps): Promise<OwedRefundsRun> {
  const run: OwedRefundsRun = { paid: [], failed: 0 };
  const seen: string[] = [];
  for (;;) {
    const rows = await leaseDue(deps, seen);
    if (rows.length === 0) break;
    for (const row of rows) {
      seen.push(row.id);
      const refund = await payOne(deps, row);
      if (refund) run.paid.push({ id: row.id, stripeRefundId: refund.id, amount: refund.amount });
      else run.failed += 1;
    }
  }
  if (run.paid.length + run.failed > 0) log.info("job owed-refunds", { paid: run.paid.length, failed: run.failed });
  return run;
}

async function payOne(deps: RefundDeps, row: OwedRefundRow): Promise<Stripe.Refund | null> {
  crashPoint("refund.after-owed");
  let refund: Stripe.Refund;
  try {
    // Outside any transaction (the sandbox shares the embedded database); the key makes a retry the same refund.
    refund = await deps.payments.stripe.refunds.create(
      {
        payment_intent: row.stripePaymentIntentId,
        amount: row.amount,
        reason: "requested_by_customer",
        metadata: { owedRefundId: row.id, reason: row.reason },
      },
      { idempotencyKey: `owed-refund-${row.id}` },
    );
  } catch (error) {
    const now = deps.clock.now();
    const retryAt = new Date(now.getTime() + Math.min(row.attempts, 60) * RETRY_STEP_MS);
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(owedRefunds)
      .set({ lastError: message.slice(0, 1000), claimedUntil: retryAt })
      .where(and(eq(owedRefunds.id, row.id), isNull(owedRefunds.paidAt)));
    log.error("owed refund failed", { owedRefundId: row.id, paymentIntentId: row.stripePaymentIntentId, attempts: row.attempts, ...describeError(error) });
    return null;
  }
  crashPoint("refund.after-provider");
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(owedRefunds)
      .set({ paidAt: now, stripeRefundId: refund.id, claimedUntil: null, lastError: null })
      .where(and(eq(owedRefunds.id, row.id), isNull(owedRefunds.paidAt)))
      .returning({ id: owedRefunds.id });
    // Another run marked it first (same refund, by its key): it told the tenant.
    if (done.length === 0) return;
    await queueRefundEmail(
      tx,
      { customerId: row.customerId, amountPence: refund.amount, refundId: refund.id, why: owedRefundWhy(row.reason, refund.amount, row.paymentAmount) },
      now,
    );
  });
  log.warn("owed refund paid", { owedRefundId: row.id, paymentIntentId: row.stripePaymentIntentId, refundId: refund.id, amount: refund.amount });
  return refund;
}

function owedRefundWhy(reason: string, amount: number, paymentAmount: number | null): string {
  const back = plainPounds(amount);
  const paid = plainPounds(paymentAmount ?? amount);
  switch (reason) {
    case "PAYMENT_NOT_NEEDED":
      return `Your card payment of ${paid} was not needed, because this payment had already been made. We have refunded the full ${back} to your card.`;
    case "PAYMENT_EXCESS":
      return `Your card payment of ${paid} was more than was left to pay, because another payment came in first. We have refunded the difference of ${back} to your card.`;
    case "PROPOSAL_REFUSED":
      return `Your landlord or agent did not accept your proposal and has put forward a final proposal instead, so we have refunded the ${back} you paid with your proposal to your card.`;
    case "PROPOSAL_HOLD_EXPIRED":
      return `Your landlord or agent did not accept your proposal within ${PROPOSAL_HOLD_DAYS} days, so we have refunded the ${back} you paid with your proposal to your card. You can respond to the charges again.`;
    case "DISPUTE_FEE_CREDIT":
      // The Result card's sentence (issue 38, decision 0059): the fee paid is on the row (award.ts).
      return disputeFeeRefundWords(amount, paymentAmount ?? DISPUTE_FEE_PENCE, plainPounds).text;
    default:
      return `We have refunded ${back} to your card.`;
  }
}
