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
import { OpenAPIHono } from "@hono/zod-openapi";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AppEnv, Deps } from "../context";
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
import {
  checkTenantAction,
  CLAIM_MESSAGES
} from "../domain/claims";
import {
  isClaimFinished
} from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { newId } from "../lib/tokens";
import { checkUpload, storeDocument } from "../lib/uploads";
import { addClaimItemDocument, addClaimResponseDocument, agreeClaimProposal, counterClaimProposal, createClaimActivity, createClaimItemProposal, createCounterProposal, deleteClaimItemDocument, deleteClaimResponseDocument, disputeClaimProposal, findClaimById, findManyClaimResponseDocuments, publishClaimProposal, unpublishClaimProposal, updateClaimItemProposal, updateClaimResponse, updateCounterProposal, updateTenantDisputeMessage } from "./contract";
import { makeChargesPayable, requireProposalPayment, submitTenantProposal } from "./money";
import { claimStatusOf, recordActivity } from "./records";
import { openProposalFor, proposalResponse, raiseDispute, refuse, saveTenantItemProposal, startDraft, targetProposal, withClaim, type WriteContext } from "./responses";
import { buildClaimView, itemDocumentView, respondentOrNotFound, responseDocumentsOf } from "./views";

async function deleteStoredDocument(deps: Deps, documentId: string) {
  const [doc] = await deps.db.delete(documents).where(eq(documents.id, documentId)).returning();
  if (doc) await deps.files.delete(doc.storageKey);
}

export const claimsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(findClaimById, async (c) => {
    const { claimId } = c.req.valid("param");
    return c.json(await buildClaimView(c.get("deps"), claimId, c.get("auth").userId), 200);
  })
  .openapi(findManyClaimResponseDocuments, async (c) => {
    const { db } = c.get("deps");
    const { claimId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await respondentOrNotFound(db, claimId, userId);
    return c.json({ claimResponseDocuments: await responseDocumentsOf(db, claimId, userId) }, 200);
  })
  .openapi(addClaimResponseDocument, async (c) => {
    const deps = c.get("deps");
    const { claimId } = c.req.valid("param");
    const form = c.req.valid("form");
    const userId = c.get("auth").userId;
    const { claim } = await respondentOrNotFound(deps.db, claimId, userId);
    refuse(checkResponseDocumentChange(claimStatusOf(claim)));
    const upload = await checkUpload(form.file, form.fileName);
    const document = await storeDocument(deps, upload, { typeId: "CLAIM_RESPONSE", userId });
    const linkId = newId();
    try {
      await withClaim(deps, claimId, userId, async (ctx) => {
        refuse(checkResponseDocumentChange(ctx.status));
        await ctx.tx.insert(claimResponseDocuments).values({ id: linkId, claimId, documentId: document.id, uploadedByUserId: userId, createdAt: ctx.now });
      });
    } catch (error) {
      await deleteStoredDocument(deps, document.id);
      throw error;
    }
    const created = (await responseDocumentsOf(deps.db, claimId, userId)).find((d) => d.claimResponseDocumentId === linkId)!;
    return c.json(created, 201);
  })
  .openapi(deleteClaimResponseDocument, async (c) => {
    const deps = c.get("deps");
    const { claimId, documentId } = c.req.valid("param");
    const userId = c.get("auth").userId;
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
    return c.body(null, 204);
  })
  .openapi(addClaimItemDocument, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimItemId } = c.req.valid("param");
    const form = c.req.valid("form");
    const userId = c.get("auth").userId;
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
    return c.json(itemDocumentView({ link: link!, document }, userId), 201);
  })
  .openapi(deleteClaimItemDocument, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimItemId, documentId } = c.req.valid("param");
    const userId = c.get("auth").userId;
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
    return c.body(null, 204);
  })
  .openapi(createCounterProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await withClaim(deps, claimId, userId, (ctx) => saveTenantItemProposal(ctx, c.req.valid("json"), {}));
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 201);
  })
  .openapi(updateCounterProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimItemProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await withClaim(deps, claimId, userId, async (ctx) => {
      const own = ownUnpublishedProposal(ctx.domain, userId);
      const ownRow = own && ctx.proposals.find((p) => p.id === own.id);
      if (!ownRow || !ownRow.itemProposals.some((ip) => ip.id === claimItemProposalId)) throw notFound();
      return saveTenantItemProposal(ctx, c.req.valid("json"), { claimProposalId: ownRow.id, claimItemProposalId });
    });
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 200);
  })
  .openapi(createClaimItemProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await withClaim(deps, claimId, userId, (ctx) => saveTenantItemProposal(ctx, c.req.valid("json"), { claimProposalId }));
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 201);
  })
  .openapi(updateClaimItemProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId, claimItemProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await withClaim(deps, claimId, userId, (ctx) =>
      saveTenantItemProposal(ctx, c.req.valid("json"), { claimProposalId, claimItemProposalId }),
    );
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 200);
  })
  .openapi(agreeClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await withClaim(deps, claimId, userId, async (ctx) => {
      const proposal = await openProposalFor(ctx, "accept", claimProposalId);
      await makeChargesPayable(ctx.tx, ctx.claim, proposal, ctx.now, { autoResponded: false, userId });
    });
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  })
  .openapi(counterClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await withClaim(deps, claimId, userId, async (ctx) => {
      await openProposalFor(ctx, "counter", claimProposalId);
      await startDraft(ctx);
    });
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  })
  .openapi(disputeClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await withClaim(deps, claimId, userId, async (ctx) => {
      const proposal = await openProposalFor(ctx, "dispute", claimProposalId);
      await raiseDispute(ctx, proposal, true);
    });
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  })
  .openapi(publishClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
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
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  })
  .openapi(unpublishClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
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
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  })
  .openapi(updateTenantDisputeMessage, async (c) => {
    const deps = c.get("deps");
    const { claimId } = c.req.valid("param");
    const { message } = c.req.valid("json");
    const userId = c.get("auth").userId;
    await withClaim(deps, claimId, userId, async (ctx) => {
      refuse(checkTenantAction(ctx.state, "updateDisputeMessage"));
      await ctx.tx.update(claims).set({ tenantDisputeMessage: message }).where(eq(claims.id, claimId));
      await recordActivity(ctx.tx, { claimId, activityType: "DISPUTE_MESSAGE_UPDATED", details: {}, userId }, ctx.now);
    });
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  })
  .openapi(createClaimActivity, async (c) => {
    const deps = c.get("deps");
    const { claimId } = c.req.valid("param");
    const body = c.req.valid("json");
    const userId = c.get("auth").userId;
    const created = await withClaim(deps, claimId, userId, async (ctx) => {
      if (isClaimFinished(ctx.status)) throw new ApiError(409, CLAIM_MESSAGES.closed);
      const details = body.details as Record<string, unknown>;
      if (typeof details.claimItemId === "string" && !ctx.itemIds.includes(details.claimItemId)) throw notFound();
      const id = await recordActivity(ctx.tx, { claimId, activityType: body.activityType, details, userId }, ctx.now);
      return { id, activityType: body.activityType, details, userId, byCurrentUser: true, createdAt: ctx.now.toISOString() };
    });
    return c.json(created, 201);
  })
  .openapi(updateClaimResponse, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimRespondentId, claimResponseId } = c.req.valid("param");
    const { message } = c.req.valid("json");
    const userId = c.get("auth").userId;
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
    return c.json(await buildClaimView(deps, claimId, userId), 200);
  });
