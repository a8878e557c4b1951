import { apiContext, messageOf } from "~/lib/api.server";
import type { Route } from "./+types/instalment-payment";

/**
 * The manual payment's steps that need the tenant API (JavaScript only, since card details need
 * it; part 2 §4 instalment payment): `intent` (getInstalmentPaymentIntentSecret: the same intent
 * again until the instalment is paid, so a retry never charges twice) and `follow-up` (the
 * browser's word that the payment succeeded; the webhook makes the instalment PAID). The wait is
 * manual-payment's polling. JSON in and out; CSRF is checked by the root middleware on posts, and
 * the payment-plan layout's middleware has read the plan (another tenant's: not found).
 */
const expired = () => Response.json({ error: "Your session has expired. Please sign in again." }, { status: 401 });

function fail(status: number, error: unknown) {
  return Response.json({ error: messageOf(error) }, { status: status >= 500 ? 502 : status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const api = context.get(apiContext).raw;
  const paymentPlanId = params.paymentPlanId;
  const instalmentId = field("instalmentId");
  if (!instalmentId) return Response.json({ error: "Required: instalmentId" }, { status: 400 });
  switch (field("step")) {
    case "intent": {
      const { data, error, response } = await api.POST("/payment-plans/{paymentPlanId}/instalments/{instalmentId}/pay", {
        params: { path: { paymentPlanId, instalmentId } },
      });
      if (response.status === 401) return expired();
      return data ? Response.json({ paymentIntentSecret: data.paymentIntentSecret, paymentIntentId: data.paymentIntentId }) : fail(response.status, error);
    }
    case "follow-up": {
      const { error, response } = await api.POST("/payments/follow-up", {
        body: { paymentIntentId: field("paymentIntentId"), paymentPlanId, paymentPlanInstalmentId: instalmentId },
      });
      if (response.status === 401) return expired();
      return response.ok ? Response.json({ ok: true }) : fail(response.status, error);
    }
    default:
      return Response.json({ error: "Unknown step" }, { status: 400 });
  }
}

/** The steps are posts only (a GET is a 405 in JSON, not the router's error). */
export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
