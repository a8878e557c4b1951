import { Link } from "react-router";
import { paymentSuccessView } from "./+lib/payment-plan-live";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/payment-success";

/**
 * /payment-plan/:paymentPlanId/payment-success (part 2 §2; docs/decisions/0028): where
 * manual-payment goes once the instalment is seen as PAID (`?instalment=<id>` names it). The
 * spec's heading and notes: the tenant stays jointly and severally liable for charges a co-tenant
 * has not settled, and a confirmation e-mail comes once all charges are settled. No script.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return paymentSuccessView(getPaymentPlan(context), url);
}

export default function PaymentPlanPaymentSuccess({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Payment Success")}</title>
      <h1>Payment Success</h1>
      <p className="notice notice--success" role="status">
        {d.paid ? `Thank you: instalment ${d.paid.number} of ${d.paid.amount} has been paid.` : "Thank you: your payment has been received."}
      </p>
      <p>
        {d.paidOff
          ? "Your payment plan is now paid in full. There is nothing more to pay on it."
          : `You have ${d.remaining} left to pay on your payment plan.`}
      </p>
      <p>
        You remain jointly and severally liable for any charges your co-tenants have not yet settled. We will send you a confirmation
        e-mail once all the charges have been settled.
      </p>
      <p>
        <Link to={d.activePath} className="button">
          See your payment plan
        </Link>
      </p>
    </div>
  );
}
