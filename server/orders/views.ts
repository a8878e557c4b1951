/** The tenancy-order views: what /tenancy-orders, /tenancy-orders/{id} and /dashboard send. */
import type { z } from "@hono/zod-openapi";
import { breathingSpaceStatus, type BreathingSpaceStatus } from "../lib/breathing-space-reads";
import type { Database } from "../db";
import { orderRemainingBalancePence, outstandingAmountPence, tenantDisplayName, totalChargesSettledPence } from "../domain/checkout";
import type { OrderedProposal } from "../domain/claim-responses";
import {
  checkoutSubRoute,
  dashboardFilterFor,
  defaultDashboardFilter,
  keyfreeStatus,
  keyfreeStatusLine,
  type NextAction,
} from "../domain/order-customers";
import { arbitrationToPay, claimToAnswer, outstandingActions, type DashboardClaim, type OutstandingActions } from "../domain/outstanding-actions";
import { paymentPlanCountsForRedirect, type PaymentPlan } from "../domain/payment-plans";
import {
  normaliseClaimStatus,
  normalisePaymentPlanActionType,
  normalisePaymentPlanStatus,
  normaliseProposalSource,
  normaliseProposalStatus,
  REFERENCE_DOCUMENT_TYPES,
  type ClaimStatus,
  type ProposalRound,
} from "../domain/statuses";
import { propertyAddressView } from "../lib/schemas";
import { documentUrl } from "../lib/uploads";
import { loadOrderCustomers, loadTenancyOrderRows, nextActionOf, orderStatusOf, ownOrder, paymentAmounts, type TenancyOrderRow } from "./reads-service";
import type { ProductId, TenancyOrder } from "./schemas";

type Reader = Pick<Database, "select">;

// ── Building tenancy orders ─────────────────────────────────────────────────

/** The signed-in customer's tenancy orders matching `filter`, newest first, with every derived fact a card needs. */
export async function tenancyOrdersFor(
  db: Reader,
  customerId: string,
  userId: string,
  filter: { productId?: string; orderId?: string },
  now: Date,
): Promise<TenancyOrder[]> {
  return (await tenancyOrdersWithOutstanding(db, customerId, userId, filter, now)).tenancyOrders;
}

/**
 * The tenancy orders, and every outstanding action the tenant has on them (any product: checkout,
 * claim and arbitration payments, the annual fee, claims awaiting an answer, payment plans), from
 * one query.
 */
export async function tenancyOrdersWithOutstanding(
  db: Reader,
  customerId: string,
  userId: string,
  filter: { productId?: string; orderId?: string },
  now: Date,
): Promise<{
  tenancyOrders: TenancyOrder[];
  outstanding: OutstandingActions;
  claimToAnswer: { id: string; mediationEnabled: boolean } | null;
  arbitrationToPay: { id: string } | null;
  paymentPlanToShow: { id: string } | null;
}> {
  const rows = await loadTenancyOrderRows(db, customerId, userId, filter);
  const orders: { nextAction: NextAction | null; paymentPlans: PaymentPlan[] }[] = [];
  const claims = new Map<string, { status: ClaimStatus; proposals: OrderedProposal[] }>();
  const dashboardClaims = new Map<string, DashboardClaim>();
  // Claims the tenant pays through a live plan: a plan offered for the claim, or on the claim's own order.
  const claimsOnPlans = new Set<string>();
  // The plan the dashboard sends the tenant to first (part 2 §2): the newest that counts.
  let planToShow: PaymentPlan | null = null;
  // Claims whose arbitration repayment this tenant still has to make (their next action on the repayment order).
  const arbitrationPaymentsOpen = new Set<string>();
  let checkoutOutstanding = false;
  const tenancyOrders = rows.map((r): TenancyOrder => {
    const { view, next } = tenancyOrderView(r, now);
    const plans = paymentPlansOf(r);
    orders.push({ nextAction: next, paymentPlans: plans });
    for (const plan of plans) {
      const planClaimId = r.paymentPlans.find((p) => p.id === plan.id)?.claimId ?? r.order.claimId;
      const counts = paymentPlanCountsForRedirect(plan, now);
      if (planClaimId && counts) claimsOnPlans.add(planClaimId);
      if (counts && (planToShow === null || new Date(plan.createdAt) > new Date(planToShow.createdAt))) planToShow = plan;
    }
    if (r.order.productId === "KEYFREE" && view.hasOutstandingActions) checkoutOutstanding = true;
    if (r.order.claimId && next?.actionable && next.typeId.startsWith("ARBITRATION_PAY")) arbitrationPaymentsOpen.add(r.order.claimId);
    const claimStatus = r.claim ? normaliseClaimStatus(r.claim.status) : null;
    if (r.claim?.respondent && claimStatus !== null) {
      claims.set(r.claim.id, { status: claimStatus, proposals: proposalsOf(r) });
      dashboardClaims.set(r.claim.id, {
        id: r.claim.id,
        status: claimStatus,
        mediationEnabled: r.claim.mediationEnabled,
        onLivePaymentPlan: false,
        arbitrationId: r.claim.arbitrationId,
      });
    }
    return view;
  });
  const outstanding = outstandingActions({ orders, claims: [...claims.values()] }, userId, now);
  const dashboard = [...dashboardClaims.values()].map((c) => ({
    ...c,
    onLivePaymentPlan: claimsOnPlans.has(c.id),
    arbitrationPaymentOpen: arbitrationPaymentsOpen.has(c.id),
  }));
  return {
    tenancyOrders,
    outstanding,
    claimToAnswer: claimToAnswer(dashboard, checkoutOutstanding),
    arbitrationToPay: arbitrationToPay(dashboard, checkoutOutstanding),
    paymentPlanToShow: planToShow === null ? null : { id: (planToShow as PaymentPlan).id },
  };
}

function proposalsOf(r: TenancyOrderRow): OrderedProposal[] {
  const proposals: OrderedProposal[] = [];
  for (const p of r.claim?.proposals ?? []) {
    const status = normaliseProposalStatus(p.status);
    const source = normaliseProposalSource(p.source);
    if (status === null || source === null || ![1, 2, 3].includes(p.round)) continue;
    proposals.push({
      id: p.id,
      round: p.round as ProposalRound,
      status,
      source,
      type: p.type,
      createdByUserId: p.createdByUserId,
      publishedAt: p.publishedAt,
      createdAt: p.createdAt,
      itemProposals: [],
    });
  }
  return proposals;
}

function paymentPlansOf(r: TenancyOrderRow): PaymentPlan[] {
  const plans: PaymentPlan[] = [];
  for (const plan of r.paymentPlans) {
    const status = normalisePaymentPlanStatus(plan.status);
    if (status === null) continue;
    plans.push({
      id: plan.id,
      status,
      createdAt: plan.createdAt,
      actions: plan.actions.flatMap((a) => {
        const typeId = normalisePaymentPlanActionType(a.typeId);
        return typeId === null ? [] : [{ id: a.id, typeId, completedAt: a.completedAt }];
      }),
      instalments: plan.instalmentStatuses.map((status, i) => ({ id: String(i), status })),
    });
  }
  return plans;
}

function tenancyOrderView(r: TenancyOrderRow, now: Date): { view: TenancyOrder; next: NextAction | null } {
  const orderStatus = orderStatusOf(r.order.statusId);
  // The tenancy's latest claim decides whether the Keyfree is finished; the tenant sees its details only as a respondent.
  const latestClaim = r.claim;
  const claimStatus = latestClaim ? normaliseClaimStatus(latestClaim.status) : null;
  const status = keyfreeStatus({ orderStatus, claimStatus, outcomeDeadline: r.tenancy.outcomeDeadline }, now);
  const all = r.orderCustomers;
  const mine = all.find((oc) => oc.id === r.orderCustomer.id);
  const next = mine ? nextActionOf(mine, all) : null;
  const visibleClaim = latestClaim?.respondent ? latestClaim : null;
  const view: TenancyOrder = {
    id: r.order.id,
    status,
    accountStatus: dashboardFilterFor(status),
    statusLine: keyfreeStatusLine(status, next),
    productId: r.order.productId as z.infer<typeof ProductId>,
    statusId: orderStatus,
    redirectUrl: r.order.redirectUrl,
    orderCustomerId: r.orderCustomer.id,
    orderCustomer: {
      id: r.orderCustomer.id,
      customerId: r.orderCustomer.customerId,
      fee: r.orderCustomer.fee,
      tenantLiability: r.orderCustomer.tenantLiability,
    },
    nextAction: next,
    checkoutSubRoute: next ? checkoutSubRoute(next.typeId) : null,
    hasOutstandingActions: next !== null && next.actionable,
    // The tenants of the tenancy, with their liability on this order (0 when another tenant pays for them).
    tenants: r.tenants.map((user) => {
      const oc = all.find((o) => o.userId === user.id);
      return {
        id: user.id,
        customerId: oc?.customerId ?? null,
        orderCustomerId: oc?.id ?? null,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        displayName: tenantDisplayName(user),
        tenantLiability: oc?.tenantLiability ?? 0,
      };
    }),
    claim: visibleClaim
      ? {
          id: visibleClaim.id,
          status: claimStatus ?? visibleClaim.status,
          finalAmount: visibleClaim.finalAmount,
          limit: visibleClaim.limit,
          arbitration: visibleClaim.arbitrationId
            ? { id: visibleClaim.arbitrationId, arbitratedAmount: visibleClaim.arbitratedAmount }
            : null,
          totalChargesSettled:
            claimStatus === null
              ? null
              : totalChargesSettledPence({
                  status: claimStatus,
                  limit: visibleClaim.limit,
                  finalAmount: visibleClaim.finalAmount,
                  arbitratedAmount: visibleClaim.arbitratedAmount,
                }),
        }
      : null,
    // Signed documents are shown once the order is complete; referencing documents never are (part 1 §3).
    documents:
      orderStatus === "COMPLETE"
        ? r.documents
            .filter((d) => !(REFERENCE_DOCUMENT_TYPES as readonly string[]).includes(d.typeId))
            .map((d) => ({ id: d.id, name: d.name, url: documentUrl(d.id), typeId: d.typeId }))
        : [],
    tenancy: {
      id: r.tenancy.id,
      PPM: r.tenancy.ppm,
      startDate: r.tenancy.startDate,
      endDate: r.tenancy.endDate,
      isNewTenancy: r.tenancy.isNewTenancy,
      property: {
        id: r.property.id,
        address: propertyAddressView(r.address),
      },
    },
  };
  return { view, next };
}

/**
 * The dashboard in one call (part 2 §2): one read of every order (any product), split here:
 * Keyfrees for the cards, annual fees for the redirect; with what the dashboard's redirects need.
 */
export async function dashboardView(
  db: Reader,
  customer: { id: string; hasDuplicatePaymentMethod: boolean; requiresNewPaymentMethod: boolean },
  userId: string,
  now: Date,
  /** The tenant's Breathing Space when the request already knows it (requestBreathingSpace); read otherwise. */
  breathingSpaceKnown?: BreathingSpaceStatus | null,
) {
  // The tenant's own Breathing Space (issue 36): from the request, or read beside the orders.
  const [{ tenancyOrders: all, outstanding, claimToAnswer, arbitrationToPay, paymentPlanToShow }, breathingSpace] = await Promise.all([
    tenancyOrdersWithOutstanding(db, customer.id, userId, {}, now),
    breathingSpaceKnown !== undefined ? breathingSpaceKnown : breathingSpaceStatus(db, userId, now),
  ]);
  const keyfrees = all.filter((o) => o.productId === "KEYFREE");
  const annualFee = all.find((o) => o.productId === "TOP_UP" && o.statusId === "PENDING" && o.nextAction);
  return {
    tenancyOrders: keyfrees,
    hasOutstandingActions: outstanding.count > 0,
    outstandingActionCount: outstanding.count,
    defaultAccountStatus: defaultDashboardFilter(keyfrees.map((o) => o.status)),
    paymentPlanToShow,
    claimToAnswer,
    arbitrationToPay,
    pendingAnnualFee: annualFee ? { orderId: annualFee.id, customerId: annualFee.orderCustomer.customerId } : null,
    mustAddPaymentMethod: customer.hasDuplicatePaymentMethod || customer.requiresNewPaymentMethod,
    breathingSpace,
  };
}

/** What the tenant still has to pay on one of their orders (404 unless theirs); with remainingBalance, the whole order's remaining balance. */
export async function amountRemaining(db: Reader, orderId: string, customerId: string, remainingBalance: boolean) {
  const { orderCustomer } = await ownOrder(db, orderId, customerId);
  const all = (await loadOrderCustomers(db, [orderId])).get(orderId) ?? [];
  const amount = remainingBalance
    ? orderRemainingBalancePence(all.map(paymentAmounts))
    : outstandingAmountPence(paymentAmounts(all.find((oc) => oc.id === orderCustomer.id)!));
  return { orderId, remainingBalance, amountRemaining: amount };
}
