import { Link, redirect } from "react-router";
import { AmountDue } from "~/components/payment-terms";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { paymentSuccessPath } from "#common/payments";
import { CardPayment, PaymentTerms } from "~/components/payment-flow";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import { apiContext } from "~/lib/api.server";
import { arbitrationPaths, payScreenView } from "./+lib/arbitration-view";
import { loadArbitration } from "./+lib/arbitrations.server";
import { webConfig } from "~/lib/env.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/pay";
import { PageHeading } from "~/components/page-heading";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/**
 * The adjudication payment screen (part 1 §2.4, §6): 'How much would you like to pay?' when
 * both pay actions are open with different amounts (a GET form, `?choice=balance|share`), then
 * the summary card and the card form; 'What does paying my share mean?' is `?explain=share`.
 * Everything is shaped in the loader: the card page's client code stays tiny (decision 0024).
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const arbitration = await loadArbitration(context, params.arbitrationId);
  const view = payScreenView(arbitration, url.searchParams);
  if (!view) throw redirect(arbitrationPaths.page(arbitration.id));
  const customer = view.pay ? await context.get(apiContext).GET("/customer") : null;
  return {
    view,
    breathingSpace: breathingSpaceNotice(arbitration.breathingSpace),
    customerId: customer?.id ?? "",
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

export default function PayAdjudication({ loaderData: d }: Route.ComponentProps) {
  const { view } = d;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(view.pay?.explanation ? "What does paying my share mean?" : "Pay for your adjudication")}</title>
      {/* The h1 first in main, the way back after it and shown above it (issue 24). */}
      <PageHeading
        above={
          <p>
            <Link to={view.backHref}>Back to your adjudication</Link>
          </p>
        }
      >
        Pay for your adjudication
      </PageHeading>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      {view.paidSoFar ? <p className="notice">{view.paidSoFar}</p> : null}
      {view.liability ? <p>{view.liability}</p> : null}
      {view.deadline ? <p>{view.deadline}</p> : null}
      <StrugglingToPay />
      {view.choice ? (
        <form method="get" className="arbitration-choice">
          <fieldset className="radio-group">
            <legend className="card-form__legend">How much would you like to pay?</legend>
            <div className="radio">
              <input
                type="radio"
                className="radio__input"
                id="choice-balance"
                name="choice"
                value="balance"
                defaultChecked={view.choice.selected === "balance"}
              />
              <label htmlFor="choice-balance">Remaining Balance: {view.choice.balance}</label>
            </div>
            <div className="radio">
              <input
                type="radio"
                className="radio__input"
                id="choice-share"
                name="choice"
                value="share"
                defaultChecked={view.choice.selected === "share"}
              />
              <label htmlFor="choice-share">Your Share: {view.choice.share}</label>
            </div>
          </fieldset>
          <button type="submit" className="button">
            Continue
          </button>
        </form>
      ) : null}
      {view.pay ? <Pay d={d} pay={view.pay} /> : null}
    </div>
  );
}

function Pay({ d, pay }: { d: Route.ComponentProps["loaderData"]; pay: NonNullable<Route.ComponentProps["loaderData"]["view"]["pay"]> }) {
  const search = new URLSearchParams({ orderId: pay.orderId, customerId: d.customerId });
  const success = paymentSuccessPath(pay.paymentType, { orderId: pay.orderId, customerId: d.customerId });
  return (
    <>
      <AmountDue title={pay.title} amountText={pay.amountText}>
        {pay.changeHref ? (
          <p>
            <Link to={pay.changeHref}>Change how much to pay</Link>
          </p>
        ) : null}
        {pay.explainHref && !pay.explanation ? (
          <p>
            <Link to={pay.explainHref}>What does paying my share mean?</Link>
          </p>
        ) : null}
      </AmountDue>
      {pay.explanation ? (
        <section className="notice" aria-labelledby="explain-heading">
          <h2 id="explain-heading" className="notice__title">
            What does paying my share mean?
          </h2>
          {pay.explanation.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {pay.closeExplanationHref ? (
            <p>
              <Link to={pay.closeExplanationHref}>Close the explanation</Link>
            </p>
          ) : null}
        </section>
      ) : null}
      <CardPayment
        orderId={pay.orderId}
        customerId={d.customerId}
        paymentType={pay.paymentType}
        waitingPath={`${success}?${search}`}
        publishableKey={d.publishableKey}
        standIn={d.standIn}
        amount={pay.amount}
        amountText={pay.amountText}
        authorise
      >
        <PaymentTerms>
          <p>By paying you allow {PRODUCT.name} to take {pay.amountText} from this card now for what the adjudicator awarded.</p>
        </PaymentTerms>
      </CardPayment>
    </>
  );
}
