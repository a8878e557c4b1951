import { redirect } from "react-router";
import { planPagePath } from "./+lib/payment-plan-routing";
import type { Route } from "./+types/other";

/** Part 2 §2: an unknown sub-route of a payment plan goes to address (which sends the tenant on to the page the plan shows now). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(planPagePath(params.paymentPlanId, "address"));
}

/** Never rendered (the loader always redirects); it makes this a page, so another tenant's plan shows the not-found page. */
export default function Redirecting() {
  return null;
}
