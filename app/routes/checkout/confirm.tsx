import { CheckoutHeading } from "./+lib/checkout-back";
import { Link, redirect, useActionData } from "react-router";
import { CheckboxField } from "~/components/checkbox-field";
import { AppForm, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { checkoutPath, CHANGE_PARAM } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { aboutYouSummary, addressHistorySummary, confirmBoxes, confirmSchema } from "./+lib/agreements";
import { parseForm } from "~/lib/forms.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/confirm";

/**
 * Confirm (part 1 §2.3, §5): 'Is everything correct?' — what the tenant entered, with links to
 * change it, and the confirm box with four acknowledgements (a fifth, the annual fee, when the
 * organisation has top-ups enabled). Every box must be ticked; the API checks them again.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { oc, user } = getCheckout(context);
  const step = (subRoute: string) => `${checkoutPath(oc.order.id, oc.customer.id, subRoute)}?${CHANGE_PARAM}`;
  return {
    aboutYou: aboutYouSummary(user),
    addresses: addressHistorySummary(user),
    changeAboutYou: step("about-you"),
    changeAddresses: step("address-history"),
    topUpEnabled: oc.order.organization.topUpEnabled,
    boxes: confirmBoxes({
      fees: oc.order.fees,
      topUpEnabled: oc.order.organization.topUpEnabled,
    }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { oc } = getCheckout(context);
  const form = await parseForm(request, confirmSchema(oc.order.organization.topUpEnabled));
  if (!form.ok) return form.invalid;
  let next;
  try {
    next = await context.get(apiContext).POST("/orders/{orderId}/customers/{customerId}/confirm", {
      params: { path: { orderId: params.orderId, customerId: params.customerId } },
      body: form.value,
    });
  } catch (error) {
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] });
    throw error;
  }
  return redirect(nextActionPath(next));
}

export default function Confirm({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "confirm",
    schema: confirmSchema(d.topUpEnabled),
    reply: actionData,
    fieldNames: d.boxes.map((b) => b.key),
  });
  const all = fields as unknown as Record<string, Parameters<typeof CheckboxField>[0]["field"]>;
  return (
    <>
      <title>{pageTitle("Is everything correct?", form.errors.length > 0)}</title>
      <CheckoutHeading>Is everything correct?</CheckoutHeading>
      <AppForm {...form}>
        <p className="lead">Check the details you gave us before you agree to the terms.</p>
        <section className="confirm-section" aria-labelledby="confirm-about-you">
          <h2 id="confirm-about-you">About you</h2>
          <dl className="card__facts confirm-facts">
            {d.aboutYou.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <p>
            <Link to={d.changeAboutYou}>Change your details</Link>
          </p>
        </section>
        <section className="confirm-section" aria-labelledby="confirm-addresses">
          <h2 id="confirm-addresses">Address history</h2>
          {d.addresses.length > 0 ? (
            <ul className="confirm-addresses">
              {d.addresses.map((a) => (
                <li key={a.id}>
                  <strong>{a.line}</strong>
                  {a.dates ? <div className="confirm-addresses__dates">{a.dates}</div> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>Not given</p>
          )}
          <p>
            <Link to={d.changeAddresses}>Change your address history</Link>
          </p>
        </section>
        <fieldset className="confirm-boxes">
          <legend className="field__label">Please confirm</legend>
          {d.boxes.map((box) => (
            <CheckboxField key={box.key} field={all[box.key]!} label={box.label} plainLabel />
          ))}
        </fieldset>
        <button type="submit" className="button">
          Continue
        </button>
      </AppForm>
    </>
  );
}
