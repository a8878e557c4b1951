import { Link, useActionData } from "react-router";
import { ActionButton } from "~/components/action-button";
import { CheckboxField } from "~/components/checkbox-field";
import { CheckboxGroup, TextAreaField } from "~/components/choice-fields";
import { AppForm, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { readForm } from "~/lib/csrf.server";
import { parseForm } from "~/lib/forms.server";
import { dispatchIntent } from "~/lib/intent.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { SUPPORT_HELPER_PATH, SUPPORT_NEEDS_PATH } from "#common/support-needs";
import { CONSENT_LABEL, detailsHint, NEED_OPTIONS, SUPPORT_NEEDS_FLASH, supportNeedsSchema, supportNeedsView } from "./+lib/support-needs";
import { BackToKeyfrees, YourDataLink } from "./+lib/back-to-keyfrees";
import type { Route } from "./+types/support-needs";

const TITLE = "Your support needs";

/**
 * Your support needs (issue 36, scope 5; decision 0050): what would help the tenant, recorded
 * only with their explicit consent and deleted when they remove it, and the one person who gets
 * copies of their e-mails (added on /account/support-needs/helper). Three forms (save, remove my
 * support needs, remove the helper), each a native post: no script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return supportNeedsView(await context.get(apiContext).GET("/me/support-needs"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  return dispatchIntent(await readForm(request), {
    save: async () => {
      const form = await parseForm(request, supportNeedsSchema);
      if (!form.ok) return form.invalid;
      const { needs, details } = form.value;
      try {
        await api.PUT("/me/support-needs", { body: { consent: true, needs, details: details || null } });
      } catch (error) {
        if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : 400);
        throw error;
      }
      return flash.redirectWithSuccess(SUPPORT_NEEDS_PATH, SUPPORT_NEEDS_FLASH.saved);
    },
    withdraw: async () => {
      await api.DELETE("/me/support-needs");
      return flash.redirectWithSuccess(SUPPORT_NEEDS_PATH, SUPPORT_NEEDS_FLASH.withdrawn);
    },
    "remove-helper": async () => {
      const { removed } = await api.DELETE("/me/support-helper");
      return flash.redirectWithSuccess(SUPPORT_NEEDS_PATH, removed ? SUPPORT_NEEDS_FLASH.helperRemoved(removed.name, removed.told) : SUPPORT_NEEDS_FLASH.nobodyToRemove);
    },
  });
}

export default function SupportNeeds({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "support-needs",
    schema: supportNeedsSchema,
    reply: actionData && "result" in actionData ? actionData : undefined,
    fieldNames: ["needs", "details", "consent"],
    defaultValue: d.defaults,
  });
  const details = fields.details.value;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>
        If something makes it harder for you to deal with us, or with money, you can tell us here and we will do what we can to help. It is
        up to you: you do not have to tell us anything.
      </p>

      {d.recorded ? (
        <section className="support-needs__section" aria-labelledby="recorded-title">
          <h2 id="recorded-title">What you have told us</h2>
          {d.recorded.labels.length > 0 ? (
            <ul>
              {d.recorded.labels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          ) : null}
          {d.recorded.details ? (
            <p className="support-needs__details">
              In your own words: <q>{d.recorded.details}</q>
            </p>
          ) : null}
          {d.emailOnly ? <p>We will not send you text messages while this is recorded, whatever &lsquo;How we contact you&rsquo; says.</p> : null}
          <p>You agreed to us recording this on {d.recorded.consentedOn}. Only our team that supports tenants can see it.</p>
          <ActionButton
            intent="withdraw"
            buttonClassName="button button--secondary"
            after={<p className="field__hint">We delete it straight away. You can tell us again at any time.</p>}
          >
            Remove my support needs
          </ActionButton>
        </section>
      ) : null}

      <section className="support-needs__section" aria-labelledby="needs-title">
        <h2 id="needs-title">{d.recorded ? "Change what would help you" : "What would help you"}</h2>
        <AppForm {...form}>
          <input type="hidden" name="intent" value="save" />
          <CheckboxGroup field={fields.needs} legend="Tick all that apply" options={NEED_OPTIONS} />
          <TextAreaField
            field={fields.details}
            label="Anything else you want us to know (optional)"
            hint={detailsHint(typeof details === "string" ? details : undefined)}
            rows={5}
          />
          <CheckboxField
            field={fields.consent}
            plainLabel
            label={CONSENT_LABEL}
            hint={`Only our team that supports tenants can see it, to help you. We never use it to decide charges, and never share it outside ${PRODUCT.name}. You can remove it at any time, and it is then deleted.`}
          />
          <button type="submit" className="button">
            Save my support needs
          </button>
        </AppForm>
      </section>

      <section className="support-needs__section" aria-labelledby="helper-title">
        <h2 id="helper-title">Someone to help you</h2>
        <p>
          You can ask us to send a copy of the emails we send you about your {PRODUCT.name}, your claims and your payments to someone who
          helps you, such as a relative, a carer or a money adviser. We never send them your password or sign-in emails, and they cannot
          sign in to your account.
        </p>
        <HelperState helper={d.helper} />
      </section>

      <YourDataLink />
      <BackToKeyfrees />
    </div>
  );
}

type Helper = Route.ComponentProps["loaderData"]["helper"];

/** Who helps the tenant, where that stands, and the way to change it. */
function HelperState({ helper }: { helper: Helper }) {
  if (!helper || helper.status === "EXPIRED") {
    return (
      <>
        {helper ? (
          <p>
            {helper.name} did not confirm within 7 days, so they do not get copies. You can add them again to send a new link, or add someone
            else.
          </p>
        ) : null}
        <p>
          <Link to={SUPPORT_HELPER_PATH} className="standalone-link">
            Add someone to help you
          </Link>
        </p>
      </>
    );
  }
  const who = (
    <>
      <strong>{helper.name}</strong> ({[helper.relationship, helper.email].filter(Boolean).join(", ")})
    </>
  );
  return (
    <>
      {helper.status === "CONFIRMED" ? (
        <p>
          {who} gets a copy of the emails we send you about your {PRODUCT.name}, your claims and your payments. They confirmed on{" "}
          {helper.confirmedOn}.
        </p>
      ) : (
        <p>
          We have emailed {who} a link to confirm that they want to help. They get no copies until they confirm. The link works until{" "}
          {helper.linkUntil}.
        </p>
      )}
      <ActionButton
        intent="remove-helper"
        buttonClassName="button button--secondary"
        after={
          <p className="field__hint">
            {helper.status === "CONFIRMED"
              ? "The copies stop straight away, including any emails not sent yet, and we email them to say so. Only one person can get copies at a time."
              : "Their link stops working straight away. Only one person can get copies at a time."}
          </p>
        }
      >
        {helper.status === "CONFIRMED" ? `Stop sending copies to ${helper.name}` : `Remove ${helper.name}`}
      </ActionButton>
    </>
  );
}
