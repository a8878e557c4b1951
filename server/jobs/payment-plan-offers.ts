/**
 * The payment-plan offer sweep (part 2 §4: "A payment plan offer becomes void if all
 * three steps are not done within 48 hours"; §9 "Payment plan offer window: 48 hours
 * for three steps"): a PENDING plan whose offer is void becomes CANCELLED, so the
 * dashboard, claim and arbitration pages stop sending the tenant to it.
 *
 * Each plan is handled in its own transaction that locks it with
 * `SELECT … FOR UPDATE SKIP LOCKED` and re-checks it, so the sweep is idempotent and
 * two instances running it at once never handle the same plan twice.
 */
import { and, asc, eq, gt, lt, lte } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, customers, orderCustomers, orders, paymentPlanActions, paymentPlanInstalments, paymentPlans, properties, tenancies } from "../db/schema";
import { PAYMENT_PLAN_OFFER_REMINDER_HOURS } from "../domain/deadlines";
import { propertyLine } from "../domain/notices";
import { isPaymentPlanOfferVoid } from "../domain/payment-plans";
import { appUrl } from "../lib/app-url";
import { queueNotice } from "../lib/notices";
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
      const [plan] = await tx
        .select()
        .from(paymentPlans)
        .where(and(eq(paymentPlans.id, candidate.id), eq(paymentPlans.status, "PENDING")))
        .for("update", { skipLocked: true });
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

/**
 * The reminder before an offer lapses (issue 38): 12 hours before a PENDING plan's offer ends,
 * with a step still to do, its tenant is reminded once (PAYMENT_PLAN_OFFER_ENDING). Once: the
 * e-mail and text carry a dedupe key (the plan's), so a second run, or a second instance, queues
 * nothing. During a Breathing Space the catalogue holds it, like every reminder (decision 0047).
 * Returns the plans whose tenant was reminded by this run.
 */
export async function remindEndingPaymentPlanOffers(deps: { db: Database; clock: Clock }, now: Date = deps.clock.now()): Promise<string[]> {
  const { db } = deps;
  const soon = new Date(now.getTime() + PAYMENT_PLAN_OFFER_REMINDER_HOURS * 3_600_000);
  const candidates = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.status, "PENDING"), gt(paymentPlans.offerExpiresAt, now), lte(paymentPlans.offerExpiresAt, soon)))
    .orderBy(asc(paymentPlans.offerExpiresAt), asc(paymentPlans.id));
  const reminded: string[] = [];
  for (const candidate of candidates) {
    const sent = await db.transaction(async (tx) => {
      const [plan] = await tx
        .select({ plan: paymentPlans, userId: customers.userId, address: addresses })
        .from(paymentPlans)
        .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
        .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
        .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
        .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
        .innerJoin(properties, eq(properties.id, tenancies.propertyId))
        .leftJoin(addresses, eq(addresses.id, properties.addressId))
        .where(and(eq(paymentPlans.id, candidate.id), eq(paymentPlans.status, "PENDING")))
        .for("update", { of: paymentPlans, skipLocked: true });
      if (!plan || plan.plan.offerExpiresAt === null) return false;
      const actions = await tx.select({ completedAt: paymentPlanActions.completedAt }).from(paymentPlanActions).where(eq(paymentPlanActions.paymentPlanId, plan.plan.id));
      if (actions.length > 0 && actions.every((a) => a.completedAt !== null)) return false;
      const instalments = await tx.select({ id: paymentPlanInstalments.id }).from(paymentPlanInstalments).where(eq(paymentPlanInstalments.paymentPlanId, plan.plan.id));
      const queued = await queueNotice(
        tx,
        {
          kind: "PAYMENT_PLAN_OFFER_ENDING",
          facts: {
            property: plan.address ? propertyLine(plan.address) : "your tenancy",
            link: `${appUrl()}/payment-plan/${plan.plan.id}`,
            amountPence: plan.plan.amount,
            instalments: instalments.length,
            offerExpiresAt: plan.plan.offerExpiresAt,
          },
        },
        [plan.userId],
        now,
        { dedupeKey: `plan-offer-ending:${plan.plan.id}` },
      );
      return queued.emails > 0;
    });
    if (sent) reminded.push(candidate.id);
  }
  if (reminded.length > 0) log.info("job payment-plan-offer-reminders", { reminded: reminded.length });
  return reminded;
}
