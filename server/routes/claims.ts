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
import { PropertyAddressSchema, propertyAddressView } from "./schemas";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { AppEnv, Deps } from "../context";
import type { Database } from "../db";
import {
  addresses,
  arbitrations,
  claimActivities,
  claimDocuments,
  claimItemDocuments,
  claimItemProposals,
  claimItems,
  claimProposals,
  claimRespondents,
  claimResponseDocuments,
  claimResponses,
  claims,
  documents,
  evidenceChasers,
  orderCustomerActions,
  orderCustomers,
  orders,
  organizations,
  paymentPlanActions,
  paymentPlans,
  properties,
  tenancies,
  tenancyDocuments,
  users,
} from "../db/schema";
import {
  CLAIM_RESPONSE_MESSAGES,
  CLIENT_ACTIVITY_TYPES,
  SCREEN_ACTIVITY_TYPES,
  agentAmountForItem,
  checkEditTenantDraft,
  checkResponseDocumentChange,
  claimScreenFacts,
  counterProposalCeilingMessage,
  notOpenProposalMessage,
  openSupplierProposal,
  ownUnpublishedProposal,
  proposalTotalPence,
  type OrderedProposal,
} from "../domain/claim-responses";
import {
  CLAIM_MESSAGES,
  TENANT_ACTIONS,
  checkTenantAction,
  isItemSettled,
  isProposalVisibleToTenant,
  payableOrderId,
  type TenantAction,
  type TenantClaimState,
} from "../domain/claims";
import { paymentPlanCountsForRedirect } from "../domain/payment-plans";
import {
  CLAIM_DOCUMENT_DISPLAY_ORDER,
  CLAIM_STATUSES,
  PROPOSAL_STATUSES,
  REFERENCE_DOCUMENT_TYPES,
  isClaimFinished,
  normaliseDocumentType,
  normaliseProposalSource,
  type ClaimStatus,
  type PaymentPlanActionType,
  type PaymentPlanStatus,
} from "../domain/statuses";
import { requireTenant } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { checkUpload, documentUrl, FileField, storeDocument } from "../lib/uploads";
import { newId } from "../lib/tokens";
import {
  claimStatusOf,
  discardUnpublishedTenantProposals,
  disputeFeeOrderStatus,
  loadProposals,
  lockClaim,
  makeChargesPayable,
  openDisputeFee,
  recordActivity,
  requireProposalPayment,
  respondentCustomers,
  submitTenantProposal,
  toDomainProposal,
  type ClaimRow,
  type ProposalWithItems,
  type RespondentCustomer,
} from "../scenarios/claims";

// ── Schemas ──────────────────────────────────────────────────────────────────────────

const Pence = z.number().int().openapi({ description: "Pence" });
const IsoDateTime = z.string().openapi({ description: "ISO 8601 date-time" });

const ClaimStatusSchema = z.enum(CLAIM_STATUSES).openapi("ClaimStatus");
const ProposalStatusSchema = z.enum(PROPOSAL_STATUSES).openapi("ClaimProposalStatus");
const SourceSchema = z.enum(["SUPPLIER", "TENANT"]).openapi("ClaimProposalSource");
const TenantActionSchema = z.enum(TENANT_ACTIONS).openapi("ClaimTenantAction", {
  description:
    "accept: accept the charges; counter: start a counter-proposal; reject/dispute/rejectWithNoEvidence: raise a formal dispute; publish: submit your draft; unpublish: go back from the proposal payment step; updateDisputeMessage: change the dispute message before the fee is paid",
});

export const ClaimDocumentSchema = z
  .object({ id: z.string(), name: z.string(), typeId: z.string(), url: z.string() })
  .openapi("ClaimDocument");

const ClaimItemDocumentSchema = z
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

const ClaimResponseDocumentSchema = z
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

const ClaimItemProposalSchema = z
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

export const PayActionSchema = z
  .object({
    id: z.string(),
    typeId: z.string(),
    orderId: z.string(),
    amountRemaining: Pence,
    completedAt: IsoDateTime.nullable(),
  })
  .openapi("ClaimPayAction");



const ClaimActivitySchema = z
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
    allowedActions: z.array(TenantActionSchema),
    awaitingResponseFrom: z.string().nullable().openapi({ description: "'Awaiting response from {organisation}'" }),
    responseDeadline: IsoDateTime.nullable(),
    daysRemaining: z.number().int().nullable(),
    urgency: z.enum(["high", "medium", "low"]).nullable(),
    paymentPlanId: z.string().nullable().openapi({ description: "The tenant's active payment plan on this claim (redirect to /payment-plan/{id})" }),
    coTenantOnPaymentPlan: z.boolean().openapi({ description: "A co-tenant has a payment plan on this claim ('Payment plan in progress')" }),
  })
  .openapi("Claim");

export type ClaimView = z.infer<typeof ClaimSchema>;

const ClaimParams = z.object({ claimId: z.string().min(1).max(100) });
const ProposalParams = ClaimParams.extend({ claimProposalId: z.string().min(1).max(100) });

const ExplanationField = z
  .string({ error: "You must provide reasoning for your new proposal for this item" })
  .trim()
  .min(1, "You must provide reasoning for your new proposal for this item")
  .max(5000);
const AmountField = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? "Required" : "Amount must be a number") })
  .int("Item amount must have a maximum of two decimal places")
  .min(0, "Amount must be 0 or more")
  .openapi({ description: "Pence" });

const ItemProposalBody = z
  .object({
    claimItemId: z.string({ error: "Required" }).min(1, "Required"),
    amount: AmountField,
    explanation: ExplanationField,
    documentIds: z.array(z.string().min(1)).max(50).default([]),
  })
  .openapi("ClaimItemProposalInput");
type ItemProposalInput = z.infer<typeof ItemProposalBody>;

const MessageBody = z
  .object({ message: z.string({ error: "Message is required" }).trim().min(1, "Message is required").max(10_000) })
  .openapi("ClaimDisputeMessage");

const DocumentTypeField = (expected: "CLAIM_ITEM" | "CLAIM_RESPONSE") =>
  z
    .string()
    .transform((value, ctx) => {
      const type = normaliseDocumentType(value);
      if (type !== expected) {
        ctx.addIssue({ code: "custom", message: `type must be ${expected}` });
        return z.NEVER;
      }
      return type;
    })
    .openapi({ type: "string", enum: [expected] });

const ClientActivityBody = z
  .discriminatedUnion("activityType", [
    z.object({
      activityType: z.literal("ITEM_AGREED"),
      details: z.object({ claimItemId: z.string().min(1), amount: Pence.min(0) }),
    }),
    z.object({
      activityType: z.literal("ITEM_COUNTER_PROPOSED"),
      details: z.object({ claimItemId: z.string().min(1), counterProposalAmount: Pence.min(0) }),
    }),
    z.object({
      activityType: z.enum(SCREEN_ACTIVITY_TYPES),
      details: z.object({}).strict().default({}),
    }),
  ])
  .openapi("ClaimActivityInput");

// ── Reading a claim ──────────────────────────────────────────────────────────────────

const iso = (d: Date | null | undefined) => (d == null ? null : d.toISOString());

/** The claim and the signed-in user's respondent row; 404 unless they are a respondent. */
export async function respondentOrNotFound(db: Database, claimId: string, userId: string) {
  const [row] = await db
    .select({ claim: claims, respondent: claimRespondents })
    .from(claimRespondents)
    .innerJoin(claims, eq(claims.id, claimRespondents.claimId))
    .where(and(eq(claimRespondents.claimId, claimId), eq(claimRespondents.userId, userId)));
  if (!row) throw notFound();
  return row;
}

function tenantState(
  claim: ClaimRow,
  proposals: readonly OrderedProposal[],
  itemIds: readonly string[],
  organisationName: string,
  feeStatus: "PENDING" | "COMPLETE" | null,
  userId: string,
  now: Date,
): TenantClaimState {
  return {
    status: claimStatusOf(claim),
    mediationEnabled: claim.mediationEnabled,
    itemIds,
    proposals,
    organisationName,
    adjudicationFeeOrderStatus: feeStatus,
    viewer: { userId, isRespondent: true },
    now,
  };
}

function documentOrder(typeId: string) {
  const index = (CLAIM_DOCUMENT_DISPLAY_ORDER as readonly string[]).indexOf(typeId);
  return index === -1 ? CLAIM_DOCUMENT_DISPLAY_ORDER.length : index;
}

type ItemDocRow = { link: typeof claimItemDocuments.$inferSelect; document: typeof documents.$inferSelect };

function itemDocumentView(row: ItemDocRow, userId: string) {
  return {
    id: row.document.id,
    claimItemDocumentId: row.link.id,
    claimItemId: row.link.claimItemId,
    claimItemProposalId: row.link.claimItemProposalId,
    name: row.document.name,
    typeId: row.document.typeId,
    url: documentUrl(row.document.id),
    source: row.link.source === "SUPPLIER" ? ("SUPPLIER" as const) : ("TENANT" as const),
    uploadedByCurrentUser: row.link.uploadedByUserId === userId,
    createdAt: row.link.createdAt.toISOString(),
  };
}

function proposalView(p: ProposalWithItems, docs: ItemDocRow[], userId: string) {
  const domain = toDomainProposal(p);
  return {
    id: p.id,
    claimId: p.claimId,
    round: p.round,
    status: domain.status,
    type: p.type,
    source: domain.source,
    publishedAt: iso(p.publishedAt),
    orderId: p.orderId,
    createdByUserId: p.createdByUserId,
    createdByCurrentUser: p.createdByUserId === userId,
    responseDeadline: iso(p.responseDeadline),
    autoResponded: p.autoResponded,
    holdExpiresAt: iso(p.holdExpiresAt),
    totalAmount: proposalTotalPence(p),
    itemProposals: p.itemProposals.map((ip) => ({
      id: ip.id,
      claimProposalId: ip.claimProposalId,
      claimItemId: ip.claimItemId,
      amount: ip.amount,
      explanation: ip.explanation,
      settled: ip.settled,
      settledSource: normaliseProposalSource(ip.settledSource),
      documents: docs.filter((d) => d.link.claimItemProposalId === ip.id).map((d) => itemDocumentView(d, userId)),
      createdAt: ip.createdAt.toISOString(),
      updatedAt: ip.updatedAt.toISOString(),
    })),
  };
}

/** This tenant's active payment plan on the claim, and whether a co-tenant has one. */
export async function claimPaymentPlans(db: Database, claimId: string, customerIds: { mine: string; others: string[] }, now: Date) {
  const claimOrderIds = (await db.select({ id: orders.id }).from(orders).where(eq(orders.claimId, claimId))).map((o) => o.id);
  const rows = await db
    .select({ plan: paymentPlans, customerId: orderCustomers.customerId })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(
      claimOrderIds.length > 0
        ? or(eq(paymentPlans.claimId, claimId), inArray(orderCustomers.orderId, claimOrderIds))
        : eq(paymentPlans.claimId, claimId),
    )
    .orderBy(asc(paymentPlans.createdAt));
  const planIds = rows.map((r) => r.plan.id);
  const actions = planIds.length
    ? await db.select().from(paymentPlanActions).where(inArray(paymentPlanActions.paymentPlanId, planIds))
    : [];
  const counting = rows.filter((r) =>
    paymentPlanCountsForRedirect(
      {
        id: r.plan.id,
        status: r.plan.status as PaymentPlanStatus,
        createdAt: r.plan.createdAt,
        actions: actions
          .filter((a) => a.paymentPlanId === r.plan.id)
          .map((a) => ({ id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt })),
      },
      now,
    ),
  );
  const mine = counting.filter((r) => r.customerId === customerIds.mine).pop();
  return {
    paymentPlanId: mine?.plan.id ?? null,
    coTenantOnPaymentPlan: counting.some((r) => customerIds.others.includes(r.customerId)),
  };
}

/** Everything the claim screen needs, for a respondent (404 otherwise). */
export async function buildClaimView(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string): Promise<ClaimView> {
  const { db } = deps;
  const now = deps.clock.now();
  const { claim } = await respondentOrNotFound(db, claimId, userId);
  const [[place], [organization], respondentRows, items, proposals, activities, chasers, [arbitration]] = await Promise.all([
    db
      .select({ tenancy: tenancies, address: addresses })
      .from(tenancies)
      .innerJoin(properties, eq(properties.id, tenancies.propertyId))
      .innerJoin(addresses, eq(addresses.id, properties.addressId))
      .where(eq(tenancies.id, claim.tenancyId)),
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId)),
    db
      .select({ respondent: claimRespondents, user: users, response: claimResponses })
      .from(claimRespondents)
      .innerJoin(users, eq(users.id, claimRespondents.userId))
      .leftJoin(claimResponses, eq(claimResponses.claimRespondentId, claimRespondents.id))
      .where(eq(claimRespondents.claimId, claimId))
      .orderBy(asc(claimRespondents.createdAt), asc(claimRespondents.id)),
    db.select().from(claimItems).where(eq(claimItems.claimId, claimId)).orderBy(asc(claimItems.position), asc(claimItems.createdAt)),
    loadProposals(db, claimId),
    db.select().from(claimActivities).where(eq(claimActivities.claimId, claimId)).orderBy(asc(claimActivities.createdAt), asc(claimActivities.id)),
    db.select().from(evidenceChasers).where(eq(evidenceChasers.claimId, claimId)).orderBy(asc(evidenceChasers.createdAt)),
    db.select().from(arbitrations).where(eq(arbitrations.claimId, claimId)),
  ]);
  if (!place) throw notFound();
  const itemIds = items.map((i) => i.id);
  const [itemDocs, claimDocs, tenancyDocs, responseDocs, customers] = await Promise.all([
    itemIds.length
      ? db
          .select({ link: claimItemDocuments, document: documents })
          .from(claimItemDocuments)
          .innerJoin(documents, eq(documents.id, claimItemDocuments.documentId))
          .where(inArray(claimItemDocuments.claimItemId, itemIds))
          .orderBy(asc(claimItemDocuments.createdAt), asc(claimItemDocuments.id))
      : Promise.resolve([] as ItemDocRow[]),
    db
      .select({ document: documents })
      .from(claimDocuments)
      .innerJoin(documents, eq(documents.id, claimDocuments.documentId))
      .where(eq(claimDocuments.claimId, claimId))
      .orderBy(asc(claimDocuments.createdAt)),
    db
      .select({ document: documents, typeId: tenancyDocuments.typeId })
      .from(tenancyDocuments)
      .innerJoin(documents, eq(documents.id, tenancyDocuments.documentId))
      .where(eq(tenancyDocuments.tenancyId, claim.tenancyId))
      .orderBy(asc(tenancyDocuments.createdAt)),
    responseDocumentsOf(db, claimId, userId),
    respondentCustomers(db, claim),
  ]);

  const domain = proposals.map(toDomainProposal);
  const feeStatus = await disputeFeeOrderStatus(db, claim);
  const orgName = organization?.name ?? "";
  const state = tenantState(claim, domain, itemIds, orgName, feeStatus, userId, now);
  const facts = claimScreenFacts(state, { disputeFeePaid: feeStatus === "COMPLETE" });

  // What the tenant may see: never an agent's draft, nor a co-tenant's unpublished proposal.
  const visible = proposals.filter((p) => isProposalVisibleToTenant(toDomainProposal(p), userId));
  const visibleItemProposalIds = new Set(visible.flatMap((p) => p.itemProposals.map((ip) => ip.id)));
  const visibleDocs = itemDocs.filter(
    (d) =>
      d.link.source === "SUPPLIER" ||
      (d.link.claimItemProposalId === null ? true : visibleItemProposalIds.has(d.link.claimItemProposalId)),
  );

  // Orders: a landlord proposal's order counts as payable once it carries pay actions (accepted).
  const claimOrders = await db.select().from(orders).where(eq(orders.claimId, claimId));
  const orderRef = (id: string | null) => {
    const o = claimOrders.find((x) => x.id === id);
    return o ? { id: o.id, statusId: o.statusId === "COMPLETE" ? ("COMPLETE" as const) : ("PENDING" as const) } : null;
  };
  const repaymentOrder = arbitration?.repaymentOrderId ? orderRef(arbitration.repaymentOrderId) : null;
  const payable = payableOrderId(
    domain.map((p, i) => ({
      round: p.round,
      order: p.round !== 2 && (p.status === "AWAITING_PAYMENT" || p.status === "SETTLED") ? orderRef(proposals[i]!.orderId) : null,
    })),
    repaymentOrder,
  );
  const me = customers.find((c) => c.userId === userId);
  const myActions = me
    ? await db
        .select({ action: orderCustomerActions, orderId: orderCustomers.orderId })
        .from(orderCustomerActions)
        .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
        .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
        .where(and(eq(orders.claimId, claimId), eq(orderCustomers.customerId, me.customerId)))
        .orderBy(asc(orderCustomerActions.position), asc(orderCustomerActions.createdAt))
    : [];
  const payAction = (row: (typeof myActions)[number]) => ({
    id: row.action.id,
    typeId: row.action.typeId,
    orderId: row.orderId,
    amountRemaining: Number(row.action.details.amountRemaining ?? 0),
    completedAt: iso(row.action.completedAt),
  });
  const feeOrder = claim.adjudicationFeeOrderId ? orderRef(claim.adjudicationFeeOrderId) : null;
  const feeAction = myActions.find((r) => r.orderId === claim.adjudicationFeeOrderId && r.action.typeId === "ARBITRATION_ADMIN_PAY");
  const ownPaymentStep = facts.tenantProposalAwaitingPaymentId
    ? proposals.find((p) => p.id === facts.tenantProposalAwaitingPaymentId)
    : undefined;
  const proposalPayAction = ownPaymentStep
    ? myActions.find(
        (r) => r.orderId === ownPaymentStep.orderId && r.action.typeId === "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE" && r.action.completedAt === null,
      )
    : undefined;
  const plans = await claimPaymentPlans(
    db,
    claimId,
    { mine: me?.customerId ?? "", others: customers.filter((c) => c.userId !== userId).map((c) => c.customerId) },
    now,
  );

  const hidden = new Set<string>(REFERENCE_DOCUMENT_TYPES);
  const seen = new Set<string>();
  const tenancyDocumentList = [
    ...claimDocs.map((d) => ({ document: d.document, typeId: d.document.typeId })),
    ...tenancyDocs.map((d) => ({ document: d.document, typeId: d.typeId })),
  ]
    .filter((d) => !hidden.has(d.typeId) && !hidden.has(d.document.typeId))
    .filter((d) => (seen.has(d.document.id) ? false : (seen.add(d.document.id), true)))
    .map((d, index) => ({ d, index }))
    .sort((a, b) => documentOrder(a.d.typeId) - documentOrder(b.d.typeId) || a.index - b.index)
    .map(({ d }) => ({ id: d.document.id, name: d.document.name, typeId: d.typeId, url: documentUrl(d.document.id) }));

  const myRespondent = respondentRows.find((r) => r.respondent.userId === userId)!;
  // Activities: the claim's own record, and what this tenant's screen reported (a
  // co-tenant's screen reports may describe a proposal they have not submitted).
  const clientTypes = new Set<string>(CLIENT_ACTIVITY_TYPES);
  const shownActivities = activities.filter((a) => !clientTypes.has(a.activityType) || a.userId === userId);

  return {
    id: claim.id,
    status: state.status,
    limit: claim.limit,
    finalAmount: claim.finalAmount,
    details: claim.details,
    mediationEnabled: claim.mediationEnabled,
    tenantDisputeMessage: claim.tenantDisputeMessage,
    organization: { name: orgName },
    tenancy: {
      id: place.tenancy.id,
      PPM: place.tenancy.ppm,
      startDate: place.tenancy.startDate,
      endDate: place.tenancy.endDate,
      property: {
        address: propertyAddressView(place.address),
      },
    },
    documents: tenancyDocumentList,
    items: items.map((item) => {
      const docs = visibleDocs.filter((d) => d.link.claimItemId === item.id).map((d) => itemDocumentView(d, userId));
      const round1 = domain.find((p) => p.round === 1 && p.status !== "DRAFT");
      return {
        id: item.id,
        claimId: item.claimId,
        description: item.description,
        type: item.type,
        isSettled: isItemSettled(item.id, domain),
        chargedAmount: round1?.itemProposals.find((ip) => ip.claimItemId === item.id)?.amount ?? null,
        currentAmount: agentAmountForItem(domain, item.id),
        landlordEvidence: docs.filter((d) => d.source === "SUPPLIER"),
        tenantEvidence: docs.filter((d) => d.source === "TENANT"),
      };
    }),
    respondents: respondentRows.map((r) => ({
      id: r.respondent.id,
      userId: r.respondent.userId,
      firstName: r.user.firstName,
      lastName: r.user.lastName,
      isCurrentUser: r.respondent.userId === userId,
      claimResponse: r.response ? { id: r.response.id, message: r.response.message } : null,
    })),
    currentRespondent: { id: myRespondent.respondent.id, claimResponseId: myRespondent.response?.id ?? null },
    proposals: visible.map((p) => proposalView(p, visibleDocs, userId)),
    responseDocuments: responseDocs,
    activities: shownActivities.map((a) => ({
      id: a.id,
      activityType: a.activityType,
      details: a.details,
      userId: a.userId,
      byCurrentUser: a.userId === userId,
      createdAt: a.createdAt.toISOString(),
    })),
    evidenceChasers: chasers.map((c) => ({ id: c.id, type: c.type, status: c.status })),
    adjudicationFeeOrder: feeOrder ? { id: feeOrder.id, statusId: feeOrder.statusId, action: feeAction ? payAction(feeAction) : null } : null,
    arbitration: arbitration
      ? { id: arbitration.id, arbitratedAmount: arbitration.arbitratedAmount, decidedAt: iso(arbitration.decidedAt) }
      : null,
    currentProposalId: facts.currentProposalId,
    canRespond: facts.canRespond,
    awaitingTenantResponse: facts.awaitingTenantResponse,
    disputed: facts.disputed,
    awaitingPayment: facts.awaitingPayment,
    autoResponded: facts.autoResponded,
    tenantDraftProposalId: facts.tenantDraftProposalId,
    proposalPayment:
      ownPaymentStep && proposalPayAction && ownPaymentStep.orderId
        ? {
            claimProposalId: ownPaymentStep.id,
            orderId: ownPaymentStep.orderId,
            orderCustomerActionId: proposalPayAction.action.id,
            amount: Number(proposalPayAction.action.details.amountRemaining ?? 0),
          }
        : null,
    payableOrderId: payable,
    payActions: payable ? myActions.filter((r) => r.orderId === payable).map(payAction) : [],
    allowedActions: facts.allowedActions,
    awaitingResponseFrom: facts.awaitingResponseFrom,
    responseDeadline: iso(facts.responseDeadline),
    daysRemaining: facts.daysRemaining,
    urgency: facts.urgency,
    paymentPlanId: plans.paymentPlanId,
    coTenantOnPaymentPlan: plans.coTenantOnPaymentPlan,
  };
}

async function responseDocumentsOf(db: Database, claimId: string, userId: string) {
  const rows = await db
    .select({ link: claimResponseDocuments, document: documents })
    .from(claimResponseDocuments)
    .innerJoin(documents, eq(documents.id, claimResponseDocuments.documentId))
    .where(eq(claimResponseDocuments.claimId, claimId))
    .orderBy(asc(claimResponseDocuments.createdAt), asc(claimResponseDocuments.id));
  return rows.map((r) => ({
    id: r.document.id,
    claimResponseDocumentId: r.link.id,
    claimId: r.link.claimId,
    name: r.document.name,
    typeId: r.document.typeId,
    url: documentUrl(r.document.id),
    uploadedByCurrentUser: r.link.uploadedByUserId === userId,
    createdAt: r.link.createdAt.toISOString(),
  }));
}

// ── Writing ──────────────────────────────────────────────────────────────────────────

type WriteContext = {
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
async function withClaim<T>(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string, fn: (ctx: WriteContext) => Promise<T>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound();
    const respondents = await respondentCustomers(tx, claim);
    const me = respondents.find((r) => r.userId === userId);
    if (!me) throw notFound();
    const [proposals, items, [organization], feeStatus] = await Promise.all([
      loadProposals(tx, claimId),
      tx.select({ id: claimItems.id }).from(claimItems).where(eq(claimItems.claimId, claimId)).orderBy(asc(claimItems.position)),
      tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId)),
      disputeFeeOrderStatus(tx, claim),
    ]);
    const domain = proposals.map(toDomainProposal);
    const itemIds = items.map((i) => i.id);
    const state = tenantState(claim, domain, itemIds, organization?.name ?? "", feeStatus, userId, now);
    return fn({ tx, claim, status: state.status, proposals, domain, itemIds, state, me, userId, now });
  });
}

function refuse(check: { ok: boolean; message?: string }) {
  if (!check.ok) throw new ApiError(409, check.message ?? "This is not possible now.");
}

/** The proposal in the path: 404 unless it is on this claim and the tenant may see it; locked FOR UPDATE. */
async function targetProposal(ctx: WriteContext, claimProposalId: string) {
  const proposal = ctx.proposals.find((p) => p.id === claimProposalId);
  if (!proposal || !isProposalVisibleToTenant(toDomainProposal(proposal), ctx.userId)) throw notFound();
  await ctx.tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, proposal.id)).for("update");
  return proposal;
}

/** The action must be allowed and aimed at the landlord's proposal that awaits the tenant. */
async function openProposalFor(ctx: WriteContext, action: TenantAction, claimProposalId: string) {
  const proposal = await targetProposal(ctx, claimProposalId);
  refuse(checkTenantAction(ctx.state, action));
  const open = openSupplierProposal(ctx.domain);
  if (!open || open.id !== proposal.id) throw new ApiError(409, notOpenProposalMessage(toDomainProposal(proposal)));
  return proposal;
}

/** Starts the viewer's round 2 draft (the counter action). */
async function startDraft(ctx: WriteContext) {
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
async function saveTenantItemProposal(
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
  let itemProposalId: string;
  if (itemProposal) {
    itemProposalId = itemProposal.id;
    await ctx.tx
      .update(claimItemProposals)
      .set({
        amount: input.amount,
        explanation: input.explanation,
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
      explanation: input.explanation,
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

async function proposalResponse(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string, claimProposalId: string) {
  const view = await buildClaimView(deps, claimId, userId);
  const proposal = view.proposals.find((p) => p.id === claimProposalId);
  if (!proposal) throw notFound();
  return proposal;
}

/** Formal dispute of the open landlord proposal: DISPUTED, and the £60 fee (see the money model). */
async function raiseDispute(ctx: WriteContext, proposal: ProposalWithItems, withEvidence: boolean, message?: string) {
  await discardUnpublishedTenantProposals(ctx.tx, ctx.claim.id);
  await ctx.tx.update(claimProposals).set({ status: "DISPUTED", updatedAt: ctx.now }).where(eq(claimProposals.id, proposal.id));
  if (message !== undefined) await ctx.tx.update(claims).set({ tenantDisputeMessage: message }).where(eq(claims.id, ctx.claim.id));
  const fee = await openDisputeFee(ctx.tx, ctx.claim, ctx.me, ctx.now);
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

// ── Routes ───────────────────────────────────────────────────────────────────────────

const claimJson = { "application/json": { schema: ClaimSchema } };

const findClaimById = createRoute({
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

const findManyClaimResponseDocuments = createRoute({
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

const addClaimResponseDocument = createRoute({
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
            .object({ file: FileField, fileName: z.string().max(255).optional(), type: DocumentTypeField("CLAIM_RESPONSE") })
            .openapi("AddClaimResponseDocument"),
        },
      },
    },
  },
  responses: {
    201: { description: "The document", content: { "application/json": { schema: ClaimResponseDocumentSchema } } },
    ...errorResponses(400, 401, 404, 409, 413, 415),
  },
});

const deleteClaimResponseDocument = createRoute({
  method: "delete",
  path: "/claims/{claimId}/response-documents/{documentId}",
  operationId: "deleteClaimResponseDocument",
  tags: ["claims"],
  summary: "Delete a claim response document the tenant uploaded",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams.extend({ documentId: z.string().min(1).max(100) }) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409) },
});

const addClaimItemDocument = createRoute({
  method: "post",
  path: "/claims/{claimId}/items/{claimItemId}/documents",
  operationId: "addClaimItemDocument",
  tags: ["claims"],
  summary: "Upload the tenant's evidence for a claim item (type CLAIM_ITEM), optionally for their own item proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams.extend({ claimItemId: z.string().min(1).max(100) }),
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({
              file: FileField,
              fileName: z.string().max(255).optional(),
              type: DocumentTypeField("CLAIM_ITEM"),
              claimItemProposalId: z.string().min(1).max(100).optional(),
            })
            .openapi("AddClaimItemDocument"),
        },
      },
    },
  },
  responses: {
    201: { description: "The document", content: { "application/json": { schema: ClaimItemDocumentSchema } } },
    ...errorResponses(400, 401, 404, 409, 413, 415),
  },
});

const deleteClaimItemDocument = createRoute({
  method: "delete",
  path: "/claims/{claimId}/items/{claimItemId}/documents/{documentId}",
  operationId: "deleteClaimItemDocument",
  tags: ["claims"],
  summary: "Delete evidence the tenant uploaded for an item (not once its proposal is submitted)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ClaimParams.extend({ claimItemId: z.string().min(1).max(100), documentId: z.string().min(1).max(100) }) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409) },
});

const proposalJson = { "application/json": { schema: ClaimProposalSchema } };

const createCounterProposal = createRoute({
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

const updateCounterProposal = createRoute({
  method: "put",
  path: "/claims/{claimId}/counter-proposals/{claimItemProposalId}",
  operationId: "updateCounterProposal",
  tags: ["claims"],
  summary: "Change an item's counter amount in the tenant's draft proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams.extend({ claimItemProposalId: z.string().min(1).max(100) }),
    body: { required: true, content: { "application/json": { schema: ItemProposalBody } } },
  },
  responses: { 200: { description: "The tenant's draft proposal", content: proposalJson }, ...errorResponses(400, 401, 404, 409) },
});

const createClaimItemProposal = createRoute({
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

const updateClaimItemProposal = createRoute({
  method: "put",
  path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals/{claimItemProposalId}",
  operationId: "updateClaimItemProposal",
  tags: ["claims"],
  summary: "Change an item proposal in the tenant's draft proposal",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ProposalParams.extend({ claimItemProposalId: z.string().min(1).max(100) }),
    body: { required: true, content: { "application/json": { schema: ItemProposalBody } } },
  },
  responses: { 200: { description: "The tenant's draft proposal", content: proposalJson }, ...errorResponses(400, 401, 404, 409) },
});

const proposalAction = (operationId: string, verb: string, summary: string) =>
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

const agreeClaimProposal = proposalAction(
  "agreeClaimProposal",
  "agree",
  "Accept the landlord's charges (round 1) or final proposal (round 3); the tenants then pay",
);
const counterClaimProposal = proposalAction(
  "counterClaimProposal",
  "counter",
  "Disagree with mediation: start the tenant's counter-proposal (a round 2 draft) to a non-final proposal",
);
const disputeClaimProposal = proposalAction(
  "disputeClaimProposal",
  "dispute",
  "Raise a formal dispute of a final proposal (or any proposal without mediation); the £60 fee is then due",
);
const publishClaimProposal = proposalAction(
  "publishClaimProposal",
  "publish",
  "Submit the tenant's draft: at once for £0, otherwise after the upfront payment",
);
const unpublishClaimProposal = proposalAction(
  "unpublishClaimProposal",
  "unpublish",
  "Back from the proposal payment step: the proposal is a draft again",
);

const updateTenantDisputeMessage = createRoute({
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

const createClaimActivity = createRoute({
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

const updateClaimResponse = createRoute({
  method: "put",
  path: "/claims/{claimId}/respondents/{claimRespondentId}/responses/{claimResponseId}",
  operationId: "updateClaimResponse",
  tags: ["claims"],
  summary: "Reject with no evidence: the tenant's message, and the claim goes to the adjudicator once the £60 fee is paid",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ClaimParams.extend({ claimRespondentId: z.string().min(1).max(100), claimResponseId: z.string().min(1).max(100) }),
    body: { required: true, content: { "application/json": { schema: MessageBody } } },
  },
  responses: { 200: { description: "The claim", content: claimJson }, ...errorResponses(400, 401, 404, 409) },
});

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
