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
import { and, eq } from "drizzle-orm";
import type { Deps } from "../context";
import { breathingSpaceStatus, type BreathingSpaceStatus } from "../lib/breathing-space-reads";
import type { Database } from "../db";
import { claimRespondents, claims } from "../db/schema";
import {
  agentAmountForItem,
  claimScreenFacts,
  payableChargesPence,
  CLIENT_ACTIVITY_TYPES,
  proposalTotalPence,
  type OrderedProposal
} from "../domain/claim-responses";
import {
  isItemSettled,
  isProposalVisibleToTenant,
  payableOrderId,
  type TenantClaimState
} from "../domain/claims";
import { chargesPayment } from "../domain/claim-payments";
import { checkMoreTimeRequest, effectiveMoreTimeStatus, moreTimeAnswerBy, moreTimeWaiting, type MoreTimeClaim, type MoreTimeRequestFacts } from "../domain/more-time";
import { splitByLiability } from "../domain/fees";
import {
  isClaimInProgress,
  normaliseProposalSource,
  REFERENCE_DOCUMENT_TYPES
} from "../domain/statuses";
import { notFound } from "../lib/errors";
import { propertyAddressView } from "../lib/schemas";
import { documentUrl } from "../lib/uploads";
import { documentOrder, itemDocumentView, responseDocumentView, type ItemDocRow } from "./document-views";
import { disputeFeeStatus } from "./charges";
import { claimPlanFacts } from "./plans-service";
import { claimCoTenantsOf } from "./cotenants";
import { loadClaimForView } from "./queries";
import { claimStatusOf, inProposalOrder, toDomainProposal, withLiabilities, type ClaimRow, type ProposalWithItems } from "./records";
import { type ClaimView } from "./schemas";

// ── Reading a claim ──────────────────────────────────────────────────────────────────

export const iso = (d: Date | null | undefined) => (d == null ? null : d.toISOString());

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

export function tenantState(
  claim: ClaimRow,
  proposals: readonly OrderedProposal[],
  itemIds: readonly string[],
  organisationName: string,
  feeStatus: "PENDING" | "COMPLETE" | null,
  userId: string,
  now: Date,
  moreTimeRequests: readonly MoreTimeRequestFacts[] = [],
): TenantClaimState {
  const status = claimStatusOf(claim);
  return {
    status,
    mediationEnabled: claim.mediationEnabled,
    itemIds,
    proposals,
    organisationName,
    adjudicationFeeOrderStatus: feeStatus,
    viewer: { userId, isRespondent: true },
    now,
    moreTimeRequested: moreTimeWaiting(moreTimeRequests, { status, proposals }),
  };
}

export function proposalView(p: ProposalWithItems, docs: ItemDocRow[], userId: string) {
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

/**
 * Everything the claim screen needs, for a respondent (404 otherwise), from one query
 * (loadClaimForView: issue 25, scope 5).
 */
export async function buildClaimView(
  deps: Pick<Deps, "db" | "clock">,
  claimId: string,
  userId: string,
  /** The tenant's Breathing Space when the request already knows it (requestBreathingSpace); read otherwise. */
  breathingSpaceKnown?: BreathingSpaceStatus | null,
): Promise<ClaimView> {
  const now = deps.clock.now();
  // The tenant's own Breathing Space beside the claim's one read (issue 36).
  const [loaded, breathingSpace] = await Promise.all([loadClaimForView(deps.db, claimId, userId), breathingSpaceKnown !== undefined ? breathingSpaceKnown : breathingSpaceStatus(deps.db, userId, now)]);
  if (!loaded) throw notFound();
  const { claim, place, items, activities, chasers, arbitration, claimDocuments: claimDocs, tenancyDocuments: tenancyDocs } = loaded;
  const respondentRows = loaded.respondents;
  const proposals = inProposalOrder(loaded.proposals);
  const itemDocs = loaded.itemDocuments;
  const responseDocs = loaded.responseDocuments.map((row) => responseDocumentView(row, userId));
  const customers = withLiabilities(loaded.respondentCustomers);
  const itemIds = items.map((i) => i.id);

  const domain = proposals.map(toDomainProposal);
  const feeStatus = claim.adjudicationFeeOrderId === null ? null : disputeFeeStatus(loaded.feeOrderStatusId);
  const orgName = loaded.organizationName ?? "";
  const state = tenantState(claim, domain, itemIds, orgName, feeStatus, userId, now, loaded.moreTimeRequests);
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
  const claimOrders = loaded.orders;
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
  // This tenant's pay actions on the claim's orders (by position, then oldest first).
  const myActions = me ? loaded.orderActions.filter((a) => a.customerId === me.customerId) : [];
  const payAction = (row: (typeof myActions)[number]) => ({
    id: row.id,
    typeId: row.typeId,
    orderId: row.orderId,
    amountRemaining: Number(row.details.amountRemaining ?? 0),
    completedAt: iso(row.completedAt),
  });
  const feeOrder = claim.adjudicationFeeOrderId ? orderRef(claim.adjudicationFeeOrderId) : null;
  const feeAction = myActions.find((r) => r.orderId === claim.adjudicationFeeOrderId && r.typeId === "ARBITRATION_ADMIN_PAY");
  const ownPaymentStep = facts.tenantProposalAwaitingPaymentId
    ? proposals.find((p) => p.id === facts.tenantProposalAwaitingPaymentId)
    : undefined;
  const proposalPayAction = ownPaymentStep
    ? myActions.find((r) => r.orderId === ownPaymentStep.orderId && r.typeId === "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE" && r.completedAt === null)
    : undefined;
  // Paying accepted charges: which of this tenant's open actions on the payable order the pay page takes.
  const openOnPayable = payable
    ? myActions.filter((r) => r.orderId === payable && r.completedAt === null).map(payAction).filter((a) => a.amountRemaining > 0)
    : [];
  const payableRow = payable ? proposals.find((p) => p.orderId === payable && p.round !== 2) : undefined;
  const payNow = chargesPayment(
    openOnPayable.map((a) => ({ id: a.id, typeId: a.typeId, amountRemainingPence: a.amountRemaining })),
    payableRow ? payableChargesPence(proposalTotalPence(payableRow), claim.limit) : null,
  );
  const payNowAction = payNow ? openOnPayable.find((a) => a.id === payNow.id)! : undefined;
  // Accepting the current proposal: what it makes payable and this tenant's share (the accept choice quotes them).
  const currentRow = proposals.find((p) => p.id === facts.currentProposalId);
  let acceptDue: { amount: number; share: number } | null = null;
  if (currentRow && currentRow.round !== 2 && facts.allowedActions.includes("accept") && me) {
    const amount = payableChargesPence(proposalTotalPence(currentRow), claim.limit);
    const shares = amount > 0 ? splitByLiability(amount, customers.map((c) => ({ id: c.customerId, tenantLiability: c.tenantLiability }))) : [];
    acceptDue = { amount, share: shares.find((x) => x.tenantId === me.customerId)?.amountPence ?? amount };
  }
  // What co-tenants paid on the payable order (claims paid by someone else, issue 12 scope 5), in the order they paid.
  const coTenantPayments = payable
    ? loaded.orderActions
        .filter((r) => r.orderId === payable && r.customerId !== me?.customerId && r.completedAt !== null && Number(r.details.amountPaid ?? 0) > 0)
        .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime())
        .flatMap((r) => {
          const userIdOf = customers.find((c) => c.customerId === r.customerId)?.userId;
          const who = respondentRows.find((x) => x.userId === userIdOf);
          return who ? [{ firstName: who.firstName, lastName: who.lastName, amount: Number(r.details.amountPaid) }] : [];
        })
    : [];
  const plans = claimPlanFacts(
    loaded.paymentPlans,
    { mine: me?.customerId ?? "", others: customers.filter((c) => c.userId !== userId).map((c) => c.customerId) },
    now,
  );

  const hidden = new Set<string>(REFERENCE_DOCUMENT_TYPES);
  const seen = new Set<string>();
  const tenancyDocumentList = [
    ...claimDocs.map((d) => ({ document: d, typeId: d.typeId })),
    ...tenancyDocs.map((d) => ({ document: d, typeId: d.tenancyTypeId })),
  ]
    .filter((d) => !hidden.has(d.typeId) && !hidden.has(d.document.typeId))
    .filter((d) => (seen.has(d.document.id) ? false : (seen.add(d.document.id), true)))
    .map((d, index) => ({ d, index }))
    .sort((a, b) => documentOrder(a.d.typeId) - documentOrder(b.d.typeId) || a.index - b.index)
    .map(({ d }) => ({ id: d.document.id, name: d.document.name, typeId: d.typeId, url: documentUrl(d.document.id) }));

  const myRespondent = respondentRows.find((r) => r.userId === userId)!;
  // Your co-tenants (issue 38): from this one read.
  const { coTenants, bindingAnswer } = claimCoTenantsOf(loaded, userId, payable, facts.awaitingTenantResponse);
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
      id: r.respondentId,
      userId: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      isCurrentUser: r.userId === userId,
      claimResponse: r.responseId !== null ? { id: r.responseId, message: r.responseMessage } : null,
    })),
    currentRespondent: { id: myRespondent.respondentId, claimResponseId: myRespondent.responseId },
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
    inProgress: isClaimInProgress(state.status),
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
            orderCustomerActionId: proposalPayAction.id,
            amount: Number(proposalPayAction.details.amountRemaining ?? 0),
          }
        : null,
    payableOrderId: payable,
    payActions: payable ? myActions.filter((r) => r.orderId === payable).map(payAction) : [],
    chargesPayment:
      payNow && payNowAction
        ? { paymentType: payNow.paymentType, orderId: payNowAction.orderId, orderCustomerActionId: payNow.id, amount: payNowAction.amountRemaining }
        : null,
    acceptDue,
    coTenantPayments,
    coTenants,
    bindingAnswer,
    allowedActions: facts.allowedActions,
    awaitingResponseFrom: facts.awaitingResponseFrom,
    responseDeadline: iso(facts.responseDeadline),
    daysRemaining: facts.daysRemaining,
    urgency: facts.urgency,
    paymentPlanId: plans.paymentPlanId,
    coTenantOnPaymentPlan: plans.coTenantOnPaymentPlan,
    breathingSpace,
    moreTime: claimMoreTime({ status: state.status, proposals: domain }, now, loaded.moreTimeRequests, respondentRows, userId),
  };
}

/** The claim page's more-time facts (issue 36): may a tenant ask now, and a request waiting for our answer. */
function claimMoreTime(
  claim: MoreTimeClaim,
  now: Date,
  requests: readonly (MoreTimeRequestFacts & { userId: string; createdAt: Date })[],
  respondents: readonly { userId: string; firstName: string; lastName: string }[],
  userId: string,
): ClaimView["moreTime"] {
  const waiting = requests.find((r) => effectiveMoreTimeStatus(r, claim) === "PENDING");
  const asker = waiting && respondents.find((r) => r.userId === waiting.userId);
  return {
    canAsk: checkMoreTimeRequest(claim, requests, now).ok,
    waiting: waiting
      ? {
          answerBy: moreTimeAnswerBy(waiting.createdAt).toISOString(),
          askedByYou: waiting.userId === userId,
          askedBy: asker ? `${asker.firstName} ${asker.lastName}`.trim() : "A tenant",
        }
      : null,
  };
}

/** One proposal as the claim view shows it (404 when the tenant may not see it). */
export async function proposalResponse(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string, claimProposalId: string) {
  const view = await buildClaimView(deps, claimId, userId);
  const proposal = view.proposals.find((p) => p.id === claimProposalId);
  if (!proposal) throw notFound();
  return proposal;
}
