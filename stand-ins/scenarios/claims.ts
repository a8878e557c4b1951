/**
 * Claims: the other parties (landlord or agent, adjudicator, back office) as scenarios for
 * ops, the demo data and tests. They call the claim services (server/claims/); the money
 * model is in server/claims/charges.ts (paying it: server/claim-payments/). Raising a claim,
 * with its sample documents, is in claim-raising.ts.
 */
import { asc, eq } from "drizzle-orm";
import { completePaymentAction, refundUnusedDisputeFeeCredit } from "../../server/claim-payments";
import { disputeFeeOrderStatus, markResolved } from "../../server/claims/charges";
import { refuseTenantProposal } from "../../server/claims/tenant-proposals";
import { addPayAction, claimStatusOf, createClaimOrder, ensureOrderCustomer, fail, loadProposals, lockClaim, recordActivity, respondentCustomers, type ProposalWithItems } from "../../server/claims/records";
import type { Database } from "../../server/db";
import { arbitrationDocuments, arbitrations, claimItemProposals, claimItems, claimProposals, claims } from "../../server/db/schema";
import { adjudicationRepayment, proposalTotalPence } from "../../server/domain/claim-responses";
import { adjudicationPaymentDeadline, isPastDeadline, responseDeadline } from "../../server/domain/deadlines";
import { disputeFeeOutcome } from "#common/dispute-fee";
import { splitByLiability } from "../../server/domain/fees";
import { CLAIM_DOCUMENT_DISPLAY_ORDER } from "../../server/domain/statuses";
import type { FileStore } from "../../server/lib/files";
import { claimLinks, noticeClaimTenants } from "../../server/claims/notices";
import { disputeFeeWordsAfter, plainPounds } from "#common/wording";
import { newId } from "../../server/lib/tokens";
import { Pence, storeSamplePdf } from "./claim-raising";
import { checkReasons, storeReasons, type AdjudicatorReasons } from "./adjudicator";
export { raiseClaim, samplePdf, type RaiseClaimInput } from "./claim-raising";

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
    await noticeClaimTenants(tx, claimId, now, (a) => ({
      kind: "PROPOSAL_ACCEPTED",
      facts: { property: a.property, link: claimLinks.settled(a), amountPence: total },
    }));
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
    const { refundPence } = await refuseTenantProposal(tx, claim, tenantProposal, now, "FINAL_PROPOSAL");
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
    await noticeClaimTenants(tx, claimId, now, (a) => ({
      kind: "FINAL_PROPOSAL",
      facts: { property: a.property, link: claimLinks.claim(a), moreTimeLink: claimLinks.moreTime(a), amountPence: total, refundPence, deadline: responseDeadline(now) },
    }));
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
 * Since issue 38 the fee's payment does this itself (server/claims/adjudication.ts): for a claim
 * it already sent, this answers that arbitration and tells nobody again.
 */
export async function sendToAdjudication(db: Database, claimId: string, now: Date) {
  return db.transaction(async (tx) => {
    const claim = await lockOrFail(tx, claimId);
    const status = claimStatusOf(claim);
    const feePaid = (await disputeFeeOrderStatus(tx, claim)) === "COMPLETE";
    if (!feePaid || (status !== "AWAITING_ARBITRATION" && status !== "AWAITING_ARBITRATION_ADMIN_FEE")) {
      fail("Only a disputed claim whose dispute fee is paid can go to adjudication");
    }
    const [existing] = await tx.select({ id: arbitrations.id, decidedAt: arbitrations.decidedAt }).from(arbitrations).where(eq(arbitrations.claimId, claimId));
    if (existing?.decidedAt) fail("The adjudicator has already decided");
    if (existing) return { arbitrationId: existing.id };
    const arbitrationId = newId();
    await tx.insert(arbitrations).values({ id: arbitrationId, claimId, createdAt: now });
    await tx.update(claims).set({ status: "AWAITING_ARBITRATION" }).where(eq(claims.id, claimId));
    await recordActivity(tx, { claimId, activityType: "SENT_TO_ADJUDICATION", details: { arbitrationId } }, now);
    await noticeClaimTenants(tx, claimId, now, (a) => ({ kind: "SENT_TO_ADJUDICATION", facts: { property: a.property, link: claimLinks.arbitration(arbitrationId) } }));
    return { arbitrationId };
  });
}

/**
 * The adjudicator decides: the arbitration gets its arbitratedAmount, decidedAt, the
 * 3-calendar-day paymentDeadline and (by default) the adjudication report as a PDF; when
 * something is due, a repayment order with ARBITRATION_PAY (each tenant's own share) and
 * ARBITRATION_PAY_REMAINING_BALANCE (the whole) for every tenant, after the dispute fee
 * credit (disputeFeeOutcome). The claim is ARBITRATED. The reasons per item (and what was
 * awarded for each, when given) are stored with it (adjudicator.ts, issue 39).
 */
export async function decideAdjudication(
  db: Database,
  claimId: string,
  input: { amount: number; reportPdf?: boolean } & AdjudicatorReasons,
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
    const reasons = await checkReasons(tx, claimId, amount, input);
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
    const disputeFeeOwedRefundId = await refundUnusedDisputeFeeCredit(tx, claim, repayment.creditRefundPence, now);
    let documentId: string | null = null;
    if (reportPdf) {
      documentId = await storeSamplePdf(tx, files!, "Adjudication report.pdf", "ADJUDICATION_REPORT", now);
      await tx.insert(arbitrationDocuments).values({ id: newId(), arbitrationId: arbitration.id, documentId, createdAt: now });
    }
    await storeReasons(tx, arbitration.id, reasons, now);
    const paymentDeadline = adjudicationPaymentDeadline(now);
    await tx
      .update(arbitrations)
      .set({ arbitratedAmount: amount, decidedAt: now, paymentDeadline, repaymentOrderId })
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
    await noticeClaimTenants(tx, claimId, now, (a) => {
      // What happened to the £60, in the Result card's words (common/wording/fees.ts), from the same figures.
      const feeWords = disputeFeeWordsAfter(
        { adjudicatedAmountPence: amount, finalAmountPence: claim.finalAmount ?? amount, limitPence: claim.limit, landlord: a.organization ?? "your landlord or agent" },
        plainPounds,
      );
      return {
        kind: "ADJUDICATION_DECIDED",
        facts: {
          property: a.property,
          link: claimLinks.arbitration(arbitration.id),
          awardedPence: amount,
          amountDuePence: repayment.amountDuePence,
          deadline: paymentDeadline,
          disputeFeeWords: feeWords.text,
          withReasons: reasons.length > 0,
        },
      };
    });
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
