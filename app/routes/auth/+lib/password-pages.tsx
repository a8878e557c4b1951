import { Link, useLocation } from "react-router";
import type { FormReply } from "~/lib/forms.server";
import { NEW_PASSWORD_HINT, newPasswordSchema } from "./password-forms";
import { pageTitle } from "~/lib/product";
import { AppForm, TextField, useAppForm } from "~/components/forms";

const PROBLEM_TITLES = {
  INVALID: "This link is not valid",
  USED: "This link has already been used",
  EXPIRED: "This link has expired",
} as const;

/**
 * An e-mailed password link that cannot be used (unknown, used or expired): says which, in the
 * API's words, and offers a new link ('Forgot password?') and the login page.
 */
export function PasswordLinkProblem({ state, message }: { state: keyof typeof PROBLEM_TITLES; message: string }) {
  const title = PROBLEM_TITLES[state];
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(title)}</title>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link to="/auth/reset-password-request" className="button">
          Get a new link
        </Link>
      </p>
      <BackToLogin />
    </div>
  );
}

/** 'Change Password' and 'Set Password': password and confirm password, posted back to this URL (token and email in it). */
export function NewPasswordForm({ id, heading, submit, reply }: { id: string; heading: string; submit: string; reply: FormReply | undefined }) {
  const { search } = useLocation();
  const { fields, ...form } = useAppForm({ id, schema: newPasswordSchema, reply, fieldNames: ["password", "confirmPassword"] });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(heading, form.errors.length > 0)}</title>
      <h1>{heading}</h1>
      <AppForm {...form} action={search || undefined}>
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          keepValue={false}
          resetKey={reply?.attempt}
        />
        <TextField
          field={fields.confirmPassword}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          keepValue={false}
          resetKey={reply?.attempt}
        />
        <button type="submit" className="button">
          {submit}
        </button>
      </AppForm>
    </div>
  );
}

/** 'Back to Login', under the password pages' forms and messages. */
export function BackToLogin() {
  return (
    <p>
      <Link to="/auth/login" className="standalone-link">
        Back to Login
      </Link>
    </p>
  );
}
