import { redirect, useNavigate } from "react-router";
import { CardDetailsNeedJavaScript, CardForm, PROVIDER_FALLBACK_MESSAGE, useHydrated } from "~/components/card-form";
import { apiContext } from "~/lib/api.server";
import { useCardStep } from "~/lib/card-step";
import { webConfig } from "~/lib/env.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/add-payment-method";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/**
 * Update your details (part 1 §2.4): only for a customer who shares a payment method with
 * another tenant or must add a new one; anyone else goes to /.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const customer = await context.get(apiContext).GET("/customer");
  if (!customer.hasDuplicatePaymentMethod && !customer.requiresNewPaymentMethod) throw redirect("/");
  return {
    reason: customer.hasDuplicatePaymentMethod ? ("duplicate" as const) : ("new" as const),
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

type Saved = { status: "succeeded" } | { status: "requires_action"; clientSecret: string; setupIntentId: string };

export default function AddPaymentMethod({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const post = useCardStep(PROVIDER_FALLBACK_MESSAGE);
  const save = (fields: Record<string, string>) => post<Saved>("/add-payment-method/save", fields);

  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Update your details")}</title>
      <h1>Update your details</h1>
      {loaderData.reason === "duplicate" ? (
        <p>
          You share a payment method with another tenant. Your payment details must be unique to you to comply with our
          terms, so please add a card in your own name.
        </p>
      ) : (
        <p>We need a new payment method from you. Please add the card you would like to use.</p>
      )}
      {hydrated ? (
        <CardForm
          publishableKey={loaderData.publishableKey}
          standIn={loaderData.standIn}
          mode="setup"
          submitLabel="Confirm"
          onPaymentMethod={async (paymentMethod, stripe) => {
            let result = await save({ paymentMethodId: paymentMethod.id });
            if (result.error === undefined && result.status === "requires_action") {
              const next = await stripe.handleNextAction({ clientSecret: result.clientSecret });
              if (next.error) return { error: next.error.message ?? PROVIDER_FALLBACK_MESSAGE };
              result = await save({ paymentMethodId: paymentMethod.id, setupIntentId: result.setupIntentId });
            }
            if (result.error !== undefined) return { error: result.error };
            if (result.status !== "succeeded") return { error: PROVIDER_FALLBACK_MESSAGE };
            navigate("/add-payment-method-success");
            return { done: true };
          }}
        />
      ) : (
        <CardDetailsNeedJavaScript />
      )}
    </div>
  );
}
