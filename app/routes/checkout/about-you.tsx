import { redirect, useActionData } from "react-router";
import { CheckoutHeading } from "./+lib/checkout-back";
import { RadioGroup } from "~/components/choice-fields";
import { DateOfBirthField } from "~/components/date-of-birth-field";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { ABOUT_YOU_FIELDS, aboutYouBody, aboutYouSchema, dateOfBirthParts, GENDER_OPTIONS } from "./+lib/about-you-form";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { CHANGE_PARAM, checkoutPath } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { parseForm } from "~/lib/forms.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/about-you";

const TITLE = "Tell us a bit about yourself";

/**
 * About You (part 1 §2.3, §5): the tenant's name, date of birth, gender and mobile number,
 * prefilled from what we already hold; the email is shown, not changed here. Saving completes
 * the step and the tenant goes on to their next action (address history). Reopened from
 * Confirm (`?change`), it only updates the details and goes back to Confirm.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { oc, user, changing } = getCheckout(context);
  const a = user.attributes;
  return {
    email: user.email,
    defaults: {
      firstName: user.firstName,
      lastName: user.lastName,
      ...(dateOfBirthParts(a.dob) ?? {}),
      gender: a.gender ?? undefined,
      mobileNumber: a.mobileNumber ?? undefined,
    },
    confirmPath: changing ? checkoutPath(oc.order.id, oc.customer.id, "confirm") : null,
    formAction: `${checkoutPath(oc.order.id, oc.customer.id, "about-you")}${changing ? `?${CHANGE_PARAM}` : ""}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, aboutYouSchema);
  if (!form.ok) return form.invalid;
  const { oc, user, changing } = getCheckout(context);
  const api = context.get(apiContext);
  const path = { orderId: oc.order.id, customerId: oc.customer.id };
  const body = aboutYouBody(form.value);
  try {
    if (changing) {
      await api.PATCH("/users/{userId}", { params: { path: { userId: user.id } }, body });
      return redirect(checkoutPath(path.orderId, path.customerId, "confirm"));
    }
    const next = await api.POST("/orders/{orderId}/customers/{customerId}/about-you", { params: { path }, body });
    return redirect(nextActionPath(next));
  } catch (error) {
    // The API checks the same rules again: its refusal is shown on the form, with what was typed kept.
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status < 500 ? 400 : 502);
    throw error;
  }
}

export default function AboutYou({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, errors, ...form } = useAppForm({
    id: "about-you",
    schema: aboutYouSchema,
    reply: actionData,
    fieldNames: ABOUT_YOU_FIELDS,
    defaultValue: d.defaults,
  });
  // The whole date's message ('Date cannot be in the future') links to the date's first part.
  const summary = errors.map((e) => (e.fieldId === fields.dob.id ? { ...e, fieldId: fields.day.id } : e));
  return (
    <>
      <title>{pageTitle(TITLE, errors.length > 0)}</title>
      <CheckoutHeading back={d.confirmPath ? { to: d.confirmPath, label: "Back to check your details" } : undefined}>{TITLE}</CheckoutHeading>
      <AppForm {...form} errors={summary} action={d.formAction}>
        <TextField field={fields.firstName} label="First name" type="text" autoComplete="given-name" spellCheck={false} />
        <TextField field={fields.lastName} label="Last name" type="text" autoComplete="family-name" spellCheck={false} />
        <div className="field">
          <label className="field__label" htmlFor="about-you-email">
            Email address
          </label>
          <p className="field__hint" id="about-you-email-hint">
            The email address you sign in with. It cannot be changed here.
          </p>
          {/* Shown, not sent: no name, so it is never part of the post. */}
          <input id="about-you-email" className="field__input" type="email" value={d.email} readOnly aria-describedby="about-you-email-hint" />
        </div>
        <DateOfBirthField legend="Date of birth" hint="For example, 27 3 1990" day={fields.day} month={fields.month} year={fields.year} whole={fields.dob} />
        <RadioGroup field={fields.gender} legend="Gender" options={GENDER_OPTIONS} />
        <TextField field={fields.mobileNumber} label="Mobile number" type="tel" autoComplete="tel" hint="Digits only, with or without a + at the start, for example 07700900123" />
        <button type="submit" className="button">
          Continue
        </button>
      </AppForm>
    </>
  );
}
