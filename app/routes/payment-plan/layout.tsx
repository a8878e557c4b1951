import { Outlet } from "react-router";
import { paymentPlanMiddleware } from "./+lib/payment-plans.server";
import type { Route } from "./+types/layout";

/**
 * Every page of a payment plan (part 2 §2, §4): the middleware reads the plan once per request
 * (shown only to its owning customer: anyone else gets the not-found page) and keeps the tenant on
 * the page the plan shows now. Pages read it with getPaymentPlan(context).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params, request }) => {
    await paymentPlanMiddleware({ context, params, url: new URL(request.url) });
  },
];

export default function PaymentPlanLayout() {
  return <Outlet />;
}
