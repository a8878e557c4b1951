/**
 * The claims area's deadlines (part 1 §4.1 "If the tenant does not respond or pay in time,
 * the charges are treated as accepted"; §8 "If payment is not made, these end of tenancy
 * charges will be considered accepted"; §9 "Payment for a proposal is held at most 7 days").
 *
 *  (a) Charges deemed accepted: the landlord's current round 1 or 3 proposal is past its
 *      responseDeadline and still waiting for the tenants (AWAITING_RESPONSE, or DISPUTED
 *      with the £60 fee unpaid). It becomes AWAITING_PAYMENT with autoResponded = true and
 *      its order payable exactly as when a tenant accepts; an unpaid dispute fee order and
 *      any unpublished tenant proposal are removed, and the claim is back in
 *      AWAITING_RESPONDENTS ('You must pay immediately').
 *  (b) Proposal hold run out: a submitted tenant proposal (round 2 AWAITING_RESPONSE) whose
 *      holdExpiresAt has passed without the agent accepting is refused: its payment is
 *      refunded in full (recorded on the paid action and as a PROPOSAL_REFUSED activity
 *      with the amount), it goes back to its author as a draft and the landlord's proposal
 *      it answered gets a new 7-day deadline, so the tenants can respond to it again.
 *
 * While a tenant's request for more time waits for our answer (issue 36), (a) holds for that
 * proposal: `moreTimeRequestWaits` (decision 0049).
 *
 * Each change tells every tenant in its own transaction (issue 28): CHARGES_DEEMED_ACCEPTED
 * with what they now owe, PROPOSAL_HOLD_EXPIRED with the new deadline.
 *
 * Each due proposal is handled in its own transaction that takes its claim and then the
 * proposal with `SELECT … FOR UPDATE SKIP LOCKED` and checks everything again under the
 * lock, so two instances sweeping at once never apply a deadline twice, a claim a tenant
 * is changing right now is left for the next run, and a second run changes nothing more.
 */
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../db";
import { claimProposals, claims } from "../db/schema";
import { currentProposal } from "../domain/claim-responses";
import { chargesDeemedAccepted, isPastDeadline } from "../domain/deadlines";
import { claimInBreathingSpace } from "../lib/breathing-space-reads";
import { cancelUnpaidDisputeFee, disputeFeeOrderStatus, makeChargesPayable } from "./charges";
import { refuseTenantProposal } from "./tenant-proposals";
import { claimLinks, noticeClaimTenants } from "./notices";
import { claimStatusOf, loadProposals, lockClaim, moreTimeRequestWaits, recordActivity, toDomainProposal } from "./records";

export type ClaimDeadlineSweep = {
  /** Landlord proposals whose charges this run treated as accepted. */
  chargesDeemedAccepted: { claimId: string; claimProposalId: string; lapsedDispute: boolean }[];
  /** Tenant proposals this run refused because their payment hold ran out. */
  proposalsRefused: { claimId: string; claimProposalId: string; refundPence: number }[];
  /** Due rows another sweep or request was handling (locked), left for the next run. */
  skippedLocked: number;
  /** Rows that looked due but were no longer due once locked (already handled, or changed). */
  notDue: number;
  /** Due charges left as they are because a tenant of the claim is in a Breathing Space (issue 36). */
  breathingSpace: number;
};

type Outcome = "deemed" | "lapsed" | "refused" | "locked" | "notDue" | "breathingSpace";

/** Applies every claim deadline due at `now` and says what it did (the clock's job, server/jobs/claim-deadlines.ts, runs it). */
export async function applyDueClaimDeadlines(db: Database, now: Date): Promise<ClaimDeadlineSweep> {
  const summary: ClaimDeadlineSweep = { chargesDeemedAccepted: [], proposalsRefused: [], skippedLocked: 0, notDue: 0, breathingSpace: 0 };

  // Candidates only: each one is locked and checked again in its own transaction.
  const charges = await db
    .select({ id: claimProposals.id, claimId: claimProposals.claimId })
    .from(claimProposals)
    .where(
      and(
        inArray(claimProposals.round, [1, 3]),
        inArray(claimProposals.status, ["AWAITING_RESPONSE", "DISPUTED"]),
        lt(claimProposals.responseDeadline, now),
      ),
    )
    .orderBy(asc(claimProposals.responseDeadline), asc(claimProposals.id));
  for (const candidate of charges) {
    const result = await db.transaction(async (tx): Promise<{ outcome: Outcome }> => {
      const claim = await lockClaimAndProposal(tx, candidate);
      if (!claim) return { outcome: "locked" };
      const proposals = await loadProposals(tx, claim.id);
      const proposal = proposals.find((p) => p.id === candidate.id);
      if (!proposal || proposal.autoResponded) return { outcome: "notDue" };
      const domain = proposals.map(toDomainProposal);
      // Only the proposal the tenants are answering now: a later round replaces it.
      if (currentProposal(domain)?.id !== proposal.id) return { outcome: "notDue" };
      const status = claimStatusOf(claim);
      const feeStatus = await disputeFeeOrderStatus(tx, claim);
      const waiting =
        (proposal.status === "AWAITING_RESPONSE" && (status === "AWAITING_RESPONDENTS" || status === "MEDIATION")) ||
        (proposal.status === "DISPUTED" && status === "AWAITING_ARBITRATION_ADMIN_FEE" && feeStatus !== "COMPLETE");
      if (!waiting) return { outcome: "notDue" };
      // Issue 36 (decision 0049): while a request for more time waits for our answer, the deadline holds.
      if (proposal.status === "AWAITING_RESPONSE" && (await moreTimeRequestWaits(tx, claim.id, proposal.id))) return { outcome: "notDue" };
      const deemed = chargesDeemedAccepted(domain.find((p) => p.id === proposal.id)!, now, {
        disputeFeePaid: feeStatus === "COMPLETE",
      });
      if (!deemed) return { outcome: "notDue" };
      // Breathing Space (issue 36, decision 0047): a claim with any tenant in one is treated as accepted for no one.
      if (await claimInBreathingSpace(tx, claim.id, now)) return { outcome: "breathingSpace" };
      const lapsed = proposal.status === "DISPUTED";
      let current = claim;
      if (lapsed) {
        // The dispute lapses: its unpaid fee order goes and the claim is back with the tenants.
        await cancelUnpaidDisputeFee(tx, claim);
        await tx.update(claims).set({ status: "AWAITING_RESPONDENTS" }).where(eq(claims.id, claim.id));
        await recordActivity(tx, { claimId: claim.id, activityType: "DISPUTE_LAPSED", details: { claimProposalId: proposal.id } }, now);
        current = { ...claim, status: "AWAITING_RESPONDENTS", adjudicationFeeOrderId: null };
      }
      // Tells every tenant what they now owe (CHARGES_DEEMED_ACCEPTED).
      await makeChargesPayable(tx, current, proposal, now, { autoResponded: true, lapsedDispute: lapsed });
      return { outcome: lapsed ? "lapsed" : "deemed" };
    });
    if (result.outcome === "deemed" || result.outcome === "lapsed") {
      summary.chargesDeemedAccepted.push({ claimId: candidate.claimId, claimProposalId: candidate.id, lapsedDispute: result.outcome === "lapsed" });
    } else if (result.outcome === "locked") summary.skippedLocked += 1;
    else if (result.outcome === "breathingSpace") summary.breathingSpace += 1;
    else summary.notDue += 1;
  }

  const holds = await db
    .select({ id: claimProposals.id, claimId: claimProposals.claimId })
    .from(claimProposals)
    .where(and(eq(claimProposals.round, 2), eq(claimProposals.status, "AWAITING_RESPONSE"), lt(claimProposals.holdExpiresAt, now)))
    .orderBy(asc(claimProposals.holdExpiresAt), asc(claimProposals.id));
  for (const candidate of holds) {
    const result = await db.transaction(async (tx): Promise<{ outcome: Outcome; refundPence?: number }> => {
      const claim = await lockClaimAndProposal(tx, candidate);
      if (!claim) return { outcome: "locked" };
      const proposal = (await loadProposals(tx, claim.id)).find((p) => p.id === candidate.id);
      const status = claimStatusOf(claim);
      if (
        !proposal ||
        proposal.round !== 2 ||
        proposal.status !== "AWAITING_RESPONSE" ||
        proposal.holdExpiresAt === null ||
        !isPastDeadline(proposal.holdExpiresAt, now) ||
        (status !== "AWAITING_RESPONDENTS" && status !== "MEDIATION")
      ) {
        return { outcome: "notDue" };
      }
      const { refundPence, answerBy } = await refuseTenantProposal(tx, claim, proposal, now, "HOLD_EXPIRED");
      if (answerBy) {
        await noticeClaimTenants(tx, claim.id, now, (a) => ({
          kind: "PROPOSAL_HOLD_EXPIRED",
          facts: { property: a.property, link: claimLinks.claim(a), moreTimeLink: claimLinks.moreTime(a), refundPence, deadline: answerBy },
        }));
      }
      return { outcome: "refused", refundPence };
    });
    if (result.outcome === "refused") {
      summary.proposalsRefused.push({ claimId: candidate.claimId, claimProposalId: candidate.id, refundPence: result.refundPence ?? 0 });
    } else if (result.outcome === "locked") summary.skippedLocked += 1;
    else summary.notDue += 1;
  }

  return summary;
}

/**
 * Locks a due proposal's claim, then the proposal itself, skipping either when another run holds
 * it (that run applies the deadline): the claim, or null when either is locked elsewhere.
 */
async function lockClaimAndProposal(tx: Database, candidate: { id: string; claimId: string }) {
  const claim = await lockClaim(tx, candidate.claimId, { skipLocked: true });
  if (!claim) return null;
  const [locked] = await tx
    .select({ id: claimProposals.id })
    .from(claimProposals)
    .where(eq(claimProposals.id, candidate.id))
    .for("update", { skipLocked: true });
  return locked ? claim : null;
}
