import { apiContext } from "~/lib/api.server";
import { cardStepAnswer } from "~/lib/card-step.server";
import type { Route } from "./+types/add-payment-method-save";
import { readForm } from "~/lib/csrf.server";

/**
 * The card form's save step (JavaScript only: card details need it): hands the payment
 * method to the API's addPaymentMethod and answers JSON (app/lib/card-step.server.ts). CSRF is
 * checked by the root middleware.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const paymentMethodId = String(form.get("paymentMethodId") ?? "");
  const setupIntentId = form.get("setupIntentId");
  const api = context.get(apiContext).raw;
  return cardStepAnswer(
    request,
    await api.POST("/customer/payment-methods", {
      body: { paymentMethodId, ...(typeof setupIntentId === "string" && setupIntentId ? { setupIntentId } : {}) },
    }),
  );
}
