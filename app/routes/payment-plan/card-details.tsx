import { useNavigate, useRouteLoaderData } from "react-router";
import { CardDetailsNeedJavaScript, CardForm, useHydrated } from "~/components/card-form";
import { PaymentPlanSteps } from "./+lib/payment-plan-steps-panel";
import { webConfig } from "~/lib/env.server";
import { PLAN_FAILURE_MESSAGE } from "~/lib/messages";
import { planStepsView } from "./+lib/payment-plan-steps";
import { planPagePath } from "./+lib/payment-plan-routing";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/card-details";

export const handle = { hydrate: true }; // the card form needs JavaScript (root.tsx, RouteHandle)

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
    stepUrl: `${planPagePath(params.paymentPlanId, "card-details")}/`,
    livePath: planPagePath(params.paymentPlanId, "payment-plan-live"),
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

type StepAnswer = { clientSecret?: string; ok?: boolean; error?: string };

export default function PlanCardDetails({ loaderData: d }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as { csrf: string } | undefined;

  async function step(name: "setup-intent" | "save", fields: Record<string, string> = {}): Promise<StepAnswer> {
    const form = new FormData();
    form.set("csrf", root?.csrf ?? "");
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await fetch(d.stepUrl + name, { method: "POST", body: form, headers: { accept: "application/json" } });
    if (res.status === 401) {
      window.location.assign("/auth/login");
      return { error: "Your session has expired. Please sign in again." };
    }
    try {
      return (await res.json()) as StepAnswer;
    } catch {
      return { error: PLAN_FAILURE_MESSAGE };
    }
  }

  return (
    <div className="panel">
      <title>{pageTitle("Payment Details")}</title>
      <PaymentPlanSteps view={d.steps} />
      <h1>Payment Details</h1>
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
            const intent = await step("setup-intent");
            if (!intent.clientSecret) return { error: intent.error || PLAN_FAILURE_MESSAGE };
            const setup = await stripe.confirmCardSetup(intent.clientSecret, { payment_method: paymentMethod.id });
            if (setup.error) return { error: setup.error.message || PLAN_FAILURE_MESSAGE };
            const saved = await step("save", { paymentMethodId: paymentMethod.id });
            if (!saved.ok) return { error: saved.error || PLAN_FAILURE_MESSAGE };
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
