import { track } from "~/lib/analytics.server";
import { apiContext } from "~/lib/api.server";
import { cardStepAnswer } from "~/lib/card-step.server";
import type { Route } from "./+types/payment-plan-card";
import { readForm } from "~/lib/csrf.server";

/**
 * The payment plan's card step in the browser (part 2 §2 card-details; JavaScript only, since
 * card details need it): `setup-intent` fetches the setup intent the card form confirms
 * (getSetupIntentSecret), `save` hands the confirmed card to the plan (updateCardDetails, which
 * makes it ACTIVE). JSON in and out (app/lib/card-step.server.ts); inside the payment-plan
 * layout, so another tenant's plan is a 404 and the step answers only while the plan is at
 * card-details. CSRF is checked by the root middleware on posts.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = context.get(apiContext).raw;
  const path = { paymentPlanId: params.paymentPlanId };
  switch (params.step) {
    case "setup-intent":
      return cardStepAnswer(request, await api.POST("/payment-plans/{paymentPlanId}/setup-intent", { params: { path } }), (data) => ({
        clientSecret: data.clientSecret,
      }));
    case "save": {
      const saved = await api.PUT("/payment-plans/{paymentPlanId}/card-details", {
        params: { path },
        body: { paymentMethodId: String(form.get("paymentMethodId") ?? "") },
      });
      // Analytics (issue 26): the card saved makes the plan live: the plan is set up, once.
      if (saved.response.ok) await track(request, context, "plan set up", {}, { once: [params.paymentPlanId] });
      return cardStepAnswer(request, saved, () => ({ ok: true }));
    }
    default:
      return Response.json({ error: "Not found" }, { status: 404 });
  }
}

/** A GET is not a step: 405 (after the layout's middleware, so another tenant's plan is still a 404). */
export function loader() {
  return Response.json({ error: "The card step takes a POST." }, { status: 405 });
}
