import { Link, redirect } from "react-router";
import { AmountDue } from "~/components/payment-terms";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { paymentSuccessPath } from "#common/payments";
import { CardPayment, PaymentTerms } from "~/components/payment-flow";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import { apiContext } from "~/lib/api.server";
import { coTenantPaidText } from "./+lib/claim-pay";
import { claimPaths, getClaim } from "./+lib/claims.server";
import { webConfig } from "~/lib/env.server";
import { formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/pay";
import { PageHeading } from "~/components/page-heading";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/**
 * Paying accepted charges (part 1 §4.1, §4.3): the tenant's share (CLAIM), or the remaining
 * balance once a co-tenant paid part (CLAIM_REMAINING_BALANCE), by card.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  // Which action to pay, the share or the remaining balance, is the API's (chargesPayment).
  const payment = claim.chargesPayment;
  if (!payment) throw redirect(claimPaths.page(claim));
  const customer = await context.get(apiContext).GET("/customer");
  const shared = claim.respondents.length > 1;
  return {
    breathingSpace: breathingSpaceNotice(claim.breathingSpace),
    claimPage: claimPaths.page(claim),
    orderId: payment.orderId,
    customerId: customer.id,
    paymentType: payment.paymentType,
    title:
      payment.paymentType === "CLAIM_REMAINING_BALANCE"
        ? "The remaining balance for these charges is"
        : shared
          ? "Your share of these charges is"
          : "The amount to pay for these charges is",
    amount: payment.amount,
    amountText: formatPounds(payment.amount),
    payImmediately: claim.autoResponded,
    // Claims paid by someone else: who paid and what is left (the amount asked is never more).
    paidByOthers: coTenantPaidText(claim),
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

export default function PayCharges({ loaderData: d }: Route.ComponentProps) {
  const search = new URLSearchParams({ orderId: d.orderId, customerId: d.customerId });
  const success = paymentSuccessPath(d.paymentType, { orderId: d.orderId, customerId: d.customerId });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Pay the charges")}</title>
      {/* The h1 first in main, the way back after it and shown above it (issue 24). */}
      <PageHeading
        above={
          <p>
            <Link to={d.claimPage}>Back to your claim</Link>
          </p>
        }
      >
        Pay the charges
      </PageHeading>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      {d.payImmediately ? (
        <p className="notice notice--warning">
          <strong>You must pay immediately</strong>: the deadline to respond has passed, so the charges are treated as accepted.
        </p>
      ) : null}
      {d.paidByOthers ? <p className="notice">{d.paidByOthers}</p> : null}
      <AmountDue title={d.title} amountText={d.amountText} />
      <StrugglingToPay />
      <CardPayment
        orderId={d.orderId}
        customerId={d.customerId}
        paymentType={d.paymentType}
        waitingPath={`${success}?${search}`}
        publishableKey={d.publishableKey}
        standIn={d.standIn}
        amount={d.amount}
        amountText={d.amountText}
        authorise
      >
        <PaymentTerms>
          <p>By paying you allow {PRODUCT.name} to take {d.amountText} from this card now for the end of tenancy charges.</p>
        </PaymentTerms>
      </CardPayment>
    </div>
  );
}
