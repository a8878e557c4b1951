/**
 * The claims area's service (part 1 §2.5, §4.1, §5, §6, §7): every write of the tenant's
 * claim response, each in a transaction that holds the claim row (withClaim, responses.ts) and
 * checks the state again under the lock, so a double submit gets a 409; and what other areas
 * use of a claim (the arbitration page's reading, a paid-off payment plan's claim payment).
 * The readings chosen are listed in contract.ts; the money model is in charges.ts (paying is server/claim-payments/); the deadlines
 * the clock applies are deadline-service.ts's.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import {
  claimItemDocuments,
  claimProposals,
  claimResponseDocuments,
  claimResponses,
  claims,
  documents,
  orderCustomerActions,
  orderCustomers,
  orders
} from "../db/schema";
import {
  checkEditTenantDraft,
  checkResponseDocumentChange,
  CLAIM_RESPONSE_MESSAGES,
  openSupplierProposal,
  ownUnpublishedProposal,
  proposalTotalPence
} from "../domain/claim-responses";
import { checkTenantAction, CLAIM_MESSAGES } from "../domain/claims";
import { isClaimFinished } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { newId } from "../lib/tokens";
import { checkHourlyUploads, checkUpload, checkUploadLimit, documentTotals, lockTenantUploads, storeDocument } from "../lib/uploads";
import { CLAIM_ITEM_UPLOAD_LIMIT, CLAIM_RESPONSE_UPLOAD_LIMIT } from "#common/uploads";
import { makeChargesPayable } from "./charges";
import { requireProposalPayment, submitTenantProposal } from "./tenant-proposals";
import { claimStatusOf, recordActivity, respondentCustomers } from "./records";
import { openProposalFor, raiseDispute, refuse, saveTenantItemProposal, startDraft, targetProposal, withClaim, type WriteContext } from "./responses";
import type { ClientActivityInput, ItemProposalInput } from "./schemas";
import { itemDocumentView, responseDocumentsOf } from "./document-views";
import { respondentOrNotFound } from "./views";

// ── What other areas use ─────────────────────────────────────────────────────────────

/**
 * A claim the user is a respondent of, as another area reads it (the arbitration page): the
 * claim row, its status and its respondents with their customers and liability. 404 otherwise.
 */
export async function claimOfRespondent(db: Database, claimId: string, userId: string) {
  const { claim } = await respondentOrNotFound(db, claimId, userId);
  return { claim, status: claimStatusOf(claim), respondents: await respondentCustomers(db, claim) };
}

// ── Evidence ────────────────────────────────────────────────────────────────────────

type Upload = { file: unknown; fileName?: string };

async function deleteStoredDocument(deps: Pick<Deps, "db" | "files">, documentId: string) {
  const [doc] = await deps.db.delete(documents).where(eq(documents.id, documentId)).returning();
  if (doc) await deps.files.delete(doc.storageKey);
}

/** Uploads a claim response document: checked before and again under the lock; a refusal keeps no file. */
export async function addResponseDocument(deps: Deps, claimId: string, userId: string, form: Upload) {
  const { claim } = await respondentOrNotFound(deps.db, claimId, userId);
  refuse(checkResponseDocumentChange(claimStatusOf(claim)));
  const upload = await checkUpload(form.file, form.fileName);
  const document = await storeDocument(deps, upload, { typeId: "CLAIM_RESPONSE", userId });
  const linkId = newId();
  try {
    await withClaim(deps, claimId, userId, async (ctx) => {
      refuse(checkResponseDocumentChange(ctx.status));
      // Issue 23: the tenant's hourly allowance and their limit on this claim's supporting information.
      await lockTenantUploads(ctx.tx, userId);
      await checkHourlyUploads(ctx.tx, userId, ctx.now, document.id);
      const [existing] = await ctx.tx
        .select(documentTotals())
        .from(claimResponseDocuments)
        .innerJoin(documents, eq(documents.id, claimResponseDocuments.documentId))
        .where(and(eq(claimResponseDocuments.claimId, claimId), eq(claimResponseDocuments.uploadedByUserId, userId)));
      checkUploadLimit(existing ?? { files: 0, bytes: 0 }, upload.size, CLAIM_RESPONSE_UPLOAD_LIMIT);
      await ctx.tx.insert(claimResponseDocuments).values({ id: linkId, claimId, documentId: document.id, uploadedByUserId: userId, createdAt: ctx.now });
    });
  } catch (error) {
    await deleteStoredDocument(deps, document.id);
    throw error;
  }
  return (await responseDocumentsOf(deps.db, claimId, userId)).find((d) => d.claimResponseDocumentId === linkId)!;
}

/** Deletes a claim response document the tenant uploaded (a co-tenant's is not theirs: 404). */
export async function deleteResponseDocument(deps: Deps, claimId: string, documentId: string, userId: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    const [link] = await ctx.tx
      .select()
      .from(claimResponseDocuments)
      .where(and(eq(claimResponseDocuments.claimId, claimId), eq(claimResponseDocuments.documentId, documentId)))
      .for("update");
    // Only the tenant's own uploads: a co-tenant's document is not theirs to delete.
    if (!link || link.uploadedByUserId !== userId) throw notFound();
    refuse(checkResponseDocumentChange(ctx.status));
    await ctx.tx.delete(claimResponseDocuments).where(eq(claimResponseDocuments.id, link.id));
  });
  await deleteStoredDocument(deps, documentId);
}

/** Uploads the tenant's evidence for a claim item, optionally for their own item proposal. */
export async function addItemDocument(
  deps: Deps,
  address: { claimId: string; claimItemId: string; userId: string },
  form: Upload & { claimItemProposalId?: string },
) {
  const { claimId, claimItemId, userId } = address;
  // Check everything that does not need the file first, so a refused upload stores nothing.
  const precheck = async (ctx: WriteContext) => {
    if (!ctx.itemIds.includes(claimItemId)) throw notFound();
    if (form.claimItemProposalId !== undefined) {
      const owner = ctx.proposals.find((p) => p.itemProposals.some((ip) => ip.id === form.claimItemProposalId));
      const itemProposal = owner?.itemProposals.find((ip) => ip.id === form.claimItemProposalId);
      if (!owner || !itemProposal || itemProposal.claimItemId !== claimItemId || owner.round !== 2 || owner.createdByUserId !== userId) {
        throw notFound();
      }
      if (owner.status === "AWAITING_PAYMENT") throw new ApiError(409, CLAIM_RESPONSE_MESSAGES.goBackToEdit);
      if (owner.status !== "DRAFT") throw new ApiError(409, CLAIM_RESPONSE_MESSAGES.proposalSubmitted);
      refuse(checkEditTenantDraft(ctx.state));
    } else {
      const counter = checkTenantAction(ctx.state, "counter");
      if (!counter.ok) refuse(checkEditTenantDraft(ctx.state).ok ? { ok: true } : counter);
    }
  };
  await withClaim(deps, claimId, userId, precheck);
  const upload = await checkUpload(form.file, form.fileName);
  const document = await storeDocument(deps, upload, { typeId: "CLAIM_ITEM", userId });
  const linkId = newId();
  try {
    await withClaim(deps, claimId, userId, async (ctx) => {
      await precheck(ctx);
      // Issue 23: the tenant's hourly allowance and their limit on this claim item's evidence.
      await lockTenantUploads(ctx.tx, userId);
      await checkHourlyUploads(ctx.tx, userId, ctx.now, document.id);
      const [existing] = await ctx.tx
        .select(documentTotals())
        .from(claimItemDocuments)
        .innerJoin(documents, eq(documents.id, claimItemDocuments.documentId))
        .where(and(eq(claimItemDocuments.claimItemId, claimItemId), eq(claimItemDocuments.uploadedByUserId, userId)));
      checkUploadLimit(existing ?? { files: 0, bytes: 0 }, upload.size, CLAIM_ITEM_UPLOAD_LIMIT);
      await ctx.tx.insert(claimItemDocuments).values({
        id: linkId,
        claimItemId,
        documentId: document.id,
        claimItemProposalId: form.claimItemProposalId ?? null,
        source: "TENANT",
        uploadedByUserId: userId,
        createdAt: ctx.now,
      });
    });
  } catch (error) {
    await deleteStoredDocument(deps, document.id);
    throw error;
  }
  const [link] = await deps.db.select().from(claimItemDocuments).where(eq(claimItemDocuments.id, linkId));
  return itemDocumentView({ link: link!, document }, userId);
}

/** Deletes the tenant's own evidence on a claim item; evidence in a submitted proposal answers 409. */
export async function deleteItemDocument(deps: Deps, address: { claimId: string; claimItemId: string; documentId: string; userId: string }) {
  const { claimId, claimItemId, documentId, userId } = address;
  await withClaim(deps, claimId, userId, async (ctx) => {
    if (!ctx.itemIds.includes(claimItemId)) throw notFound();
    const [link] = await ctx.tx
      .select()
      .from(claimItemDocuments)
      .where(
        and(
          eq(claimItemDocuments.claimItemId, claimItemId),
          eq(claimItemDocuments.documentId, documentId),
          eq(claimItemDocuments.source, "TENANT"),
        ),
      )
      .for("update");
    if (!link || link.uploadedByUserId !== userId) throw notFound();
    if (link.claimItemProposalId !== null) {
      const owner = ctx.proposals.find((p) => p.itemProposals.some((ip) => ip.id === link.claimItemProposalId));
      if (owner?.status === "AWAITING_PAYMENT") throw new ApiError(409, CLAIM_RESPONSE_MESSAGES.goBackToEdit);
      if (owner && owner.status !== "DRAFT") throw new ApiError(409, CLAIM_RESPONSE_MESSAGES.documentLocked);
    }
    await ctx.tx.delete(claimItemDocuments).where(eq(claimItemDocuments.id, link.id));
  });
  await deleteStoredDocument(deps, documentId);
}

// ── The tenant's counter-proposal ────────────────────────────────────────────────────

/**
 * Creates or updates the tenant's item proposal in their round 2 draft (starting the draft when
 * there is none), at the address given: createCounterProposal (none), createClaimItemProposal
 * (the proposal) and updateClaimItemProposal (the proposal and item proposal). Answers the ids saved.
 */
export function saveItemProposal(
  deps: Deps,
  claimId: string,
  userId: string,
  input: ItemProposalInput,
  address: { claimProposalId?: string; claimItemProposalId?: string } = {},
) {
  return withClaim(deps, claimId, userId, (ctx) => saveTenantItemProposal(ctx, input, address));
}

/** updateCounterProposal: an item proposal of the tenant's own unpublished proposal, else 404. */
export function updateCounterProposal(deps: Deps, claimId: string, claimItemProposalId: string, userId: string, input: ItemProposalInput) {
  return withClaim(deps, claimId, userId, async (ctx) => {
    const own = ownUnpublishedProposal(ctx.domain, userId);
    const ownRow = own && ctx.proposals.find((p) => p.id === own.id);
    if (!ownRow || !ownRow.itemProposals.some((ip) => ip.id === claimItemProposalId)) throw notFound();
    return saveTenantItemProposal(ctx, input, { claimProposalId: ownRow.id, claimItemProposalId });
  });
}

// ── Answering the landlord's proposal ────────────────────────────────────────────────

/** Agree: the landlord's open proposal's charges become payable. */
export async function agreeProposal(deps: Deps, claimId: string, claimProposalId: string, userId: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    const proposal = await openProposalFor(ctx, "accept", claimProposalId);
    await makeChargesPayable(ctx.tx, ctx.claim, proposal, ctx.now, { autoResponded: false, userId });
  });
}

/** Counter: starts the tenant's round 2 draft. */
export async function counterProposal(deps: Deps, claimId: string, claimProposalId: string, userId: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    await openProposalFor(ctx, "counter", claimProposalId);
    await startDraft(ctx);
  });
}

/** Dispute (with evidence): the formal dispute and its fee. */
export async function disputeProposal(deps: Deps, claimId: string, claimProposalId: string, userId: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    const proposal = await openProposalFor(ctx, "dispute", claimProposalId);
    await raiseDispute(ctx, proposal, true);
  });
}

/** Publishes the tenant's draft: submitted at once at £0, else its upfront payment is asked for. */
export async function publishProposal(deps: Deps, claimId: string, claimProposalId: string, userId: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    const proposal = await targetProposal(ctx, claimProposalId);
    refuse(checkTenantAction(ctx.state, "publish"));
    const draft = ownUnpublishedProposal(ctx.domain, userId, "DRAFT");
    if (!draft || draft.id !== proposal.id) throw new ApiError(409, CLAIM_MESSAGES.noDraft);
    if (proposalTotalPence(proposal) === 0) {
      await submitTenantProposal(ctx.tx, ctx.claim, proposal, ctx.now);
    } else {
      await requireProposalPayment(ctx.tx, ctx.claim, proposal, ctx.me, ctx.now);
    }
  });
}

/** Back from the proposal's payment to its draft, while the payment is still open. */
export async function unpublishProposal(deps: Deps, claimId: string, claimProposalId: string, userId: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    const proposal = await targetProposal(ctx, claimProposalId);
    refuse(checkTenantAction(ctx.state, "unpublish"));
    const atPayment = ownUnpublishedProposal(ctx.domain, userId, "AWAITING_PAYMENT");
    if (!atPayment || atPayment.id !== proposal.id || proposal.orderId === null) {
      throw new ApiError(409, CLAIM_MESSAGES.nothingToGoBackFrom);
    }
    const ocIds = (
      await ctx.tx.select({ id: orderCustomers.id }).from(orderCustomers).where(eq(orderCustomers.orderId, proposal.orderId))
    ).map((r) => r.id);
    const removed = ocIds.length
      ? await ctx.tx
          .delete(orderCustomerActions)
          .where(
            and(
              inArray(orderCustomerActions.orderCustomerId, ocIds),
              eq(orderCustomerActions.typeId, "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE"),
              isNull(orderCustomerActions.completedAt),
            ),
          )
          .returning({ id: orderCustomerActions.id })
      : [];
    // Paid meanwhile: the proposal is being submitted, there is nothing to go back from.
    if (removed.length === 0) throw new ApiError(409, CLAIM_MESSAGES.nothingToGoBackFrom);
    await ctx.tx.update(claimProposals).set({ status: "DRAFT", updatedAt: ctx.now }).where(eq(claimProposals.id, proposal.id));
    const stillOpen = await ctx.tx
      .select({ id: orderCustomerActions.id })
      .from(orderCustomerActions)
      .where(and(inArray(orderCustomerActions.orderCustomerId, ocIds), isNull(orderCustomerActions.completedAt)));
    if (stillOpen.length === 0) await ctx.tx.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, proposal.orderId));
    await recordActivity(
      ctx.tx,
      { claimId, activityType: "PROPOSAL_UNPUBLISHED", details: {}, userId },
      ctx.now,
    );
  });
}

// ── Messages and activities ──────────────────────────────────────────────────────────

export async function updateDisputeMessage(deps: Deps, claimId: string, userId: string, message: string) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    refuse(checkTenantAction(ctx.state, "updateDisputeMessage"));
    await ctx.tx.update(claims).set({ tenantDisputeMessage: message }).where(eq(claims.id, claimId));
    await recordActivity(ctx.tx, { claimId, activityType: "DISPUTE_MESSAGE_UPDATED", details: {}, userId }, ctx.now);
  });
}

/** A client-reported activity (CLIENT_ACTIVITY_TYPES), shown only to the tenant who reported it. */
export function recordClientActivity(
  deps: Deps,
  claimId: string,
  userId: string,
  body: ClientActivityInput,
) {
  return withClaim(deps, claimId, userId, async (ctx) => {
    if (isClaimFinished(ctx.status)) throw new ApiError(409, CLAIM_MESSAGES.closed);
    const details = body.details as Record<string, unknown>;
    if (typeof details.claimItemId === "string" && !ctx.itemIds.includes(details.claimItemId)) throw notFound();
    const id = await recordActivity(ctx.tx, { claimId, activityType: body.activityType, details, userId }, ctx.now);
    return { id, activityType: body.activityType, details, userId, byCurrentUser: true, createdAt: ctx.now.toISOString() };
  });
}

/** Reject with no evidence: the tenant's own response gets the message, and the landlord's open proposal is disputed. */
export async function rejectWithNoEvidence(
  deps: Deps,
  address: { claimId: string; claimRespondentId: string; claimResponseId: string; userId: string },
  message: string,
) {
  const { claimId, claimRespondentId, claimResponseId, userId } = address;
  await withClaim(deps, claimId, userId, async (ctx) => {
    // The tenant's own respondent and response only.
    if (ctx.me.respondentId !== claimRespondentId) throw notFound();
    const [response] = await ctx.tx
      .select()
      .from(claimResponses)
      .where(and(eq(claimResponses.id, claimResponseId), eq(claimResponses.claimRespondentId, claimRespondentId)))
      .for("update");
    if (!response) throw notFound();
    refuse(checkTenantAction(ctx.state, "rejectWithNoEvidence"));
    const open = openSupplierProposal(ctx.domain);
    const proposal = open && ctx.proposals.find((p) => p.id === open.id);
    if (!proposal) throw new ApiError(409, CLAIM_MESSAGES.noCharges);
    await ctx.tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, proposal.id)).for("update");
    await ctx.tx.update(claimResponses).set({ message, updatedAt: ctx.now }).where(eq(claimResponses.id, response.id));
    await raiseDispute(ctx, proposal, false, message);
  });
}
