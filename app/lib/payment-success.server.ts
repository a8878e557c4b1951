import { redirect, type RouterContextProvider } from "react-router";
import { isWellFormedId } from "#common/input";
import { actionTypeForPaymentType, paymentSuccessPath, type PaymentType } from "#common/payments";
import { apiContext } from "./api.server";
import { trackCompletedActions } from "./analytics.server";
import { contactPath } from "./contact";
import { POLL_PARAM, pollingState, type PollingState } from "./polling";

/** The payment types whose success pages wait here (checkout's own is its finish page). */
type SuccessPageType = Extract<
  PaymentType,
  "CLAIM" | "CLAIM_REMAINING_BALANCE" | "CLAIM_PROPOSAL" | "TOP_UP" | "ARBITRATION_FEE" | "ARBITRATION" | "ARBITRATION_REMAINING_BALANCE"
>;

/** A payment success page's state: waiting for the payment (polling), taking longer, or done. */
export type PaymentSuccessState =
  | { state: "processing"; polling: PollingState }
  | { state: "waiting"; polling: null; contact: string }
  | { state: "done"; polling: null };

/**
 * A payment's success page (part 1 §2.5, §4.3; the annual fee's, the claim payments'): straight after
 * paying (`?orderId&customerId&since`) it checks every 2 s (the shared polling) until the
 * payment's action is complete, then shows the page without the wait (or goes to the order's
 * redirectUrl); after 30 s it says the payment is taking longer (waitingPayment). A page that
 * more than one payment type lands on (/claims/payment-success: CLAIM and ARBITRATION) names them
 * all; the order's own pay action says which one was paid.
 */
export async function paymentSuccess(
  { request, url }: { request: Request; url: URL },
  context: Readonly<RouterContextProvider>,
  paymentTypes: SuccessPageType | readonly SuccessPageType[],
): Promise<PaymentSuccessState> {
  const types: readonly PaymentType[] = typeof paymentTypes === "string" ? [paymentTypes] : paymentTypes;
  const page = url.pathname;
  const orderId = url.searchParams.get("orderId");
  const customerId = url.searchParams.get("customerId");
  if (url.searchParams.has(POLL_PARAM) && orderId && customerId) {
    const oc = await context.get(apiContext).GET("/orders/{orderId}/customers/{customerId}", { params: { path: { orderId, customerId } } });
    const paymentType = types.find((type) => oc.actions.some((a) => a.typeId === actionTypeForPaymentType(type)));
    const action = paymentType && oc.actions.find((a) => a.typeId === actionTypeForPaymentType(paymentType));
    if (!paymentType || !action) throw redirect(page);
    if (action.completedAt) {
      // Analytics (issue 26): the payment succeeded, counted once however often this is read.
      await trackCompletedActions(request, context, { orderId, customerId }, [action], { checkout: false, paymentTypeOf: () => paymentType });
      throw redirect(paymentSuccessPath(paymentType, { orderId, customerId, redirectUrl: oc.order.redirectUrl }));
    }
    const polling = pollingState(url);
    // The waiting page keeps the order, so its 'contact us' link says which payment (issue 26).
    if (polling.timedOut) throw redirect(`${page}?${new URLSearchParams({ waitingPayment: "true", orderId, customerId })}`);
    return { state: "processing", polling };
  }
  if (!url.searchParams.has("waitingPayment")) return { state: "done", polling: null };
  const order = isWellFormedId(orderId) && isWellFormedId(customerId) ? { orderId, customerId } : null;
  return { state: "waiting", polling: null, contact: contactPath({ topic: "PAYMENT", order }) };
}
