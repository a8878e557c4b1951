/**
 * The claim money model: what a claim's tenants owe, created and removed as its proposals and
 * its dispute move (the charges made payable, the dispute fee; the upfront payment of a tenant
 * proposal is in tenant-proposals.ts), and what a claim order paid in full does to the claim
 * (applyClaimOrderPaid). Paying is the claim-payments area's (server/claim-payments/, decision
 * 0054): its payment purpose and completePaymentAction apply a payment to these balances and
 * call applyClaimOrderPaid through this area's door; this area never imports that one.
 *
 * ── The money model ──────────────────────────────────────────────────────────────────
 * Every amount a tenant can pay is an order customer action on an order whose productId
 * is CLAIM and whose claim_id is the claim. `details.amountRemaining` is what is left to
 * pay on that action, in pence; `details.amount` what it was when created. Nothing here
 * takes money: server/claim-payments/ completes these actions through
 * `completePaymentAction`, which applies every consequence below (a card payment, a paid-off
 * payment plan, or `payClaimAction`, the back office's stand-in).
 *
 *  - Charges (round 1, or the final proposal, round 3). Each landlord proposal has its
 *    own CLAIM order, created with the proposal and holding no order customers until it
 *    becomes payable. It becomes payable when the tenant accepts it (agreeClaimProposal)
 *    or when its deadline passes with no response (the sweep; autoResponded = true): the
 *    proposal goes AWAITING_PAYMENT, and every respondent's customer gets on that order
 *      CLAIM_PAY_REMAINING_BALANCE  amountRemaining = the whole amount due, and
 *      CLAIM_PAY                    amountRemaining = their own share (splitByLiability over
 *                                   the tenantLiability of their Keyfree order customer,
 *                                   1 when there is none; left out when the share is £0).
 *    The amount due is the proposal's total capped at the claim's limit (the tenant's
 *    maximum liability). Only then is the order passed to the domain's payableOrderId.
 *    Paying an own share lowers every remaining balance on the order by that amount
 *    (joint and several liability: each tenant can still clear the rest); paying a
 *    remaining balance settles the order. When nothing is left the order is COMPLETE, the
 *    proposal SETTLED (its items settled, settledSource TENANT) and the claim RESOLVED.
 *  - A tenant proposal (round 2) above £0 needs the full amount upfront (part 1 §5): on
 *    publish the proposal goes AWAITING_PAYMENT and the publishing tenant's customer gets
 *    CLAIM_PROPOSAL_PAY_REMAINING_BALANCE on the proposal's own CLAIM order, for the total
 *    proposed capped at the limit (proposalUpfrontPaymentPence). Once paid the proposal is
 *    submitted: AWAITING_RESPONSE, publishedAt, responseDeadline (7 days, the agent's) and
 *    holdExpiresAt (the payment is held at most 7 days). A £0 proposal is submitted at
 *    once with the same dates and no payment. Unpublish (Back) deletes the unpaid action.
 *    If the agent accepts, the held payment settles the claim (RESOLVED). If the agent
 *    refuses with a final proposal, or the hold runs out first, the proposal is refused
 *    and the payment refunded in full: the paid action keeps its completedAt and gets
 *    `details.refunded = true`, `refundAmount`, `refundedAt`, and a PROPOSAL_REFUSED
 *    activity records the amount. A card payment's refund is owed in the same transaction
 *    (`owed_refunds`, `details.owedRefundId`) and paid by the owed-refunds job
 *    (server/payments/refund-service.ts), which tells the tenant by e-mail.
 *  - The £60 dispute fee: disputing (or rejecting with no evidence) creates a CLAIM order,
 *    the claim's adjudicationFeeOrderId, with one ARBITRATION_ADMIN_PAY action for the
 *    disputing tenant's customer; the claim is AWAITING_ARBITRATION_ADMIN_FEE. Paid, the
 *    claim goes AWAITING_ARBITRATION. Unpaid by the disputed proposal's deadline, the
 *    dispute lapses: the charges are treated as accepted (part 1 §8) and the unpaid fee
 *    order is removed.
 *  - After adjudication the arbitration's repaymentOrderId order has, per respondent's
 *    customer, ARBITRATION_PAY (own share) and ARBITRATION_PAY_REMAINING_BALANCE (the
 *    whole), for the adjudicated amount capped at the limit less the £60 dispute fee when
 *    the domain's disputeFeeOutcome credits it (adjudicationRepayment). No order when
 *    nothing is due. Paid in full, the claim is RESOLVED. The credit is set against the
 *    balance (not money back); only what the balance cannot use (an award below £60) is
 *    refunded to the card that paid the fee, as an owed refund.
 *
 * Notices (issue 28): each change here that needs the tenants, or starts or ends a clock, tells
 * every tenant of the claim in the same transaction (server/claims/notices.ts, the catalogue's
 * words): the charges accepted or deemed accepted with what is due, the proposal sent, the claim
 * settled.
 *
 * Locks: every write locks the claim row first (`FOR UPDATE`), then the rows it changes,
 * so tenant requests, these scenarios, payments and the deadline sweep never interleave
 * on one claim; the sweep takes the claim with SKIP LOCKED and leaves busy claims for the
 * next run.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database, DbOrTx } from "../db";
import {
  arbitrations,
  claimItemDocuments,
  claimItemProposals,
  claimProposals,
  claims,
  orderCustomerActions,
  orderCustomers,
  orders
} from "../db/schema";
import {
  payableChargesPence,
  proposalTotalPence
} from "../domain/claim-responses";
import { responseDeadline } from "../domain/deadlines";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { splitByLiability } from "../domain/fees";
import { totalChargesSettledPence } from "../domain/checkout";
import { claimLinks, noticeClaimTenants, tenantName } from "./notices";
import { addPayAction, createClaimOrder, deleteUnpaidOrder, ensureOrderCustomer, fail, loadProposals, recordActivity, respondentCustomers, type ClaimRow, type ProposalWithItems } from "./records";
import { submitTenantProposal } from "./tenant-proposals";
import { sendDisputeToAdjudicator } from "./adjudication";
/**
 * Removes the claim's unpublished tenant proposals (round 2 DRAFT or AWAITING_PAYMENT):
 * once the charges are accepted, deemed accepted or disputed there is nothing left to
 * propose. Unpaid payment actions go with them; the tenant's evidence stays on the item.
 */
export async function discardUnpublishedTenantProposals(db: Database, claimId: string) {
  const drafts = await db
    .select()
    .from(claimProposals)
    .where(and(eq(claimProposals.claimId, claimId), eq(claimProposals.round, 2), inArray(claimProposals.status, ["DRAFT", "AWAITING_PAYMENT"])));
  for (const draft of drafts) {
    const itemProposalIds = (
      await db.select({ id: claimItemProposals.id }).from(claimItemProposals).where(eq(claimItemProposals.claimProposalId, draft.id))
    ).map((r) => r.id);
    if (itemProposalIds.length > 0) {
      await db
        .update(claimItemDocuments)
        .set({ claimItemProposalId: null })
        .where(inArray(claimItemDocuments.claimItemProposalId, itemProposalIds));
      await db.delete(claimItemProposals).where(inArray(claimItemProposals.id, itemProposalIds));
    }
    let keepOrder = false;
    if (draft.orderId !== null) {
      // Unpaid actions go; an order that once took (and refunded) a payment stays as a record.
      const ocIds = (await db.select({ id: orderCustomers.id }).from(orderCustomers).where(eq(orderCustomers.orderId, draft.orderId))).map(
        (r) => r.id,
      );
      if (ocIds.length > 0) {
        await db
          .delete(orderCustomerActions)
          .where(and(inArray(orderCustomerActions.orderCustomerId, ocIds), isNull(orderCustomerActions.completedAt)));
      }
      const remaining = ocIds.length
        ? await db.select({ id: orderCustomerActions.id }).from(orderCustomerActions).where(inArray(orderCustomerActions.orderCustomerId, ocIds))
        : [];
      keepOrder = remaining.length > 0;
      if (keepOrder) await db.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, draft.orderId));
    }
    await db.delete(claimProposals).where(eq(claimProposals.id, draft.id));
    if (draft.orderId !== null && !keepOrder) await deleteUnpaidOrder(db, draft.orderId);
  }
  return drafts.map((d) => d.id);
}

/**
 * Makes a landlord's round 1 or 3 proposal payable: accepted by the tenant
 * (agreeClaimProposal) or for them (the sweep, autoResponded). See the money model.
 */
export async function makeChargesPayable(
  db: Database,
  claim: ClaimRow,
  proposal: ProposalWithItems,
  now: Date,
  options: { autoResponded: boolean; userId?: string | null; lapsedDispute?: boolean },
) {
  if (proposal.round === 2) fail("A tenant proposal is not charges");
  await discardUnpublishedTenantProposals(db, claim.id);
  const total = proposalTotalPence(proposal);
  const due = payableChargesPence(total, claim.limit);
  await db
    .update(claimProposals)
    .set({ status: "AWAITING_PAYMENT", autoResponded: options.autoResponded, updatedAt: now })
    .where(eq(claimProposals.id, proposal.id));
  for (const ip of proposal.itemProposals) {
    await recordActivity(
      db,
      {
        claimId: claim.id,
        activityType: options.autoResponded ? "CHARGES_DEEMED_ACCEPTED" : "CHARGE_ACCEPTED",
        details: { claimProposalId: proposal.id, claimItemId: ip.claimItemId, amount: ip.amount, round: proposal.round },
        userId: options.userId ?? null,
      },
      now,
    );
  }
  if (due === 0) {
    await settleChargesProposal(db, claim, proposal.id, now);
    return { orderId: proposal.orderId, amountDue: 0 };
  }
  const orderId = proposal.orderId ?? (await createClaimOrder(db, claim, now));
  if (proposal.orderId === null) await db.update(claimProposals).set({ orderId }).where(eq(claimProposals.id, proposal.id));
  await db.update(orders).set({ statusId: "PENDING" }).where(eq(orders.id, orderId));
  const respondents = await respondentCustomers(db, claim);
  const shares = splitByLiability(
    due,
    respondents.map((r) => ({ id: r.customerId, tenantLiability: r.tenantLiability })),
  );
  for (const r of respondents) {
    const oc = await ensureOrderCustomer(db, orderId, r.customerId, r.tenantLiability, now);
    const details = { claimId: claim.id, claimProposalId: proposal.id };
    await addPayAction(db, oc, "CLAIM_PAY_REMAINING_BALANCE", due, details, now);
    const share = shares.find((s) => s.tenantId === r.customerId)?.amountPence ?? 0;
    if (share > 0) await addPayAction(db, oc, "CLAIM_PAY", share, details, now);
  }
  // Every tenant is told what is now due (nothing is due at £0: the claim is settled, and says so).
  await noticeClaimTenants(db, claim.id, now, (a) =>
    options.autoResponded
      ? { kind: "CHARGES_DEEMED_ACCEPTED", facts: { property: a.property, link: claimLinks.pay(a), amountPence: due, lapsedDispute: options.lapsedDispute === true } }
      : {
          kind: "CHARGES_ACCEPTED",
          facts: {
            property: a.property,
            link: claimLinks.pay(a),
            acceptedBy: tenantName(a, options.userId),
            amountPence: due,
            deadline: proposal.responseDeadline ?? responseDeadline(now),
          },
        },
  );
  return { orderId, amountDue: due };
}

export async function settleChargesProposal(db: Database, claim: ClaimRow, proposalId: string, now: Date) {
  await db.update(claimProposals).set({ status: "SETTLED", updatedAt: now }).where(eq(claimProposals.id, proposalId));
  await db
    .update(claimItemProposals)
    .set({ settled: true, settledSource: "TENANT", updatedAt: now })
    .where(eq(claimItemProposals.claimProposalId, proposalId));
  await markResolved(db, claim.id, now, "CHARGES_PAID");
}

/**
 * The claim is settled and closed. Its tenants are told what was settled in total (the Keyfree
 * page's figure), except when the landlord accepted their proposal: that notice says it already.
 */
export async function markResolved(db: Database, claimId: string, now: Date, reason: string) {
  await db.update(claims).set({ status: "RESOLVED" }).where(eq(claims.id, claimId));
  await recordActivity(db, { claimId, activityType: "CLAIM_RESOLVED", details: { reason } }, now);
  if (reason === "PROPOSAL_ACCEPTED") return;
  const [settled] = await db
    .select({ limit: claims.limit, finalAmount: claims.finalAmount, arbitratedAmount: arbitrations.arbitratedAmount })
    .from(claims)
    .leftJoin(arbitrations, eq(arbitrations.claimId, claims.id))
    .where(eq(claims.id, claimId));
  const settledPence = settled ? (totalChargesSettledPence({ status: "RESOLVED", ...settled }) ?? 0) : 0;
  await noticeClaimTenants(db, claimId, now, (a) => ({ kind: "CLAIM_RESOLVED", facts: { property: a.property, link: claimLinks.settled(a), recordLink: claimLinks.record(a), settledPence } }));
}

/**
 * The £60 dispute fee: an order with an ARBITRATION_ADMIN_PAY action for the disputing
 * tenant's customer; the claim waits for it (AWAITING_ARBITRATION_ADMIN_FEE).
 */
export async function openDisputeFee(db: Database, claim: ClaimRow, customer: { customerId: string; tenantLiability: number }, now: Date) {
  const orderId = await createClaimOrder(db, claim, now);
  const oc = await ensureOrderCustomer(db, orderId, customer.customerId, customer.tenantLiability, now);
  const actionId = await addPayAction(db, oc, "ARBITRATION_ADMIN_PAY", DISPUTE_FEE_PENCE, { claimId: claim.id }, now);
  await db.update(claims).set({ status: "AWAITING_ARBITRATION_ADMIN_FEE", adjudicationFeeOrderId: orderId }).where(eq(claims.id, claim.id));
  return { orderId, actionId };
}

/** Removes an unpaid dispute fee order (the dispute lapsed). */
export async function cancelUnpaidDisputeFee(db: Database, claim: ClaimRow) {
  if (claim.adjudicationFeeOrderId === null) return;
  await db.update(claims).set({ adjudicationFeeOrderId: null }).where(eq(claims.id, claim.id));
  const deleted = await deleteUnpaidOrder(db, claim.adjudicationFeeOrderId);
  if (!deleted) fail("The dispute fee has been paid");
}

/** Whether the claim's dispute fee order is COMPLETE (null when there is none). */
export async function disputeFeeOrderStatus(db: Database, claim: Pick<ClaimRow, "adjudicationFeeOrderId">) {
  if (claim.adjudicationFeeOrderId === null) return null;
  const [order] = await db.select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, claim.adjudicationFeeOrderId));
  return disputeFeeStatus(order?.statusId ?? null);
}

/** The dispute fee order's status as the claim's rules read it, from the order's status (null: no fee order). */
export function disputeFeeStatus(orderStatusId: string | null): "PENDING" | "COMPLETE" | null {
  if (orderStatusId === null) return null;
  return orderStatusId === "COMPLETE" ? "COMPLETE" : "PENDING";
}

/** What a claim order paid in full did to the claim. */
export type ClaimOrderPaidEffect = "NONE" | "CHARGES_SETTLED" | "PROPOSAL_SUBMITTED" | "DISPUTE_FEE_PAID" | "ARBITRATION_REPAID";

/**
 * A CLAIM order is paid in full (see the money model): what that means for the claim. Called by
 * the claim-payments area's completePaymentAction in its transaction, which holds the claim's
 * row (lockClaim) and the order's.
 */
export async function applyClaimOrderPaid(db: DbOrTx, claim: ClaimRow, orderId: string, now: Date): Promise<ClaimOrderPaidEffect> {
  if (claim.adjudicationFeeOrderId === orderId) {
    // The dispute is with the adjudicator from now, and every tenant is told (issue 38, ./adjudication.ts).
    if (claim.status === "AWAITING_ARBITRATION_ADMIN_FEE") await sendDisputeToAdjudicator(db, claim, orderId, now);
    return "DISPUTE_FEE_PAID";
  }
  const [arbitration] = await db.select().from(arbitrations).where(eq(arbitrations.repaymentOrderId, orderId));
  if (arbitration) {
    await markResolved(db, claim.id, now, "ARBITRATION_REPAID");
    return "ARBITRATION_REPAID";
  }
  const proposal = (await loadProposals(db, claim.id)).find((p) => p.orderId === orderId);
  if (proposal?.round === 2 && proposal.status === "AWAITING_PAYMENT") {
    await submitTenantProposal(db, claim, proposal, now);
    return "PROPOSAL_SUBMITTED";
  }
  if (proposal && proposal.round !== 2 && proposal.status === "AWAITING_PAYMENT") {
    await settleChargesProposal(db, claim, proposal.id, now);
    return "CHARGES_SETTLED";
  }
  return "NONE";
}
