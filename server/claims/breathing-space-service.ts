/**
 * The claims area's part of Breathing Space (issue 36, decision 0047): a tenant's live claim
 * deadlines, read with each claim locked as every claim change is (lockClaim), and moving one.
 * The breathing-space area decides what moves where (server/breathing-space/service.ts); this
 * only knows which of a claim's deadlines still bind its tenants:
 *  - CLAIM_PROPOSAL: the landlord's current round 1 charges or round 3 final proposal, its
 *    responseDeadline, while it waits for the tenants' answer (AWAITING_RESPONSE), their dispute
 *    fee (DISPUTED, the claim AWAITING_ARBITRATION_ADMIN_FEE) or their payment (AWAITING_PAYMENT,
 *    accepted by a tenant: not one treated as accepted, due at once);
 *  - ARBITRATION: the adjudicator's award, its paymentDeadline, while its repayment order is PENDING.
 * Moving a deadline moves the stored column, so the claim page, the reminders and the calendar
 * file (deadline.ics) all read the new date.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { arbitrations, claimProposals, claimRespondents, claims, orders } from "../db/schema";
import { currentProposal } from "../domain/claim-responses";
import { isClaimFinished } from "../domain/statuses";
import { claimStatusOf, loadProposals, lockClaim, toDomainProposal } from "./records";

export type ClaimDeadlineKind = "CLAIM_PROPOSAL" | "ARBITRATION";
export type LiveClaimDeadline = { kind: ClaimDeadlineKind; targetId: string; claimId: string; deadline: Date };

/**
 * The tenant's live claim deadlines. `lock`: "none" reads only (the sweeper's cheap look);
 * "wait" takes each claim's lock in id order (recording a Breathing Space); "skip" takes them
 * with SKIP LOCKED and answers "locked" if another transaction holds one (the sweeper leaves that
 * tenant for its next run).
 */
export async function liveClaimDeadlines(db: Database, userId: string, lock: "none" | "wait" | "skip"): Promise<LiveClaimDeadline[] | "locked"> {
  const claimIds = (
    await db
      .select({ claimId: claimRespondents.claimId })
      .from(claimRespondents)
      .innerJoin(claims, eq(claims.id, claimRespondents.claimId))
      .where(eq(claimRespondents.userId, userId))
      .orderBy(asc(claimRespondents.claimId))
  ).map((r) => r.claimId);
  const found: LiveClaimDeadline[] = [];
  for (const claimId of claimIds) {
    const claim =
      lock === "none"
        ? (await db.select().from(claims).where(eq(claims.id, claimId)))[0]
        : await lockClaim(db, claimId, { skipLocked: lock === "skip" });
    if (!claim) {
      if (lock === "skip") return "locked";
      continue;
    }
    const status = claimStatusOf(claim);
    if (isClaimFinished(status)) continue;
    const proposals = await loadProposals(db, claim.id);
    const current = currentProposal(proposals.map(toDomainProposal));
    const proposal = current ? proposals.find((p) => p.id === current.id) : undefined;
    if (proposal && (proposal.round === 1 || proposal.round === 3) && proposal.responseDeadline && !proposal.autoResponded) {
      const waiting =
        (proposal.status === "AWAITING_RESPONSE" && (status === "AWAITING_RESPONDENTS" || status === "MEDIATION")) ||
        (proposal.status === "DISPUTED" && status === "AWAITING_ARBITRATION_ADMIN_FEE") ||
        (proposal.status === "AWAITING_PAYMENT" && status !== "AWAITING_ARBITRATION_ADMIN_FEE");
      if (waiting) found.push({ kind: "CLAIM_PROPOSAL", targetId: proposal.id, claimId: claim.id, deadline: proposal.responseDeadline });
    }
    const [award] = await db
      .select({ id: arbitrations.id, deadline: arbitrations.paymentDeadline, orderStatus: orders.statusId })
      .from(arbitrations)
      .innerJoin(orders, eq(orders.id, arbitrations.repaymentOrderId))
      .where(eq(arbitrations.claimId, claim.id));
    if (award?.deadline && award.orderStatus === "PENDING") {
      found.push({ kind: "ARBITRATION", targetId: award.id, claimId: claim.id, deadline: award.deadline });
    }
  }
  return found;
}

/** Moves one deadline, only if it still is what was read (the caller holds the claim's lock). */
export async function moveClaimDeadline(db: Database, deadline: LiveClaimDeadline, to: Date): Promise<boolean> {
  if (deadline.kind === "CLAIM_PROPOSAL") {
    const moved = await db
      .update(claimProposals)
      .set({ responseDeadline: to })
      .where(and(eq(claimProposals.id, deadline.targetId), eq(claimProposals.responseDeadline, deadline.deadline)))
      .returning({ id: claimProposals.id });
    return moved.length > 0;
  }
  const moved = await db
    .update(arbitrations)
    .set({ paymentDeadline: to })
    .where(and(eq(arbitrations.id, deadline.targetId), eq(arbitrations.paymentDeadline, deadline.deadline)))
    .returning({ id: arbitrations.id });
  return moved.length > 0;
}
