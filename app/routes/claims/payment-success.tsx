import { ClaimPaymentSuccessPage } from "~/components/claim-payment-success";
import { claimPaymentSuccess } from "~/lib/claim-payment-success.server";
import type { Route } from "./+types/payment-success";

/** /claims/payment-success (part 1 §2.5, §4.3): the charges paid (CLAIM). */
export function loader({ url, context }: Route.LoaderArgs) {
  return claimPaymentSuccess(url, context, "CLAIM");
}

export default function ClaimPaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <ClaimPaymentSuccessPage loaderData={loaderData}>
      <p>Your payment for the end of tenancy charges has been received.</p>
    </ClaimPaymentSuccessPage>
  );
}
