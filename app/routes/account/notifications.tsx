import { Link, useActionData } from "react-router";
import { RadioGroup } from "~/components/choice-fields";
import { AppForm, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import {
  NOTIFICATIONS_PATH,
  notificationsSchema,
  notificationsView,
  TEXT_MESSAGE_MESSAGES,
  TEXT_MESSAGE_OPTIONS,
  UNDELIVERED_TEXT_TITLE,
} from "./+lib/notifications";
import { BackToKeyfrees, YourDataLink } from "./+lib/back-to-keyfrees";
import type { Route } from "./+types/notifications";

const TITLE = "How we contact you";

/**
 * How we contact you (issue 28, scope 4): every notice is e-mailed to the account's address and
 * cannot be turned off (the terms serve notices by e-mail); text messages go to the mobile number
 * from About You unless the tenant turns them off here. When the last text to that number could not
 * be delivered (Twilio's status, issue 38), it says so and what to do. A native form: no script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return notificationsView(await context.get(apiContext).GET("/me/notice-settings"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, notificationsSchema);
  if (!form.ok) return form.invalid;
  const smsNotices = form.value.textMessages === "yes";
  try {
    await context.get(apiContext).PUT("/me/notice-settings", { body: { smsNotices } });
  } catch (error) {
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : 400);
    throw error;
  }
  return flash.redirectWithSuccess(NOTIFICATIONS_PATH, smsNotices ? TEXT_MESSAGE_MESSAGES.savedOn : TEXT_MESSAGE_MESSAGES.savedOff);
}

export default function Notifications({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "notifications",
    schema: notificationsSchema,
    reply: actionData,
    fieldNames: ["textMessages"],
    defaultValue: { textMessages: d.choice },
  });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <h2>E-mail</h2>
      <p>
        We e-mail every notice about your {PRODUCT.name} to <strong>{d.email}</strong>: when it is your turn, when charges are raised,
        reminders before a deadline, and receipts for your payments.
      </p>
      <p>E-mails cannot be turned off, because your {PRODUCT.name} terms say that notices are sent by e-mail.</p>
      <h2>Text messages</h2>
      {d.lastTextUndelivered ? (
        <div className="notice notice--warning">
          <h3 className="notice__title">{UNDELIVERED_TEXT_TITLE}</h3>
          <p>
            Our last text message to <strong>{d.mobileNumber}</strong> did not reach a phone. Check that this is your mobile number: it
            is the one you gave in the About You step. If it is wrong or has changed, <Link to="/contact?topic=keyfree">contact us</Link>{" "}
            to change it. Every notice still reaches you by e-mail.
          </p>
        </div>
      ) : null}
      {d.mobileNumber ? (
        <p>
          We can also send a short text message to <strong>{d.mobileNumber}</strong> when it is your turn or a deadline is near. A text
          message has only your first name and a link, never an amount.
        </p>
      ) : (
        <p>
          We do not have a mobile number for you, so for now we only e-mail you. You give your mobile number in the About You step when you
          set up a {PRODUCT.name}.
        </p>
      )}
      <AppForm {...form}>
        <RadioGroup field={fields.textMessages} legend="Send me text messages?" options={TEXT_MESSAGE_OPTIONS} />
        <button type="submit" className="button">
          Save
        </button>
      </AppForm>
      <YourDataLink />
      <BackToKeyfrees />
    </div>
  );
}
