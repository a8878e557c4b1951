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
import { createRoute, z } from "@hono/zod-openapi";
import { requireTenant } from "../lib/auth";
import { errorResponses } from "../lib/errors";
import { FileField } from "../lib/uploads";
import { idField, idParam, singleLineText } from "../lib/input-schemas";
import { AskForMoreTimeBody, MoreTimeSchema } from "./more-time-schemas";
import { ClaimActivitySchema, ClaimItemDocumentSchema, ClaimParams, ClaimProposalSchema, ClaimResponseDocumentSchema, ClaimSchema, ClientActivityBody, DocumentTypeField, ItemProposalBody, MessageBody, ProposalParams } from "./schemas";

// ── Routes ───────────────────────────────────────────────────────────────────────────

export const claimJson = { "application/json": { schema: ClaimSchema } };

export const findClaimById = createRoute({
  method: "get",
  path: "/claims/{claimId}",
  operationId: "findClaimById",
  tags: ["claims"],
  summary: "A claim the tenant is a respondent of, with what they may see and the facts the claim screen needs",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams },
  responses: { 200: { description: "The claim", content: claimJson }, ...errorResponses(401, 404) },
});

export const findManyClaimResponseDocuments = createRoute({
  method: "get",
  path: "/claims/{claimId}/response-documents",
  operationId: "findManyClaimResponseDocuments",
  tags: ["claims"],
  summary: "The tenants' claim response documents (evidence for a dispute)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams },
  responses: {
    200: {
      description: "The documents",
      content: {
        "application/json": {
          schema: z.object({ claimResponseDocuments: z.array(ClaimResponseDocumentSchema) }).openapi("ClaimResponseDocumentList"),
        },
      },
    },
    ...errorResponses(401, 404),
  },
});

export const addClaimResponseDocument = createRoute({
  method: "post",
  path: "/claims/{claimId}/response-documents",
  operationId: "addClaimResponseDocument",
  tags: ["claims"],
  summary: "Upload a claim response document (type CLAIM_RESPONSE)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({ file: FileField, fileName: singleLineText("fileName").optional(), type: DocumentTypeField("CLAIM_RESPONSE") })
            .openapi("AddClaimResponseDocument"),
        },
      },
    },
  },
  responses: {
    201: { description: "The document", content: { "application/json": { schema: ClaimResponseDocumentSchema } } },
    ...errorResponses(400, 401, 404, 409, 413, 415, 429),
  },
});

export const deleteClaimResponseDocument = createRoute({
  method: "delete",
  path: "/claims/{claimId}/response-documents/{documentId}",
  operationId: "deleteClaimResponseDocument",
  tags: ["claims"],
  summary: "Delete a claim response document the tenant uploaded",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams.extend({ documentId: idParam() }) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409) },
});

export const addClaimItemDocument = createRoute({
  method: "post",
  path: "/claims/{claimId}/items/{claimItemId}/documents",
  operationId: "addClaimItemDocument",
  tags: ["claims"],
  summary: "Upload the tenant's evidence for a claim item (type CLAIM_ITEM), optionally for their own item proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams.extend({ claimItemId: idParam() }),
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({
              file: FileField,
              fileName: singleLineText("fileName").optional(),
              type: DocumentTypeField("CLAIM_ITEM"),
              claimItemProposalId: idField().optional(),
            })
            .openapi("AddClaimItemDocument"),
        },
      },
    },
  },
  responses: {
    201: { description: "The document", content: { "application/json": { schema: ClaimItemDocumentSchema } } },
    ...errorResponses(400, 401, 404, 409, 413, 415, 429),
  },
});

export const deleteClaimItemDocument = createRoute({
  method: "delete",
  path: "/claims/{claimId}/items/{claimItemId}/documents/{documentId}",
  operationId: "deleteClaimItemDocument",
  tags: ["claims"],
  summary: "Delete evidence the tenant uploaded for an item (not once its proposal is submitted)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams.extend({ claimItemId: idParam(), documentId: idParam() }) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409) },
});

export const proposalJson = { "application/json": { schema: ClaimProposalSchema } };

export const createCounterProposal = createRoute({
  method: "post",
  path: "/claims/{claimId}/counter-proposals",
  operationId: "createCounterProposal",
  tags: ["claims"],
  summary: "Give a counter amount for an item in the tenant's draft proposal (starts the draft if needed; Agree uses the agent's amount)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams, body: { required: true, content: { "application/json": { schema: ItemProposalBody } } } },
  responses: { 201: { description: "The tenant's draft proposal", content: proposalJson }, ...errorResponses(400, 401, 404, 409) },
});

export const updateCounterProposal = createRoute({
  method: "put",
  path: "/claims/{claimId}/counter-proposals/{claimItemProposalId}",
  operationId: "updateCounterProposal",
  tags: ["claims"],
  summary: "Change an item's counter amount in the tenant's draft proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams.extend({ claimItemProposalId: idParam() }),
    body: { required: true, content: { "application/json": { schema: ItemProposalBody } } },
  },
  responses: { 200: { description: "The tenant's draft proposal", content: proposalJson }, ...errorResponses(400, 401, 404, 409) },
});

export const createClaimItemProposal = createRoute({
  method: "post",
  path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals",
  operationId: "createClaimItemProposal",
  tags: ["claims"],
  summary: "Add an item proposal to the tenant's draft proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ProposalParams, body: { required: true, content: { "application/json": { schema: ItemProposalBody } } } },
  responses: { 201: { description: "The tenant's draft proposal", content: proposalJson }, ...errorResponses(400, 401, 404, 409) },
});

export const updateClaimItemProposal = createRoute({
  method: "put",
  path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals/{claimItemProposalId}",
  operationId: "updateClaimItemProposal",
  tags: ["claims"],
  summary: "Change an item proposal in the tenant's draft proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ProposalParams.extend({ claimItemProposalId: idParam() }),
    body: { required: true, content: { "application/json": { schema: ItemProposalBody } } },
  },
  responses: { 200: { description: "The tenant's draft proposal", content: proposalJson }, ...errorResponses(400, 401, 404, 409) },
});

export const proposalAction = (operationId: string, verb: string, summary: string) =>
  createRoute({
    method: "post",
    path: `/claims/{claimId}/proposals/{claimProposalId}/${verb}`,
    operationId,
    tags: ["claims"],
    summary,
    security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
    request: { params: ProposalParams },
    responses: { 200: { description: "The claim after the action", content: claimJson }, ...errorResponses(401, 404, 409) },
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

export const updateTenantDisputeMessage = createRoute({
  method: "put",
  path: "/claims/{claimId}/dispute-message",
  operationId: "updateTenantDisputeMessage",
  tags: ["claims"],
  summary: "The tenant's reason for the formal dispute (before the dispute fee is paid)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams, body: { required: true, content: { "application/json": { schema: MessageBody } } } },
  responses: { 200: { description: "The claim", content: claimJson }, ...errorResponses(400, 401, 404, 409) },
});

export const createClaimActivity = createRoute({
  method: "post",
  path: "/claims/{claimId}/activities",
  operationId: "createClaimActivity",
  tags: ["claims"],
  summary: "Record something the claim screen reports (e.g. an item countered, with counterProposalAmount)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams, body: { required: true, content: { "application/json": { schema: ClientActivityBody } } } },
  responses: {
    201: { description: "The activity", content: { "application/json": { schema: ClaimActivitySchema } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

export const updateClaimResponse = createRoute({
  method: "put",
  path: "/claims/{claimId}/respondents/{claimRespondentId}/responses/{claimResponseId}",
  operationId: "updateClaimResponse",
  tags: ["claims"],
  summary: "Reject with no evidence: the tenant's message, and the claim goes to the adjudicator once the £60 fee is paid",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams.extend({ claimRespondentId: idParam(), claimResponseId: idParam() }),
    body: { required: true, content: { "application/json": { schema: MessageBody } } },
  },
  responses: { 200: { description: "The claim", content: claimJson }, ...errorResponses(400, 401, 404, 409) },
});


// ── Issue 36: more time to answer (decision 0049) ───────────────────────────────────

const moreTimeJson = { "application/json": { schema: MoreTimeSchema } };

export const getMoreTime = createRoute({
  method: "get",
  path: "/claims/{claimId}/more-time",
  operationId: "getMoreTime",
  tags: ["claims"],
  summary: "More time to answer: whether a tenant may ask now, and the claim's latest request (its reason is never sent back)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams },
  responses: { 200: { description: "The claim's more time", content: moreTimeJson }, ...errorResponses(401, 404) },
});

export const askForMoreTime = createRoute({
  method: "post",
  path: "/claims/{claimId}/more-time",
  operationId: "askForMoreTime",
  tags: ["claims"],
  summary:
    "Ask for 1 to 14 more days to answer the charges or final proposal waiting for the tenants, with a reason; one request per deadline, one waiting at a time (409)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams, body: { required: true, content: { "application/json": { schema: AskForMoreTimeBody } } } },
  responses: { 201: { description: "The request, waiting for our answer", content: moreTimeJson }, ...errorResponses(400, 401, 404, 409) },
});
