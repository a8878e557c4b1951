import { redirect } from "react-router";
import { checkoutPath } from "./+lib/checkout";
import type { Route } from "./+types/other";

/** Part 1 §2.3: any other checkout path goes to about-you (which sends the tenant on to their next action). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(checkoutPath(params.orderId, params.customerId, "about-you"));
}

/** Never rendered (the loader always redirects); it makes this a page, so an order that is not the tenant's shows the not-found page. */
export default function Redirecting() {
  return null;
}
