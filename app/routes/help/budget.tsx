import { data, Link, redirect, useActionData } from "react-router";
import { Facts } from "~/components/facts";
import { ActionButton } from "~/components/action-button";
import { SelectField } from "~/components/choice-fields";
import { AppForm, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { readForm } from "~/lib/csrf.server";
import { parseForm } from "~/lib/forms.server";
import { dispatchIntent } from "~/lib/intent.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { BUDGET_GROUPS } from "#common/budget";
import {
  answerView,
  apiLines,
  BUDGET_FIELD_NAMES,
  BUDGET_PATH,
  budgetPageView,
  budgetSchema,
  debtRef,
  frequencyField,
  planRequestSchema,
  typedValues,
} from "./+lib/budget";
import { BudgetGroup, BudgetLine } from "./+lib/budget-fields";
import type { Route } from "./+types/budget";

/**
 * A plan the tenant can afford, worked out from their budget (issue 36, scope 2): their income
 * and outgoings in the Standard Financial Statement's groups, each weekly, fortnightly,
 * four-weekly or monthly; the API turns each into a monthly figure and answers what is left each
 * month and the plans of at most 12 monthly instalments, with no interest and no fees, that fit
 * the debt chosen. The tenant can send the plan as a request; `?sent=` shows it sent. No script:
 * the answer is the post's, the request a second form carrying the same budget.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const debts = await context.get(apiContext).GET("/debts");
  return budgetPageView(debts, url);
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const posted = await readForm(request);
  return dispatchIntent(
    posted,
    {
      "work-out": async () => {
        const form = await parseForm(request, budgetSchema);
        if (!form.ok) return form.invalid;
        try {
          const answer = await api.POST("/debts/budget", { body: { ...debtRef(form.value.debt)!, lines: apiLines(form.value) } });
          return data({ answer: answerView(answer), values: typedValues(posted) });
        } catch (error) {
          // The debt was paid meanwhile, or is on a plan now: said on its field, the budget kept.
          if (error instanceof ApiFailure && error.status < 500) return form.reply({ fieldErrors: { debt: [failureMessage(error)] } });
          throw error;
        }
      },
      request: async () => {
        const form = await parseForm(request, planRequestSchema);
        // Only a page left open too long or a hand-made post gets here: the page again, with the reason.
        if (!form.ok) return flash.redirectWithError(BUDGET_PATH, { message: "Please work out your plan again and choose one of the plans shown." });
        try {
          const sent = await api.POST("/payment-plan-requests", {
            body: { ...debtRef(form.value.debt)!, lines: apiLines(form.value), instalments: form.value.instalments },
          });
          return redirect(`${BUDGET_PATH}?sent=${encodeURIComponent(sent.id)}`);
        } catch (error) {
          if (error instanceof ApiFailure) return flash.redirectWithError(BUDGET_PATH, { message: failureMessage(error) });
          throw error;
        }
      },
    },
    { missing: "work-out" },
  );
}

const TITLE = "Work out a plan you can afford";

export default function Budget({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const answer = actionData && "answer" in actionData ? actionData.answer : null;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const reply = actionData && "result" in actionData ? actionData : undefined;
  const { fields, ...form } = useAppForm({
    id: "budget",
    schema: budgetSchema,
    reply,
    fieldNames: BUDGET_FIELD_NAMES,
    defaultValue: values ?? (d.chosen ? { debt: d.chosen } : undefined),
  });
  const all = fields as unknown as Record<string, Parameters<typeof BudgetLine>[0]["amount"]>;

  if (d.sent) return <Sent sent={d.sent} offerHours={d.offerHours} />;

  const title = answer ? (answer.nothingFits ? "What you have left each month" : "The plans you can afford") : TITLE;
  return (
    <div className="panel panel--narrow budget">
      <title>{pageTitle(title, form.errors.length > 0)}</title>
      <h1>{title}</h1>
      {answer ? <Answer answer={answer} values={values ?? {}} /> : <Introduction maxInstalments={d.maxInstalments} />}

      {d.waiting.length > 0 ? (
        <section aria-labelledby="budget-waiting">
          <h2 id="budget-waiting">Waiting for our answer</h2>
          <ul>
            {d.waiting.map((w) => (
              <li key={w.key}>
                {w.words} We will answer you by e-mail. Until we do, nobody will ask you for this money.
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.options.length === 0 ? (
        d.waiting.length === 0 ? (
          <p>You have nothing to pay us at the moment, so there is no plan to work out.</p>
        ) : null
      ) : (
        <section aria-labelledby="budget-form-title">
          <h2 id="budget-form-title">{answer ? "Change your budget" : "Your budget"}</h2>
          <p>
            Tell us what comes in and goes out. Leave a line empty if it is not yours. For each amount, choose how often it comes in or
            goes out: we work out the monthly figure for you.
          </p>
          <AppForm {...form}>
            <SelectField field={fields.debt} label="What do you want a plan for?" placeholder="Choose what you owe" options={d.options} />
            {BUDGET_GROUPS.map((group) => (
              <BudgetGroup key={group.key} id={`budget-${group.key.toLowerCase()}`} legend={group.legend} hint={group.hint}>
                {group.lines.map((line) => (
                  <BudgetLine key={line.key} amount={all[line.key]!} frequency={all[frequencyField(line.key)]!} label={line.label} />
                ))}
              </BudgetGroup>
            ))}
            <button type="submit" className="button" name="intent" value="work-out">
              Work out my plan
            </button>
          </AppForm>
        </section>
      )}
    </div>
  );
}

function Introduction({ maxInstalments }: { maxInstalments: number }) {
  return (
    <>
      <p className="lead">
        If you cannot pay what you owe in one go, tell us what comes in and what goes out each month, and we will show you the plans
        you can afford.
      </p>
      <p>
        A plan is at most {maxInstalments} monthly instalments, with no interest and no fees. You can send us the plan that suits you,
        and until we answer, nobody will ask you for that money.
      </p>
      <p>
        What you tell us about your money is used only to answer your request. It is kept apart and seen only by the people who
        answer it.
      </p>
    </>
  );
}

type AnswerData = ReturnType<typeof answerView>;

function Answer({ answer, values }: { answer: AnswerData; values: Record<string, string> }) {
  return (
    <section aria-labelledby="budget-answer" className="budget-answer">
      <h2 id="budget-answer" className="visually-hidden">
        Your budget worked out
      </h2>
      <p>{answer.debt}</p>
      <Facts
        className="budget-answer__totals"
        facts={[
          ["Coming in each month", answer.income],
          ["Going out each month", answer.outgoings],
          ["Left each month", answer.left],
        ]}
      />
      {answer.nothingFits ? (
        <NothingFits words={answer.nothingFits} />
      ) : (
        <ActionButton
          intent="request"
          fields={Object.fromEntries(BUDGET_FIELD_NAMES.map((name) => [name, values[name] ?? ""]))}
          className="budget-answer__request"
          before={
            <fieldset className="field radio-group">
              <legend className="field__label">
                Choose a plan: at most {answer.maxInstalments} monthly instalments, with no interest and no fees
              </legend>
              <p className="field__hint">The fewest instalments that fit what you have left each month come first.</p>
              {answer.plans.map((plan, i) => (
                <div className="radio" key={plan.value}>
                  <input
                    className="radio__input"
                    type="radio"
                    name="instalments"
                    id={`plan-${plan.value}`}
                    value={plan.value}
                    defaultChecked={i === 0}
                  />
                  <label className="radio__label" htmlFor={`plan-${plan.value}`}>
                    {plan.label}
                  </label>
                </div>
              ))}
            </fieldset>
          }
          after={<p className="field__hint">We will answer you by e-mail. Until we answer, nobody will ask you for this money.</p>}
        >
          Ask for this plan
        </ActionButton>
      )}
    </section>
  );
}

function NothingFits({ words }: { words: string }) {
  return (
    <>
      <p>{words}</p>
      <p>You are not on your own, and there are things that can help:</p>
      <ul>
        <li>
          Free, independent debt advice from MoneyHelper, StepChange, National Debtline or Citizens Advice: an adviser can help you
          work out what you can afford. <Link to="/help/struggling-to-pay">Find free debt advice</Link>.
        </li>
        <li>
          More time: <Link to="/contact">contact us</Link> and tell us what is happening, and we will talk about what we can do.
        </li>
        <li>
          Breathing Space: a debt adviser can apply for it for you. It pauses action about your debts while you get advice.{" "}
          <Link to="/help/breathing-space">About Breathing Space</Link>.
        </li>
      </ul>
    </>
  );
}

function Sent({ sent, offerHours }: { sent: { words: string; amount: string }; offerHours: number }) {
  return (
    <div className="panel panel--narrow budget">
      <title>{pageTitle("Request sent")}</title>
      <h1>Request sent</h1>
      <p className="lead">
        We have your request to pay {sent.words}, {sent.amount}, with no interest and no fees. We have e-mailed you a receipt.
      </p>
      <h2>What happens next</h2>
      <ul>
        <li>We will look at your request and answer you by e-mail.</li>
        <li>Until we answer, nobody will ask you for this money, and nothing about it will be escalated.</li>
        <li>
          If we offer you the plan, you set it up in three steps within {offerHours} hours: confirm the plan, your address and your
          card details.
        </li>
        <li>If we cannot offer it, we will tell you why and what you can do next.</li>
      </ul>
      <p>
        <Link to="/">Back to your {PRODUCT.name}s</Link>
      </p>
    </div>
  );
}

