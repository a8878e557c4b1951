import { Link, useActionData } from "react-router";
import { CheckboxField } from "~/components/checkbox-field";
import { SelectField } from "~/components/choice-fields";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { PageHeading } from "~/components/page-heading";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { HELPER_LINK_DAYS, SUPPORT_HELPER_MESSAGES, SUPPORT_NEEDS_PATH } from "#common/support-needs";
import { RELATIONSHIP_OPTIONS, SUPPORT_NEEDS_FLASH, supportHelperSchema } from "./+lib/support-needs";
import type { Route } from "./+types/support-helper";

const TITLE = "Add someone to help you";

/**
 * Someone to help you (issue 36, scope 5; decision 0050): the person the tenant names (an adviser
 * or a relative) is e-mailed a link to confirm; once they do, they get a copy of every e-mail
 * about the tenant's Keyfree, claims and payments. One at a time: with someone already helping
 * (or waiting to confirm), this page sends the tenant back to remove them first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { helper } = await context.get(apiContext).GET("/me/support-needs");
  if (helper && helper.status !== "EXPIRED") {
    throw await flash.redirectWithInfo(SUPPORT_NEEDS_PATH, `${helper.name} already gets copies, or has been asked to. Remove them first to add someone else.`);
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, supportHelperSchema);
  if (!form.ok) return form.invalid;
  try {
    await context.get(apiContext).POST("/me/support-helper", { body: { ...form.value, agree: true } });
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 500) {
      // Their own address is the e-mail field's problem; anything else (someone already helps) the form's.
      const onEmail = error.message === SUPPORT_HELPER_MESSAGES.ownEmail;
      return form.reply(onEmail ? { fieldErrors: { email: [error.message] } } : { formErrors: [failureMessage(error)] });
    }
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, 502);
    throw error;
  }
  return flash.redirectWithSuccess(SUPPORT_NEEDS_PATH, SUPPORT_NEEDS_FLASH.helperAdded(form.value.name));
}

export default function SupportHelper() {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "support-helper",
    schema: supportHelperSchema,
    reply: actionData,
    fieldNames: ["name", "email", "relationship", "agree"],
  });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <PageHeading
        above={
          <p>
            <Link to={SUPPORT_NEEDS_PATH} className="standalone-link">
              Back to your support needs
            </Link>
          </p>
        }
      >
        {TITLE}
      </PageHeading>
      <p>
        We will email them a link to confirm that they want to help. The link works for {HELPER_LINK_DAYS} days. Once they confirm, they get a
        copy of every email we send you about your {PRODUCT.name}, your claims and your payments, until you remove them.
      </p>
      <p>The copies may show amounts you owe and dates by which you need to act. We never send them your password or sign-in emails.</p>
      <AppForm {...form}>
        <TextField field={fields.name} label="Their name" type="text" autoComplete="off" />
        <TextField field={fields.email} label="Their email address" type="email" autoComplete="off" spellCheck={false} />
        <SelectField field={fields.relationship} label="How do you know them?" placeholder="Choose one" options={RELATIONSHIP_OPTIONS} />
        <CheckboxField
          field={fields.agree}
          plainLabel
          label={`I want this person to get a copy of the emails about my ${PRODUCT.name}, my claims and my payments`}
          hint="You can stop the copies at any time on your support needs page. They stop straight away."
        />
        <button type="submit" className="button">
          Send them the link
        </button>
      </AppForm>
    </div>
  );
}
