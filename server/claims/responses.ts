/**
 * The claim response (part 1 §2.5, §4.1, §5, §6, §7): the claim a tenant is a respondent
 * of, their evidence, their counter-proposal, and their answers to the landlord's or
 * agent's proposals. Every decision comes from the domain (server/domain/claims.ts,
 * claim-responses.ts, deadlines.ts); the money model is described at the top of
 * server/scenarios/claims.ts. Every write locks the claim row, then the proposal it acts
 * on, and checks the state again under the lock, so a double submit gets a 409.
 *
 * Readings chosen:
 *  - counterClaimProposal starts the tenant's round 2 DRAFT (source TENANT, created by
 *    them) and changes nothing else: the landlord's round 1 stays AWAITING_RESPONSE with
 *    its deadline running until the tenant's proposal is submitted (publish at £0, or its
 *    upfront payment). createCounterProposal does the same when no draft exists yet, so
 *    the screen may call either first. Only one tenant proposal can be in progress.
 *  - An item proposal at the agent's amount ('Agree') is marked settled by the TENANT;
 *    the domain counts it settled once the proposal is no longer pending.
 *  - Accepting, disputing, or the deadline passing discards an unsubmitted tenant
 *    proposal (and its unpaid payment): nothing can be proposed after that.
 *  - A document a tenant did not upload answers 404 to a delete (it is not theirs), even
 *    when they can see it; evidence in a submitted proposal answers 409.
 *  - updateClaimResponse takes the respondent and response ids in the path and the
 *    message in the body; the message also becomes the claim's tenantDisputeMessage, so
 *    the fee payment screen's "a dispute message exists" holds.
 *  - Client-reported activities (createClaimActivity) are a fixed list (CLIENT_ACTIVITY_TYPES)
 *    and are shown only to the tenant who reported them; the API's own activities are
 *    shown to every respondent.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import {
  claimItemDocuments,
  claimItemProposals,
  claimItems,
  claimProposals,
  claims,
  organizations
} from "../db/schema";
import { counterProposalCeilingMessage } from "#common/claim-proposal";
import {
  agentAmountForItem,
  checkEditTenantDraft,
  CLAIM_RESPONSE_MESSAGES,
  notOpenProposalMessage,
  openSupplierProposal,
  ownUnpublishedProposal,
  type OrderedProposal
} from "../domain/claim-responses";
import {
  checkTenantAction,
  CLAIM_MESSAGES,
  isProposalVisibleToTenant,
  type TenantAction,
  type TenantClaimState
} from "../domain/claims";
import {
  type ClaimStatus
} from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { queueNotice } from "../lib/notices";
import { newId } from "../lib/tokens";
import { discardUnpublishedTenantProposals, disputeFeeOrderStatus, openDisputeFee } from "./charges";
import { claimAudience, claimLinks, tenantName } from "./notices";
import { loadProposals, lockClaim, moreTimeRequestsOf, recordActivity, respondentCustomers, toDomainProposal, type ClaimRow, type ProposalWithItems, type RespondentCustomer } from "./records";
import { EXPLANATION_REQUIRED, type ItemProposalInput } from "./schemas";
import { tenantState } from "./views";

// ── Writing ──────────────────────────────────────────────────────────────────────────

export type WriteContext = {
  tx: Database;
  claim: ClaimRow;
  status: ClaimStatus;
  proposals: ProposalWithItems[];
  domain: OrderedProposal[];
  itemIds: string[];
  state: TenantClaimState;
  me: RespondentCustomer;
  userId: string;
  now: Date;
};

/**
 * Runs `fn` in a transaction holding the claim row (FOR UPDATE), with the claim's state
 * read under that lock. 404 unless the user is a respondent.
 */
export async function withClaim<T>(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string, fn: (ctx: WriteContext) => Promise<T>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound();
    const respondents = await respondentCustomers(tx, claim);
    const me = respondents.find((r) => r.userId === userId);
    if (!me) throw notFound();
    // One after another: a transaction is one connection, which runs one query at a time (pg 9
    // refuses a query sent while another runs; pg 8 queues it with a deprecation warning).
    const proposals = await loadProposals(tx, claimId);
    const items = await tx.select({ id: claimItems.id }).from(claimItems).where(eq(claimItems.claimId, claimId)).orderBy(asc(claimItems.position));
    const [organization] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId));
    const feeStatus = await disputeFeeOrderStatus(tx, claim);
    const domain = proposals.map(toDomainProposal);
    const itemIds = items.map((i) => i.id);
    const state = tenantState(claim, domain, itemIds, organization?.name ?? "", feeStatus, userId, now, await moreTimeRequestsOf(tx, claimId));
    return fn({ tx, claim, status: state.status, proposals, domain, itemIds, state, me, userId, now });
  });
}

export function refuse(check: { ok: boolean; message?: string }) {
  if (!check.ok) throw new ApiError(409, check.message ?? "This is not possible now.");
}

/** The proposal in the path: 404 unless it is on this claim and the tenant may see it; locked FOR UPDATE. */
export async function targetProposal(ctx: WriteContext, claimProposalId: string) {
  const proposal = ctx.proposals.find((p) => p.id === claimProposalId);
  if (!proposal || !isProposalVisibleToTenant(toDomainProposal(proposal), ctx.userId)) throw notFound();
  await ctx.tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, proposal.id)).for("update");
  return proposal;
}

/** The action must be allowed and aimed at the landlord's proposal that awaits the tenant. */
export async function openProposalFor(ctx: WriteContext, action: TenantAction, claimProposalId: string) {
  const proposal = await targetProposal(ctx, claimProposalId);
  refuse(checkTenantAction(ctx.state, action));
  const open = openSupplierProposal(ctx.domain);
  if (!open || open.id !== proposal.id) throw new ApiError(409, notOpenProposalMessage(toDomainProposal(proposal)));
  return proposal;
}

/** Starts the viewer's round 2 draft (the counter action). */
export async function startDraft(ctx: WriteContext) {
  const id = newId();
  await ctx.tx.insert(claimProposals).values({
    id,
    claimId: ctx.claim.id,
    round: 2,
    status: "DRAFT",
    type: "STANDARD",
    source: "TENANT",
    createdByUserId: ctx.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  // No proposal id in the details: co-tenants see this activity but not the draft.
  await recordActivity(ctx.tx, { claimId: ctx.claim.id, activityType: "COUNTER_PROPOSAL_STARTED", details: {}, userId: ctx.userId }, ctx.now);
  return id;
}

/**
 * Creates or updates the viewer's item proposal in their round 2 draft: the shared body
 * of createCounterProposal, updateCounterProposal, createClaimItemProposal and
 * updateClaimItemProposal. Without a draft it starts one (as the counter action would).
 */
export async function saveTenantItemProposal(
  ctx: WriteContext,
  input: ItemProposalInput,
  address: { claimProposalId?: string; claimItemProposalId?: string },
) {
  if (!ctx.itemIds.includes(input.claimItemId)) throw notFound();
  let draftId: string;
  if (address.claimProposalId !== undefined) {
    const target = await targetProposal(ctx, address.claimProposalId);
    const own = ownUnpublishedProposal(ctx.domain, ctx.userId);
    if (!own || own.id !== target.id) throw new ApiError(409, CLAIM_RESPONSE_MESSAGES.notYourDraft);
  }
  const existingDraft = ownUnpublishedProposal(ctx.domain, ctx.userId);
  if (existingDraft) {
    refuse(checkEditTenantDraft(ctx.state));
    draftId = existingDraft.id;
    await ctx.tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, draftId)).for("update");
  } else {
    refuse(checkTenantAction(ctx.state, "counter"));
    draftId = await startDraft(ctx);
  }
  const draft = ctx.proposals.find((p) => p.id === draftId);
  let itemProposal = draft?.itemProposals.find((ip) => ip.claimItemId === input.claimItemId);
  if (address.claimItemProposalId !== undefined) {
    const addressed = draft?.itemProposals.find((ip) => ip.id === address.claimItemProposalId);
    if (!addressed) throw notFound();
    if (addressed.claimItemId !== input.claimItemId) throw new ApiError(400, CLAIM_RESPONSE_MESSAGES.itemNotInProposal);
    itemProposal = addressed;
  }

  const ceiling = agentAmountForItem(ctx.domain, input.claimItemId);
  if (ceiling === null) throw new ApiError(409, CLAIM_MESSAGES.noCharges);
  if (input.amount > ceiling) {
    throw new ApiError(400, counterProposalCeilingMessage(ceiling));
  }

  // Evidence: the tenant's own uploads on this item.
  const documentIds = [...new Set(input.documentIds)];
  const links = documentIds.length
    ? await ctx.tx
        .select()
        .from(claimItemDocuments)
        .where(
          and(
            eq(claimItemDocuments.claimItemId, input.claimItemId),
            eq(claimItemDocuments.source, "TENANT"),
            eq(claimItemDocuments.uploadedByUserId, ctx.userId),
            inArray(claimItemDocuments.documentId, documentIds),
          ),
        )
    : [];
  if (links.length !== documentIds.length) throw notFound();

  const agrees = input.amount === ceiling;
  const explanation = input.explanation?.trim() ? input.explanation.trim() : null;
  if (!agrees && explanation === null) throw new ApiError(400, EXPLANATION_REQUIRED);
  let itemProposalId: string;
  if (itemProposal) {
    itemProposalId = itemProposal.id;
    await ctx.tx
      .update(claimItemProposals)
      .set({
        amount: input.amount,
        explanation,
        settled: agrees,
        settledSource: agrees ? "TENANT" : null,
        updatedAt: ctx.now,
      })
      .where(eq(claimItemProposals.id, itemProposalId));
  } else {
    itemProposalId = newId();
    await ctx.tx.insert(claimItemProposals).values({
      id: itemProposalId,
      claimProposalId: draftId,
      claimItemId: input.claimItemId,
      amount: input.amount,
      explanation,
      settled: agrees,
      settledSource: agrees ? "TENANT" : null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  await ctx.tx
    .update(claimItemDocuments)
    .set({ claimItemProposalId: null })
    .where(eq(claimItemDocuments.claimItemProposalId, itemProposalId));
  if (documentIds.length > 0) {
    await ctx.tx
      .update(claimItemDocuments)
      .set({ claimItemProposalId: itemProposalId })
      .where(inArray(claimItemDocuments.id, links.map((l) => l.id)));
  }
  await ctx.tx.update(claimProposals).set({ updatedAt: ctx.now }).where(eq(claimProposals.id, draftId));
  return { claimProposalId: draftId, claimItemProposalId: itemProposalId };
}

/** Formal dispute of the open landlord proposal: DISPUTED, and the £60 fee (see the money model). */
export async function raiseDispute(ctx: WriteContext, proposal: ProposalWithItems, withEvidence: boolean, message?: string) {
  await discardUnpublishedTenantProposals(ctx.tx, ctx.claim.id);
  await ctx.tx.update(claimProposals).set({ status: "DISPUTED", updatedAt: ctx.now }).where(eq(claimProposals.id, proposal.id));
  if (message !== undefined) await ctx.tx.update(claims).set({ tenantDisputeMessage: message }).where(eq(claims.id, ctx.claim.id));
  const fee = await openDisputeFee(ctx.tx, ctx.claim, ctx.me, ctx.now);
  await noticeDisputeFeeDue(ctx, proposal);
  await recordActivity(
    ctx.tx,
    {
      claimId: ctx.claim.id,
      activityType: "CHARGES_DISPUTED",
      details: { claimProposalId: proposal.id, round: proposal.round, withEvidence, adjudicationFeeOrderId: fee.orderId },
      userId: ctx.userId,
    },
    ctx.now,
  );
}


/**
 * The dispute fee is due (issue 28): the tenant who disputed pays it (their link is the fee page,
 * or the dispute form while their dispute has no message); the other tenants are bound by the
 * dispute, so they are told it was raised and what happens if the fee is not paid by the disputed
 * proposal's deadline.
 */
async function noticeDisputeFeeDue(ctx: WriteContext, proposal: ProposalWithItems) {
  const audience = await claimAudience(ctx.tx, ctx.claim.id);
  const deadline = proposal.responseDeadline ?? ctx.now;
  const facts = { property: audience.property, disputedBy: tenantName(audience, ctx.userId), deadline };
  await queueNotice(ctx.tx, { kind: "DISPUTE_FEE_DUE", facts: { ...facts, disputedByYou: true, link: claimLinks.disputeFee(audience) } }, [ctx.userId], ctx.now);
  const others = audience.tenants.map((t) => t.userId).filter((id) => id !== ctx.userId);
  await queueNotice(ctx.tx, { kind: "DISPUTE_FEE_DUE", facts: { ...facts, disputedByYou: false, link: claimLinks.claim(audience) } }, others, ctx.now);
}
