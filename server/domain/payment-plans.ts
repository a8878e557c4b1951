/**
 * Payment plans (part 2 §2 payment plan screens, §4, §9; part 1 §2.5).
 */
import type { Instant } from "./london-time.js";
import { isPastDeadline, paymentPlanOfferExpiresAt } from "./deadlines.js";
import {
  PAYMENT_PLAN_ACTION_TYPES,
  type PaymentPlanActionType,
  type PaymentPlanStatus,
} from "./statuses.js";

export interface PaymentPlanAction {
  id: string;
  typeId: PaymentPlanActionType;
  completedAt?: Instant | null;
}

export interface PaymentPlanInstalment {
  id: string;
  /** PAID, FAILED or another status the spec does not name. */
  status: string;
}

export interface PaymentPlan {
  id: string;
  status: PaymentPlanStatus;
  /** When the plan was offered; the 48-hour window runs from here. */
  createdAt: Instant;
  actions: readonly PaymentPlanAction[];
  instalments?: readonly PaymentPlanInstalment[];
}

/** The plan's next action: the first of CONFIRM, ADDRESS, CARD_DETAILS (in that order) with no completedAt. */
export function paymentPlanNextAction(actions: readonly PaymentPlanAction[]): PaymentPlanAction | null {
  for (const type of PAYMENT_PLAN_ACTION_TYPES) {
    const open = actions.find((a) => a.typeId === type && a.completedAt == null);
    if (open !== undefined) return open;
  }
  return null;
}

/**
 * Whether a payment plan offer is void (part 2 §4: "void if all three steps
 * are not done within 48 hours"): 48 hours have passed since the offer and
 * not every step was completed by then. Only a PENDING plan is an offer;
 * a plan that went live is never void.
 */
export function isPaymentPlanOfferVoid(plan: PaymentPlan, now: Instant): boolean {
  if (plan.status !== "PENDING") return false;
  return stepsNotDoneInTime(plan, now);
}

/** 48 hours have passed since the offer and not every step was completed by then. */
function stepsNotDoneInTime(plan: PaymentPlan, now: Instant): boolean {
  const expiresAt = paymentPlanOfferExpiresAt(plan.createdAt);
  if (!isPastDeadline(expiresAt, now)) return false;
  return !PAYMENT_PLAN_ACTION_TYPES.every((type) =>
    plan.actions.some((a) => a.typeId === type && a.completedAt != null && !isPastDeadline(expiresAt, a.completedAt)),
  );
}

/**
 * Whether the offer ran out, as the tenant is told: it is void now, or the offer sweep has
 * already cancelled it for that (a CANCELLED plan whose three steps were not done within the 48
 * hours). The sweep runs every 30 seconds, so without the second case a tenant following the
 * offer's link would almost always read "cancelled", not why.
 */
export function paymentPlanOfferRanOut(plan: PaymentPlan, now: Instant): boolean {
  return (plan.status === "PENDING" || plan.status === "CANCELLED") && stepsNotDoneInTime(plan, now);
}

/**
 * Whether a plan is paid off: it has instalments and every one is PAID. The spec names no
 * status for it (docs/decisions/0026): the plan keeps its status, shows its active page (the
 * schedule, "paid in full") and no longer sends the tenant to it from anywhere.
 */
export function isPaymentPlanPaidOff(plan: Pick<PaymentPlan, "instalments">): boolean {
  const instalments = plan.instalments ?? [];
  return instalments.length > 0 && instalments.every((i) => i.status === "PAID");
}

/**
 * Whether a plan is live (part 2 §2, §4): its three steps are done and it is ACTIVE, or in
 * DEFAULT (live, with an instalment missed). Its live pages (payment-plan-live, active, the
 * schedule, payment-success, and manual-payment while it waits for a payment) show only then.
 */
export function isPaymentPlanLive(plan: Pick<PaymentPlan, "status" | "actions">): boolean {
  return paymentPlanNextAction(plan.actions) === null && (plan.status === "ACTIVE" || plan.status === "DEFAULT");
}

export type PaymentPlanScreen =
  | "dashboard"
  | "manual-payment"
  | "active"
  | "payment-plan-live"
  | "confirm"
  | "address"
  | "card-details";

const SCREEN_BY_ACTION: Record<PaymentPlanActionType, PaymentPlanScreen> = {
  CONFIRM: "confirm",
  ADDRESS: "address",
  CARD_DETAILS: "card-details",
};

/**
 * Which screen a plan shows (part 2 §4), checked in this order: cancelled →
 * dashboard; a failed instalment → manual-payment; an open action → that
 * action's page (a pending plan does its steps in order); active with no open
 * action → active; paid off (every instalment PAID, whatever the status but cancelled) → active; pending with every step done → payment-plan-live (the
 * page card-details success goes to).
 * Readings chosen: a void offer (48 hours passed) and a DEFAULT plan with no
 * failed instalment go to the dashboard, since nothing can be done on them.
 */
export function paymentPlanScreen(plan: PaymentPlan, now: Instant): PaymentPlanScreen {
  if (plan.status === "CANCELLED") return "dashboard";
  if (isPaymentPlanPaidOff(plan)) return "active";
  if ((plan.instalments ?? []).some((i) => i.status === "FAILED")) return "manual-payment";
  if (plan.status === "DEFAULT" || isPaymentPlanOfferVoid(plan, now)) return "dashboard";
  const next = paymentPlanNextAction(plan.actions);
  if (next !== null) return SCREEN_BY_ACTION[next.typeId];
  return plan.status === "ACTIVE" ? "active" : "payment-plan-live";
}

/** The path of a plan screen: "/" for the dashboard, else /payment-plan/{id}/{screen}. */
export function paymentPlanPath(planId: string, screen: PaymentPlanScreen): string {
  return screen === "dashboard" ? "/" : `/payment-plan/${encodeURIComponent(planId)}/${screen}`;
}

/**
 * Whether a plan sends the tenant to /payment-plan/{id} from the dashboard,
 * claim and arbitration pages (part 1 §2.5, part 2 §2): its status is neither
 * DEFAULT nor CANCELLED.
 * Reading chosen: a void offer does not count either; otherwise the plan page
 * would send the tenant to the dashboard and the dashboard back to the plan. Nor does a
 * paid-off plan (every instalment PAID; docs/decisions/0026): there is nothing left to do on it.
 * A plan in DEFAULT does not count even with a FAILED instalment to pay (its screen is
 * manual-payment, reached from the failure e-mail's link).
 */
export function paymentPlanCountsForRedirect(plan: PaymentPlan, now: Instant): boolean {
  if (plan.status === "DEFAULT" || plan.status === "CANCELLED") return false;
  if (isPaymentPlanPaidOff(plan)) return false;
  return !isPaymentPlanOfferVoid(plan, now);
}
