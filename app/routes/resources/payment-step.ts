import { analyticsPaymentType, track } from "~/lib/analytics.server";
import { apiContext } from "~/lib/api.server";
import { paymentTypeForActionType } from "#common/payments";
import { cardStepAnswer } from "~/lib/card-step.server";
import type { Route } from "./+types/payment-step";
import { readForm } from "~/lib/csrf.server";

/**
 * The card form's steps that need the tenant API (JavaScript only, since card details need
 * it): card checks, the duplicate-card check, the payment intent and the follow-up (the wait for
 * the payment is the success page's polling). JSON in and out (app/lib/card-step.server.ts);
 * CSRF is checked by the root middleware on posts.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const api = context.get(apiContext).raw;
  const orderId = field("orderId");
  const customerId = field("customerId");
  switch (params.step) {
    case "duplicate-check":
      return cardStepAnswer(
        request,
        await api.POST("/orders/{orderId}/duplicate-payment-method-check", {
          params: { path: { orderId } },
          body: { paymentMethodId: field("paymentMethodId") },
        }),
      );
    case "card-checks": {
      const checks = await api.POST("/orders/{orderId}/customers/{customerId}/card-checks", {
        params: { path: { orderId, customerId } },
        body: { paymentMethodId: field("paymentMethodId"), customerActionType: field("customerActionType") },
      });
      // Analytics (issue 26): the Payment Failed modal is a payment that failed.
      const paymentType = analyticsPaymentType(paymentTypeForActionType(field("customerActionType")));
      if (paymentType && (checks.data?.failed.length ?? 0) > 0) await track(request, context, "payment failed", { paymentType, stage: "card checks" });
      return cardStepAnswer(request, checks);
    }
    case "intent": {
      const intent = await api.POST("/orders/{orderId}/customers/{customerId}/pay", {
        params: { path: { orderId, customerId } },
        body: { paymentType: field("paymentType") },
      });
      const paymentType = analyticsPaymentType(field("paymentType"));
      const refused = !intent.response.ok && intent.response.status !== 401;
      if (paymentType && refused) await track(request, context, "payment failed", { paymentType, stage: "payment" });
      return cardStepAnswer(request, intent);
    }
    case "follow-up":
      return cardStepAnswer(request, await api.POST("/payments/follow-up", { body: { paymentIntentId: field("paymentIntentId") } }), () => ({ ok: true }));
    default:
      return Response.json({ error: "Not found" }, { status: 404 });
  }
}
