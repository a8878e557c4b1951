import { data, redirect, useActionData } from "react-router";
import { z } from "zod";
import { ActionButton } from "~/components/action-button";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { readForm } from "~/lib/csrf.server";
import { formatDate } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import { textField } from "~/lib/text-rules";
import { HELPER_LINK_MESSAGES } from "#common/support-needs";
import type { Route } from "./+types/confirm";

/** Where a helper goes once they have confirmed. */
const CONFIRMED_PATH = "/helper/confirmed";

const tokenSchema = z.object({ token: textField("token").min(1) });

/**
 * Someone to help (issue 36, scope 5; decision 0050): the page the helper's e-mailed link opens,
 * with no sign-in. It says whom they would help and what they agree to, and confirming is a post
 * (CSRF, no script). A link that is used, expired, unknown or withdrawn shows a plain message.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = tokenSchema.safeParse({ token: url.searchParams.get("token") ?? "" });
  if (!parsed.success) return { state: "INVALID" as const, message: HELPER_LINK_MESSAGES.invalid, token: null, tenantFirstName: null, helperName: null, until: null };
  const link = await context.get(apiContext).GET("/support-helpers/confirmation", { params: { query: { token: parsed.data.token } } });
  return {
    state: link.state,
    message: link.message,
    token: link.state === "USABLE" ? parsed.data.token : null,
    tenantFirstName: link.tenantFirstName,
    helperName: link.helperName,
    until: link.linkExpiresAt ? formatDate(link.linkExpiresAt) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = tokenSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ problem: HELPER_LINK_MESSAGES.invalid }, { status: 400 });
  try {
    await context.get(apiContext).POST("/support-helpers/confirm", { body: { token: parsed.data.token } });
  } catch (error) {
    if (error instanceof ApiFailure) return data({ problem: failureMessage(error) }, { status: error.status >= 500 ? 502 : 400 });
    throw error;
  }
  return redirect(CONFIRMED_PATH);
}

export default function HelperConfirm({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const problem = actionData?.problem ?? (d.state === "USABLE" ? null : d.message);
  if (problem || !d.token) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("This link cannot be used")}</title>
        <h1>This link cannot be used</h1>
        <p>{problem}</p>
        <p>You will not get copies of anyone&rsquo;s {PRODUCT.name} emails through this link.</p>
      </div>
    );
  }
  const name = d.tenantFirstName;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(`Help ${name} with their ${PRODUCT.name}`)}</title>
      <h1>{`Help ${name} with their ${PRODUCT.name}`}</h1>
      <p>Hello {d.helperName},</p>
      <p>
        {name} has asked us to send you a copy of the emails we send them about their {PRODUCT.name}, their claims and their payments, so
        that you can help them.
      </p>
      <h2>What you agree to</h2>
      <ul>
        <li>We will email you a copy of each of those emails, from now on. Each copy says at the top that it is a copy of an email to {name}.</li>
        <li>The copies may show amounts of money {name} owes and dates by which they need to act. Please keep them private.</li>
        <li>We never send you {name}&rsquo;s password or sign-in emails, and you cannot sign in to their account or act in their name.</li>
        <li>{name} can stop the copies at any time. We will email you if they do.</li>
      </ul>
      <ActionButton
        fields={{ token: d.token }}
        after={<p className="field__hint">This link works once, until {d.until}. If you do not want to help, close this page: you will get no copies.</p>}
      >
        {`Confirm that I will help ${name}`}
      </ActionButton>
    </div>
  );
}
