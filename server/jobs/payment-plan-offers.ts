/**
 * The payment-plan offer sweep (part 2 §4: "A payment plan offer becomes void if all
 * three steps are not done within 48 hours"; §9 "Payment plan offer window: 48 hours
 * for three steps"): a PENDING plan whose offer is void becomes CANCELLED, so the
 * dashboard, claim and arbitration pages stop sending the tenant to it.
 *
 * And 12 hours before an offer lapses, its tenant is reminded once (issue 38, decision 0059:
 * remindEndingPaymentPlanOffers), while its steps are not all done.
 *
 * Each plan is handled in its own transaction that locks it with
 * `SELECT … FOR UPDATE SKIP LOCKED` and re-checks it, so the sweep is idempotent and
 * two instances running it at once never handle the same plan twice.
 */
import { and, asc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../db";
import { customers, orderCustomers, outboxEmails, paymentPlanActions, paymentPlans } from "../db/schema";
import { isPastDeadline, PAYMENT_PLAN_OFFER_REMINDER_HOURS } from "../domain/deadlines";
import { isPaymentPlanOfferVoid } from "../domain/payment-plans";
import { offerEndingKey, queueOfferEndingReminder } from "../payment-plans";
import type { PaymentPlanActionType, PaymentPlanStatus } from "../domain/statuses";
import type { Clock } from "../lib/clock";
import { log } from "../lib/log";

export type PaymentPlanOfferSweep = {
  /** PENDING plans whose 48 hours had passed when the sweep looked. */
  checked: number;
  /** The plans this sweep cancelled. */
  cancelledPaymentPlanIds: string[];
  /** Plans another sweep was handling (locked), or that had changed since (no longer PENDING). */
  skipped: number;
  /** Plans whose window passed but whose three steps were all done in time (left as they are). */
  notVoid: number;
};

/** Cancels every void payment-plan offer as of `now` (defaults to the clock). */
export async function voidExpiredPaymentPlanOffers(
  deps: { db: Database; clock: Clock },
  now: Date = deps.clock.now(),
): Promise<PaymentPlanOfferSweep> {
  const { db } = deps;
  // Candidates only: each one is locked and checked again in its own transaction.
  const candidates = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.status, "PENDING"), lt(paymentPlans.offerExpiresAt, now)))
    .orderBy(asc(paymentPlans.offerExpiresAt), asc(paymentPlans.id));

  const summary: PaymentPlanOfferSweep = { checked: candidates.length, cancelledPaymentPlanIds: [], skipped: 0, notVoid: 0 };
  for (const candidate of candidates) {
    const outcome = await db.transaction(async (tx) => {
      const plan = await lockPendingPlan(tx, candidate.id);
      if (!plan) return "skipped" as const;
      const actions = await tx
        .select()
        .from(paymentPlanActions)
        .where(eq(paymentPlanActions.paymentPlanId, plan.id));
      const isVoid = isPaymentPlanOfferVoid(
        {
          id: plan.id,
          status: plan.status as PaymentPlanStatus,
          createdAt: plan.createdAt,
          actions: actions.map((a) => ({ id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt })),
        },
        now,
      );
      if (!isVoid) return "notVoid" as const;
      await tx.update(paymentPlans).set({ status: "CANCELLED" }).where(eq(paymentPlans.id, plan.id));
      return "cancelled" as const;
    });
    if (outcome === "cancelled") summary.cancelledPaymentPlanIds.push(candidate.id);
    else if (outcome === "skipped") summary.skipped += 1;
    else summary.notVoid += 1;
  }
  log.info("job payment-plan-offers", {
    checked: summary.checked,
    cancelled: summary.cancelledPaymentPlanIds.length,
    skipped: summary.skipped,
    notVoid: summary.notVoid,
  });
  return summary;
}

export type PaymentPlanOfferReminders = { reminded: string[] };

/**
 * Reminds the tenant of every offer that lapses within 12 hours of `now` and is not lapsed yet,
 * whose three steps are not all done (PAYMENT_PLAN_OFFER_ENDING), once per offer: the outbox's
 * dedupe key is the record, so a second run, a second instance or a crash after the commit
 * sends nothing more. Each plan is locked (`FOR UPDATE SKIP LOCKED`) and checked again.
 */
export async function remindEndingPaymentPlanOffers(
  deps: { db: Database; clock: Clock },
  now: Date = deps.clock.now(),
): Promise<PaymentPlanOfferReminders> {
  const { db } = deps;
  const within = new Date(now.getTime() + PAYMENT_PLAN_OFFER_REMINDER_HOURS * 3600_000);
  const candidates = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .where(
      and(
        eq(paymentPlans.status, "PENDING"),
        gt(paymentPlans.offerExpiresAt, now),
        lte(paymentPlans.offerExpiresAt, within),
        // Not reminded yet: the key queueNotice gives the tenant's e-mail (server/lib/notices.ts).
        sql`not exists (select 1 from ${outboxEmails} where ${outboxEmails.dedupeKey} = ${offerEndingKey("")} || ${paymentPlans.id} || ':' || ${customers.userId} || ':EMAIL')`,
      ),
    )
    .orderBy(asc(paymentPlans.offerExpiresAt), asc(paymentPlans.id));
  const run: PaymentPlanOfferReminders = { reminded: [] };
  for (const candidate of candidates) {
    const sent = await db.transaction(async (tx) => {
      const plan = await lockPendingPlan(tx, candidate.id);
      if (!plan || isPastDeadline(plan.offerExpiresAt, now)) return false;
      const actions = await tx.select().from(paymentPlanActions).where(eq(paymentPlanActions.paymentPlanId, plan.id));
      if (actions.every((a) => a.completedAt !== null)) return false;
      return queueOfferEndingReminder(tx, plan, now);
    });
    if (sent) run.reminded.push(candidate.id);
  }
  if (candidates.length > 0) log.info("job payment-plan-offer-reminders", { candidates: candidates.length, reminded: run.reminded.length });
  return run;
}

/** The plan, locked, while it is still PENDING; undefined when another sweep holds it or it changed. */
async function lockPendingPlan(tx: Pick<Database, "select">, id: string) {
  const [plan] = await tx
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.id, id), eq(paymentPlans.status, "PENDING")))
    .for("update", { skipLocked: true });
  return plan;
}
