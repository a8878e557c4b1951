import { track } from "~/lib/analytics.server";
import { apiContext } from "~/lib/api.server";
import { cardStepAnswer } from "~/lib/card-step.server";
import type { Route } from "./+types/instalment-payment";
import { readForm } from "~/lib/csrf.server";

/**
 * The manual payment's steps that need the tenant API (JavaScript only, since card details need
 * it; part 2 §4 instalment payment): `intent` (getInstalmentPaymentIntentSecret: the same intent
 * again until the instalment is paid, so a retry never charges twice) and `follow-up` (the
 * browser's word that the payment succeeded; the webhook makes the instalment PAID). The wait is
 * manual-payment's polling. JSON in and out (app/lib/card-step.server.ts); CSRF is checked by the
 * root middleware on posts, and the payment-plan layout's middleware has read the plan (another
 * tenant's: not found).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const api = context.get(apiContext).raw;
  const paymentPlanId = params.paymentPlanId;
  const instalmentId = field("instalmentId");
  if (!instalmentId) return Response.json({ error: "Required: instalmentId" }, { status: 400 });
  switch (field("step")) {
    case "intent": {
      const intent = await api.POST("/payment-plans/{paymentPlanId}/instalments/{instalmentId}/pay", { params: { path: { paymentPlanId, instalmentId } } });
      // Analytics (issue 26): an instalment payment that could not be started failed.
      if (!intent.response.ok && intent.response.status !== 401) await track(request, context, "payment failed", { paymentType: "INSTALMENT", stage: "payment" });
      return cardStepAnswer(request, intent, (data) => ({ paymentIntentSecret: data.paymentIntentSecret, paymentIntentId: data.paymentIntentId }));
    }
    case "follow-up": {
      const followUp = await api.POST("/payments/follow-up", {
        body: { paymentIntentId: field("paymentIntentId"), paymentPlanId, paymentPlanInstalmentId: instalmentId },
      });
      // The card provider confirmed the instalment's payment in the browser: counted once per instalment.
      if (followUp.response.ok) await track(request, context, "payment succeeded", { paymentType: "INSTALMENT" }, { once: [paymentPlanId, instalmentId] });
      return cardStepAnswer(request, followUp, () => ({ ok: true }));
    }
    default:
      return Response.json({ error: "Unknown step" }, { status: 400 });
  }
}

/** The steps are posts only (a GET is a 405 in JSON, not the router's error). */
export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
