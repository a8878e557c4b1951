/**
 * Claims: the other parties (landlord or agent, adjudicator, back office) and the claim
 * money model shared by the claim routes, the deadline sweep and these scenarios.
 *
 * ── The money model ──────────────────────────────────────────────────────────────────
 * Every amount a tenant can pay is an order customer action on an order whose productId
 * is CLAIM and whose claim_id is the claim. `details.amountRemaining` is what is left to
 * pay on that action, in pence; `details.amount` what it was when created. Nothing here
 * takes money: a later card-payment issue completes these actions through
 * `completePaymentAction`, which applies every consequence below (`payClaimAction` is
 * the back-office stand-in that calls it until then).
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
 *    (server/payments/refunds.ts), which tells the tenant by e-mail.
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
 * Locks: every write locks the claim row first (`FOR UPDATE`), then the rows it changes,
 * so tenant requests, these scenarios, payments and the deadline sweep never interleave
 * on one claim; the sweep takes the claim with SKIP LOCKED and leaves busy claims for the
 * next run.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import {
  arbitrationDocuments,
  arbitrations,
  claimActivities,
  claimDocuments,
  claimItemDocuments,
  claimItemProposals,
  claimItems,
  claimProposals,
  claimRespondents,
  claimResponses,
  claims,
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  organizations,
  properties,
  tenancies,
  tenancyTenants,
  users,
} from "../db/schema";
import {
  adjudicationRepayment,
  orderProposals,
  payableChargesPence,
  proposalTotalPence,
  type OrderedProposal,
  type SystemActivityType,
} from "../domain/claim-responses";
import { proposalUpfrontPaymentPence } from "../domain/claims";
import {
  adjudicationPaymentDeadline,
  isPastDeadline,
  proposalHoldExpiresAt,
  responseDeadline,
} from "../domain/deadlines";
import { disputeFeeOutcome } from "../domain/dispute-fee";
import { claimLimitPence, DISPUTE_FEE_PENCE, splitByLiability, type CoverLevel } from "../domain/fees";
import {
  CLAIM_DOCUMENT_DISPLAY_ORDER,
  normaliseClaimStatus,
  normaliseProposalSource,
  normaliseProposalStatus,
  type ClaimStatus,
  type PaymentActionType,
} from "../domain/statuses";
import type { FileStore } from "../lib/files";
import { queueEmail } from "../lib/mail";
import { recordOwedRefund } from "../payments/refunds";
import { newId } from "../lib/tokens";
import { storeDocument } from "../lib/uploads";

export type ClaimRow = typeof claims.$inferSelect;
export type ProposalRow = typeof claimProposals.$inferSelect;
export type ItemProposalRow = typeof claimItemProposals.$inferSelect;
export type ProposalWithItems = ProposalRow & { itemProposals: ItemProposalRow[] };

/** A scenario's input or the claim's state does not allow what was asked. */
export class ClaimScenarioError extends Error {}
const fail = (message: string): never => {
  throw new ClaimScenarioError(message);
};

// ── Reading ────────────────────────────────────────────────────────────────────────

/** The claim row, locked FOR UPDATE (or with SKIP LOCKED: undefined when another transaction holds it). */
export async function lockClaim(db: Database, claimId: string, options: { skipLocked?: boolean } = {}) {
  const query = db.select().from(claims).where(eq(claims.id, claimId));
  const [claim] = options.skipLocked ? await query.for("update", { skipLocked: true }) : await query.for("update");
  return claim;
}

/** Every proposal of a claim with its item proposals, in the domain's order (round, then oldest first). */
export async function loadProposals(db: Database, claimId: string): Promise<ProposalWithItems[]> {
  const rows = await db.select().from(claimProposals).where(eq(claimProposals.claimId, claimId));
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.select().from(claimItemProposals).where(inArray(claimItemProposals.claimProposalId, ids))
    : [];
  const withItems = rows.map((r) => ({ ...r, itemProposals: items.filter((i) => i.claimProposalId === r.id) }));
  const order = orderProposals(withItems.map(toDomainProposal)).map((p) => p.id);
  return order.map((id) => withItems.find((p) => p.id === id)!);
}

/** A stored proposal as the domain reads it. */
export function toDomainProposal(p: ProposalWithItems): OrderedProposal {
  const round = p.round;
  if (round !== 1 && round !== 2 && round !== 3) throw new Error(`Proposal ${p.id} has round ${round}`);
  return {
    id: p.id,
    round,
    status: normaliseProposalStatus(p.status) ?? fail(`Proposal ${p.id} has an unknown status ${p.status}`),
    source: normaliseProposalSource(p.source) ?? fail(`Proposal ${p.id} has an unknown source ${p.source}`),
    type: p.type,
    createdByUserId: p.createdByUserId,
    publishedAt: p.publishedAt,
    responseDeadline: p.responseDeadline,
    autoResponded: p.autoResponded,
    createdAt: p.createdAt,
    itemProposals: p.itemProposals.map((ip) => ({
      claimItemId: ip.claimItemId,
      amount: ip.amount,
      settled: ip.settled,
      settledSource: normaliseProposalSource(ip.settledSource),
    })),
  };
}

export function claimStatusOf(claim: Pick<ClaimRow, "id" | "status">): ClaimStatus {
  return normaliseClaimStatus(claim.status) ?? fail(`Claim ${claim.id} has an unknown status ${claim.status}`);
}

export type RespondentCustomer = { respondentId: string; userId: string; customerId: string; tenantLiability: number };

/**
 * The claim's respondents with their customer and tenantLiability (from their order
 * customer on the tenancy's Keyfree order; 1 when there is none).
 */
export async function respondentCustomers(db: Database, claim: Pick<ClaimRow, "id" | "tenancyId">): Promise<RespondentCustomer[]> {
  const rows = await db
    .select({ respondentId: claimRespondents.id, userId: claimRespondents.userId, customerId: customers.id })
    .from(claimRespondents)
    .innerJoin(customers, eq(customers.userId, claimRespondents.userId))
    .where(eq(claimRespondents.claimId, claim.id))
    .orderBy(asc(claimRespondents.createdAt), asc(claimRespondents.id));
  if (rows.length === 0) return [];
  const liabilities = await db
    .select({ customerId: orderCustomers.customerId, tenantLiability: orderCustomers.tenantLiability })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(
      and(
        eq(orders.tenancyId, claim.tenancyId),
        eq(orders.productId, "KEYFREE"),
        inArray(
          orderCustomers.customerId,
          rows.map((r) => r.customerId),
        ),
      ),
    );
  const result = rows.map((r) => ({
    ...r,
    tenantLiability: liabilities.find((l) => l.customerId === r.customerId)?.tenantLiability ?? 1,
  }));
  // Someone must be liable: with no liable tenant on record, each pays one share.
  if (result.every((r) => r.tenantLiability === 0)) return result.map((r) => ({ ...r, tenantLiability: 1 }));
  return result;
}

// ── Writing ────────────────────────────────────────────────────────────────────────

export async function recordActivity(
  db: Database,
  input: { claimId: string; activityType: SystemActivityType | string; details?: Record<string, unknown>; userId?: string | null },
  now: Date,
) {
  const id = newId();
  await db.insert(claimActivities).values({
    id,
    claimId: input.claimId,
    activityType: input.activityType,
    details: input.details ?? {},
    userId: input.userId ?? null,
    createdAt: now,
  });
  return id;
}

async function createClaimOrder(db: Database, claim: Pick<ClaimRow, "id" | "tenancyId">, now: Date) {
  const id = newId();
  await db.insert(orders).values({ id, tenancyId: claim.tenancyId, productId: "CLAIM", statusId: "PENDING", claimId: claim.id, createdAt: now });
  return id;
}

async function ensureOrderCustomer(db: Database, orderId: string, customerId: string, tenantLiability: number, now: Date) {
  const [existing] = await db
    .select({ id: orderCustomers.id })
    .from(orderCustomers)
    .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, customerId)));
  if (existing) return existing.id;
  const id = newId();
  await db.insert(orderCustomers).values({ id, orderId, customerId, fee: 0, tenantLiability, createdAt: now });
  return id;
}

async function addPayAction(
  db: Database,
  orderCustomerId: string,
  typeId: PaymentActionType,
  amountPence: number,
  details: Record<string, unknown>,
  now: Date,
) {
  const id = newId();
  await db.insert(orderCustomerActions).values({
    id,
    orderCustomerId,
    typeId,
    // A remaining balance comes before the own share (the spec's default selection).
    position: typeId.endsWith("REMAINING_BALANCE") ? 0 : 1,
    details: { ...details, amount: amountPence, amountRemaining: amountPence },
    createdAt: now,
  });
  return id;
}

/** Deletes an order whose actions were never paid (with its order customers and actions). Answers false when any was paid. */
async function deleteUnpaidOrder(db: Database, orderId: string): Promise<boolean> {
  const ocs = await db.select({ id: orderCustomers.id }).from(orderCustomers).where(eq(orderCustomers.orderId, orderId));
  const ocIds = ocs.map((o) => o.id);
  if (ocIds.length > 0) {
    const actions = await db.select().from(orderCustomerActions).where(inArray(orderCustomerActions.orderCustomerId, ocIds));
    if (actions.some((a) => a.completedAt !== null)) return false;
    await db.delete(orderCustomerActions).where(inArray(orderCustomerActions.orderCustomerId, ocIds));
    await db.delete(orderCustomers).where(inArray(orderCustomers.id, ocIds));
  }
  await db.delete(orders).where(eq(orders.id, orderId));
  return true;
}

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
  options: { autoResponded: boolean; userId?: string | null },
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
  return { orderId, amountDue: due };
}

async function settleChargesProposal(db: Database, claim: ClaimRow, proposalId: string, now: Date) {
  await db.update(claimProposals).set({ status: "SETTLED", updatedAt: now }).where(eq(claimProposals.id, proposalId));
  await db
    .update(claimItemProposals)
    .set({ settled: true, settledSource: "TENANT", updatedAt: now })
    .where(eq(claimItemProposals.claimProposalId, proposalId));
  await markResolved(db, claim.id, now, "CHARGES_PAID");
}

async function markResolved(db: Database, claimId: string, now: Date, reason: string) {
  await db.update(claims).set({ status: "RESOLVED" }).where(eq(claims.id, claimId));
  await recordActivity(db, { claimId, activityType: "CLAIM_RESOLVED", details: { reason } }, now);
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
  return order ? (order.statusId === "COMPLETE" ? ("COMPLETE" as const) : ("PENDING" as const)) : null;
}

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
) {
  let refundPence = 0;
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
      // it through the card provider (server/payments/refunds.ts). Paid another way (the back
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
      await db
        .update(claimProposals)
        .set({ responseDeadline: responseDeadline(now), updatedAt: now })
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
  return { refundPence };
}

/** Submits a tenant proposal to the agent: AWAITING_RESPONSE with its deadline and hold. */
export async function submitTenantProposal(db: Database, claim: ClaimRow, proposal: ProposalWithItems, now: Date) {
  await db
    .update(claimProposals)
    .set({
      status: "AWAITING_RESPONSE",
      publishedAt: now,
      responseDeadline: responseDeadline(now),
      holdExpiresAt: proposalHoldExpiresAt(now),
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

export type PaymentOutcome = {
  orderId: string;
  claimId: string;
  orderComplete: boolean;
  /** What completing the order did to the claim. */
  effect: "NONE" | "CHARGES_SETTLED" | "PROPOSAL_SUBMITTED" | "DISPUTE_FEE_PAID" | "ARBITRATION_REPAID";
};

/**
 * Completes a claim payment action and applies what the payment means (see the money
 * model). Runs inside the caller's transaction; the card-payment issue calls it once the
 * card payment succeeded. Throws when the action is already complete or not a claim's.
 */
export async function completePaymentAction(db: Database, orderCustomerActionId: string, now: Date): Promise<PaymentOutcome> {
  const [found] = await db
    .select({ orderId: orderCustomers.orderId, claimId: orders.claimId, productId: orders.productId })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(eq(orderCustomerActions.id, orderCustomerActionId));
  if (!found) return fail(`No order customer action ${orderCustomerActionId}`);
  if (found.productId !== "CLAIM" || found.claimId === null) return fail("This action is not a claim payment");
  const claim = (await lockClaim(db, found.claimId)) ?? fail(`No claim ${found.claimId}`);
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for("update");
  const rows = await db
    .select({ action: orderCustomerActions })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(eq(orderCustomers.orderId, found.orderId))
    .for("update");
  const all = rows.map((r) => r.action);
  const action = all.find((a) => a.id === orderCustomerActionId)!;
  if (action.completedAt !== null) fail("This payment has already been made");
  const paid = Number(action.details.amountRemaining ?? 0);
  await db
    .update(orderCustomerActions)
    .set({ completedAt: now, details: { ...action.details, amountPaid: paid, amountRemaining: 0 } })
    .where(eq(orderCustomerActions.id, action.id));

  const others = all.filter((a) => a.id !== action.id && a.completedAt === null);
  const ownShare = action.typeId === "CLAIM_PAY" || action.typeId === "ARBITRATION_PAY";
  for (const other of others) {
    let remaining = Number(other.details.amountRemaining ?? 0);
    if (ownShare) {
      // An own share lowers every remaining balance on the order; other own shares stay.
      if (!other.typeId.endsWith("REMAINING_BALANCE")) continue;
      remaining = Math.max(0, remaining - paid);
    } else {
      remaining = 0; // a remaining balance, a proposal payment or a fee settles the order
    }
    await db
      .update(orderCustomerActions)
      .set({
        details: { ...other.details, amountRemaining: remaining, ...(remaining === 0 ? { settledByActionId: action.id } : {}) },
        ...(remaining === 0 ? { completedAt: now } : {}),
      })
      .where(eq(orderCustomerActions.id, other.id));
  }
  const openRows = async () =>
    db
      .select({ action: orderCustomerActions })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(and(eq(orderCustomers.orderId, found.orderId), isNull(orderCustomerActions.completedAt)));
  let stillOpen = (await openRows()).map((r) => r.action);
  if (stillOpen.length > 0 && !stillOpen.some((a) => a.typeId.endsWith("REMAINING_BALANCE"))) {
    // Every remaining balance is cleared, so nothing is owed: close the own shares left.
    for (const other of stillOpen) {
      await db
        .update(orderCustomerActions)
        .set({ completedAt: now, details: { ...other.details, amountRemaining: 0, settledByActionId: action.id } })
        .where(eq(orderCustomerActions.id, other.id));
    }
    stillOpen = [];
  }
  const open = stillOpen.length;
  await recordActivity(
    db,
    { claimId: claim.id, activityType: "PAYMENT_RECEIVED", details: { orderId: found.orderId, actionType: action.typeId, amount: paid } },
    now,
  );
  const outcome: PaymentOutcome = { orderId: found.orderId, claimId: claim.id, orderComplete: open === 0, effect: "NONE" };
  if (open > 0) return outcome;
  await db.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, found.orderId));

  if (claim.adjudicationFeeOrderId === found.orderId) {
    if (claim.status === "AWAITING_ARBITRATION_ADMIN_FEE") {
      await db.update(claims).set({ status: "AWAITING_ARBITRATION" }).where(eq(claims.id, claim.id));
    }
    return { ...outcome, effect: "DISPUTE_FEE_PAID" };
  }
  const [arbitration] = await db.select().from(arbitrations).where(eq(arbitrations.repaymentOrderId, found.orderId));
  if (arbitration) {
    await markResolved(db, claim.id, now, "ARBITRATION_REPAID");
    return { ...outcome, effect: "ARBITRATION_REPAID" };
  }
  const proposal = (await loadProposals(db, claim.id)).find((p) => p.orderId === found.orderId);
  if (proposal?.round === 2 && proposal.status === "AWAITING_PAYMENT") {
    await submitTenantProposal(db, claim, proposal, now);
    return { ...outcome, effect: "PROPOSAL_SUBMITTED" };
  }
  if (proposal && proposal.round !== 2 && proposal.status === "AWAITING_PAYMENT") {
    await settleChargesProposal(db, claim, proposal.id, now);
    return { ...outcome, effect: "CHARGES_SETTLED" };
  }
  return outcome;
}

// ── Sample documents ───────────────────────────────────────────────────────────────

/** A tiny, valid one-page PDF showing `title` (ASCII only). */
export function samplePdf(title: string): Uint8Array {
  const text = title.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "\\$&");
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

async function storeSamplePdf(db: Database, files: FileStore, name: string, typeId: string, now: Date) {
  const bytes = samplePdf(name.replace(/\.pdf$/i, ""));
  const doc = await storeDocument(
    { db, files, clock: { now: () => now } },
    { name, bytes, contentType: "application/pdf", size: bytes.length },
    { typeId, userId: null },
  );
  return doc.id;
}

// ── Scenarios: the landlord or agent ───────────────────────────────────────────────

const Pence = z.number().int().min(0);

const RaiseClaimInput = z.object({
  tenancyId: z.string().min(1),
  items: z
    .array(
      z.object({
        description: z.string().trim().min(1),
        /** e.g. CLEANING, DAMAGE, REDECORATION, RENTARREARS (title-cased by the web). */
        type: z.string().trim().min(1),
        amount: Pence,
        explanation: z.string().trim().min(1).optional(),
        /** How many sample PDF documents to attach as the landlord's evidence. */
        evidence: z.number().int().min(0).max(10).optional(),
      }),
    )
    .min(1),
  mediationEnabled: z.boolean().default(true),
  /** The landlord's or agent's organisation: an existing one by id, a new one by name, or the property's. */
  organization: z.object({ id: z.string().optional(), name: z.string().trim().min(1).optional() }).optional(),
  details: z.string().nullish(),
  publishedAt: z.date().optional(),
  /** Tenancy documents to attach to the claim as sample PDFs (e.g. INVENTORY_CHECK_IN). */
  documents: z.array(z.string().min(1)).optional(),
});
export type RaiseClaimInput = z.input<typeof RaiseClaimInput>;

/**
 * The landlord or agent raises charges against the tenancy (part 1 §1, §4.1 round 1):
 * the claim is AWAITING_RESPONDENTS with a respondent (and an empty claim response) per
 * tenant of the tenancy, its limit from the tenancy's rent and cover level (the lower of
 * 8 weeks' rent and £5,000, or £10,000 at the higher level), and a published round 1
 * SUPPLIER proposal AWAITING_RESPONSE with its 7-day deadline and its CLAIM order.
 * Landlord evidence and tenancy documents are tiny sample PDFs stored through `files`.
 */
export async function raiseClaim(db: Database, rawInput: RaiseClaimInput, now: Date, files?: FileStore) {
  const input = RaiseClaimInput.parse(rawInput);
  const needsFiles = (input.documents?.length ?? 0) > 0 || input.items.some((i) => (i.evidence ?? 0) > 0);
  if (needsFiles && !files) fail("Evidence and documents need a file store");
  const publishedAt = input.publishedAt ?? now;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tenancy: tenancies, property: properties })
      .from(tenancies)
      .innerJoin(properties, eq(properties.id, tenancies.propertyId))
      .where(eq(tenancies.id, input.tenancyId));
    if (!row) return fail(`No tenancy ${input.tenancyId}`);
    const tenants = await tx
      .select({ userId: tenancyTenants.userId, email: users.email, firstName: users.firstName })
      .from(tenancyTenants)
      .innerJoin(users, eq(users.id, tenancyTenants.userId))
      .where(eq(tenancyTenants.tenancyId, input.tenancyId))
      .orderBy(asc(tenancyTenants.createdAt), asc(tenancyTenants.id));
    if (tenants.length === 0) fail("The tenancy has no tenants");
    const existing = await tx.select({ id: claims.id, status: claims.status }).from(claims).where(eq(claims.tenancyId, input.tenancyId));
    if (existing.some((c) => !["DEACTIVATED", "DECLINED", "RESOLVED"].includes(c.status))) {
      fail("The tenancy already has a claim in progress");
    }
    let organizationId = row.property.organizationId;
    if (input.organization?.id) organizationId = input.organization.id;
    else if (input.organization?.name) {
      organizationId = newId();
      await tx.insert(organizations).values({ id: organizationId, name: input.organization.name, createdAt: now });
    }
    const claimId = newId();
    const total = input.items.reduce((sum, i) => sum + i.amount, 0);
    await tx.insert(claims).values({
      id: claimId,
      tenancyId: input.tenancyId,
      organizationId,
      status: "AWAITING_RESPONDENTS",
      details: input.details ?? null,
      limit: claimLimitPence(row.tenancy.ppm, row.tenancy.coverLevel as CoverLevel),
      finalAmount: total,
      mediationEnabled: input.mediationEnabled,
      createdAt: now,
    });
    const respondentIds: string[] = [];
    for (const tenant of tenants) {
      const respondentId = newId();
      respondentIds.push(respondentId);
      await tx.insert(claimRespondents).values({ id: respondentId, claimId, userId: tenant.userId, createdAt: now });
      await tx.insert(claimResponses).values({ id: newId(), claimRespondentId: respondentId, createdAt: now, updatedAt: now });
    }
    const orderId = await createClaimOrder(tx, { id: claimId, tenancyId: input.tenancyId }, now);
    const proposalId = newId();
    await tx.insert(claimProposals).values({
      id: proposalId,
      claimId,
      round: 1,
      status: "AWAITING_RESPONSE",
      type: "STANDARD",
      source: "SUPPLIER",
      publishedAt,
      orderId,
      responseDeadline: responseDeadline(publishedAt),
      createdAt: now,
      updatedAt: now,
    });
    const itemIds: string[] = [];
    const documentIds: string[] = [];
    for (const [position, item] of input.items.entries()) {
      const itemId = newId();
      itemIds.push(itemId);
      await tx.insert(claimItems).values({ id: itemId, claimId, description: item.description, type: item.type, position, createdAt: now });
      await tx.insert(claimItemProposals).values({
        id: newId(),
        claimProposalId: proposalId,
        claimItemId: itemId,
        amount: item.amount,
        explanation: item.explanation ?? null,
        createdAt: now,
        updatedAt: now,
      });
      for (let n = 1; n <= (item.evidence ?? 0); n += 1) {
        const documentId = await storeSamplePdf(tx, files!, `${item.description} evidence ${n}.pdf`, "CLAIM_ITEM", now);
        documentIds.push(documentId);
        await tx.insert(claimItemDocuments).values({ id: newId(), claimItemId: itemId, documentId, source: "SUPPLIER", createdAt: now });
      }
      await recordActivity(
        tx,
        {
          claimId,
          activityType: "CHARGE_CREATED",
          details: { claimProposalId: proposalId, claimItemId: itemId, amount: item.amount, reasoning: item.explanation ?? null },
        },
        publishedAt,
      );
    }
    for (const typeId of input.documents ?? []) {
      const name = `${typeId.toLowerCase().replaceAll("_", " ")}.pdf`;
      const documentId = await storeSamplePdf(tx, files!, name, typeId, now);
      documentIds.push(documentId);
      await tx.insert(claimDocuments).values({ id: newId(), claimId, documentId, createdAt: now });
    }
    for (const tenant of tenants) {
      await queueEmail(
        tx,
        {
          to: tenant.email,
          subject: "End of tenancy charges have been raised",
          text: `Hello ${tenant.firstName},\n\nYour landlord or agent has raised end of tenancy charges. Please sign in to respond within 7 days; charges not answered in time are treated as accepted.`,
          template: "CLAIM_RAISED",
          userId: tenant.userId,
        },
        now,
      );
    }
    return { claimId, claimProposalId: proposalId, orderId, itemIds, respondentIds, documentIds };
  });
}

/** The claim's document types in display order, for ops tools that attach tenancy documents. */
export const CLAIM_DOCUMENT_TYPES = CLAIM_DOCUMENT_DISPLAY_ORDER;

async function lockOrFail(tx: Database, claimId: string) {
  return (await lockClaim(tx, claimId)) ?? fail(`No claim ${claimId}`);
}

function submittedTenantProposal(proposals: ProposalWithItems[]) {
  return proposals.filter((p) => p.round === 2 && p.status === "AWAITING_RESPONSE").pop();
}

/**
 * The landlord or agent accepts the tenants' proposal ('Your landlord accepted your
 * proposal of'): the proposal is SETTLED with every item settled (source SUPPLIER), the
 * held payment settles the claim (finalAmount = the proposal's total) and the claim is
 * RESOLVED. Refused once the payment hold has run out.
 */
export async function agentAcceptTenantProposal(db: Database, claimId: string, now: Date) {
  return db.transaction(async (tx) => {
    const claim = await lockOrFail(tx, claimId);
    const proposals = await loadProposals(tx, claimId);
    const proposal = submittedTenantProposal(proposals) ?? fail("There is no tenant proposal awaiting a response");
    if (proposal.holdExpiresAt !== null && isPastDeadline(proposal.holdExpiresAt, now)) {
      fail("The hold on this proposal's payment has run out");
    }
    await tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, proposal.id)).for("update");
    await tx.update(claimProposals).set({ status: "SETTLED", updatedAt: now }).where(eq(claimProposals.id, proposal.id));
    await tx
      .update(claimItemProposals)
      .set({ settled: true, settledSource: "SUPPLIER", updatedAt: now })
      .where(eq(claimItemProposals.claimProposalId, proposal.id));
    for (const p of proposals) {
      if (p.round !== 2 && p.status === "AWAITING_RESPONSE") {
        await tx.update(claimProposals).set({ status: "SETTLED", updatedAt: now }).where(eq(claimProposals.id, p.id));
      }
    }
    const total = proposalTotalPence(proposal);
    await tx.update(claims).set({ finalAmount: total }).where(eq(claims.id, claimId));
    for (const ip of proposal.itemProposals) {
      await recordActivity(
        tx,
        { claimId, activityType: "PROPOSAL_ACCEPTED", details: { claimProposalId: proposal.id, claimItemId: ip.claimItemId, amount: ip.amount } },
        now,
      );
    }
    await markResolved(tx, claim.id, now, "PROPOSAL_ACCEPTED");
    return { claimProposalId: proposal.id, amount: total };
  });
}

/**
 * The landlord or agent refuses the tenants' proposal and puts forward a final proposal
 * ('Your landlord put forward a final proposal of'): a round 3 FINAL SUPPLIER proposal,
 * AWAITING_RESPONSE with a new 7-day deadline and its CLAIM order; the tenants' proposal
 * is refused and its payment refunded. `amounts` gives pence per claim item id, at most
 * the item's original charge; an item the tenants agreed to in their proposal keeps the
 * agreed amount and is settled. The claim's finalAmount becomes the final total.
 */
export async function agentRejectWithFinalProposal(
  db: Database,
  claimId: string,
  input: { amounts: Record<string, number>; explanations?: Record<string, string> },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const claim = await lockOrFail(tx, claimId);
    const proposals = await loadProposals(tx, claimId);
    const tenantProposal = submittedTenantProposal(proposals) ?? fail("There is no tenant proposal awaiting a response");
    const round1 = proposals.find((p) => p.round === 1) ?? fail("The claim has no charges");
    const items = await tx.select().from(claimItems).where(eq(claimItems.claimId, claimId)).orderBy(asc(claimItems.position));
    for (const key of Object.keys(input.amounts)) {
      if (!items.some((i) => i.id === key)) fail(`No item ${key} on this claim`);
    }
    const lines = items.map((item) => {
      const charged = round1.itemProposals.find((ip) => ip.claimItemId === item.id)?.amount ?? fail(`Item ${item.id} has no charge`);
      const tenantLine = tenantProposal.itemProposals.find((ip) => ip.claimItemId === item.id);
      const agreed = tenantLine?.settled === true ? tenantLine.amount : undefined;
      const given = input.amounts[item.id];
      if (given !== undefined && (!Number.isSafeInteger(given) || given < 0)) fail(`The amount for ${item.id} must be whole pence, 0 or more`);
      if (given !== undefined && given > charged) fail(`The amount for ${item.id} is more than the charge`);
      if (agreed !== undefined && given !== undefined && given !== agreed) fail(`Item ${item.id} was agreed at ${agreed}`);
      const amount = given ?? agreed ?? fail(`An amount is needed for item ${item.id}`);
      return { itemId: item.id, amount, settled: tenantLine !== undefined && tenantLine.amount === amount };
    });
    await tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, tenantProposal.id)).for("update");
    await refuseTenantProposal(tx, claim, tenantProposal, now, "FINAL_PROPOSAL");
    const orderId = await createClaimOrder(tx, claim, now);
    const proposalId = newId();
    await tx.insert(claimProposals).values({
      id: proposalId,
      claimId,
      round: 3,
      status: "AWAITING_RESPONSE",
      type: "FINAL",
      source: "SUPPLIER",
      publishedAt: now,
      orderId,
      responseDeadline: responseDeadline(now),
      createdAt: now,
      updatedAt: now,
    });
    for (const line of lines) {
      const explanation = input.explanations?.[line.itemId] ?? null;
      await tx.insert(claimItemProposals).values({
        id: newId(),
        claimProposalId: proposalId,
        claimItemId: line.itemId,
        amount: line.amount,
        explanation,
        settled: line.settled,
        settledSource: line.settled ? "SUPPLIER" : null,
        createdAt: now,
        updatedAt: now,
      });
      await recordActivity(
        tx,
        {
          claimId,
          activityType: "FINAL_PROPOSAL",
          details: { claimProposalId: proposalId, claimItemId: line.itemId, amount: line.amount, reasoning: explanation },
        },
        now,
      );
    }
    const total = lines.reduce((s, l) => s + l.amount, 0);
    await tx.update(claims).set({ finalAmount: total }).where(eq(claims.id, claimId));
    return { claimProposalId: proposalId, orderId, refusedClaimProposalId: tenantProposal.id, finalAmount: total };
  });
}

// ── Scenarios: the back office and the adjudicator ─────────────────────────────────

/**
 * BACK-OFFICE STAND-IN until card payments exist: marks an order customer action as paid
 * and applies what the payment means (completePaymentAction). For tests and demos of the
 * states after a payment only; it takes no money.
 */
export async function payClaimAction(db: Database, orderCustomerActionId: string, now: Date) {
  return db.transaction((tx) => completePaymentAction(tx, orderCustomerActionId, now));
}

/**
 * The dispute goes to the adjudicator once its £60 fee is paid: the claim is
 * AWAITING_ARBITRATION and its arbitration is created (the adjudication takes up to 6 weeks).
 */
export async function sendToAdjudication(db: Database, claimId: string, now: Date) {
  return db.transaction(async (tx) => {
    const claim = await lockOrFail(tx, claimId);
    const status = claimStatusOf(claim);
    const feePaid = (await disputeFeeOrderStatus(tx, claim)) === "COMPLETE";
    if (!feePaid || (status !== "AWAITING_ARBITRATION" && status !== "AWAITING_ARBITRATION_ADMIN_FEE")) {
      fail("Only a disputed claim whose dispute fee is paid can go to adjudication");
    }
    const [existing] = await tx.select({ id: arbitrations.id }).from(arbitrations).where(eq(arbitrations.claimId, claimId));
    if (existing) fail("The claim is already with the adjudicator");
    const arbitrationId = newId();
    await tx.insert(arbitrations).values({ id: arbitrationId, claimId, createdAt: now });
    await tx.update(claims).set({ status: "AWAITING_ARBITRATION" }).where(eq(claims.id, claimId));
    await recordActivity(tx, { claimId, activityType: "SENT_TO_ADJUDICATION", details: { arbitrationId } }, now);
    return { arbitrationId };
  });
}

/**
 * The adjudicator decides: the arbitration gets its arbitratedAmount, decidedAt, the
 * 3-calendar-day paymentDeadline and (by default) the adjudication report as a PDF; when
 * something is due, a repayment order with ARBITRATION_PAY (each tenant's own share) and
 * ARBITRATION_PAY_REMAINING_BALANCE (the whole) for every tenant, after the dispute fee
 * credit (disputeFeeOutcome). The claim is ARBITRATED.
 */
export async function decideAdjudication(
  db: Database,
  claimId: string,
  input: { amount: number; reportPdf?: boolean },
  now: Date,
  files?: FileStore,
) {
  const amount = Pence.parse(input.amount);
  const reportPdf = input.reportPdf ?? true;
  if (reportPdf && !files) fail("The adjudication report needs a file store");
  return db.transaction(async (tx) => {
    const claim = await lockOrFail(tx, claimId);
    if (claimStatusOf(claim) !== "AWAITING_ARBITRATION") fail("The claim is not with the adjudicator");
    const [arbitration] = await tx.select().from(arbitrations).where(eq(arbitrations.claimId, claimId)).for("update");
    if (!arbitration) return fail("The claim has no arbitration");
    if (arbitration.decidedAt !== null) fail("The adjudicator has already decided");
    const outcome = disputeFeeOutcome({
      adjudicatedAmountPence: amount,
      finalAmountPence: claim.finalAmount ?? amount,
      limitPence: claim.limit,
    });
    const repayment = adjudicationRepayment(amount, claim.limit, outcome.creditPence);
    let repaymentOrderId: string | null = null;
    if (repayment.amountDuePence > 0) {
      repaymentOrderId = await createClaimOrder(tx, claim, now);
      const respondents = await respondentCustomers(tx, claim);
      const shares = splitByLiability(
        repayment.amountDuePence,
        respondents.map((r) => ({ id: r.customerId, tenantLiability: r.tenantLiability })),
      );
      for (const r of respondents) {
        const oc = await ensureOrderCustomer(tx, repaymentOrderId, r.customerId, r.tenantLiability, now);
        const details = { claimId, arbitrationId: arbitration.id };
        await addPayAction(tx, oc, "ARBITRATION_PAY_REMAINING_BALANCE", repayment.amountDuePence, details, now);
        const share = shares.find((s) => s.tenantId === r.customerId)?.amountPence ?? 0;
        if (share > 0) await addPayAction(tx, oc, "ARBITRATION_PAY", share, details, now);
      }
    }
    // The dispute fee credit: the part set against what the tenants owe (creditUsedPence) is a
    // credit against a balance, not money back (the repayment order is simply smaller). The rest
    // (creditRefundPence, when the award is below £60) goes back to the card that paid the fee,
    // through the owed-refunds job (server/payments/refunds.ts), recorded in this transaction.
    let disputeFeeOwedRefundId: string | null = null;
    if (repayment.creditRefundPence > 0 && claim.adjudicationFeeOrderId !== null) {
      const [fee] = await tx
        .select({ action: orderCustomerActions, customerId: orderCustomers.customerId })
        .from(orderCustomerActions)
        .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
        .where(and(eq(orderCustomers.orderId, claim.adjudicationFeeOrderId), eq(orderCustomerActions.typeId, "ARBITRATION_ADMIN_PAY")))
        .for("update");
      const intentId = fee?.action.details.paidByPaymentIntentId;
      if (fee && fee.action.completedAt !== null && typeof intentId === "string") {
        const paid = typeof fee.action.details.amountPaid === "number" ? fee.action.details.amountPaid : DISPUTE_FEE_PENCE;
        disputeFeeOwedRefundId = await recordOwedRefund(
          tx,
          {
            customerId: fee.customerId,
            stripePaymentIntentId: intentId,
            amount: Math.min(repayment.creditRefundPence, paid),
            reason: "DISPUTE_FEE_CREDIT",
            claimId,
            orderCustomerActionId: fee.action.id,
          },
          now,
        );
      }
    }
    let documentId: string | null = null;
    if (reportPdf) {
      documentId = await storeSamplePdf(tx, files!, "Adjudication report.pdf", "ADJUDICATION_REPORT", now);
      await tx.insert(arbitrationDocuments).values({ id: newId(), arbitrationId: arbitration.id, documentId, createdAt: now });
    }
    await tx
      .update(arbitrations)
      .set({ arbitratedAmount: amount, decidedAt: now, paymentDeadline: adjudicationPaymentDeadline(now), repaymentOrderId })
      .where(eq(arbitrations.id, arbitration.id));
    await tx.update(claims).set({ status: "ARBITRATED" }).where(eq(claims.id, claimId));
    await recordActivity(
      tx,
      {
        claimId,
        activityType: "ADJUDICATION_DECIDED",
        details: {
          arbitrationId: arbitration.id,
          arbitratedAmount: amount,
          amountDue: repayment.amountDuePence,
          disputeFeeCredited: outcome.credited,
          disputeFeeReason: outcome.reason,
          disputeFeeRefund: repayment.creditRefundPence,
          disputeFeeOwedRefundId,
        },
      },
      now,
    );
    return { arbitrationId: arbitration.id, repaymentOrderId, documentId, amountDue: repayment.amountDuePence };
  });
}

/** The back office closes the claim (RESOLVED): the tenancy then counts as finished. */
export async function resolveClaim(db: Database, claimId: string, now: Date) {
  return db.transaction(async (tx) => {
    const claim = await lockOrFail(tx, claimId);
    const status = claimStatusOf(claim);
    if (status === "RESOLVED" || status === "DECLINED" || status === "DEACTIVATED") fail("The claim is already closed");
    await markResolved(tx, claimId, now, "BACK_OFFICE");
    return { claimId };
  });
}
