/**
 * The payment purpose of a claim's money (issue 21; its own area since issue 37, decision 0054):
 * a card payment of an own share or a remaining balance, a tenant proposal's upfront payment, the
 * dispute fee, an award's repayment. Registered with the payments module by server/app.ts. The
 * checks every order customer action's payment gets are the orders area's (applyActionPayment):
 * a payment nothing needs is given back. Then the payment is applied to the claim's balances
 * (completePaymentAction), and what was paid above the balance left when it arrived (a
 * co-tenant's share came in first) is given back too.
 *
 * Money received is receipted (issue 28): the payer's PAYMENT_RECEIPT e-mail is queued in the
 * same transaction, for what was kept; money given back whole gets only the refund e-mail.
 */
import { eq } from "drizzle-orm";
import { orderCustomerActions } from "../db/schema";
import { isClaimPaymentType } from "../domain/claim-payments";
import { applyActionPayment, noteFailedActionPayment, queuePaymentReceipt, type ActionPaymentEffect } from "../orders";
import type { PaymentPurpose } from "../payments";
import { completePaymentAction } from "./balances";

const payClaimAction: ActionPaymentEffect = async (tx, { row, intent, now, paidWith, customerId }) => {
  const actionId = row.action.id;
  await completePaymentAction(tx, actionId, now);
  const [done] = await tx.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, actionId));
  await tx
    .update(orderCustomerActions)
    .set({ details: { ...done!.details, paidByPaymentIntentId: intent.id } })
    .where(eq(orderCustomerActions.id, actionId));
  const excess = intent.amount_received - Number(done!.details.amountPaid ?? intent.amount_received);
  // The receipt is for what was kept; a payment nothing needed (all of it given back) has none.
  await queuePaymentReceipt(tx, { paymentId: actionId, customerId, cardLast4: paidWith.cardLast4, givenBackPence: Math.max(excess, 0) }, now);
  if (excess > 0) {
    return {
      outcome: `claim payment applied; ${excess} refunded`,
      rememberCardFor: customerId,
      refund: { amount: excess, reason: "PAYMENT_EXCESS", customerId, orderCustomerActionId: actionId },
    };
  }
  return { outcome: "claim payment applied", rememberCardFor: customerId };
};

export const claimPayments: PaymentPurpose = {
  name: "claim-payment",
  owns: (metadata) =>
    typeof metadata.orderCustomerActionId === "string" && !metadata.paymentPlanInstalmentId && isClaimPaymentType(metadata.paymentType),
  succeeded: (tx, intent, now, paidWith) => applyActionPayment(tx, intent, now, paidWith, payClaimAction),
  failed: noteFailedActionPayment,
};
