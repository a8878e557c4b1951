/**
 * The monthly charge of a live payment plan (part 2 §2 payment-plan-live: "Instalments are
 * charged automatically each month"): each due instalment is charged off-session on the plan's
 * saved card, once.
 *
 * Once, with several API instances and across crashes:
 *  1. leaseDueInstalments takes due rows with `FOR UPDATE SKIP LOCKED` in a short transaction
 *     and marks the attempt (`charge_started_at`, a lease of INSTALMENT_CHARGE_LEASE_MS): two
 *     runs never charge the same row at once.
 *  2. chargeInstalment calls the card provider OUTSIDE any transaction with the idempotency key
 *     `instalment-charge-<instalmentId>`: a retry after a crash (the lease runs out, the next run
 *     takes the row again) gets the same intent, never a second charge.
 *  3. The intent is recorded (`charge_payment_intent_id`); once recorded the job never charges
 *     the instalment again, whatever the provider's idempotency keys (kept 24 hours) remember.
 * The provider's webhook stays the source of truth for PAID and FAILED; the job applies the
 * outcome it got at once through the payments module's settleIntent (the webhook's own path) or
 * recordInstalmentFailed, so whichever comes first wins and the other changes nothing. The charge
 * itself is the payments module's (chargeSavedCard), which puts the intent in its ledger.
 */
import type Stripe from "stripe";
import { and, asc, eq, inArray, isNotNull, isNull, lte, not, or } from "drizzle-orm";
import type { Deps } from "../context";
import { customers, orderCustomers, orders, paymentPlanInstalments, paymentPlans } from "../db/schema";
import { londonDate } from "../domain/london-time";
import { chargeFailureKind, INSTALMENT_CHARGE_LEASE_MS, instalmentChargeDue } from "../domain/payment-plans-rules";
import { describeError, log } from "../lib/log";
import { settleIntent, chargeSavedCard } from "../payments";
import { planAwaitingPlanAnswer } from "../lib/plan-request-reads";
import { recordInstalmentFailed } from "./service";
import { noBreathingSpaceFor } from "../lib/breathing-space-reads";

export type ChargeDeps = Deps;

const BATCH = 20;

export type LeasedInstalment = {
  instalmentId: string;
  instalmentNumber: number;
  amount: number;
  paymentPlanId: string;
  stripePaymentMethodId: string;
  stripeCustomerId: string | null;
  customerId: string;
  orderId: string;
};

/** Takes (leases) up to BATCH instalments due on `now`'s London day that no other run holds. */
export async function leaseDueInstalments(deps: ChargeDeps, now: Date, exclude: readonly string[]): Promise<LeasedInstalment[]> {
  const today = londonDate(now);
  const leaseEnded = new Date(now.getTime() - INSTALMENT_CHARGE_LEASE_MS);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        instalment: paymentPlanInstalments,
        planStatus: paymentPlans.status,
        planCard: paymentPlans.stripePaymentMethodId,
        stripeCustomerId: customers.stripeCustomerId,
        customerId: customers.id,
        orderId: orders.id,
      })
      .from(paymentPlanInstalments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
      .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
      .where(
        and(
          eq(paymentPlanInstalments.status, "PENDING"),
          lte(paymentPlanInstalments.dueDate, today),
          isNull(paymentPlanInstalments.chargePaymentIntentId),
          or(isNull(paymentPlanInstalments.chargeStartedAt), lte(paymentPlanInstalments.chargeStartedAt, leaseEnded)),
          eq(paymentPlans.status, "ACTIVE"),
          isNotNull(paymentPlans.stripePaymentMethodId),
          // Breathing Space (issue 36, decision 0047): no instalment of a tenant in one is charged.
          noBreathingSpaceFor(customers.userId, now),
          // Not while the tenant waits for our answer to a plan for a missed instalment of it (issue 36).
          not(planAwaitingPlanAnswer(paymentPlans.id)),
        ),
      )
      .orderBy(asc(paymentPlanInstalments.dueDate), asc(paymentPlanInstalments.id))
      .limit(BATCH)
      .for("update", { of: paymentPlanInstalments, skipLocked: true });
    const due = rows.filter(
      (r) =>
        !exclude.includes(r.instalment.id) &&
        instalmentChargeDue(
          {
            planStatus: r.planStatus,
            planCard: r.planCard,
            instalmentStatus: r.instalment.status,
            dueDate: r.instalment.dueDate,
            chargePaymentIntentId: r.instalment.chargePaymentIntentId,
          },
          today,
        ),
    );
    if (due.length === 0) return [];
    await tx
      .update(paymentPlanInstalments)
      .set({ chargeStartedAt: now })
      .where(inArray(paymentPlanInstalments.id, due.map((r) => r.instalment.id)));
    return due.map((r) => ({
      instalmentId: r.instalment.id,
      instalmentNumber: r.instalment.instalmentNumber,
      amount: r.instalment.amount,
      paymentPlanId: r.instalment.paymentPlanId,
      stripePaymentMethodId: r.planCard!,
      stripeCustomerId: r.stripeCustomerId,
      customerId: r.customerId,
      orderId: r.orderId,
    }));
  });
}

export type ChargeOutcome = "paid" | "processing" | "failed" | "retry";

export type ChargeHooks = {
  /** Runs after the provider answered and before anything is recorded (tests throw here to play a crash). */
  afterProviderCall?: (instalmentId: string) => void | Promise<void>;
};

/**
 * Charges one leased instalment off-session on the plan's card. Not createPaymentIntent
 * (server/payments/service.ts): that one makes an intent for the tenant to confirm in the
 * browser and saves the card for later (setup_future_usage), which Stripe refuses together
 * with off_session; this one confirms at once with the saved card.
 */
export async function chargeInstalment(deps: ChargeDeps, row: LeasedInstalment, hooks: ChargeHooks = {}): Promise<ChargeOutcome> {
  if (!row.stripeCustomerId) {
    // A saved card always has a provider customer; without one there is nothing to charge.
    log.error("instalment charge: no card provider customer", { instalmentId: row.instalmentId, paymentPlanId: row.paymentPlanId });
    return "retry";
  }
  let intent: Stripe.PaymentIntent;
  try {
    intent = await chargeSavedCard(deps, {
      amount: row.amount,
      stripeCustomerId: row.stripeCustomerId,
      paymentMethodId: row.stripePaymentMethodId,
      metadata: {
        orderId: row.orderId,
        customerId: row.customerId,
        paymentPlanId: row.paymentPlanId,
        paymentPlanInstalmentId: row.instalmentId,
      },
      idempotencyKey: `instalment-charge-${row.instalmentId}`,
    });
  } catch (error) {
    const kind = chargeFailureKind(error as { type?: string; rawType?: string; statusCode?: number });
    const failedIntent = (error as { raw?: { payment_intent?: { id?: string } } }).raw?.payment_intent?.id ?? null;
    await hooks.afterProviderCall?.(row.instalmentId);
    if (kind === "retry") {
      log.warn("instalment charge: provider unavailable, tried again later", {
        instalmentId: row.instalmentId,
        paymentPlanId: row.paymentPlanId,
        ...describeError(error),
      });
      return "retry";
    }
    await recordChargeFailed(deps, row, failedIntent);
    return "failed";
  }
  await hooks.afterProviderCall?.(row.instalmentId);
  await deps.db
    .update(paymentPlanInstalments)
    .set({ chargePaymentIntentId: intent.id })
    .where(and(eq(paymentPlanInstalments.id, row.instalmentId), isNull(paymentPlanInstalments.chargePaymentIntentId)));
  if (intent.status === "succeeded") {
    await settleIntent(deps, intent, "instalment charged");
    return "paid";
  }
  // processing (or anything else): the webhook says how it ends.
  return "processing";
}

/**
 * A charge only the tenant can put right (authentication required, declined): the intent is
 * recorded and the instalment FAILED with the manual-payment e-mail (recordInstalmentFailed,
 * once; the webhook's payment_failed then changes nothing), so the plan's screen is manual-payment.
 */
async function recordChargeFailed(deps: ChargeDeps, row: LeasedInstalment, intentId: string | null) {
  await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, row.paymentPlanId)).for("update");
    const [instalment] = await tx
      .select()
      .from(paymentPlanInstalments)
      .where(eq(paymentPlanInstalments.id, row.instalmentId))
      .for("update");
    if (!plan || !instalment) return;
    if (intentId && !instalment.chargePaymentIntentId) {
      await tx.update(paymentPlanInstalments).set({ chargePaymentIntentId: intentId }).where(eq(paymentPlanInstalments.id, instalment.id));
    }
    if (instalment.status === "PENDING") await recordInstalmentFailed(tx, plan, instalment, deps.clock.now());
  });
}
