import { requireAccessToken } from "~/lib/auth.server";
import { SuccessPanel } from "~/components/success-panel";
import type { Route } from "./+types/add-payment-method-success";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAccessToken(request, url);
  return null;
}

/** Part 1 §2.4: 'Thanks!' the payment method was added and the provider will be in touch if more is needed. */
export default function AddPaymentMethodSuccess() {
  return (
    <SuccessPanel title="Thanks!">
      <p>Your payment method has been added. Our payment provider will be in touch if they need anything more from you.</p>
    </SuccessPanel>
  );
}
