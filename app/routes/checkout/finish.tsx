import { Link, redirect } from "react-router";
import { PaymentProcessing, PaymentTakingLonger } from "~/components/payment-processing";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { POLL_PARAM, pollingState } from "~/lib/polling";
import { contactPath } from "~/lib/contact";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/finish";
import { CoTenantsPanel } from "~/components/cotenants-panel";
import { coTenantsPanel } from "~/lib/cotenants.server";

/**
 * Part 1 §2.3 Finish: 'You're all set!' once every action is done. Straight after paying
 * (`?since=`), 'Processing your payment...' while the page checks every 2 s for the payment
 * (the shared polling); after 30 s, or with waitingPayment, the waiting message (part 1 §4.3).
 * Anything else still to do sends the tenant to that step. A tenant whose part is done while the
 * Keyfree waits for co-tenants (the first payer: the dashboard card's 'Processing...', and where
 * the receipt's link to the Keyfree lands) sees 'Processing...' with their co-tenants (issue 38).
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
  const paid = polling && paymentStarted ? "processing" : url.searchParams.has("waitingPayment") && paymentStarted ? "waiting" : "done";
  if (oc.nextAction && paid === "done") throw redirect(nextActionPath(oc));
  // Done, but the Keyfree is pending: the other tenants have steps or shares left (issue 38).
  const state = paid === "done" && oc.order.statusId === "PENDING" ? "awaitingOthers" : paid;
  const contact = contactPath({ topic: "PAYMENT", order: { orderId: oc.order.id, customerId: oc.customer.id } });
  const coTenants = state === "awaitingOthers" ? coTenantsPanel(oc.coTenants, { orderId: oc.order.id }, finish) : null;
  return { state, polling, self: waitingPath, contact, coTenants, product: PRODUCT.name } as const;
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
      ) : d.state === "awaitingOthers" ? (
        <>
          <title>{pageTitle("Processing...")}</title>
          <h1>Processing...</h1>
          <div className="notice" role="status">
            <h2 className="notice__title">Awaiting other tenants</h2>
            <p>
              Thank you for your payment! Your part is done. Your {d.product} starts once every tenant on your tenancy has finished
              their steps and paid their share; until then your dashboard shows it as 'Processing...'.
            </p>
          </div>
          <CoTenantsPanel panel={d.coTenants} />
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
