/**
 * The payment purpose of an order customer action (issue 21): the Keyfree fee and the annual fee
 * (TOP_UP). A claim's, proposal's, dispute fee's or arbitration's payment is the claim-payments
 * area's purpose (server/claim-payments/purpose.ts, decision 0054), which makes the same checks
 * through applyActionPayment and applies its own effect. Registered with the payments module by
 * server/app.ts; the payments module calls it inside the transaction that records the provider's
 * event, and records any refund it asks for in that transaction.
 *
 * Money no action needs is given back rather than kept: a payment for an action someone else's
 * payment already settled (a co-tenant cleared the balance, a second tab paid an older intent),
 * a payment that does not match its action, and for a claim what was paid above the balance
 * left when the payment arrived (a co-tenant's share came in first).
 *
 * Money received is receipted (issue 28): the payer's PAYMENT_RECEIPT e-mail is queued in the same
 * transaction, for what was kept (receipts-service.ts); money given back whole gets only the
 * refund e-mail.
 */
import type Stripe from "stripe";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../db";
import { orderCustomerActions, orderCustomers, orders, tenancyAnniversaries } from "../db/schema";
import { isClaimPaymentType } from "../domain/claim-payments";
import { log } from "../lib/log";
import type { PaidWith, PaymentEffect, PaymentPurpose } from "../payments";
import { queuePaymentReceipt } from "./receipts-service";

async function lockedAction(tx: Tx, actionId: string) {
  const [row] = await tx
    .select({ action: orderCustomerActions, orderCustomer: orderCustomers, order: orders })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(eq(orderCustomerActions.id, actionId))
    .limit(1)
    .for("update", { of: orderCustomerActions });
  return row;
}

type ActionRow = NonNullable<Awaited<ReturnType<typeof lockedAction>>>;

/**
 * What a checked payment of an action does (the order's own, or a claim's): `paidBy` is merged
 * into the action's details, `giveBack` makes the effect of refunding the whole payment.
 */
export type ActionPaymentEffect = (
  tx: Tx,
  paid: { row: ActionRow; intent: Stripe.PaymentIntent; now: Date; paidWith: PaidWith; customerId: string },
) => Promise<PaymentEffect>;

/**
 * A succeeded payment of an order customer action: the action is locked and the payment checked
 * (not ours, already applied, the action already complete, a different intent or amount: money
 * given back), then `apply` does what it means.
 */
export async function applyActionPayment(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  now: Date,
  paidWith: PaidWith,
  apply: ActionPaymentEffect,
): Promise<PaymentEffect> {
  const actionId = intent.metadata.orderCustomerActionId!;
  const row = await lockedAction(tx, actionId);
  // Not one of ours (another environment on the same Stripe account): not ours to refund either.
  if (!row) return { outcome: "ignored: unknown action" };
  const customerId = row.orderCustomer.customerId;
  const giveBack = (outcome: string): PaymentEffect => ({
    outcome,
    refund: { amount: intent.amount_received, reason: "PAYMENT_NOT_NEEDED", customerId, orderCustomerActionId: actionId },
  });
  if (row.action.details.paidByPaymentIntentId === intent.id) return { outcome: "ignored: already applied" };
  if (row.action.completedAt) return giveBack("refunded: the action was already complete");
  const expected = Number(row.action.details.stripePaymentIntentAmount);
  if (row.action.details.stripePaymentIntentId !== intent.id || intent.amount_received !== expected) {
    log.error("payment does not match its action", { actionId, paymentIntentId: intent.id, amount: intent.amount_received, expected });
    return giveBack("refunded: amount or intent does not match");
  }
  return apply(tx, { row, intent, now, paidWith, customerId });
}

/** The Keyfree fee or the annual fee paid: the action completes, and the order once every customer's is. */
const completeOrderAction: ActionPaymentEffect = async (tx, { row, intent, now, paidWith, customerId }) => {
  const actionId = row.action.id;
  const paidBy = { paidByPaymentIntentId: intent.id };
  await tx
    .update(orderCustomerActions)
    .set({ completedAt: now, details: { ...row.action.details, amountRemaining: 0, amountPaid: intent.amount_received, ...paidBy } })
    .where(and(eq(orderCustomerActions.id, actionId), isNull(orderCustomerActions.completedAt)));
  // The order is complete once every customer's payment of that kind is made.
  const open = await tx
    .select({ id: orderCustomerActions.id })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(
      and(
        eq(orderCustomers.orderId, row.order.id),
        eq(orderCustomerActions.typeId, row.action.typeId),
        isNull(orderCustomerActions.completedAt),
      ),
    )
    .limit(1);
  if (open.length === 0) {
    await tx.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, row.order.id));
    if (row.order.productId === "TOP_UP") {
      await tx.update(tenancyAnniversaries).set({ paidAt: now }).where(eq(tenancyAnniversaries.orderId, row.order.id));
    }
  }
  await queuePaymentReceipt(tx, { paymentId: actionId, customerId, cardLast4: paidWith.cardLast4 }, now);
  return { outcome: "payment applied", rememberCardFor: customerId };
};

/** A failed payment is noted on its action so the tenant can be told and try again. */
export async function noteFailedActionPayment(tx: Tx, intent: Stripe.PaymentIntent): Promise<PaymentEffect> {
  const actionId = intent.metadata.orderCustomerActionId!;
  const [action] = await tx.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, actionId)).limit(1);
  if (!action || action.completedAt) return { outcome: "ignored" };
  await tx
    .update(orderCustomerActions)
    .set({ details: { ...action.details, lastPaymentError: intent.last_payment_error?.message ?? "An error has occured" } })
    .where(eq(orderCustomerActions.id, actionId));
  return { outcome: "failure noted" };
}

export const orderActionPayments: PaymentPurpose = {
  name: "order-action",
  owns: (metadata) =>
    typeof metadata.orderCustomerActionId === "string" && !metadata.paymentPlanInstalmentId && !isClaimPaymentType(metadata.paymentType),
  succeeded: (tx, intent, now, paidWith) => applyActionPayment(tx, intent, now, paidWith, completeOrderAction),
  failed: noteFailedActionPayment,
};
