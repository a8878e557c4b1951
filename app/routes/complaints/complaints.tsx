import { Link, redirect, useActionData } from "react-router";
import { SelectField, TextAreaField } from "~/components/choice-fields";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { getAccessToken } from "~/lib/auth.server";
import { addressLine } from "~/lib/format";
import { parseForm } from "~/lib/forms.server";
import { loginPath } from "~/lib/login-path";
import { pageTitle, PRODUCT } from "~/lib/product";
import { COMPLAINT_REFERENCE_PATTERN } from "#common/complaints";
import { aboutIds, COMPLAINT_TOPIC_OPTIONS, signedInComplaintSchema, signedOutComplaintSchema } from "./+lib/complaints";
import type { Route } from "./+types/complaints";

const TITLE = "Make a complaint";

/**
 * Complaints (issue 40, decision 0066): the form, signed in or not, with no script. Signed in, the
 * tenant picks one of their claims or Keyfrees (from their dashboard's list, so only their own);
 * signed out, the form asks for a name and an e-mail. Once raised, a signed-in tenant sees the
 * complaint's page; a signed-out one is told to look for the acknowledgement (`?sent=` the reference).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const sentParam = url.searchParams.get("sent");
  const sent = sentParam && COMPLAINT_REFERENCE_PATTERN.test(sentParam) ? sentParam : null;
  if (!(await getAccessToken(request))) {
    return { signedIn: false as const, sent, email: null, options: [], login: loginPath(url.pathname) };
  }
  const api = context.get(apiContext);
  const [me, dashboard] = await Promise.all([api.GET("/me"), api.GET("/dashboard")]);
  const options: { value: string; label: string }[] = [];
  for (const order of dashboard.tenancyOrders) {
    const where = addressLine(order.tenancy.property.address);
    if (order.productId === PRODUCT.code) options.push({ value: `order:${order.id}`, label: `Your ${PRODUCT.name} for ${where}` });
    if (order.claim?.id) options.push({ value: `claim:${order.claim.id}`, label: `The end of tenancy charges for ${where}` });
  }
  return { signedIn: true as const, sent, email: me.email, options, login: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const signedIn = Boolean(await getAccessToken(request));
  const form = signedIn ? await parseForm(request, signedInComplaintSchema) : await parseForm(request, signedOutComplaintSchema);
  if (!form.ok) return form.invalid;
  const { about, ...rest } = form.value as typeof form.value & { about?: string };
  try {
    const raised = await api.POST("/complaints", { body: { ...rest, ...aboutIds(about) } });
    return redirect(signedIn ? `/complaints/${raised.reference}` : `/complaints?sent=${raised.reference}`);
  } catch (error) {
    // The form again, with what was typed and why it was not raised.
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}

export default function Complaints({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const signedIn = d.signedIn;
  const { fields, ...form } = useAppForm({
    id: "complaint",
    schema: (signedIn ? signedInComplaintSchema : signedOutComplaintSchema) as typeof signedOutComplaintSchema,
    reply: actionData,
    // One form either way (the about field only signed in, name and e-mail only signed out).
    fieldNames: (signedIn ? ["topic", "about", "whatHappened", "putRight"] : ["topic", "name", "email", "whatHappened", "putRight"]) as never,
  });
  const aboutField = (fields as unknown as Record<string, typeof fields.topic>).about;
  if (d.sent) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Your complaint has been sent")}</title>
        <h1>Your complaint has been sent</h1>
        <p>
          Your reference is <strong>{d.sent}</strong>.
        </p>
        <p>
          We have emailed you our acknowledgement. It has a link to your complaint's page, where you can see our responses and the
          dates we must answer by. Keep that email.
        </p>
      </div>
    );
  }
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>
        If you think {PRODUCT.name} has treated you unfairly, tell us here. We will acknowledge your complaint within 5 working days
        and send you our final response within 8 weeks. If you are not happy with our final response, or we have not sent it within 8
        weeks, you can refer your complaint to the ombudsman.
      </p>
      {d.email ? (
        <p>
          We will write to <strong>{d.email}</strong>, the email address of your account.
        </p>
      ) : (
        <p>
          If you have an account, <Link to={d.login!}>log in</Link> first so that you can tell us which claim or {PRODUCT.name} your
          complaint is about.
        </p>
      )}
      <AppForm {...form}>
        <SelectField field={fields.topic} label="What is your complaint about?" placeholder="Choose a topic" options={COMPLAINT_TOPIC_OPTIONS} />
        {signedIn && aboutField && d.options.length > 0 ? (
          <SelectField field={aboutField} label={`Which claim or ${PRODUCT.name} is it about? (optional)`} placeholder="None in particular" options={d.options} />
        ) : null}
        {signedIn ? null : (
          <>
            <TextField field={fields.name} label="Your name" type="text" autoComplete="name" />
            <TextField field={fields.email} label="Your email address" type="email" autoComplete="email" hint="We will write to this address." spellCheck={false} />
          </>
        )}
        <TextAreaField field={fields.whatHappened} label="What happened?" rows={8} />
        <TextAreaField field={fields.putRight} label="What would put it right?" rows={5} />
        <button type="submit" className="button">
          Send complaint
        </button>
      </AppForm>
    </div>
  );
}
