import { data, useActionData } from "react-router";
import { z } from "zod";
import { ActionButton } from "~/components/action-button";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { apiContext, messageOf } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/client-address.server";
import { parseForm } from "~/lib/forms.server";
import { textField } from "~/lib/text-rules";
import { emailField, PASSWORD_FAILURE_MESSAGE } from "./+lib/password-forms";
import { BackToLogin } from "./+lib/password-pages";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/reset-password-request";

/** Part 1 §5: email valid and required. */
export const resetRequestSchema = z.object({ email: emailField, resend: textField("shortText").optional() });

/**
 * 'Forgot password?' (part 1 §2.2): an email form, then 'Check Your Email' with 'Resend Email'
 * and 'Back to Login'. The answer is the same whether or not the email has an account. The API
 * throttles requests per email (silently) and per client address (its message is shown: it says
 * nothing about the account), so the browser's address goes with the request.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, resetRequestSchema);
  if (!form.ok) return form.invalid;
  const address = context.get(clientAddressContext);
  const { data: answer, error, response } = await context.get(apiContext).raw.POST("/auth/reset-password-request", {
    body: { email: form.value.email },
    headers: address ? { "x-forwarded-for": address } : {},
  });
  if (response.status === 429) return form.reply({ formErrors: [messageOf(error)] }, 429);
  if (!answer) return form.reply({ formErrors: [PASSWORD_FAILURE_MESSAGE] }, response.status >= 500 ? 502 : 400);
  return data({ sent: { email: form.value.email, message: answer.message, resent: form.value.resend === "1" } });
}

export default function ResetPasswordRequest() {
  const actionData = useActionData<typeof action>();
  const reply = actionData && "result" in actionData ? actionData : undefined;
  const { fields, ...form } = useAppForm({ id: "reset-request", schema: resetRequestSchema, reply, fieldNames: ["email"] });

  if (actionData && "sent" in actionData) {
    const { sent } = actionData;
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Check Your Email")}</title>
        <h1>Check Your Email</h1>
        {sent.resent ? <p role="status">We have sent another email.</p> : null}
        <p>{sent.message}</p>
        <p>
          Look in the inbox of <strong>{sent.email}</strong>: the link works once, for 1 hour. If nothing has arrived after a
          few minutes, check your spam folder or send it again.
        </p>
        <ActionButton fields={{ email: sent.email, resend: "1" }} buttonClassName="button button--secondary" reloadDocument>
          Resend Email
        </ActionButton>
        <BackToLogin />
      </div>
    );
  }

  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Forgot password?", form.errors.length > 0)}</title>
      <h1>Forgot password?</h1>
      <p>Enter the email address you sign in to {PRODUCT.name} with, and we will send you a link to choose a new password.</p>
      <AppForm {...form}>
        <TextField field={fields.email} label="Email address" type="email" autoComplete="email" spellCheck={false} />
        <button type="submit" className="button">
          Send link
        </button>
      </AppForm>
      <BackToLogin />
    </div>
  );
}
