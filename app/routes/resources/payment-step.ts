import { apiContext, messageOf } from "~/lib/api.server";
import type { Route } from "./+types/payment-step";

/**
 * The card form's steps that need the tenant API (JavaScript only, since card details need
 * it): card checks, the duplicate-card check, the payment intent and the follow-up (the wait for
 * the payment is the success page's polling). JSON in and out; CSRF is checked by the root middleware on posts.
 */
const expired = () => Response.json({ error: "Your session has expired. Please sign in again." }, { status: 401 });

function fail(status: number, error: unknown) {
  return Response.json({ error: messageOf(error) }, { status: status >= 500 ? 502 : status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const api = context.get(apiContext).raw;
  const orderId = field("orderId");
  const customerId = field("customerId");
  switch (params.step) {
    case "duplicate-check": {
      const { data, error, response } = await api.POST("/orders/{orderId}/duplicate-payment-method-check", {
        params: { path: { orderId } },
        body: { paymentMethodId: field("paymentMethodId") },
      });
      if (response.status === 401) return expired();
      return data ? Response.json(data) : fail(response.status, error);
    }
    case "card-checks": {
      const { data, error, response } = await api.POST("/orders/{orderId}/customers/{customerId}/card-checks", {
        params: { path: { orderId, customerId } },
        body: { paymentMethodId: field("paymentMethodId"), customerActionType: field("customerActionType") },
      });
      if (response.status === 401) return expired();
      return data ? Response.json(data) : fail(response.status, error);
    }
    case "intent": {
      const { data, error, response } = await api.POST("/orders/{orderId}/customers/{customerId}/pay", {
        params: { path: { orderId, customerId } },
        body: { paymentType: field("paymentType") },
      });
      if (response.status === 401) return expired();
      return data ? Response.json(data) : fail(response.status, error);
    }
    case "follow-up": {
      const { error, response } = await api.POST("/payments/follow-up", { body: { paymentIntentId: field("paymentIntentId") } });
      if (response.status === 401) return expired();
      return response.ok ? Response.json({ ok: true }) : fail(response.status, error);
    }
    default:
      return Response.json({ error: "Not found" }, { status: 404 });
  }
}
