import { Link, useActionData } from "react-router";
import { CRISIS_DAYS_AFTER_TREATMENT, STANDARD_BREATHING_SPACE_DAYS, BREATHING_SPACE_TYPE_LABELS } from "#common/breathing-space";
import { breathingSpaceHeading } from "~/lib/breathing-space.server";
import { RadioGroup } from "~/components/choice-fields";
import { DateOfBirthField } from "~/components/date-of-birth-field";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { formatDate } from "#common/wording";
import { parseForm } from "~/lib/forms.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import {
  BREATHING_SPACE_FIELDS,
  BREATHING_SPACE_TYPE_OPTIONS,
  breathingSpaceBody,
  breathingSpaceSchema,
  fieldOfRefusal,
  RECORDED_MESSAGE,
} from "./+lib/breathing-space-form";
import type { Route } from "./+types/breathing-space";

const TITLE = "Breathing Space";
const PATH = "/help/breathing-space";

/**
 * Breathing Space (issue 36, decision 0047): what it pauses and for how long, and the tenant's
 * own — recorded here from their debt adviser's letter (reference, start date, type), or shown
 * once recorded. A native form: no script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { current } = await context.get(apiContext).GET("/breathing-space");
  return {
    current: current
      ? {
          heading: breathingSpaceHeading(current),
          reference: current.reference,
          type: BREATHING_SPACE_TYPE_LABELS[current.type],
          started: formatDate(current.startDate),
          ends: current.until
            ? formatDate(current.until)
            : `${CRISIS_DAYS_AFTER_TREATMENT} days after the treatment ends: your debt adviser tells us when`,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, breathingSpaceSchema);
  if (!form.ok) return form.invalid;
  try {
    await context.get(apiContext).POST("/breathing-space", { body: breathingSpaceBody(form.value) });
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 500) {
      // The API checks the same rules again, and the date against its clock: its message goes on its field.
      const field = error.status === 400 ? fieldOfRefusal(error.message) : null;
      return field ? form.reply({ fieldErrors: { [field]: [error.message] } }) : form.reply({ formErrors: [failureMessage(error)] });
    }
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, 502);
    throw error;
  }
  return flash.redirectWithSuccess(PATH, RECORDED_MESSAGE);
}

export default function BreathingSpace({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, errors, ...form } = useAppForm({ id: "breathing-space", schema: breathingSpaceSchema, reply: actionData, fieldNames: BREATHING_SPACE_FIELDS });
  // The whole date's message links to the date's first part.
  const summary = errors.map((e) => (e.fieldId === fields.startDate.id ? { ...e, fieldId: fields.day.id } : e));
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>
        Breathing Space is a legal protection for people in problem debt in England and Wales (the Debt Respite Scheme). A debt adviser starts
        it, and it pauses what the people you owe can do. If you are in one, tell us below and we will pause what {PRODUCT.name} does.
      </p>
      {d.current ? (
        <section aria-labelledby="your-breathing-space">
          <h2 id="your-breathing-space">Your Breathing Space</h2>
          <p>
            <strong>{d.current.heading}</strong>
          </p>
          <dl className="plan-summary">
            <dt>Reference</dt>
            <dd>{d.current.reference}</dd>
            <dt>Type</dt>
            <dd>{d.current.type}</dd>
            <dt>Started</dt>
            <dd>{d.current.started}</dd>
            <dt>Ends</dt>
            <dd>{d.current.ends}</dd>
          </dl>
          <p>
            If any of this is wrong, <Link to="/contact">contact us</Link>.
          </p>
        </section>
      ) : null}
      <h2>What we pause while it lasts</h2>
      <ul>
        <li>We do not e-mail or text you to ask for payment, or to remind you of a payment deadline.</li>
        <li>No payment plan instalment is taken from your card.</li>
        <li>No fee is added to what you owe us: we do not raise the annual fee.</li>
        <li>No end of tenancy charges are treated as accepted because a deadline passed, for you or the other tenants on them.</li>
        <li>Any deadline that falls in it moves to after it ends, by the days that were left. Your pages and calendar files show the new dates.</li>
      </ul>
      <p>E-mails that ask for nothing, such as receipts, still go out. You can still answer charges or pay, if you choose to.</p>
      <h2>How long it lasts</h2>
      <ul>
        <li>A standard Breathing Space lasts {STANDARD_BREATHING_SPACE_DAYS} days from the day it started.</li>
        <li>
          A mental health crisis Breathing Space lasts while the crisis treatment does, and {CRISIS_DAYS_AFTER_TREATMENT} days after it. Your
          debt adviser tells us when the treatment has ended; until then it has no end date.
        </li>
      </ul>
      {d.current ? null : (
        <>
          <h2>Tell us about your Breathing Space</h2>
          <AppForm {...form} errors={summary}>
            <TextField
              field={fields.reference}
              label="Breathing Space reference"
              type="text"
              autoComplete="off"
              spellCheck={false}
              hint="It is on the letter or e-mail from your debt adviser or the Insolvency Service"
            />
            <DateOfBirthField
              legend="When did it start?"
              hint="For example, 27 3 2026"
              day={fields.day}
              month={fields.month}
              year={fields.year}
              whole={fields.startDate}
              notBirthday
            />
            <RadioGroup field={fields.type} legend="Which type of Breathing Space is it?" options={BREATHING_SPACE_TYPE_OPTIONS} />
            <button type="submit" className="button">
              Record my Breathing Space
            </button>
          </AppForm>
        </>
      )}
      <p>
        <Link to="/" className="standalone-link">
          Back to your {PRODUCT.name}s
        </Link>
      </p>
    </div>
  );
}
