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
import {
  SCREEN_ACTIVITY_TYPES
} from "../domain/claim-responses";
import {
  TENANT_ACTIONS
} from "../domain/claims";
import {
  CLAIM_STATUSES,
  normaliseDocumentType,
  PROPOSAL_STATUSES
} from "../domain/statuses";
import { BindingAnswerSchema, CoTenantSchema, PayActionSchema, PropertyAddressSchema, BreathingSpaceStatusSchema } from "../lib/schemas";
import { idField, idParam, multiLineText, singleLineText } from "../lib/input-schemas";
import { ClaimMoreTimeSchema } from "./more-time-schemas";

// ── Schemas ──────────────────────────────────────────────────────────────────────────

export const Pence = z.number().int().openapi({ description: "Pence" });
export const IsoDateTime = z.string().openapi({ description: "ISO 8601 date-time" });

export const ClaimStatusSchema = z.enum(CLAIM_STATUSES).openapi("ClaimStatus");
export const ProposalStatusSchema = z.enum(PROPOSAL_STATUSES).openapi("ClaimProposalStatus");
export const SourceSchema = z.enum(["SUPPLIER", "TENANT"]).openapi("ClaimProposalSource");
export const TenantActionSchema = z.enum(TENANT_ACTIONS).openapi("ClaimTenantAction", {
  description:
    "accept: accept the charges; counter: start a counter-proposal; reject/dispute/rejectWithNoEvidence: raise a formal dispute; publish: submit your draft; unpublish: go back from the proposal payment step; updateDisputeMessage: change the dispute message before the fee is paid",
});

export const ClaimDocumentSchema = z
  .object({ id: z.string(), name: z.string(), typeId: z.string(), url: z.string() })
  .openapi("ClaimDocument");

export const ClaimItemDocumentSchema = z
  .object({
    id: z.string().openapi({ description: "The document's id (used to delete it)" }),
    claimItemDocumentId: z.string(),
    claimItemId: z.string(),
    claimItemProposalId: z.string().nullable(),
    name: z.string(),
    typeId: z.string(),
    url: z.string(),
    source: SourceSchema,
    uploadedByCurrentUser: z.boolean(),
    createdAt: IsoDateTime,
  })
  .openapi("ClaimItemDocument");

export const ClaimResponseDocumentSchema = z
  .object({
    id: z.string().openapi({ description: "The document's id (used to delete it)" }),
    claimResponseDocumentId: z.string(),
    claimId: z.string(),
    name: z.string(),
    typeId: z.string(),
    url: z.string(),
    uploadedByCurrentUser: z.boolean(),
    createdAt: IsoDateTime,
  })
  .openapi("ClaimResponseDocument");

export const ClaimItemProposalSchema = z
  .object({
    id: z.string(),
    claimProposalId: z.string(),
    claimItemId: z.string(),
    amount: Pence,
    explanation: z.string().nullable(),
    settled: z.boolean(),
    settledSource: SourceSchema.nullable(),
    documents: z.array(ClaimItemDocumentSchema),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi("ClaimItemProposal");

export const ClaimProposalSchema = z
  .object({
    id: z.string(),
    claimId: z.string(),
    round: z.number().int().min(1).max(3),
    status: ProposalStatusSchema,
    type: z.string().openapi({ description: "STANDARD or FINAL" }),
    source: SourceSchema,
    publishedAt: IsoDateTime.nullable(),
    orderId: z.string().nullable(),
    createdByUserId: z.string().nullable(),
    createdByCurrentUser: z.boolean(),
    responseDeadline: IsoDateTime.nullable(),
    autoResponded: z.boolean(),
    holdExpiresAt: IsoDateTime.nullable(),
    totalAmount: Pence,
    itemProposals: z.array(ClaimItemProposalSchema),
  })
  .openapi("ClaimProposal");




export const ClaimActivitySchema = z
  .object({
    id: z.string(),
    activityType: z.string(),
    details: z.record(z.string(), z.unknown()),
    userId: z.string().nullable(),
    byCurrentUser: z.boolean(),
    createdAt: IsoDateTime,
  })
  .openapi("ClaimActivity");

export const ClaimSchema = z
  .object({
    id: z.string(),
    status: ClaimStatusSchema,
    limit: Pence.openapi({ description: "The tenants' maximum liability, in pence" }),
    finalAmount: Pence.nullable(),
    details: z.string().nullable(),
    mediationEnabled: z.boolean(),
    tenantDisputeMessage: z.string().nullable(),
    organization: z.object({ name: z.string() }),
    tenancy: z.object({
      id: z.string(),
      PPM: Pence,
      startDate: z.string(),
      endDate: z.string().nullable(),
      property: z.object({ address: PropertyAddressSchema }),
    }),
    documents: z.array(ClaimDocumentSchema).openapi({ description: "Tenancy documents in display order; referencing documents are never listed" }),
    items: z.array(
      z.object({
        id: z.string(),
        claimId: z.string(),
        description: z.string(),
        type: z.string(),
        isSettled: z.boolean(),
        chargedAmount: Pence.nullable().openapi({ description: "The landlord's round 1 charge" }),
        currentAmount: Pence.nullable().openapi({ description: "The landlord's or agent's current amount (latest round 1 or 3)" }),
        landlordEvidence: z.array(ClaimItemDocumentSchema),
        tenantEvidence: z.array(ClaimItemDocumentSchema),
      }),
    ),
    respondents: z.array(
      z.object({
        id: z.string(),
        userId: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        isCurrentUser: z.boolean(),
        claimResponse: z.object({ id: z.string(), message: z.string().nullable() }).nullable(),
      }),
    ),
    currentRespondent: z.object({ id: z.string(), claimResponseId: z.string().nullable() }),
    proposals: z.array(ClaimProposalSchema).openapi({ description: "Only proposals the tenant may see" }),
    responseDocuments: z.array(ClaimResponseDocumentSchema),
    activities: z.array(ClaimActivitySchema),
    evidenceChasers: z.array(z.object({ id: z.string(), type: z.string(), status: z.string() })),
    adjudicationFeeOrder: z
      .object({ id: z.string(), statusId: z.enum(["PENDING", "COMPLETE"]), action: PayActionSchema.nullable() })
      .nullable()
      .openapi({ description: "The £60 dispute fee order, with this tenant's ARBITRATION_ADMIN_PAY action" }),
    arbitration: z.object({ id: z.string(), arbitratedAmount: Pence.nullable(), decidedAt: IsoDateTime.nullable() }).nullable(),
    // Derived facts (part 1 §2.5, §4.1, §6)
    inProgress: z.boolean().openapi({
      description:
        "The claim is in progress (part 1 §4.1): its page has something to show. A finished claim (DEACTIVATED, DECLINED, RESOLVED) sends the tenant to the dashboard",
    }),
    currentProposalId: z.string().nullable(),
    canRespond: z.boolean(),
    awaitingTenantResponse: z.boolean(),
    disputed: z.boolean(),
    awaitingPayment: z.boolean(),
    autoResponded: z.boolean().openapi({ description: "The charges were accepted for the tenant after the deadline ('You must pay immediately')" }),
    tenantDraftProposalId: z.string().nullable(),
    proposalPayment: z
      .object({ claimProposalId: z.string(), orderId: z.string(), orderCustomerActionId: z.string(), amount: Pence })
      .nullable()
      .openapi({ description: "The tenant's own proposal at the payment step (upfront payment, held at most 7 days)" }),
    payableOrderId: z.string().nullable(),
    payActions: z.array(PayActionSchema).openapi({ description: "This tenant's pay actions on the payable order" }),
    chargesPayment: z
      .object({
        paymentType: z.enum(["CLAIM", "CLAIM_REMAINING_BALANCE"]),
        orderId: z.string(),
        orderCustomerActionId: z.string(),
        amount: Pence,
      })
      .nullable()
      .openapi({
        description:
          "What the charges' pay page takes (part 1 §4.1, §4.3): this tenant's share (CLAIM) while it is less than the balance left, the remaining balance once a co-tenant has paid part, else their share; null when nothing is left to pay",
      }),
    acceptDue: z
      .object({ amount: Pence, share: Pence })
      .nullable()
      .openapi({
        description:
          "While the tenant may accept the current proposal (round 1 or 3): what accepting makes payable (its total capped at the limit) and this tenant's share of it (split by tenantLiability)",
      }),
    coTenantPayments: z
      .array(z.object({ firstName: z.string(), lastName: z.string(), amount: Pence }))
      .openapi({ description: "What co-tenants have paid on the payable order ('{name} has paid £X')" }),
    coTenants: z.array(CoTenantSchema).openapi({ description: "Your co-tenants (issue 38): what each has done and when, what they still have to do" }),
    bindingAnswer: BindingAnswerSchema.nullable().openapi({ description: "The answer that binds every tenant (the latest given), or null before any" }),
    allowedActions: z.array(TenantActionSchema),
    awaitingResponseFrom: z.string().nullable().openapi({ description: "'Awaiting response from {organisation}'" }),
    responseDeadline: IsoDateTime.nullable(),
    daysRemaining: z.number().int().nullable(),
    urgency: z.enum(["high", "medium", "low"]).nullable(),
    paymentPlanId: z.string().nullable().openapi({ description: "The tenant's active payment plan on this claim (redirect to /payment-plan/{id})" }),
    coTenantOnPaymentPlan: z.boolean().openapi({ description: "A co-tenant has a payment plan on this claim ('Payment plan in progress')" }),
    moreTime: ClaimMoreTimeSchema,
    breathingSpace: BreathingSpaceStatusSchema.openapi({ description: "This tenant's own Breathing Space in force ('Breathing Space until …', issue 36), or null" }),
  })
  .openapi("Claim");

export type ClaimView = z.infer<typeof ClaimSchema>;

export const ClaimParams = z.object({ claimId: idParam() });
export const ProposalParams = ClaimParams.extend({ claimProposalId: idParam() });

export const EXPLANATION_REQUIRED = "You must provide reasoning for your new proposal for this item";
/**
 * Required for a counter amount (below the agent's); Agree (the agent's amount) may leave it out,
 * so the tenant's agreement carries no made-up reasoning. saveTenantItemProposal checks it.
 */
export const ExplanationField = multiLineText("longText", { required: EXPLANATION_REQUIRED })
  .trim()
  .optional()
  .openapi({ description: "The tenant's reasoning: required unless the amount is the agent's (Agree)" });
export const AmountField = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? "Required" : "Amount must be a number") })
  .int("Item amount must have a maximum of two decimal places")
  .min(0, "Amount must be 0 or more")
  .openapi({ description: "Pence" });

export const ItemProposalBody = z
  .object({
    claimItemId: idField({ required: "Required" }),
    amount: AmountField,
    explanation: ExplanationField,
    documentIds: z.array(idField()).max(50).default([]),
  })
  .openapi("ClaimItemProposalInput");
export type ItemProposalInput = z.infer<typeof ItemProposalBody>;

export const MessageBody = z
  .object({ message: multiLineText("disputeMessage", { required: "Message is required" }).trim().min(1, "Message is required") })
  .openapi("ClaimDisputeMessage");

export const DocumentTypeField = (expected: "CLAIM_ITEM" | "CLAIM_RESPONSE") =>
  singleLineText("code")
    .transform((value, ctx) => {
      const type = normaliseDocumentType(value);
      if (type !== expected) {
        ctx.addIssue({ code: "custom", message: `type must be ${expected}` });
        return z.NEVER;
      }
      return type;
    })
    .openapi({ type: "string", enum: [expected] });

export const ClientActivityBody = z
  .discriminatedUnion("activityType", [
    z.object({
      activityType: z.literal("ITEM_AGREED"),
      details: z.object({ claimItemId: idField(), amount: Pence.min(0) }),
    }),
    z.object({
      activityType: z.literal("ITEM_COUNTER_PROPOSED"),
      details: z.object({ claimItemId: idField(), counterProposalAmount: Pence.min(0) }),
    }),
    z.object({
      activityType: z.enum(SCREEN_ACTIVITY_TYPES),
      details: z.object({}).strict().default({}),
    }),
  ])
  .openapi("ClaimActivityInput");

export type ClientActivityInput = z.infer<typeof ClientActivityBody>;
