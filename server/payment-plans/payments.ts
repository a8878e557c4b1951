/**
 * The payment purpose of a payment plan instalment (issue 21): a card payment of an instalment,
 * taken off-session on its due day or by the tenant on manual-payment. Registered with the
 * payments module by server/app.ts, which calls it inside the transaction that records the
 * provider's event.
 *
 * A success makes the instalment PAID (recordInstalmentPaid, shared with the back office; paying
 * off the plan pays the claim balance it was for), once. Money for an instalment already paid
 * another way, or of the wrong amount, is given back. A failure makes a PENDING instalment FAILED
 * (the manual-payment screen and its e-mail), once. A paid instalment's receipt e-mail is queued
 * with it (issue 28), whether charged on its due day or paid by hand.
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Tx } from "../db";
import { orderCustomers, paymentPlanInstalments, paymentPlans } from "../db/schema";
import { log } from "../lib/log";
import { queuePaymentReceipt } from "../orders";
import type { PaidWith, PaymentEffect, PaymentPurpose } from "../payments";
import { recordInstalmentFailed, recordInstalmentPaid } from "./service";

/** The instalment an intent was made for, with its plan (locked) and the plan's customer; null unless they go together. */
async function instalmentOf(tx: Tx, intent: Stripe.PaymentIntent) {
  const instalmentId = intent.metadata.paymentPlanInstalmentId!;
  const [row] = await tx
    .select({ instalment: paymentPlanInstalments, plan: paymentPlans, customerId: orderCustomers.customerId })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(eq(paymentPlanInstalments.id, instalmentId))
    .limit(1)
    .for("update", { of: [paymentPlans, paymentPlanInstalments] });
  if (!row || row.plan.id !== intent.metadata.paymentPlanId) return null;
  return row;
}

async function succeeded(tx: Tx, intent: Stripe.PaymentIntent, now: Date, paidWith: PaidWith): Promise<PaymentEffect> {
  const row = await instalmentOf(tx, intent);
  if (!row) return { outcome: "ignored: unknown instalment" };
  const giveBack = (outcome: string): PaymentEffect => ({
    outcome,
    refund: { amount: intent.amount_received, reason: "PAYMENT_NOT_NEEDED", customerId: row.customerId },
  });
  if (row.instalment.status === "PAID") {
    if (row.instalment.stripePaymentIntentId === intent.id) return { outcome: "ignored: already paid" };
    // Paid another way meanwhile (the back office, another payment): this money is given back.
    log.error("instalment paid again", { instalmentId: row.instalment.id, paymentIntentId: intent.id });
    return giveBack("refunded: already paid");
  }
  if (intent.currency !== "gbp" || intent.amount_received !== row.instalment.amount) {
    log.error("payment does not match its instalment", {
      instalmentId: row.instalment.id,
      paymentIntentId: intent.id,
      amount: intent.amount_received,
      expected: row.instalment.amount,
    });
    return giveBack("refunded: amount does not match");
  }
  const pmId = typeof intent.payment_method === "string" ? intent.payment_method : (intent.payment_method?.id ?? null);
  const paid = await recordInstalmentPaid(tx, row.plan, row.instalment.id, now, { stripePaymentIntentId: intent.id, stripePaymentMethodId: pmId });
  if (!paid) return giveBack("refunded: already paid");
  // Its receipt, in this transaction: the instalment is a payment on the Keyfree page (issue 28).
  await queuePaymentReceipt(tx, { paymentId: row.instalment.id, customerId: row.customerId, cardLast4: paidWith.cardLast4 }, now);
  const outcome = !paid.paidOff
    ? "instalment paid"
    : `instalment paid; plan paid off${paid.claimPayment ? `; claim payment ${paid.claimPayment.effect}` : ""}`;
  return { outcome, rememberCardFor: row.customerId };
}

async function failed(tx: Tx, intent: Stripe.PaymentIntent, now: Date): Promise<PaymentEffect> {
  const row = await instalmentOf(tx, intent);
  if (!row) return { outcome: "ignored: unknown instalment" };
  // Already FAILED: the tenant was told at the first failure.
  if (row.instalment.status !== "PENDING") return { outcome: "ignored: already paid or failed" };
  const done = await recordInstalmentFailed(tx, row.plan, row.instalment, now);
  return { outcome: done ? "instalment failed" : "ignored: already paid or failed" };
}

export const instalmentPayments: PaymentPurpose = {
  name: "payment-plan-instalment",
  owns: (metadata) => typeof metadata.paymentPlanInstalmentId === "string",
  succeeded,
  failed,
};
