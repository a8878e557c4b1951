import { useNavigate } from "react-router";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { CardDetailsNeedJavaScript, CardForm, useHydrated } from "~/components/card-form";
import { PaymentPlanSteps } from "./+lib/payment-plan-steps-panel";
import { useCardStep } from "~/lib/card-step";
import { webConfig } from "~/lib/env.server";
import { PLAN_FAILURE_MESSAGE } from "~/lib/messages";
import { planStepsView } from "./+lib/payment-plan-steps";
import { planPagePath } from "./+lib/payment-plan-routing";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/card-details";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/**
 * Step 3, Payment Details (part 2 §2 card-details): the card the instalments are charged to each
 * month. The card form in setup mode; in the browser: the plan's setup intent
 * (resources/payment-plan-card.ts), `confirmCardSetup` (3-D Secure included), then the card to
 * the plan, which goes live → payment-plan-live. Kept tiny: everything is shaped here in the
 * loader, and the module imports nothing heavy (the page's script has a 120 KB budget).
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  return {
    steps: planStepsView(plan, "card-details"),
    breathingSpace: breathingSpaceNotice(plan.breathingSpace),
    stepUrl: `${planPagePath(params.paymentPlanId, "card-details")}/`,
    livePath: planPagePath(params.paymentPlanId, "payment-plan-live"),
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

export default function PlanCardDetails({ loaderData: d }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const post = useCardStep(PLAN_FAILURE_MESSAGE);

  return (
    <div className="panel">
      <title>{pageTitle("Payment Details")}</title>
      <PaymentPlanSteps view={d.steps} breathingSpace={d.breathingSpace} title="Payment Details" />
      <p className="lead">Add the card your instalments will be paid with.</p>
      <p>
        Each instalment is charged to this card automatically every month, on the dates in your schedule. We e-mail you one
        week and one day before each charge.
      </p>
      {hydrated ? (
        <CardForm
          publishableKey={d.publishableKey}
          standIn={d.standIn}
          mode="setup"
          submitLabel="Confirm my payment plan"
          fallbackMessage={PLAN_FAILURE_MESSAGE}
          onPaymentMethod={async (paymentMethod, stripe) => {
            const intent = await post<{ clientSecret?: string }>(`${d.stepUrl}setup-intent`);
            if (intent.error !== undefined || !intent.clientSecret) return { error: intent.error || PLAN_FAILURE_MESSAGE };
            const setup = await stripe.confirmCardSetup(intent.clientSecret, { payment_method: paymentMethod.id });
            if (setup.error) return { error: setup.error.message || PLAN_FAILURE_MESSAGE };
            const saved = await post<{ ok?: boolean }>(`${d.stepUrl}save`, { paymentMethodId: paymentMethod.id });
            if (saved.error !== undefined || !saved.ok) return { error: saved.error || PLAN_FAILURE_MESSAGE };
            navigate(d.livePath);
            return { done: true };
          }}
        />
      ) : (
        <CardDetailsNeedJavaScript />
      )}
    </div>
  );
}
