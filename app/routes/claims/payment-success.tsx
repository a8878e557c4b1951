import { PaymentSuccessPage } from "~/components/payment-success-page";
import { paymentSuccess } from "~/lib/payment-success.server";
import type { Route } from "./+types/payment-success";

/** /claims/payment-success (part 1 §2.5, §4.3): the charges paid (CLAIM), or one's share of what the adjudicator awarded (ARBITRATION). */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return paymentSuccess({ request, url }, context, ["CLAIM", "ARBITRATION"]);
}

export default function ClaimPaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentSuccessPage loaderData={loaderData}>
      <p>Your payment for the end of tenancy charges has been received.</p>
    </PaymentSuccessPage>
  );
}
