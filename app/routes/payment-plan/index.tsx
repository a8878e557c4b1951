import { redirect } from "react-router";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { planScreenPath } from "./+lib/payment-plan-routing";
import type { Route } from "./+types/index";

/**
 * /payment-plan/:paymentPlanId (part 2 §4): the page of the current next action (confirm, address,
 * card-details, in that order); a failed instalment to manual-payment; a live plan with nothing to
 * do to active; a cancelled plan or a void offer to the dashboard.
 */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(planScreenPath(getPaymentPlan(context)));
}

/** Never rendered (the loader always redirects); it makes this a page, so another tenant's plan shows the not-found page. */
export default function Redirecting() {
  return null;
}
