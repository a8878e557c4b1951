import type { components } from "~/lib/api/schema";

/**
 * Where a payment plan's pages send the tenant (part 2 §2 payment plan screens, §4): pure, so the
 * rules are tested on their own (tests/routes/payment-plan-routing.test.ts). The plan's `screen`
 * comes from the API (server/domain/payment-plans.ts paymentPlanScreen decides it).
 */
export type PaymentPlan = components["schemas"]["PaymentPlan"];

/** The pages under /payment-plan/:paymentPlanId (the spec's sub-routes, and the schedule's calendar file). */
export type PlanPage =
  | "confirm"
  | "address"
  | "card-details"
  | "payment-plan-live"
  | "active"
  | "manual-payment"
  | "payment-success"
  | "schedule.ics";

export function planPagePath(planId: string, page: PlanPage): string {
  return `/payment-plan/${encodeURIComponent(planId)}/${page}`;
}

/** The page the plan shows now ("/" for the dashboard: a cancelled plan, a void offer, a plan in default with nothing to pay). */
export function planScreenPath(plan: Pick<PaymentPlan, "id" | "screen">): string {
  return plan.screen === "dashboard" ? "/" : planPagePath(plan.id, plan.screen);
}

const STEPS: readonly PlanPage[] = ["confirm", "address", "card-details"];

/**
 * Where a plan page sends the tenant instead of showing, or null to show it:
 * - a cancelled plan, a void offer, a plan in default with nothing to pay: the dashboard;
 * - a step (confirm, address, card-details) only while it is the plan's next action (they are done in order);
 * - payment-plan-live, active, payment-success and the schedule once the plan is live (the API's `live`);
 * - manual-payment while an instalment has failed (the API's screen is manual-payment), or while it
 *   waits for the payment it started (`waiting`).
 * Anything else goes to the page the plan shows now.
 */
export function planPageRedirect(plan: Pick<PaymentPlan, "id" | "screen" | "live">, page: PlanPage, waiting = false): string | null {
  if (plan.screen === "dashboard") return "/";
  if (STEPS.includes(page)) return plan.screen === page ? null : planScreenPath(plan);
  if (page === "manual-payment") {
    return plan.screen === "manual-payment" || (waiting && plan.live) ? null : planScreenPath(plan);
  }
  return plan.live ? null : planScreenPath(plan);
}

/**
 * Why a plan sends the tenant to the dashboard (shown there as a message), or null when it does
 * not: the offer ran out (part 2 §4: void when the three steps are not done within 48 hours), the
 * plan was cancelled, or it is in default with nothing to pay here.
 */
export function planEndedMessage(plan: Pick<PaymentPlan, "screen" | "status" | "offerVoid">): string | null {
  if (plan.screen !== "dashboard") return null;
  // Before "cancelled": the offer sweep cancels a lapsed offer within 30 seconds, and the tenant should read why.
  if (plan.offerVoid) return "This payment plan offer has ended: its three steps were not done within 48 hours.";
  if (plan.status === "CANCELLED") return "This payment plan has been cancelled.";
  return "There is nothing to do on this payment plan now.";
}
