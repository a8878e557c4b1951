import { redirect } from "react-router";
import { apiContext, ApiFailure } from "~/lib/api.server";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/introduction";
import { readForm } from "~/lib/csrf.server";

/** Part 1 §8: the onboarding introduction's failure message. */
export const INTRODUCTION_FAILED = "Something went wrong! Please try again";

/**
 * 'I understand' on the onboarding introduction (part 1 §2.3): records it, then the checkout
 * sends the tenant to the page of their next action. A failure comes back with the spec's
 * message. Nothing here is shown: a GET goes to the checkout.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const base = `/checkout/${encodeURIComponent(params.orderId)}/${encodeURIComponent(params.customerId)}`;
  // Back to the page the tenant was on (a checkout page of this order customer), which now shows its step.
  const from = (await readForm(request)).get("from");
  const back = typeof from === "string" && from.startsWith(`${base}/`) && !from.includes("//") ? from : checkoutPath(params.orderId, params.customerId, "about-you");
  try {
    await context.get(apiContext).POST("/me/onboarding-introduction");
  } catch (error) {
    if (error instanceof ApiFailure) return flash.redirectWithError(back, INTRODUCTION_FAILED);
    throw error;
  }
  return redirect(back);
}

export function loader({ context }: Route.LoaderArgs) {
  return redirect(nextActionPath(getCheckout(context).oc));
}

/** Never rendered (the loader always redirects); it makes this a page, so an order that is not the tenant's shows the not-found page. */
export default function Redirecting() {
  return null;
}
