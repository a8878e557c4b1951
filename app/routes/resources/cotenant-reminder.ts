import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { readForm } from "~/lib/csrf.server";
import { formUnreadable } from "~/lib/intent.server";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/cotenant-reminder";

/** A hidden field's value: an id-sized string, or null. */
function field(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

/**
 * "Remind {first name}" (issue 38, decision 0061): the co-tenants panel's one-button form posts
 * here from a checkout waiting page (the order and the co-tenant's customer id) or a claim page
 * (the claim and the co-tenant's respondent id). The API sends the e-mail, or says when the next
 * reminder can go; either answer comes back as the flash message on the page the form was on
 * (`from`, only a page of that order's checkout or that claim). Works without script.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = context.get(apiContext);
  const orderId = field(form, "orderId");
  const customerId = field(form, "customerId");
  const claimId = field(form, "claimId");
  const claimRespondentId = field(form, "claimRespondentId");
  let home: string;
  let send: () => Promise<{ message: string }>;
  if (orderId && customerId) {
    home = `/checkout/${encodeURIComponent(orderId)}/`;
    send = () => api.POST("/orders/{orderId}/co-tenants/{customerId}/reminders", { params: { path: { orderId, customerId } } });
  } else if (claimId && claimRespondentId) {
    home = `/claims/${encodeURIComponent(claimId)}`;
    send = () => api.POST("/claims/{claimId}/co-tenants/{claimRespondentId}/reminders", { params: { path: { claimId, claimRespondentId } } });
  } else {
    return formUnreadable();
  }
  const from = safeRedirectTarget(form.get("from"), "/");
  const path = from.split(/[?#]/)[0]!;
  const back = path === home || path.startsWith(home.endsWith("/") ? home : `${home}/`) ? from : "/";
  try {
    const sent = await send();
    return flash.redirectWithSuccess(back, sent.message);
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 500) return flash.redirectWithError(back, failureMessage(error));
    throw error;
  }
}
