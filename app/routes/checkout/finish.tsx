import { Link, redirect } from "react-router";
import { PaymentProcessing, PaymentTakingLonger } from "~/components/payment-processing";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { POLL_PARAM, pollingState } from "~/lib/polling";
import { contactPath } from "~/lib/contact";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/finish";

/**
 * Part 1 §2.3 Finish: 'You're all set!' once every action is done. Straight after paying
 * (`?since=`), 'Processing your payment...' while the page checks every 2 s for the payment
 * (the shared polling); after 30 s, or with waitingPayment, the waiting message (part 1 §4.3).
 * Anything else still to do sends the tenant to that step.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const { oc } = getCheckout(context);
  const finish = checkoutPath(oc.order.id, oc.customer.id, "finish");
  const waitingPath = `${finish}?waitingPayment=true`;
  // Waiting only makes sense once a payment was started (the pay action holds its intent).
  const pay = oc.actions.find((a) => a.typeId === "KEYFREE_PAY");
  const paymentStarted = oc.nextAction?.typeId === "KEYFREE_PAY" && typeof pay?.details.stripePaymentIntentId === "string";
  const polling = url.searchParams.has(POLL_PARAM) ? pollingState(url) : null;
  if (polling && !oc.nextAction) {
    // Paid: the order's own next page if it has one (part 1 §4.3), else this page without the wait.
    throw redirect(oc.order.redirectUrl?.trim() ? oc.order.redirectUrl : finish);
  }
  if (polling && paymentStarted && polling.timedOut) throw redirect(waitingPath);
  const state = polling && paymentStarted ? "processing" : url.searchParams.has("waitingPayment") && paymentStarted ? "waiting" : "done";
  if (oc.nextAction && state === "done") throw redirect(nextActionPath(oc));
  const contact = contactPath({ topic: "PAYMENT", order: { orderId: oc.order.id, customerId: oc.customer.id } });
  return { state, polling, self: waitingPath, contact } as const;
}

export default function CheckoutFinish({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      {d.state === "processing" && d.polling ? (
        <PaymentProcessing heading="Payment" polling={d.polling} />
      ) : d.state === "waiting" ? (
        <>
          <PaymentTakingLonger contact={d.contact} />
          <p>
            When your payment has come through, this page will say you're all set:{" "}
            <Link to={d.self} reloadDocument>
              check again
            </Link>
            .
          </p>
        </>
      ) : (
        <>
          <title>{pageTitle("You're all set!")}</title>
          <h1>You're all set!</h1>
          <p className="lead">Thank you for your payment!</p>
        </>
      )}
      {d.state === "processing" ? null : (
        <p>
          <Link to="/" className="button">
            Take me to my {PRODUCT.name}
          </Link>
        </p>
      )}
    </>
  );
}
