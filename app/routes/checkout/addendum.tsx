import { CheckoutHeading } from "./+lib/checkout-back";
import { useActionData } from "react-router";
import { CheckboxField } from "~/components/checkbox-field";
import { AppForm, useAppForm } from "~/components/forms";
import { addendumSchema } from "./+lib/agreements";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { parseForm } from "~/lib/forms.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/addendum";

/** The flash after signing (part 1 §2.3: a 5-second flash message). */
export const ADDENDUM_SIGNED = "Success! Your addendum is signed.";

/**
 * Sign Addendum (part 1 §2.3): the addendum to the tenancy agreement recording that the tenancy
 * uses Keyfree instead of a cash deposit; the agree box, then the next step with a success flash.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { oc } = getCheckout(context);
  return { payNext: oc.actions.some((a) => a.typeId === "KEYFREE_PAY") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await parseForm(request, addendumSchema);
  if (!form.ok) return form.invalid;
  let next;
  try {
    next = await context.get(apiContext).POST("/orders/{orderId}/customers/{customerId}/sign-addendum", {
      params: { path: { orderId: params.orderId, customerId: params.customerId } },
      body: { agree: true },
    });
  } catch (error) {
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] });
    throw error;
  }
  return flash.redirectWithSuccess(nextActionPath(next), ADDENDUM_SIGNED);
}

export default function Addendum({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({ id: "addendum", schema: addendumSchema, reply: actionData, fieldNames: ["agree"] });
  return (
    <>
      <title>{pageTitle("Sign Addendum", form.errors.length > 0)}</title>
      <CheckoutHeading>Sign Addendum</CheckoutHeading>
      <AppForm {...form}>
        <p className="lead">
          This addendum to your tenancy agreement records that your tenancy uses {PRODUCT.name} instead of a cash deposit.
        </p>
        <p>When you agree, we create an e-signed addendum with your name, and we record your IP address.</p>
        <CheckboxField field={fields.agree} label="I agree to the addendum to my tenancy agreement" />
        <button type="submit" className="button">
          Continue
        </button>
        {d.payNext ? <p className="checkout-next">Next: Payment</p> : null}
      </AppForm>
    </>
  );
}
