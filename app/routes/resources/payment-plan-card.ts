import { apiContext, messageOf } from "~/lib/api.server";
import type { Route } from "./+types/payment-plan-card";

/**
 * The payment plan's card step in the browser (part 2 §2 card-details; JavaScript only, since
 * card details need it): `setup-intent` fetches the setup intent the card form confirms
 * (getSetupIntentSecret), `save` hands the confirmed card to the plan (updateCardDetails, which
 * makes it ACTIVE). JSON in and out; inside the payment-plan layout, so another tenant's plan is
 * a 404 and the step answers only while the plan is at card-details. CSRF is checked by the
 * root middleware on posts.
 */
const expired = () => Response.json({ error: "Your session has expired. Please sign in again." }, { status: 401 });

function fail(status: number, error: unknown) {
  return Response.json({ error: messageOf(error) }, { status: status >= 500 ? 502 : status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = context.get(apiContext).raw;
  const path = { paymentPlanId: params.paymentPlanId };
  switch (params.step) {
    case "setup-intent": {
      const { data, error, response } = await api.POST("/payment-plans/{paymentPlanId}/setup-intent", { params: { path } });
      if (response.status === 401) return expired();
      return data ? Response.json({ clientSecret: data.clientSecret }) : fail(response.status, error);
    }
    case "save": {
      const { data, error, response } = await api.PUT("/payment-plans/{paymentPlanId}/card-details", {
        params: { path },
        body: { paymentMethodId: String(form.get("paymentMethodId") ?? "") },
      });
      if (response.status === 401) return expired();
      return data ? Response.json({ ok: true }) : fail(response.status, error);
    }
    default:
      return Response.json({ error: "Not found" }, { status: 404 });
  }
}

/** A GET is not a step: 405 (after the layout's middleware, so another tenant's plan is still a 404). */
export function loader() {
  return Response.json({ error: "The card step takes a POST." }, { status: 405 });
}
