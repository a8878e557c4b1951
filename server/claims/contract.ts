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
import { z } from "@hono/zod-openapi";
import { apiRoute } from "../lib/api-route";
import { FileField } from "../lib/uploads";
import { idField, idParam, singleLineText } from "../lib/input-schemas";
import { CoTenantReminderSchema } from "../lib/schemas";
import { AskForMoreTimeBody, MoreTimeSchema } from "./more-time-schemas";
import { ClaimActivitySchema, ClaimItemDocumentSchema, ClaimParams, ClaimProposalSchema, ClaimResponseDocumentSchema, ClaimSchema, ClientActivityBody, DocumentTypeField, ItemProposalBody, MessageBody, ProposalParams } from "./schemas";

// ── Routes ───────────────────────────────────────────────────────────────────────────


export const findClaimById = apiRoute({
  method: "get", path: "/claims/{claimId}", operationId: "findClaimById", tags: ["claims"],
  summary: "A claim the tenant is a respondent of, with what they may see and the facts the claim screen needs",
  auth: "tenant", params: ClaimParams,
  ok: ["The claim", ClaimSchema], errors: [401, 404],
});

export const findManyClaimResponseDocuments = apiRoute({
  method: "get", path: "/claims/{claimId}/response-documents", operationId: "findManyClaimResponseDocuments", tags: ["claims"],
  summary: "The tenants' claim response documents (evidence for a dispute)",
  auth: "tenant", params: ClaimParams,
  ok: ["The documents", z.object({ claimResponseDocuments: z.array(ClaimResponseDocumentSchema) }).openapi("ClaimResponseDocumentList")],
  errors: [401, 404],
});

export const addClaimResponseDocument = apiRoute({
  method: "post", path: "/claims/{claimId}/response-documents", operationId: "addClaimResponseDocument", tags: ["claims"],
  summary: "Upload a claim response document (type CLAIM_RESPONSE)",
  auth: "tenant",
  params: ClaimParams,
  upload: z
    .object({ file: FileField, fileName: singleLineText("fileName").optional(), type: DocumentTypeField("CLAIM_RESPONSE") })
    .openapi("AddClaimResponseDocument"),
  created: ["The document", ClaimResponseDocumentSchema], errors: [400, 401, 404, 409, 413, 415, 429],
});

export const deleteClaimResponseDocument = apiRoute({
  method: "delete", path: "/claims/{claimId}/response-documents/{documentId}", operationId: "deleteClaimResponseDocument", tags: ["claims"],
  summary: "Delete a claim response document the tenant uploaded",
  auth: "tenant", params: ClaimParams.extend({ documentId: idParam() }),
  responses: { 204: { description: "Deleted" } }, errors: [401, 404, 409],
});

export const addClaimItemDocument = apiRoute({
  method: "post", path: "/claims/{claimId}/items/{claimItemId}/documents", operationId: "addClaimItemDocument", tags: ["claims"],
  summary: "Upload the tenant's evidence for a claim item (type CLAIM_ITEM), optionally for their own item proposal",
  auth: "tenant",
  params: ClaimParams.extend({ claimItemId: idParam() }),
  upload: z
    .object({
      file: FileField,
      fileName: singleLineText("fileName").optional(),
      type: DocumentTypeField("CLAIM_ITEM"),
      claimItemProposalId: idField().optional(),
    })
    .openapi("AddClaimItemDocument"),
  created: ["The document", ClaimItemDocumentSchema], errors: [400, 401, 404, 409, 413, 415, 429],
});

export const deleteClaimItemDocument = apiRoute({
  method: "delete", path: "/claims/{claimId}/items/{claimItemId}/documents/{documentId}", operationId: "deleteClaimItemDocument", tags: ["claims"],
  summary: "Delete evidence the tenant uploaded for an item (not once its proposal is submitted)",
  auth: "tenant", params: ClaimParams.extend({ claimItemId: idParam(), documentId: idParam() }),
  responses: { 204: { description: "Deleted" } }, errors: [401, 404, 409],
});


export const createCounterProposal = apiRoute({
  method: "post", path: "/claims/{claimId}/counter-proposals", operationId: "createCounterProposal", tags: ["claims"],
  summary: "Give a counter amount for an item in the tenant's draft proposal (starts the draft if needed; Agree uses the agent's amount)",
  auth: "tenant", params: ClaimParams, body: ItemProposalBody,
  created: ["The tenant's draft proposal", ClaimProposalSchema], errors: [400, 401, 404, 409],
});

export const updateCounterProposal = apiRoute({
  method: "put", path: "/claims/{claimId}/counter-proposals/{claimItemProposalId}", operationId: "updateCounterProposal", tags: ["claims"],
  summary: "Change an item's counter amount in the tenant's draft proposal",
  auth: "tenant", params: ClaimParams.extend({ claimItemProposalId: idParam() }), body: ItemProposalBody,
  ok: ["The tenant's draft proposal", ClaimProposalSchema], errors: [400, 401, 404, 409],
});

export const createClaimItemProposal = apiRoute({
  method: "post", path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals", operationId: "createClaimItemProposal", tags: ["claims"],
  summary: "Add an item proposal to the tenant's draft proposal",
  auth: "tenant", params: ProposalParams, body: ItemProposalBody,
  created: ["The tenant's draft proposal", ClaimProposalSchema], errors: [400, 401, 404, 409],
});

export const updateClaimItemProposal = apiRoute({
  method: "put", path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals/{claimItemProposalId}",
  operationId: "updateClaimItemProposal", tags: ["claims"],
  summary: "Change an item proposal in the tenant's draft proposal",
  auth: "tenant", params: ProposalParams.extend({ claimItemProposalId: idParam() }), body: ItemProposalBody,
  ok: ["The tenant's draft proposal", ClaimProposalSchema], errors: [400, 401, 404, 409],
});

export const proposalAction = (operationId: string, verb: string, summary: string) =>
  apiRoute({
    method: "post", path: `/claims/{claimId}/proposals/{claimProposalId}/${verb}`, operationId, tags: ["claims"],
    summary,
    auth: "tenant", params: ProposalParams,
    ok: ["The claim after the action", ClaimSchema], errors: [401, 404, 409],
  });

export const agreeClaimProposal = proposalAction(
  "agreeClaimProposal",
  "agree",
  "Accept the landlord's charges (round 1) or final proposal (round 3); the tenants then pay",
);
export const counterClaimProposal = proposalAction(
  "counterClaimProposal",
  "counter",
  "Disagree with mediation: start the tenant's counter-proposal (a round 2 draft) to a non-final proposal",
);
export const disputeClaimProposal = proposalAction(
  "disputeClaimProposal",
  "dispute",
  "Raise a formal dispute of a final proposal (or any proposal without mediation); the £60 fee is then due",
);
export const publishClaimProposal = proposalAction(
  "publishClaimProposal",
  "publish",
  "Submit the tenant's draft: at once for £0, otherwise after the upfront payment",
);
export const unpublishClaimProposal = proposalAction(
  "unpublishClaimProposal",
  "unpublish",
  "Back from the proposal payment step: the proposal is a draft again",
);

export const updateTenantDisputeMessage = apiRoute({
  method: "put", path: "/claims/{claimId}/dispute-message", operationId: "updateTenantDisputeMessage", tags: ["claims"],
  summary: "The tenant's reason for the formal dispute (before the dispute fee is paid)",
  auth: "tenant", params: ClaimParams, body: MessageBody,
  ok: ["The claim", ClaimSchema], errors: [400, 401, 404, 409],
});

export const createClaimActivity = apiRoute({
  method: "post", path: "/claims/{claimId}/activities", operationId: "createClaimActivity", tags: ["claims"],
  summary: "Record something the claim screen reports (e.g. an item countered, with counterProposalAmount)",
  auth: "tenant", params: ClaimParams, body: ClientActivityBody,
  created: ["The activity", ClaimActivitySchema], errors: [400, 401, 404, 409],
});

export const updateClaimResponse = apiRoute({
  method: "put", path: "/claims/{claimId}/respondents/{claimRespondentId}/responses/{claimResponseId}",
  operationId: "updateClaimResponse", tags: ["claims"],
  summary: "Reject with no evidence: the tenant's message, and the claim goes to the adjudicator once the £60 fee is paid",
  auth: "tenant", params: ClaimParams.extend({ claimRespondentId: idParam(), claimResponseId: idParam() }), body: MessageBody,
  ok: ["The claim", ClaimSchema], errors: [400, 401, 404, 409],
});


// ── Issue 36: more time to answer (decision 0049) ───────────────────────────────────


export const getMoreTime = apiRoute({
  method: "get", path: "/claims/{claimId}/more-time", operationId: "getMoreTime", tags: ["claims"],
  summary: "More time to answer: whether a tenant may ask now, and the claim's latest request (its reason is never sent back)",
  auth: "tenant", params: ClaimParams,
  ok: ["The claim's more time", MoreTimeSchema], errors: [401, 404],
});

export const askForMoreTime = apiRoute({
  method: "post", path: "/claims/{claimId}/more-time", operationId: "askForMoreTime", tags: ["claims"],
  summary:
    "Ask for 1 to 14 more days to answer the charges or final proposal waiting for the tenants, with a reason; one request per deadline, one waiting at a time (409)",
  auth: "tenant", params: ClaimParams, body: AskForMoreTimeBody,
  created: ["The request, waiting for our answer", MoreTimeSchema], errors: [400, 401, 404, 409],
});

// ── Issue 38: your co-tenants (decision 0061) ───────────────────────────────────────

export const remindClaimCoTenant = apiRoute({
  method: "post", path: "/claims/{claimId}/co-tenants/{claimRespondentId}/reminders", operationId: "remindClaimCoTenant", tags: ["claims"],
  summary: "'Remind {first name}': e-mail a co-tenant on the claim what is waiting for them, once in 24 hours per pair",
  auth: "tenant", params: ClaimParams.extend({ claimRespondentId: idParam() }),
  ok: ["The reminder is queued", CoTenantReminderSchema], errors: [400, 401, 404, 409, 429],
});
