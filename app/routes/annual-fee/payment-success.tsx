import { Link, redirect } from "react-router";
import { paymentSuccessPath } from "../../../common/payments";
import { Polling } from "~/components/polling";
import { apiContext } from "~/lib/api.server";
import { POLL_PARAM, pollingState } from "~/lib/polling";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/payment-success";

const SUCCESS = "/annual-fee/payment-success";

/**
 * Straight after paying (`?orderId&customerId&since`), the page checks every 2 s (the shared
 * polling) until the annual fee action is complete, then shows 'Thanks!' (or goes to the
 * order's redirectUrl when it has one); after 30 s it shows the waiting message (waitingPayment).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const orderId = url.searchParams.get("orderId");
  const customerId = url.searchParams.get("customerId");
  if (url.searchParams.has(POLL_PARAM) && orderId && customerId) {
    const oc = await context.get(apiContext).GET("/orders/{orderId}/customers/{customerId}", { params: { path: { orderId, customerId } } });
    const action = oc.actions.find((a) => a.typeId === "TOP_UP_PAY");
    if (!action) throw redirect(SUCCESS);
    // Paid: the order's own next page if it has one (part 1 §4.3, part 2 §4), else this page without the wait.
    if (action.completedAt) throw redirect(paymentSuccessPath("TOP_UP", { orderId, customerId, redirectUrl: oc.order.redirectUrl }));
    const polling = pollingState(url);
    if (polling.timedOut) throw redirect(`${SUCCESS}?waitingPayment=true`);
    return { state: "processing" as const, polling };
  }
  return { state: url.searchParams.has("waitingPayment") ? ("waiting" as const) : ("done" as const), polling: null };
}

/** Part 2: 'Thanks! Your annual fee payment has been received.' (or, after 30 s, still on its way). */
export default function AnnualFeeSuccess({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "processing" && loaderData.polling) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Processing your payment")}</title>
        <Polling state={loaderData.polling} />
        <h1>Annual fee</h1>
        <p role="status" className="notice">
          Processing your payment...
        </p>
      </div>
    );
  }
  return (
    <div className="panel panel--narrow">
      {loaderData.state === "waiting" ? (
        <>
          <title>{pageTitle("Your payment is taking longer than expected")}</title>
          <h1>Your payment is taking longer than expected!</h1>
          <p>Please contact us via live chat if this issue persists.</p>
        </>
      ) : (
        <>
          <title>{pageTitle("Thanks!")}</title>
          <h1>Thanks!</h1>
          <p>Your annual fee payment has been received.</p>
        </>
      )}
      <p>
        <Link to="/" className="button">
          Return Home
        </Link>
      </p>
    </div>
  );
}
