import { redirect, type RouterContextProvider } from "react-router";
import { actionTypeForPaymentType, paymentSuccessPath, type PaymentType } from "../../common/payments";
import { apiContext } from "./api.server";
import type { ClaimPaymentSuccessState } from "./claim-pay";
import { POLL_PARAM, pollingState } from "./polling";

/**
 * A claim payment's success page (part 1 §2.5, §4.3), as the annual fee's: straight after
 * paying (`?orderId&customerId&since`) it checks every 2 s (the shared polling) until the
 * payment's action is complete, then shows the page without the wait (or goes to the order's
 * redirectUrl); after 30 s it says the payment is taking longer (waitingPayment).
 */
export async function claimPaymentSuccess(
  url: URL,
  context: Readonly<RouterContextProvider>,
  paymentType: Extract<PaymentType, "CLAIM" | "CLAIM_REMAINING_BALANCE" | "CLAIM_PROPOSAL">,
): Promise<ClaimPaymentSuccessState> {
  const page = url.pathname;
  const orderId = url.searchParams.get("orderId");
  const customerId = url.searchParams.get("customerId");
  if (url.searchParams.has(POLL_PARAM) && orderId && customerId) {
    const oc = await context.get(apiContext).GET("/orders/{orderId}/customers/{customerId}", { params: { path: { orderId, customerId } } });
    const action = oc.actions.find((a) => a.typeId === actionTypeForPaymentType(paymentType));
    if (!action) throw redirect(page);
    if (action.completedAt) throw redirect(paymentSuccessPath(paymentType, { orderId, customerId, redirectUrl: oc.order.redirectUrl }));
    const polling = pollingState(url);
    if (polling.timedOut) throw redirect(`${page}?waitingPayment=true`);
    return { state: "processing", polling };
  }
  return { state: url.searchParams.has("waitingPayment") ? "waiting" : "done", polling: null };
}
