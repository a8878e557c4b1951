import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { PaymentSuccessPage } from "~/components/payment-success-page";
import { paymentSuccess } from "~/lib/payment-success.server";
import type { Route } from "./+types/proposal-payment-success";

/** /claims/proposal-payment-success (part 1 §2.5, §4.3): the proposal paid, its payment held for at most 7 days. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  return { ...(await paymentSuccess({ request, url }, context, "CLAIM_PROPOSAL")), holdDays: PROPOSAL_HOLD_DAYS };
}

export default function ProposalPaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentSuccessPage loaderData={loaderData}>
      <p>Your payment has been received and your proposal has been sent to your landlord or agent.</p>
      <p>
        We hold your payment for at most {loaderData.holdDays} days. If your proposal is refused, your payment is refunded in full.
      </p>
    </PaymentSuccessPage>
  );
}
