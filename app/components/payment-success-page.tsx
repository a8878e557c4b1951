import type { ReactNode } from "react";
import { Link } from "react-router";
import { Polling } from "~/components/polling";
import { SuccessPanel } from "~/components/success-panel";
import type { PollingState } from "~/lib/polling";
import type { PaymentSuccessState } from "~/lib/payment-success.server";
import { pageTitle } from "~/lib/product";
import { ChatOffer } from "~/components/chat-offer";

/** While a payment goes through: the page checks again every 2 s (the shared polling). */
export function PaymentProcessing({ heading = "Processing your payment", polling }: { heading?: string; polling: PollingState }) {
  return (
    <>
      <title>{pageTitle("Processing your payment")}</title>
      <h1>{heading}</h1>
      <p role="status" className="notice">
        Processing your payment...
      </p>
      <Polling state={polling} />
    </>
  );
}

/** After 30 s of waiting for a payment (part 1 §4.3): where to get help. */
export function PaymentTakingLonger({ contact }: { contact: string }) {
  return (
    <>
      <title>{pageTitle("Your payment is taking longer than expected")}</title>
      <h1>Your payment is taking longer than expected!</h1>
      <p>
        Please <Link to={contact}>contact us</Link>
        <ChatOffer /> if this issue persists.
      </p>
    </>
  );
}

/**
 * A payment's success page: processing (the wait, under `processingHeading`), taking longer, or
 * 'Thanks!' with the page's own text.
 */
export function PaymentSuccessPage({
  loaderData,
  processingHeading,
  children,
}: {
  loaderData: PaymentSuccessState;
  processingHeading?: string;
  children: ReactNode;
}) {
  if (loaderData.state === "processing") {
    return (
      <div className="panel panel--narrow">
        <PaymentProcessing heading={processingHeading} polling={loaderData.polling} />
      </div>
    );
  }
  if (loaderData.state === "waiting") {
    return (
      <SuccessPanel>
        <PaymentTakingLonger contact={loaderData.contact} />
      </SuccessPanel>
    );
  }
  return <SuccessPanel title="Thanks!">{children}</SuccessPanel>;
}
