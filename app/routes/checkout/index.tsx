import { redirect } from "react-router";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import type { Route } from "./+types/index";

/** /checkout/:orderId/:customerId (the dashboard's link): on to the page of the next action, or / when none (part 1 §2.3). */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(nextActionPath(getCheckout(context).oc));
}

/** Never rendered (the loader always redirects); it makes this a page, so an order that is not the tenant's shows the not-found page. */
export default function CheckoutIndex() {
  return null;
}
