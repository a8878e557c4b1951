import { data, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { apiContext } from "~/lib/api.server";
import { LoginLocked, LoginRefused, loginStrategy, startSignedInSession } from "~/lib/auth.server";
import { parseForm } from "~/lib/forms.server";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { textField, withTextRules } from "~/lib/text-rules";
import { WRONG_CREDENTIALS_MESSAGE } from "~/lib/messages";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/login";

/** Spec part 1 §5: email valid and required; password required ('Required'). */
export const loginSchema = z.object({
  email: withTextRules(z.string({ error: "Required" }), "email")
    .trim()
    .pipe(z.email({ error: "Enter an email address in the correct format, like name@example.com" })),
  password: textField("password", { required: "Required" }),
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await parseForm(request, loginSchema, { hideFields: ["password"] });
  if (!form.ok) return form.invalid;
  let outcome;
  try {
    outcome = await loginStrategy(context.get(apiContext).raw).authenticate(request);
  } catch (error) {
    if (error instanceof LoginLocked) return form.reply({ formErrors: [error.message] }, 429);
    if (error instanceof LoginRefused) return form.reply({ formErrors: [WRONG_CREDENTIALS_MESSAGE] });
    throw error;
  }
  if (outcome.requiresReset) return data({ ...(await form.reply({ resetForm: true }, 200)).data, checkEmail: true });
  const cookie = await startSignedInSession(request, context.get(apiContext).raw, outcome);
  return redirect(safeRedirectTarget(url.searchParams.get("redirectTo")), {
    headers: { "Set-Cookie": cookie },
  });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { fields, ...form } = useAppForm({ id: "login", schema: loginSchema, reply: actionData, fieldNames: ["email", "password"] });

  if (actionData && "checkEmail" in actionData) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Check Your Email")}</title>
        <h1>Check Your Email</h1>
        <p>
          It has been a while since you last signed in, so we need you to choose a new password. We have sent you an
          email with a link to do that.
        </p>
        <p>
          <Link to="/auth/login" className="button">
            Go to login
          </Link>
        </p>
      </div>
    );
  }

  const redirectTo = searchParams.get("redirectTo");
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/login");
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Login", form.errors.length > 0)}</title>
      <h1>Welcome to {PRODUCT.name}</h1>
      <p>Sign in to see your {PRODUCT.name}s and anything you need to do.</p>
      <AppForm {...form} action={redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : undefined}>
        <TextField field={fields.email} label="Email address" type="email" autoComplete="email" spellCheck={false} />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          keepValue={false}
          resetKey={actionData?.attempt}
        />
        <p>
          <Link to="/auth/reset-password-request">Forgot password?</Link>
        </p>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Signing in..." : "Login"}
        </button>
      </AppForm>
    </div>
  );
}
