import { Link, redirect } from "react-router";
import { StepTracker } from "~/components/step-tracker";
import { checkoutPath } from "~/lib/checkout";
import { loadCheckout, nextActionPath, trackerSteps } from "~/lib/checkout.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/finish";

/**
 * Part 1 §2.3 Finish: 'You're all set!' once every action is done; with waitingPayment (the
 * payment took longer than 30 s) and the fee started but not yet seen as paid, the waiting message.
 * Anything else still to do sends the tenant to that step.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { oc } = await loadCheckout({ context, params });
  // Waiting only makes sense once a payment was started (the pay action holds its intent).
  const pay = oc.actions.find((a) => a.typeId === "KEYFREE_PAY");
  const waitingForPayment =
    url.searchParams.has("waitingPayment") &&
    oc.nextAction?.typeId === "KEYFREE_PAY" &&
    typeof pay?.details.stripePaymentIntentId === "string";
  if (oc.nextAction && !waitingForPayment) throw redirect(nextActionPath(oc));
  return {
    steps: trackerSteps(oc, "finish"),
    waiting: waitingForPayment,
    self: `${checkoutPath(oc.order.id, oc.customer.id, "finish")}?waitingPayment=true`,
  };
}

export default function CheckoutFinish({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <StepTracker steps={d.steps} />
      {d.waiting ? (
        <>
          <title>{pageTitle("Your payment is taking longer than expected")}</title>
          <h1>Your payment is taking longer than expected!</h1>
          <p>Please contact us via live chat if this issue persists.</p>
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
      <p>
        <Link to="/" className="button">
          Take me to my {PRODUCT.name}
        </Link>
      </p>
    </div>
  );
}
