import type { PaymentMethod, Stripe } from "@stripe/stripe-js";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { Link, redirect, useNavigate } from "react-router";
import { CardDetailsNeedJavaScript, CardForm, PROVIDER_FALLBACK_MESSAGE, useHydrated, type CardFormResult } from "~/components/card-form";
import { AmountDue, PaymentTerms } from "~/components/payment-terms";
import { PaymentProcessing, PaymentTakingLonger } from "~/components/payment-processing";
import { useCardStep } from "~/lib/card-step";
import { webConfig } from "~/lib/env.server";
import { manualPaymentState } from "./+lib/payment-plan-live";
import { planPagePath } from "./+lib/payment-plan-routing";
import { planContactPath } from "./+lib/plan-contact";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pollingPath } from "~/lib/polling";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/manual-payment";
import { PageHeading } from "~/components/page-heading";
import type { DeliveryHandle } from "~/lib/page-delivery";
import { StrugglingToPay } from "~/components/struggling-to-pay";

/** The card form needs JavaScript: only the state that shows it hydrates (the wait and the time-out send none). */
const paying = (loaderData: unknown) => (loaderData as { state?: string } | undefined)?.state === "pay";
export const handle = {
  hydrate: paying,
  thirdParties: (loaderData: unknown) => (paying(loaderData) ? (["stripe"] as const) : []),
} satisfies DeliveryHandle;

/**
 * /payment-plan/:paymentPlanId/manual-payment (part 2 §2, §4 instalment payment; §8, §9;
 * docs/decisions/0028): pay the first failed instalment by card — its intent, the card's
 * confirmation, the follow-up — then wait (`?instalment=<id>&since=<ms>`, the shared polling:
 * every 2 s) until it is PAID and go to payment-success, or after 30 s say the payment is taking
 * longer. Everything is shaped in the loader: the module stays small for the JavaScript budget.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  const state = manualPaymentState(plan, url);
  if ("redirect" in state) throw redirect(state.redirect);
  return state.state === "pay"
    ? {
        ...state,
        activePath: planPagePath(plan.id, "active"),
        breathingSpace: breathingSpaceNotice(plan.breathingSpace),
        // Not under manual-payment: the layout would send a post there elsewhere once the instalment is paid.
        stepPath: `/payment-plan/${encodeURIComponent(plan.id)}/instalment-payment`,
        publishableKey: webConfig.stripePublishableKey,
        standIn: webConfig.stripeStandIn,
      }
    : { ...state, contact: planContactPath(plan) };
}

export default function ManualPayment({ loaderData: d }: Route.ComponentProps) {
  if (d.state === "processing") {
    return (
      <div className="panel panel--narrow">
        <PaymentProcessing polling={d.polling} />
      </div>
    );
  }
  if (d.state === "slow") {
    return (
      <div className="panel panel--narrow">
        <PaymentTakingLonger contact={d.contact} />
      </div>
    );
  }
  return <PayInstalment d={d} />;
}

type PayState = Extract<Route.ComponentProps["loaderData"], { state: "pay" }>;

function PayInstalment({ d }: { d: PayState }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const post = useCardStep(PROVIDER_FALLBACK_MESSAGE);
  const step = (name: string, fields: Record<string, string> = {}) => ({ step: name, instalmentId: d.instalmentId, ...fields });

  async function pay(paymentMethod: PaymentMethod, stripe: Stripe): Promise<CardFormResult> {
    const intent = await post<{ paymentIntentSecret?: string; paymentIntentId?: string }>(d.stepPath, step("intent"));
    if (intent.error !== undefined || !intent.paymentIntentSecret || !intent.paymentIntentId) return { error: intent.error ?? PROVIDER_FALLBACK_MESSAGE };
    const confirmed = await stripe.confirmCardPayment(intent.paymentIntentSecret, { payment_method: paymentMethod.id });
    if (confirmed.error) return { error: confirmed.error.message ?? PROVIDER_FALLBACK_MESSAGE };
    await post(d.stepPath, step("follow-up", { paymentIntentId: intent.paymentIntentId })).catch(() => undefined);
    void navigate(pollingPath(d.waitingPath));
    return { done: true };
  }

  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Pay your missed instalment")}</title>
      {/* The h1 first in main, the way back after it and shown above it (issue 24). */}
      <PageHeading
        above={
          <p>
            <Link to={d.activePath}>See your payment plan</Link>
          </p>
        }
      >
        Pay your missed instalment
      </PageHeading>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      <p>
        We could not take instalment {d.number} of your payment plan, due on {d.dueDate}. Please pay it now with a debit or credit card.
        {d.othersFailed > 0
          ? ` ${d.othersFailed === 1 ? "One more missed instalment" : `${d.othersFailed} more missed instalments`} can be paid after this one.`
          : null}
      </p>
      <AmountDue title={<>Instalment {d.number}</>} amountText={d.amountText} />
      <StrugglingToPay />
      {hydrated ? (
        <CardForm
          publishableKey={d.publishableKey}
          standIn={d.standIn}
          mode="payment"
          amount={d.amount}
          submitLabel={`Pay ${d.amountText}`}
          onPaymentMethod={pay}
          authorise
        >
          <PaymentTerms>
            <p>
              By paying you allow {PRODUCT.name} to take {d.amountText} from this card now for instalment {d.number} of your payment
              plan. Your other instalments are still taken automatically from the card you gave us for the plan.
            </p>
          </PaymentTerms>
        </CardForm>
      ) : (
        <CardDetailsNeedJavaScript />
      )}
    </div>
  );
}
