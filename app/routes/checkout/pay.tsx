import { redirect } from "react-router";
import { CardPayment } from "~/components/payment-flow";
import { StepTracker } from "~/components/step-tracker";
import { checkoutPath } from "~/lib/checkout";
import { loadCheckout, nextActionPath, trackerSteps } from "~/lib/checkout.server";
import { webConfig } from "~/lib/env.server";
import { addressLine, formatPounds } from "~/lib/format";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/pay";

export const handle = { hydrate: true }; // the card form needs JavaScript (root.tsx, RouteHandle)

/** Part 1 §2.3 Pay: the 'Your Keyfree' fee banner and the card form for the Keyfree fee. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { oc } = await loadCheckout({ context, params });
  // The page shown must be the next action's (part 1 §2.3).
  if (oc.nextAction?.typeId !== "KEYFREE_PAY") throw redirect(nextActionPath(oc));
  const action = oc.actions.find((a) => a.typeId === "KEYFREE_PAY");
  const stored = action?.details.amountRemaining;
  const amount = typeof stored === "number" ? stored : oc.fee;
  const address = oc.order.property.address;
  return {
    orderId: oc.order.id,
    customerId: oc.customer.id,
    steps: trackerSteps(oc, "pay"),
    address: `${addressLine(address)}, ${address.postcode}`,
    // The whole fee, and this tenant's part of it when it is shared.
    fee: formatPounds(oc.order.fees.keyfree),
    share: oc.fee !== oc.order.fees.keyfree ? formatPounds(oc.fee) : null,
    minimumFee: formatPounds(oc.order.fees.minimumKeyfree, { wholePounds: true }),
    tenantCount: oc.order.tenants.length,
    tenantLiability: oc.tenantLiability,
    actionable: oc.nextAction.actionable,
    amount,
    amountText: formatPounds(amount),
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

export default function CheckoutPay({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Payment")}</title>
      <StepTracker steps={d.steps} />
      <h1>Payment</h1>
      <p className="lead">{d.address}</p>
      <section className="fee-banner" aria-labelledby="fee-banner-title">
        <h2 id="fee-banner-title">Your {PRODUCT.name}</h2>
        <p className="fee-banner__amount">{d.fee}</p>
        <p>
          Your {PRODUCT.name} fee is one week's rent, with a minimum of {d.minimumFee}. You pay it instead of a cash deposit, and it
          is non-refundable.
        </p>
        {d.share ? (
          <p>
            The fee is shared between the {d.tenantCount} tenants. Your share is <strong>{d.share}</strong>.
          </p>
        ) : null}
        {d.tenantLiability > 1 ? <p>You are responsible for paying the fee for {d.tenantLiability} tenants.</p> : null}
      </section>
      {!d.actionable ? (
        <div className="notice" role="status">
          <h2 className="notice__title">Waiting for other tenants...</h2>
          <p>
            Everyone on your tenancy needs to finish the steps before this one. We will let you know by email and SMS when
            you can pay.
          </p>
        </div>
      ) : (
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
            <p>
              By paying you allow {PRODUCT.name} to take {d.amountText} from this card now, and to keep the card on
              file to take any fees and charges you owe under your {PRODUCT.name} terms when you have not responded or
              paid (a continuous payment authority). Your card must be in your own name and not used by another
              tenant.
            </p>
            <p>
              If you are not a named cardholder on this card, you confirm that you have the authority of the named
              cardholder to make this payment and to give this authority.
            </p>
          </div>
        </CardPayment>
      )}
    </div>
  );
}
