import { PaymentSuccessPage } from "~/components/payment-success-page";
import { paymentSuccess } from "~/lib/payment-success.server";
import type { Route } from "./+types/payment-success";

/**
 * Straight after paying (`?orderId&customerId&since`), the page checks every 2 s (the shared
 * polling) until the annual fee action is complete, then shows 'Thanks!' (or goes to the
 * order's redirectUrl when it has one); after 30 s it shows the waiting message (waitingPayment).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  return paymentSuccess({ request, url }, context, "TOP_UP");
}

/** Part 2: 'Thanks! Your annual fee payment has been received.' (or, after 30 s, still on its way). */
export default function AnnualFeeSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentSuccessPage loaderData={loaderData} processingHeading="Annual fee">
      <p>Your annual fee payment has been received.</p>
    </PaymentSuccessPage>
  );
}
