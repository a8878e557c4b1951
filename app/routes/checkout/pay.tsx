import { Link, redirect } from "react-router";
import { CardPayment } from "~/components/payment-flow";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, letYouKnowBy, nextActionPath } from "./+lib/checkout.server";
import { webConfig } from "~/lib/env.server";
import { formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/pay";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";
import { CoTenantsPanel } from "~/components/cotenants-panel";
import { coTenantsPanel } from "~/lib/cotenants.server";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/** Part 1 §2.3 Pay: the card form for the Keyfree fee (the layout shows the fee banner). */
export async function loader({ context }: Route.LoaderArgs) {
  const { oc } = getCheckout(context);
  // The page shown must be the next action's (part 1 §2.3).
  if (oc.nextAction?.typeId !== "KEYFREE_PAY") throw redirect(nextActionPath(oc));
  const action = oc.actions.find((a) => a.typeId === "KEYFREE_PAY");
  const stored = action?.details.amountRemaining;
  const amount = typeof stored === "number" ? stored : oc.fee;
  return {
    orderId: oc.order.id,
    customerId: oc.customer.id,
    actionable: oc.nextAction.actionable,
    letYouKnowBy: oc.nextAction.actionable ? null : await letYouKnowBy(context),
    // Your co-tenants (issue 38) while waiting for them: the words made here (the card page's script budget).
    coTenants: oc.nextAction.actionable ? null : coTenantsPanel(oc.coTenants, { orderId: oc.order.id }, checkoutPath(oc.order.id, oc.customer.id, "pay")),
    amount,
    amountText: formatPounds(amount),
    // The payment's terms as data, not code: the card page is at its script budget (issue 38).
    terms: [
      `By paying you allow ${PRODUCT.name} to take ${formatPounds(amount)} from this card now, and to keep the card on file to take any fees and charges you owe under your ${PRODUCT.name} terms when you have not responded or paid (a continuous payment authority). Your card must be in your own name and not used by another tenant.`,
      "If you are not a named cardholder on this card, you confirm that you have the authority of the named cardholder to make this payment and to give this authority.",
    ],
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

export default function CheckoutPay({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <title>{pageTitle("Payment")}</title>
      <h1>Payment</h1>
      {!d.actionable ? (
        <div className="notice" role="status">
          <h2 className="notice__title">Waiting for other tenants...</h2>
          <p>
            Everyone on your tenancy needs to finish the steps before this one. We will let you know {d.letYouKnowBy} when you
            can pay.
          </p>
          <p>
            <Link to="/notifications">How we contact you</Link>
          </p>
        </div>
      ) : (
        <>
          <StrugglingToPay />
          <CardPayment
            orderId={d.orderId}
            customerId={d.customerId}
            paymentType={PRODUCT.code}
            waitingPath={checkoutPath(d.orderId, d.customerId, "finish")}
            publishableKey={d.publishableKey}
            standIn={d.standIn}
            amount={d.amount}
            amountText={d.amountText}
            authorise
          >
            <div className="payment-terms">
              {d.terms.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </CardPayment>
        </>
      )}
      <CoTenantsPanel panel={d.coTenants} />
    </>
  );
}
