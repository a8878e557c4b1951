import { Link, redirect, useActionData } from "react-router";
import { SelectField, TextAreaField } from "~/components/choice-fields";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage, type RawApi } from "~/lib/api.server";
import { getAccessToken } from "~/lib/auth.server";
import { CONTACT_SENT_PATH } from "~/lib/contact";
import { parseForm } from "~/lib/forms.server";
import { loginPath } from "~/lib/login-path";
import { pageTitle, PRODUCT } from "~/lib/product";
import { isWellFormedId } from "#common/input";
import { SUPPORT_TOPIC_SLUGS, topicFromSlug } from "#common/support-messages";
import { messageHint, signedInContactSchema, signedOutContactSchema, TOPIC_OPTIONS } from "./+lib/contact";
import type { Route } from "./+types/contact";

const TITLE = "Contact us";

type About = { claimId?: string; orderId?: string; label: string };

/**
 * What the message is about, from the link the tenant followed (`?claimId=`, or `?orderId=&customerId=`):
 * kept only when the API shows it to this tenant, so another tenant's id is simply not offered.
 */
async function aboutFromLink(raw: RawApi, url: URL): Promise<About | null> {
  const claimId = url.searchParams.get("claimId");
  if (isWellFormedId(claimId)) {
    const claim = await raw.GET("/claims/{claimId}", { params: { path: { claimId } } });
    if (claim.response.ok) return { claimId, label: "Your end-of-tenancy charges" };
  }
  const orderId = url.searchParams.get("orderId");
  const customerId = url.searchParams.get("customerId");
  if (isWellFormedId(orderId) && isWellFormedId(customerId)) {
    const oc = await raw.GET("/orders/{orderId}/customers/{customerId}", { params: { path: { orderId, customerId } } });
    if (oc.response.ok && oc.data) {
      return { orderId, label: oc.data.order.productId === PRODUCT.code ? `Your ${PRODUCT.name}` : "The payment you were making" };
    }
  }
  return null;
}

/**
 * The contact page (issue 26, scope 3): a message to support, signed in or not, with no script
 * and no third party. Signed in, the account's name and e-mail are used and the claim or Keyfree
 * the tenant came from is attached; signed out, the form asks for a name and an e-mail address.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const topic = topicFromSlug(url.searchParams.get("topic")) ?? undefined;
  if (!(await getAccessToken(request))) {
    return { signedIn: false as const, topic, sender: null, about: null, login: loginPath(url.pathname + url.search) };
  }
  const api = context.get(apiContext);
  const [me, about] = await Promise.all([api.GET("/me"), aboutFromLink(api.raw, url)]);
  // Without the reference: the same page, about nothing in particular.
  const withoutAbout = topic ? `/contact?topic=${SUPPORT_TOPIC_SLUGS[topic]}` : "/contact";
  return {
    signedIn: true as const,
    topic,
    sender: { name: `${me.firstName} ${me.lastName}`.trim(), email: me.email },
    about: about ? { ...about, remove: withoutAbout } : null,
    login: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = Boolean(await getAccessToken(request));
  const form = signedIn ? await parseForm(request, signedInContactSchema) : await parseForm(request, signedOutContactSchema);
  if (!form.ok) return form.invalid;
  try {
    await context.get(apiContext).POST("/support-messages", { body: form.value });
  } catch (error) {
    // The form again, with what was typed and why it was not sent (the API's refusal: too many messages, say).
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
  return redirect(CONTACT_SENT_PATH);
}

export default function Contact({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const signedIn = d.signedIn;
  const { fields, ...form } = useAppForm({
    id: "contact",
    // One form either way; signed in, it has no name or e-mail fields (the account's are used).
    schema: (signedIn ? signedInContactSchema : signedOutContactSchema) as typeof signedOutContactSchema,
    reply: actionData,
    fieldNames: signedIn ? ["topic", "message"] : ["topic", "name", "email", "message"],
    defaultValue: d.topic ? { topic: d.topic } : undefined,
  });
  const message = fields.message.value;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>
        Tell us what you need help with and we will reply by email as soon as we can. We will also email you a copy of your
        message.
      </p>
      {d.sender ? (
        <p>
          We will reply to <strong>{d.sender.email}</strong>, the email address of your account.
        </p>
      ) : (
        <p>
          If you have an account, <Link to={d.login!}>log in</Link> first so that we can see your {PRODUCT.name} and reply
          faster.
        </p>
      )}
      <p>
        If you think we have treated you unfairly, you can <Link to="/complaints">make a complaint</Link>: it has its own reference
        and dates we must answer by.
      </p>
      <AppForm {...form}>
        {d.about ? (
          <div className="contact-about">
            <h2 className="contact-about__title">What this message is about</h2>
            <p>{d.about.label}</p>
            <p>
              <Link to={d.about.remove}>It is about something else</Link>
            </p>
            {d.about.claimId ? <input type="hidden" name="claimId" value={d.about.claimId} /> : null}
            {d.about.orderId ? <input type="hidden" name="orderId" value={d.about.orderId} /> : null}
          </div>
        ) : null}
        <SelectField field={fields.topic} label="What do you need help with?" placeholder="Choose a topic" options={TOPIC_OPTIONS} />
        {signedIn ? null : (
          <>
            <TextField field={fields.name} label="Your name" type="text" autoComplete="name" />
            <TextField field={fields.email} label="Your email address" type="email" autoComplete="email" hint="We will reply to this address." spellCheck={false} />
          </>
        )}
        <TextAreaField
          field={fields.message}
          label="Your message"
          hint={messageHint(typeof message === "string" ? message : undefined)}
          rows={8}
        />
        <button type="submit" className="button">
          Send message
        </button>
      </AppForm>
    </div>
  );
}
