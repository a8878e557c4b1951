import type { ReactNode } from "react";
import { Link } from "react-router";
import { Polling } from "~/components/polling";
import type { PaymentSuccessState } from "~/lib/payment-success.server";
import { pageTitle } from "~/lib/product";
import { ChatOffer } from "~/components/chat-offer";

/**
 * A payment's success page: processing (the wait, under `processingHeading`), taking longer, or
 * 'Thanks!' with the page's own text.
 */
export function PaymentSuccessPage({
  loaderData,
  processingHeading = "Processing your payment",
  children,
}: {
  loaderData: PaymentSuccessState;
  processingHeading?: string;
  children: ReactNode;
}) {
  if (loaderData.state === "processing") {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Processing your payment")}</title>
        <h1>{processingHeading}</h1>
        <p role="status" className="notice">
          Processing your payment...
        </p>
        <Polling state={loaderData.polling} />
      </div>
    );
  }
  return (
    <div className="panel panel--narrow">
      {loaderData.state === "waiting" ? (
        <>
          <title>{pageTitle("Your payment is taking longer than expected")}</title>
          <h1>Your payment is taking longer than expected!</h1>
          <p>
            Please <Link to={loaderData.contact}>contact us</Link>
            <ChatOffer /> if this issue persists.
          </p>
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
