import { PaymentSuccessPage } from "~/components/payment-success-page";
import { paymentSuccess } from "~/lib/payment-success.server";
import { PRODUCT } from "~/lib/product";
import type { Route } from "./+types/payment-success";

/** /arbitrations/payment-success (part 1 §2.5, §4.3): the adjudication's remaining balance paid (ARBITRATION_REMAINING_BALANCE). */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return paymentSuccess({ request, url }, context, ["ARBITRATION_REMAINING_BALANCE"]);
}

export default function ArbitrationPaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentSuccessPage loaderData={loaderData}>
      <p>The remaining balance the adjudicator awarded has been paid, so nothing more is owed for these charges.</p>
      <p>Your {PRODUCT.name} is now closed.</p>
    </PaymentSuccessPage>
  );
}
