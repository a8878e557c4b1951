import { PaymentSuccessPage } from "~/components/payment-success-page";
import { paymentSuccess } from "~/lib/payment-success.server";
import { PRODUCT } from "~/lib/product";
import type { Route } from "./+types/payment-success-remaining-balance";

/** /claims/payment-success-remaining-balance (part 1 §2.5, §4.3): the balance cleared, the Keyfree closed. */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return paymentSuccess({ request, url }, context, "CLAIM_REMAINING_BALANCE");
}

export default function RemainingBalanceSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentSuccessPage loaderData={loaderData}>
      <p>The remaining balance of the end of tenancy charges has been paid, so nothing more is owed.</p>
      <p>Your {PRODUCT.name} is now closed.</p>
    </PaymentSuccessPage>
  );
}
