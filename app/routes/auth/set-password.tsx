import { data, redirect, useActionData, useLoaderData } from "react-router";
import { NewPasswordForm, PasswordLinkProblem } from "./+lib/password-pages";
import { ApiFailure, apiContext, messageOf } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { PASSWORD_FAILURE_MESSAGE, newPasswordSchema } from "./+lib/password-forms";
import { passwordIssue, readPasswordLink } from "./+lib/password-links.server";
import { PRODUCT } from "~/lib/product";
import { startSignedInSession } from "~/lib/auth.server";
import type { Route } from "./+types/set-password";

/**
 * The set-password screen (part 1 §2.2): an invited tenant's first password, from the link in
 * the invitation e-mail (token and email). On success the tenant is signed in, as login does,
 * and goes to /keyfrees (the dashboard; docs/decisions/0010).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const link = await readPasswordLink(context.get(apiContext).raw, "SET", url);
  return link.usable ? { problem: null } : { problem: { state: link.state, message: link.message } };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await parseForm(request, newPasswordSchema, { hideFields: ["password", "confirmPassword"] });
  const api = context.get(apiContext).raw;
  const link = await readPasswordLink(api, "SET", url);
  if (!link.usable) return data({ problem: { state: link.state, message: link.message } }, { status: 400 });
  if (!form.ok) return form.invalid;
  const { data: set, response, error } = await api.POST("/auth/set-password", {
    body: { token: link.token, email: link.email, password: form.value.password! },
  });
  if (set) {
    const me = await api.GET("/me", { headers: { authorization: `Bearer ${set.accessToken}` } });
    if (!me.data) throw new ApiFailure(me.response.status, messageOf(me.error));
    const cookie = await startSignedInSession(request, api, { accessToken: set.accessToken, firstName: me.data.firstName, userId: me.data.id });
    return redirect(`/${PRODUCT.slug}s`, { headers: { "Set-Cookie": cookie } });
  }
  const issue = passwordIssue(error);
  if (issue) return form.reply({ fieldErrors: { password: [issue] } });
  const again = await readPasswordLink(api, "SET", url);
  if (!again.usable) return data({ problem: { state: again.state, message: again.message } }, { status: 400 });
  return form.reply({ formErrors: [PASSWORD_FAILURE_MESSAGE] }, response.status >= 500 ? 502 : 400);
}

export default function SetPassword() {
  const { problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shown = actionData && "problem" in actionData ? actionData.problem : problem;
  if (shown) return <PasswordLinkProblem state={shown.state} message={shown.message} />;
  return (
    <NewPasswordForm
      id="set-password"
      heading="Set Password"
      submit="Set Password"
      reply={actionData && "result" in actionData ? actionData : undefined}
    />
  );
}
