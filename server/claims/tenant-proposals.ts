/**
 * A tenant proposal's money (round 2; the money model is in charges.ts): the upfront payment it
 * needs before it is sent (requireProposalPayment), sending it (submitTenantProposal: on publish
 * at £0, or once paid), and refusing it with its payment refunded in full (refuseTenantProposal).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { claimProposals, orderCustomerActions, orderCustomers, orders } from "../db/schema";
import { proposalTotalPence } from "../domain/claim-responses";
import { proposalUpfrontPaymentPence } from "#common/claim-confirmation";
import {
  proposalHoldExpiresAt,
  responseDeadline
} from "../domain/deadlines";
import { recordOwedRefund } from "../payments";
import { claimLinks, noticeClaimTenants, tenantName } from "./notices";
import { addPayAction, createClaimOrder, ensureOrderCustomer, loadProposals, recordActivity, type ClaimRow, type ProposalWithItems } from "./records";

/**
 * A tenant proposal is refused (the agent put forward a final proposal, or the hold ran
 * out): its payment is refunded in full (recorded on the paid action and as an activity).
 *  - FINAL_PROPOSAL: the proposal is DISPUTED (refused) and the final proposal is next.
 *  - HOLD_EXPIRED: the proposal goes back to its author as a DRAFT and the landlord's
 *    proposal it answered gets a new 7-day deadline, so the tenants can respond to it
 *    again (accept it, or change and resubmit the proposal).
 */
export async function refuseTenantProposal(
  db: Database,
  claim: ClaimRow,
  proposal: ProposalWithItems,
  now: Date,
  reason: "FINAL_PROPOSAL" | "HOLD_EXPIRED",
): Promise<{ refundPence: number; answerBy: Date | null }> {
  let refundPence = 0;
  /** HOLD_EXPIRED: the new deadline of the landlord's proposal the tenants answer again. */
  let answerBy: Date | null = null;
  if (proposal.orderId !== null) {
    const paid = await db
      .select({ action: orderCustomerActions, customerId: orderCustomers.customerId })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(and(eq(orderCustomers.orderId, proposal.orderId), eq(orderCustomerActions.typeId, "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE")))
      .for("update");
    for (const { action, customerId } of paid) {
      if (action.completedAt === null || action.details.refunded === true) continue;
      const amount = typeof action.details.amountPaid === "number" ? action.details.amountPaid : Number(action.details.amount ?? 0);
      refundPence += amount;
      // Paid by card: the refund is owed in this same transaction and the owed-refunds job pays
      // it through the card provider (server/payments/refund-service.ts). Paid another way (the back
      // office's payClaimAction stand-in): no card to refund, the back office gives it back.
      const intentId = action.details.paidByPaymentIntentId;
      const owedRefundId =
        typeof intentId === "string"
          ? await recordOwedRefund(
              db,
              {
                customerId,
                stripePaymentIntentId: intentId,
                amount,
                reason: reason === "FINAL_PROPOSAL" ? "PROPOSAL_REFUSED" : "PROPOSAL_HOLD_EXPIRED",
                claimId: claim.id,
                orderCustomerActionId: action.id,
              },
              now,
            )
          : null;
      await db
        .update(orderCustomerActions)
        .set({ details: { ...action.details, refunded: true, refundAmount: amount, refundedAt: now.toISOString(), owedRefundId } })
        .where(eq(orderCustomerActions.id, action.id));
    }
  }
  if (reason === "FINAL_PROPOSAL") {
    await db.update(claimProposals).set({ status: "DISPUTED", updatedAt: now }).where(eq(claimProposals.id, proposal.id));
  } else {
    await db
      .update(claimProposals)
      .set({ status: "DRAFT", publishedAt: null, responseDeadline: null, holdExpiresAt: null, updatedAt: now })
      .where(eq(claimProposals.id, proposal.id));
    const answered = (await loadProposals(db, claim.id)).filter((p) => p.round !== 2 && p.status === "AWAITING_RESPONSE").pop();
    if (answered) {
      answerBy = responseDeadline(now);
      await db
        .update(claimProposals)
        .set({ responseDeadline: answerBy, updatedAt: now })
        .where(eq(claimProposals.id, answered.id));
    }
  }
  await recordActivity(
    db,
    {
      claimId: claim.id,
      activityType: "PROPOSAL_REFUSED",
      details: { claimProposalId: proposal.id, amount: proposalTotalPence(proposal), refundAmount: refundPence, reason },
    },
    now,
  );
  return { refundPence, answerBy };
}

/** Submits a tenant proposal to the agent: AWAITING_RESPONSE with its deadline and hold. */
export async function submitTenantProposal(db: Database, claim: ClaimRow, proposal: ProposalWithItems, now: Date) {
  const holdExpiresAt = proposalHoldExpiresAt(now);
  await db
    .update(claimProposals)
    .set({
      status: "AWAITING_RESPONSE",
      publishedAt: now,
      responseDeadline: responseDeadline(now),
      holdExpiresAt,
      updatedAt: now,
    })
    .where(eq(claimProposals.id, proposal.id));
  for (const ip of proposal.itemProposals) {
    await recordActivity(
      db,
      {
        claimId: claim.id,
        activityType: "TENANT_PROPOSED",
        details: { claimProposalId: proposal.id, claimItemId: ip.claimItemId, amount: ip.amount, reasoning: ip.explanation },
        userId: proposal.createdByUserId,
      },
      now,
    );
  }
  await recordActivity(
    db,
    {
      claimId: claim.id,
      activityType: "PROPOSAL_SUBMITTED",
      details: { claimProposalId: proposal.id, amount: proposalTotalPence(proposal) },
      userId: proposal.createdByUserId,
    },
    now,
  );
  await noticeClaimTenants(db, claim.id, now, (a) => ({
    kind: "PROPOSAL_SENT",
    facts: {
      property: a.property,
      link: claimLinks.claim(a),
      sentBy: tenantName(a, proposal.createdByUserId),
      amountPence: proposalTotalPence(proposal),
      holdExpiresAt,
    },
  }));
}

/**
 * Puts a tenant's round 2 draft at the payment step: the upfront payment action on the
 * proposal's order (created on first publish).
 */
export async function requireProposalPayment(
  db: Database,
  claim: ClaimRow,
  proposal: ProposalWithItems,
  customer: { customerId: string; tenantLiability: number },
  now: Date,
) {
  const amount = proposalUpfrontPaymentPence(proposalTotalPence(proposal), claim.limit);
  const orderId = proposal.orderId ?? (await createClaimOrder(db, claim, now));
  await db.update(orders).set({ statusId: "PENDING" }).where(eq(orders.id, orderId));
  const oc = await ensureOrderCustomer(db, orderId, customer.customerId, customer.tenantLiability, now);
  const actionId = await addPayAction(
    db,
    oc,
    "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE",
    amount,
    { claimId: claim.id, claimProposalId: proposal.id },
    now,
  );
  await db
    .update(claimProposals)
    .set({ status: "AWAITING_PAYMENT", orderId, updatedAt: now })
    .where(eq(claimProposals.id, proposal.id));
  return { orderId, actionId, amount };
}
