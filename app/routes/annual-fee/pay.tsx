import { redirect } from "react-router";
import { AmountDue } from "~/components/payment-terms";
import { CardPayment } from "~/components/payment-flow";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { apiContext } from "~/lib/api.server";
import { webConfig } from "~/lib/env.server";
import { addressLine } from "~/lib/format";
import { formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/pay";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/** Part 2, Annual fee page: the property, an explanation, and the card form for the tenant's share. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // The tenant's Breathing Space beside the order (issue 36): the page says nothing is asked while it lasts.
  const [oc, { current: breathingSpace }] = await Promise.all([
    api.GET("/orders/{orderId}/customers/{customerId}", { params: { path: { orderId: params.orderId, customerId: params.customerId } } }),
    api.GET("/breathing-space"),
  ]);
  const action = oc.actions.find((a) => a.typeId === "TOP_UP_PAY");
  if (!action) throw redirect("/");
  if (action.completedAt) throw redirect("/annual-fee/payment-success");
  const years = Number(action.details.yearsToBePaid ?? 1);
  const amount = Number(action.details.amountRemaining ?? 0);
  return {
    breathingSpace: breathingSpaceNotice(breathingSpace ? { until: breathingSpace.until, type: breathingSpace.type } : null),
    orderId: params.orderId,
    customerId: params.customerId,
    address: `${addressLine(oc.order.property.address)}, ${oc.order.property.address.postcode}`,
    years,
    annualFee: formatPounds(oc.order.fees.annual, { wholePounds: true }),
    amount,
    amountText: formatPounds(amount),
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

export default function AnnualFee({ loaderData: d }: Route.ComponentProps) {
  const title =
    d.years > 1 ? `Your share of the annual fee payment for ${d.years} years is` : "Your share of the annual fee payment is";
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Annual fee")}</title>
      <h1>Annual fee</h1>
      <p className="lead">{d.address}</p>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      <p>
        Your tenancy is longer than 12 months, so a {d.annualFee} annual fee is due for your {PRODUCT.name} each year after the first,
        split between the tenants.
      </p>
      <AmountDue title={title} amountText={d.amountText} payableToday={false}>
        {d.years > 1 ? <p>As your previous year's fee was not paid, it has been rolled into this year's payment.</p> : null}
      </AmountDue>
      <StrugglingToPay />
      <CardPayment
        orderId={d.orderId}
        customerId={d.customerId}
        paymentType="TOP_UP"
        waitingPath={`/annual-fee/payment-success?${new URLSearchParams({ orderId: d.orderId, customerId: d.customerId })}`}
        publishableKey={d.publishableKey}
        standIn={d.standIn}
        amount={d.amount}
        amountText={d.amountText}
      />
    </div>
  );
}
