import { data } from "react-router";
import { ErrorSummary } from "~/components/forms";
import { PageHeading } from "~/components/page-heading";
import { ClaimItemSummary } from "./+lib/claim-item-summary";
import { pageTitle } from "~/lib/product";
import { getClaim } from "./+lib/claims.server";
import { CALCULATOR_IDS, itemHelpView, type CalculatorView } from "./+lib/item-help";
import type { Route } from "./+types/item-help";

/**
 * 'What helps for this charge' (issue 27 scope 4), linked from each item on the claim page and
 * from the item's proposal page: what a tenant can show for this kind of charge and, for a charge
 * that replaces or renews something, fair wear and tear, betterment and a calculator of the share
 * a tenant would usually pay. The calculator is a GET form: its values are the URL and its answer
 * this page, so it works without script; bad input is a 400 with the error summary, never a 500.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const view = itemHelpView(claim, params.claimItemId, new URL(request.url).searchParams);
  if (!view) throw data(null, { status: 404 });
  if (view.calculator && view.calculator.errors.length > 0) return data(view, { status: 400 });
  return view;
}

/** The calculator's questions, in the order asked (the tenancy in whole months). */
const CALCULATOR_FIELDS: ReadonlyArray<{ name: keyof typeof CALCULATOR_IDS; label: string; hint: string; whole?: boolean }> = [
  { name: "age", label: "How old was it when your tenancy started?", hint: "In years, for example 3 or 2.5. Your check-in report may say." },
  { name: "life", label: "How many years does an item like it usually last?", hint: "For example, a good carpet often lasts about 10 years, and paintwork about 5." },
  { name: "tenancy", label: "How many months did your tenancy last?", hint: "In whole months, for example 12.", whole: true },
];

export default function ItemHelp({ loaderData: d }: Route.ComponentProps) {
  const title = `What helps for ${d.name}`;
  const hasErrors = (d.calculator?.errors.length ?? 0) > 0;
  return (
    <div className="panel panel--narrow item-help">
      <title>{pageTitle(title, hasErrors)}</title>
      <PageHeading
        above={
          <p>
            <a href={d.claimPage} className="back-link">
              Back to the charges
            </a>
          </p>
        }
      >
        {title}
      </PageHeading>
      <ClaimItemSummary id="help-item-title" description={d.item.description} type={d.item.typeLabel} charge={d.item.amount} />

      <section aria-labelledby="help-checklist">
        <h2 id="help-checklist">What you can show</h2>
        <p>
          Your landlord or agent has to show that a charge is fair: the burden of proof is on them, not on you. Things that can help
          you:
        </p>
        <ul className="item-help__checklist">
          {d.checklist.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {d.proposalHref ? (
          <p>
            You can add your evidence when you give your own amount:{" "}
            <a href={d.proposalHref}>
              Disagree<span className="visually-hidden"> with {d.item.description}</span> and give your own amount
            </a>
            .
          </p>
        ) : null}
      </section>

      {d.calculator ? <WearAndTear calculator={d.calculator} self={d.self} /> : null}
    </div>
  );
}

function WearAndTear({ calculator: c, self }: { calculator: CalculatorView; self: string }) {
  const errorOf = (field: keyof typeof CALCULATOR_IDS) => c.errors.find((e) => e.field === field)?.message;
  return (
    <>
      <section aria-labelledby="help-wear">
        <h2 id="help-wear">Fair wear and tear, and betterment</h2>
        <p>
          Fair wear and tear is the ordinary wear that comes from living somewhere, such as a carpet worn where people walk or paint
          faded by the sun. You should not be charged for it.
        </p>
        <p>
          When something is replaced, your landlord should not end up better off than before (this is called betterment). An item that
          was already a few years old was worth less than a new one, so adjudicators look at how old it was and how long an item like it
          usually lasts, and a tenant usually pays only for the part of its life it had left.
        </p>
        <p>
          <strong>This is guidance, not the adjudicator&apos;s decision.</strong> It helps you decide what to propose; if your
          dispute goes to the adjudicator, they decide on the evidence from both sides.
        </p>
      </section>
      <section aria-labelledby="help-calculator">
        <h2 id="help-calculator">Work out the share you would usually pay</h2>
        <ErrorSummary errors={c.errors.map((e) => ({ fieldId: e.id, message: e.message }))} />
        <form method="get" action={self} className="item-help__calculator" aria-labelledby="help-calculator" noValidate>
          {CALCULATOR_FIELDS.map((field) => (
            <NumberField
              key={field.name}
              id={CALCULATOR_IDS[field.name]}
              name={field.name}
              label={field.label}
              hint={field.hint}
              value={c.values[field.name]}
              error={errorOf(field.name)}
              whole={field.whole}
            />
          ))}
          <button type="submit" className="button button--secondary">
            Work it out
          </button>
        </form>
        {c.result ? (
          <div className="item-help__result" role="status" aria-labelledby="help-result">
            <h3 id="help-result">Your result</h3>
            <p>{c.result.summary}</p>
            <p>
              <strong>{c.result.share}</strong>
            </p>
            {c.result.amount ? <p>{c.result.amount}</p> : null}
            <p>This is guidance, not the adjudicator&apos;s decision.</p>
          </div>
        ) : null}
      </section>
    </>
  );
}

type NumberFieldProps = { id: string; name: string; label: string; hint: string; value: string; error: string | undefined; whole?: boolean };

/** A labelled text input for a number (inputmode, no spinner), its hint and error tied to it. */
function NumberField({ id, name, label, hint, value, error, whole = false }: NumberFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${errorId ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={hintId}>
        {hint}
      </p>
      {error ? (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="text"
        inputMode={whole ? "numeric" : "decimal"}
        className="field__input field__input--short"
        defaultValue={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
      />
    </div>
  );
}
