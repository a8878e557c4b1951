import { ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS } from "#common/dispute-fee";
import { PaymentSuccessPage } from "~/components/payment-success-page";
import { paymentSuccess } from "~/lib/payment-success.server";
import type { Route } from "./+types/arbitration-payment-success";

/** /claims/arbitration-payment-success (part 1 §2.5, §4.3): the formal dispute fee paid (ARBITRATION_FEE). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const wait = await paymentSuccess({ request, url }, context, "ARBITRATION_FEE");
  return { ...wait, adjudicationWeeks: ADJUDICATION_MAX_WEEKS, paymentDays: ADJUDICATION_PAYMENT_DAYS };
}

export default function ArbitrationPaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentSuccessPage loaderData={loaderData}>
      <p>Your dispute fee has been received, and your dispute has been sent to an independent adjudicator.</p>
      <h2>What happens next</h2>
      <ul>
        <li>The adjudicator looks at the evidence from you and from your landlord or agent, and decides within up to {loaderData.adjudicationWeeks} weeks.</li>
        <li>We will e-mail you with updates, and when the adjudicator has decided.</li>
        <li>Once they decide, you have {loaderData.paymentDays} calendar days to pay anything they award.</li>
      </ul>
    </PaymentSuccessPage>
  );
}
