import type { ReactNode } from "react";
import { Link } from "react-router";
import { Polling } from "~/components/polling";
import type { ClaimPaymentSuccessState } from "~/lib/claim-pay";
import { pageTitle } from "~/lib/product";

/** A claim payment's success page: processing (the wait), taking longer, or the page's own 'Thanks!' text. */
export function ClaimPaymentSuccessPage({ loaderData, children }: { loaderData: ClaimPaymentSuccessState; children: ReactNode }) {
  if (loaderData.state === "processing") {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Processing your payment")}</title>
        <Polling state={loaderData.polling} />
        <h1>Processing your payment</h1>
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
          {children}
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
