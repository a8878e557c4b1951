import { Link } from "react-router";
import { ChatOffer } from "~/components/chat-offer";
import { Polling } from "~/components/polling";
import type { PollingState } from "~/lib/polling";
import { pageTitle } from "~/lib/product";

// The wait for a payment, apart from the success page (payment-success-page.tsx): a card page
// that shows only the wait (a missed instalment, the checkout's finish) carries only this in its
// script (the card pages are held to 120 KB: e2e/delivery.spec.ts).

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
