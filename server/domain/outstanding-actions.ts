/**
 * The dashboard heading (part 2 §2): 'You have outstanding actions' when the
 * tenant has anything to do now, anywhere, otherwise 'Sit back and relax'.
 * Reading chosen: "open actions" are every thing the tenant can do now, not
 * only the Keyfree checkout: each order's next action that is actionable
 * (checkout, claim payments, arbitration fee and payments, the annual fee),
 * a claim waiting for the tenant's answer, and a payment plan with a step to
 * do or a failed instalment to pay. An action that waits for co-tenants is
 * not the tenant's to do, so it does not count; nor does a payment that a
 * live payment plan (or a plan offer still open) is there to pay: the plan
 * counts instead, when it has a step to do or a failed instalment.
 */
import {
  currentProposal,
  ownUnpublishedProposal,
  type OrderedProposal,
} from "./claim-responses.js";
import { isAwaitingTenantResponse } from "./claims.js";
import type { Instant } from "./london-time.js";
import type { NextAction } from "./order-customers.js";
import { paymentPlanCountsForRedirect, paymentPlanScreen, type PaymentPlan } from "./payment-plans.js";
import {
  CHECKOUT_ACTION_TYPES,
  isClaimInProgress,
  type ClaimStatus,
  type OrderCustomerActionType,
} from "./statuses.js";

export type OutstandingActionKind = "checkout" | "claim" | "arbitration" | "annualFee" | "paymentPlan";

export interface OutstandingActionsInput {
  /**
   * Each order the signed-in tenant is on (any product): their next action (null when none is
   * open) and the payment plans offered to their order customer on it.
   */
  orders: readonly { nextAction: Pick<NextAction, "typeId" | "actionable"> | null; paymentPlans?: readonly PaymentPlan[] }[];
  /** The claims the tenant is a respondent on, with their proposals. */
  claims: readonly { status: ClaimStatus; proposals: readonly OrderedProposal[] }[];
}

export interface OutstandingActions {
  /** How many things the tenant can do now. */
  count: number;
  byKind: Record<OutstandingActionKind, number>;
}

/** Which kind of outstanding action an order customer action is. */
export function outstandingActionKind(typeId: OrderCustomerActionType): Exclude<OutstandingActionKind, "paymentPlan"> {
  if ((CHECKOUT_ACTION_TYPES as readonly string[]).includes(typeId)) return "checkout";
  if (typeId === "TOP_UP_PAY") return "annualFee";
  if (typeId.startsWith("ARBITRATION_")) return "arbitration";
  return "claim";
}

/**
 * Whether a claim waits for this tenant's answer (as the claim screen's
 * awaitingTenantResponse): the claim is AWAITING_RESPONDENTS or MEDIATION and
 * the landlord's current proposal awaits a response, or the tenant's own
 * round 2 proposal is a draft or awaits its payment.
 */
export function claimAwaitsTenant(
  claim: { status: ClaimStatus; proposals: readonly OrderedProposal[] },
  userId: string,
): boolean {
  if (claim.status !== "AWAITING_RESPONDENTS" && claim.status !== "MEDIATION") return false;
  const current = currentProposal(claim.proposals);
  const own = ownUnpublishedProposal(claim.proposals, userId);
  return (current !== undefined && isAwaitingTenantResponse(current)) || (own !== undefined && isAwaitingTenantResponse(own));
}

const PLAN_SCREENS_TO_ACT_ON = new Set(["manual-payment", "confirm", "address", "card-details"]);

/** Every outstanding action the tenant has (see the reading above). */
export function outstandingActions(input: OutstandingActionsInput, userId: string, now: Instant): OutstandingActions {
  const byKind: Record<OutstandingActionKind, number> = { checkout: 0, claim: 0, arbitration: 0, annualFee: 0, paymentPlan: 0 };
  for (const order of input.orders) {
    const plans = order.paymentPlans ?? [];
    for (const plan of plans) if (PLAN_SCREENS_TO_ACT_ON.has(paymentPlanScreen(plan, now))) byKind.paymentPlan += 1;
    // A balance a plan is offered for or pays is the plan's to do, not a second thing.
    if (plans.some((plan) => paymentPlanCountsForRedirect(plan, now))) continue;
    const next = order.nextAction;
    if (next !== null && next.actionable) byKind[outstandingActionKind(next.typeId)] += 1;
  }
  for (const claim of input.claims) if (claimAwaitsTenant(claim, userId)) byKind.claim += 1;
  const count = Object.values(byKind).reduce((sum, n) => sum + n, 0);
  return { count, byKind };
}

// ── The dashboard's redirect to a claim (part 2 §2) ─────────────────────────

export interface DashboardClaim {
  id: string;
  status: ClaimStatus;
  mediationEnabled: boolean;
  /** The signed-in tenant has a payment plan on this claim that is neither default nor cancelled (nor a void offer). */
  onLivePaymentPlan: boolean;
  /** The claim's arbitration, if it went to the adjudicator. */
  arbitrationId?: string | null;
  /** The signed-in tenant has an open arbitration repayment action (ARBITRATION_PAY or its remaining balance) on this claim. */
  arbitrationPaymentOpen?: boolean;
}

/**
 * Where the dashboard sends the tenant for a claim (part 2 §2: "claims/{id} (when a claim is in
 * an in-progress status and there are no outstanding actions)"), or null: the first claim the
 * tenant is a respondent on whose status is in progress, when no checkout step of theirs is
 * open. This redirect comes before the annual-fee and add-payment-method ones.
 * Readings chosen (docs/decisions/0018):
 *  - "no outstanding actions" are the Keyfree's own checkout steps (the cards' 'You have
 *    outstanding actions'); the claim's own answer and payments are what the claim page is for,
 *    and the annual fee and a new payment method are the redirects that come after this one.
 *  - A claim the tenant pays through a live payment plan, and an ARBITRATED claim, belong to
 *    the payment-plan and arbitration redirects that come before this one in the spec's list
 *    (arbitrationToPay below), so they are not sent to /claims (the claim page would only
 *    bounce them on).
 */
export function claimToAnswer(
  claims: readonly DashboardClaim[],
  checkoutOutstanding: boolean,
): { id: string; mediationEnabled: boolean } | null {
  if (checkoutOutstanding) return null;
  const claim = claims.find((c) => isClaimInProgress(c.status) && c.status !== "ARBITRATED" && !c.onLivePaymentPlan);
  return claim ? { id: claim.id, mediationEnabled: claim.mediationEnabled } : null;
}

/**
 * Where the dashboard sends the tenant for an adjudicated claim (part 2 §2: "arbitrations/{id}",
 * after a live payment plan and before claims/{id}), or null: the first ARBITRATED claim whose
 * repayment this tenant still has to make (an open ARBITRATION_PAY or remaining-balance action),
 * not paid through a live plan, when no checkout step of theirs is open.
 * Reading chosen (docs/decisions/0024): an adjudicated claim with nothing (left) for this tenant
 * to pay does not redirect, so the dashboard stays reachable once the repayment is made or
 * nothing was awarded; its page is still reached from the claim link.
 */
export function arbitrationToPay(claims: readonly DashboardClaim[], checkoutOutstanding: boolean): { id: string } | null {
  if (checkoutOutstanding) return null;
  const claim = claims.find((c) => c.status === "ARBITRATED" && c.arbitrationId && c.arbitrationPaymentOpen && !c.onLivePaymentPlan);
  return claim?.arbitrationId ? { id: claim.arbitrationId } : null;
}
