import { redirect, type RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/api.server";
import type { Arbitration } from "./arbitration-view";

/**
 * The arbitration of this request (GET /arbitrations/{id}: another tenant's is a 404 inside the
 * API client, the not-found page), or the redirect to the tenant's live payment plan (part 1 §2.5).
 */
export async function loadArbitration(context: Readonly<RouterContextProvider>, arbitrationId: string): Promise<Arbitration> {
  const arbitration = await context.get(apiContext).GET("/arbitrations/{arbitrationId}", { params: { path: { arbitrationId } } });
  if (arbitration.paymentPlanId) throw redirect(`/payment-plan/${encodeURIComponent(arbitration.paymentPlanId)}`);
  return arbitration;
}
