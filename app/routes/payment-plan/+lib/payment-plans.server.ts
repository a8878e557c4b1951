import { createContext, redirect, type RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/api.server";
import { planEndedMessage, planPageRedirect, type PaymentPlan, type PlanPage } from "./payment-plan-routing";
import { POLL_PARAM } from "~/lib/polling";
import { flash } from "~/lib/session.server";

export type { PaymentPlan, PlanPage } from "./payment-plan-routing";

/** The plan the payment-plan layout's middleware read for this request: pages read it here, never again from the API. */
export const paymentPlanContext = createContext<PaymentPlan>();

const PAGES: readonly PlanPage[] = [
  "confirm",
  "address",
  "card-details",
  "payment-plan-live",
  "active",
  "manual-payment",
  "payment-success",
  "schedule.ics",
];

/**
 * Reads the plan once per request for every page under /payment-plan/:paymentPlanId (another
 * tenant's plan, or a made-up id, is a 404 inside the API client: the not-found page) and sends
 * the tenant to the page the plan shows when this one is not for now (planPageRedirect); a plan
 * with nothing left to do goes to the dashboard with a message saying why. The
 * index and unknown sub-routes are not pages: their own loaders redirect.
 */
export async function paymentPlanMiddleware({ context, params, url }: { context: Readonly<RouterContextProvider>; params: { paymentPlanId?: string }; url: URL }) {
  const paymentPlanId = params.paymentPlanId ?? "";
  const plan = await context.get(apiContext).GET("/payment-plans/{paymentPlanId}", { params: { path: { paymentPlanId } } });
  // A plan with nothing left to do here (void offer, cancelled): the dashboard, saying why.
  const ended = planEndedMessage(plan);
  if (ended) throw await flash.redirectWithInfo("/", ended);
  const page = url.pathname.split("/")[3] as PlanPage | undefined;
  if (page && PAGES.includes(page)) {
    const elsewhere = planPageRedirect(plan, page, url.searchParams.has(POLL_PARAM));
    if (elsewhere) throw redirect(elsewhere);
  }
  context.set(paymentPlanContext, plan);
}

/** The plan of this request (set by the payment-plan layout's middleware). */
export function getPaymentPlan(context: Readonly<RouterContextProvider>): PaymentPlan {
  return context.get(paymentPlanContext);
}
