/**
 * The award (after adjudication, decision 0008): the dispute fee credit the balance cannot use is
 * owed back to the card that paid the fee. The repayment order itself is the claims area's
 * (its arbitration's repaymentOrderId); paying it is balances.ts's.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { orderCustomerActions, orderCustomers } from "../db/schema";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { recordOwedRefund } from "../payments";
import type { ClaimRow } from "../claims";

/**
 * After adjudication: the dispute fee credit the balance cannot use (creditRefundPence) is owed
 * back to the card that paid the fee, recorded in the caller's transaction. Null when nothing is
 * owed to a card (no credit left, or the fee was not paid by card).
 */
export async function refundUnusedDisputeFeeCredit(tx: Database, claim: ClaimRow, creditRefundPence: number, now: Date): Promise<string | null> {
  // The dispute fee credit: the part set against what the tenants owe (creditUsedPence) is a
  // credit against a balance, not money back (the repayment order is simply smaller). The rest
  // (creditRefundPence, when the award is below £60) goes back to the card that paid the fee,
  // through the owed-refunds job (server/payments/refund-service.ts), recorded in this transaction.
  if (creditRefundPence > 0 && claim.adjudicationFeeOrderId !== null) {
    const [fee] = await tx
      .select({ action: orderCustomerActions, customerId: orderCustomers.customerId })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(and(eq(orderCustomers.orderId, claim.adjudicationFeeOrderId), eq(orderCustomerActions.typeId, "ARBITRATION_ADMIN_PAY")))
      .for("update");
    const intentId = fee?.action.details.paidByPaymentIntentId;
    if (fee && fee.action.completedAt !== null && typeof intentId === "string") {
      const paid = typeof fee.action.details.amountPaid === "number" ? fee.action.details.amountPaid : DISPUTE_FEE_PENCE;
      return recordOwedRefund(
        tx,
        {
          customerId: fee.customerId,
          stripePaymentIntentId: intentId,
          amount: Math.min(creditRefundPence, paid),
          reason: "DISPUTE_FEE_CREDIT",
          claimId: claim.id,
          orderCustomerActionId: fee.action.id,
          // The fee the card paid: the refund e-mail says what part of it comes back in the Result card's words.
          paymentAmount: paid,
        },
        now,
      );
    }
  }
  return null;
}