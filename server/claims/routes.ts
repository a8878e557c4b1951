/**
 * The claim response (part 1 §2.5, §4.1, §5, §6, §7): the claim a tenant is a respondent
 * of, their evidence, their counter-proposal, and their answers to the landlord's or
 * agent's proposals. Every decision comes from the domain (server/domain/claims.ts,
 * claim-responses.ts, deadlines.ts); the money model is described at the top of
 * server/scenarios/claims.ts. Every write is service.ts's: it locks the claim row, then the
 * proposal it acts on, and checks the state again under the lock, so a double submit gets a 409.
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
import { requestBreathingSpace } from "../lib/breathing-space-reads";
import type { AppEnv } from "../context";
import { addClaimItemDocument, addClaimResponseDocument, agreeClaimProposal, askForMoreTime, getMoreTime, counterClaimProposal, createClaimActivity, createClaimItemProposal, createCounterProposal, deleteClaimItemDocument, deleteClaimResponseDocument, disputeClaimProposal, findClaimById, findManyClaimResponseDocuments, publishClaimProposal, unpublishClaimProposal, updateClaimItemProposal, updateClaimResponse, updateCounterProposal, updateTenantDisputeMessage, remindClaimCoTenant } from "./contract";
import { remindClaimCoTenant as remind } from "./cotenant-reminders";
import {
  addItemDocument,
  addResponseDocument,
  agreeProposal,
  counterProposal,
  deleteItemDocument,
  deleteResponseDocument,
  disputeProposal,
  publishProposal,
  recordClientActivity,
  rejectWithNoEvidence,
  saveItemProposal,
  unpublishProposal,
  updateCounterProposal as saveOwnItemProposal,
  updateDisputeMessage,
} from "./service";
import { askForMoreTime as ask, moreTimeOfClaim } from "./more-time-service";
import { responseDocumentsOf } from "./document-views";
import { buildClaimView, proposalResponse, respondentOrNotFound } from "./views";

export const claimsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(findClaimById, async (c) => {
    const { claimId } = c.req.valid("param");
    return c.json(await buildClaimView(c.get("deps"), claimId, c.get("auth").userId, requestBreathingSpace(c)), 200);
  })
  .openapi(findManyClaimResponseDocuments, async (c) => {
    const { db } = c.get("deps");
    const { claimId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await respondentOrNotFound(db, claimId, userId);
    return c.json({ claimResponseDocuments: await responseDocumentsOf(db, claimId, userId) }, 200);
  })
  .openapi(addClaimResponseDocument, async (c) => {
    const { claimId } = c.req.valid("param");
    return c.json(await addResponseDocument(c.get("deps"), claimId, c.get("auth").userId, c.req.valid("form")), 201);
  })
  .openapi(deleteClaimResponseDocument, async (c) => {
    const { claimId, documentId } = c.req.valid("param");
    await deleteResponseDocument(c.get("deps"), claimId, documentId, c.get("auth").userId);
    return c.body(null, 204);
  })
  .openapi(addClaimItemDocument, async (c) => {
    const { claimId, claimItemId } = c.req.valid("param");
    const address = { claimId, claimItemId, userId: c.get("auth").userId };
    return c.json(await addItemDocument(c.get("deps"), address, c.req.valid("form")), 201);
  })
  .openapi(deleteClaimItemDocument, async (c) => {
    await deleteItemDocument(c.get("deps"), { ...c.req.valid("param"), userId: c.get("auth").userId });
    return c.body(null, 204);
  })
  .openapi(createCounterProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await saveItemProposal(deps, claimId, userId, c.req.valid("json"));
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 201);
  })
  .openapi(updateCounterProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimItemProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await saveOwnItemProposal(deps, claimId, claimItemProposalId, userId, c.req.valid("json"));
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 200);
  })
  .openapi(createClaimItemProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await saveItemProposal(deps, claimId, userId, c.req.valid("json"), { claimProposalId });
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 201);
  })
  .openapi(updateClaimItemProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId, claimItemProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const saved = await saveItemProposal(deps, claimId, userId, c.req.valid("json"), { claimProposalId, claimItemProposalId });
    return c.json(await proposalResponse(deps, claimId, userId, saved.claimProposalId), 200);
  })
  .openapi(agreeClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await agreeProposal(deps, claimId, claimProposalId, userId);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  .openapi(counterClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await counterProposal(deps, claimId, claimProposalId, userId);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  .openapi(disputeClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await disputeProposal(deps, claimId, claimProposalId, userId);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  .openapi(publishClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await publishProposal(deps, claimId, claimProposalId, userId);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  .openapi(unpublishClaimProposal, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimProposalId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await unpublishProposal(deps, claimId, claimProposalId, userId);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  .openapi(updateTenantDisputeMessage, async (c) => {
    const deps = c.get("deps");
    const { claimId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await updateDisputeMessage(deps, claimId, userId, c.req.valid("json").message);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  .openapi(createClaimActivity, async (c) => {
    const { claimId } = c.req.valid("param");
    return c.json(await recordClientActivity(c.get("deps"), claimId, c.get("auth").userId, c.req.valid("json")), 201);
  })
  .openapi(updateClaimResponse, async (c) => {
    const deps = c.get("deps");
    const { claimId, claimRespondentId, claimResponseId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await rejectWithNoEvidence(deps, { claimId, claimRespondentId, claimResponseId, userId }, c.req.valid("json").message);
    return c.json(await buildClaimView(deps, claimId, userId, requestBreathingSpace(c)), 200);
  })
  // Issue 36: more time to answer (decision 0049).
  .openapi(getMoreTime, async (c) => {
    const { claimId } = c.req.valid("param");
    return c.json(await moreTimeOfClaim(c.get("deps"), claimId, c.get("auth").userId), 200);
  })
  .openapi(askForMoreTime, async (c) => {
    const { claimId } = c.req.valid("param");
    return c.json(await ask(c.get("deps"), claimId, c.get("auth").userId, c.req.valid("json")), 201);
  })
  // Issue 38: "Remind {first name}" (decision 0061).
  .openapi(remindClaimCoTenant, async (c) => {
    const { claimId, claimRespondentId } = c.req.valid("param");
    return c.json(await remind(c.get("deps"), { claimId, claimRespondentId, userId: c.get("auth").userId }), 200);
  });
