import { data, Link, useActionData, useLoaderData } from "react-router";
import { NewPasswordForm, PasswordLinkProblem } from "./+lib/password-pages";
import { apiContext } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { PASSWORD_FAILURE_MESSAGE, newPasswordSchema } from "./+lib/password-forms";
import { passwordIssue, readPasswordLink } from "./+lib/password-links.server";
import { pageTitle } from "~/lib/product";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/reset-password";

/** Part 1 §2.2 and part 2 §2: after 'Password Reset' the tenant goes to login after 4 seconds. */
export const LOGIN_REDIRECT_SECONDS = 4;
export const PASSWORD_RESET_FLASH = "Your password has been reset. Sign in with your new password.";

/**
 * The reset-password screen (part 1 §2.2): the e-mailed link carries token and email. A link
 * that can be used shows 'Change Password'; one that cannot says why, with a way to get a new one.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const link = await readPasswordLink(context.get(apiContext).raw, "RESET", url);
  return link.usable ? { problem: null } : { problem: { state: link.state, message: link.message } };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await parseForm(request, newPasswordSchema, { hideFields: ["password", "confirmPassword"] });
  const api = context.get(apiContext).raw;
  const link = await readPasswordLink(api, "RESET", url);
  if (!link.usable) return data({ problem: { state: link.state, message: link.message } }, { status: 400 });
  if (!form.ok) return form.invalid;
  const { response, error } = await api.POST("/auth/reset-password", {
    body: { token: link.token, email: link.email ?? "", password: form.value.password! },
  });
  // The login page says it again, so nothing is lost when the timed redirect cuts reading short.
  if (response.status === 204) return flash.dataWithSuccess({ done: true as const }, PASSWORD_RESET_FLASH);
  const issue = passwordIssue(error);
  if (issue) return form.reply({ fieldErrors: { password: [issue] } });
  // The link may have been used or have expired since the page was shown.
  const again = await readPasswordLink(api, "RESET", url);
  if (!again.usable) return data({ problem: { state: again.state, message: again.message } }, { status: 400 });
  return form.reply({ formErrors: [PASSWORD_FAILURE_MESSAGE] }, response.status >= 500 ? 502 : 400);
}

export default function ResetPassword() {
  const { problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData && "done" in actionData) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Password Reset")}</title>
        <meta httpEquiv="refresh" content={`${LOGIN_REDIRECT_SECONDS};url=/auth/login`} />
        <h1>Password Reset</h1>
        <p role="status">Your password has been changed and you have been signed out everywhere. Taking you to the login page…</p>
        <p>
          <Link to="/auth/login" className="button">
            Go to login
          </Link>
        </p>
      </div>
    );
  }
  const shown = actionData && "problem" in actionData ? actionData.problem : problem;
  if (shown) return <PasswordLinkProblem state={shown.state} message={shown.message} />;
  return (
    <NewPasswordForm
      id="reset-password"
      heading="Change Password"
      submit="Change Password"
      reply={actionData && "result" in actionData ? actionData : undefined}
    />
  );
}
