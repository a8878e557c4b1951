import { apiContext, messageOf } from "~/lib/api.server";
import type { Route } from "./+types/add-payment-method-save";

/**
 * The card form's save step (JavaScript only: card details need it): hands the payment
 * method to the API's addPaymentMethod and answers JSON. CSRF is checked by the root middleware.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const paymentMethodId = String(form.get("paymentMethodId") ?? "");
  const setupIntentId = form.get("setupIntentId");
  const api = context.get(apiContext).raw;
  const { data, error, response } = await api.POST("/customer/payment-methods", {
    body: { paymentMethodId, ...(typeof setupIntentId === "string" && setupIntentId ? { setupIntentId } : {}) },
  });
  if (response.status === 401) return Response.json({ error: "Your session has expired. Please sign in again." }, { status: 401 });
  if (!data) return Response.json({ error: messageOf(error) }, { status: response.status >= 500 ? 502 : 400 });
  return Response.json(data);
}
