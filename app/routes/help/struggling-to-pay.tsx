import { DEBT_ADVICE_CHECKED, DEBT_ADVISERS } from "#common/debt-advice";
import { pageTitle } from "~/lib/product";
import {
  ADVICE_INTRO,
  HELP_LINKS,
  IF_NOTHING_IS_DONE,
  IF_NOTHING_IS_DONE_INTRO,
  IF_NOTHING_IS_DONE_WAY_OUT,
  INTRO,
  STRUGGLING_TO_PAY_TITLE,
  WHAT_WE_CAN_DO,
} from "./+lib/struggling-to-pay";

/** A phone number that never wraps across lines (non-breaking spaces). */
const unbroken = (phone: string) => phone.replace(/ /g, "\u00a0");

/**
 * "Struggling to pay?" (issue 36, scope 1): no sign-in, no script, linked from every page and
 * e-mail that asks for money. Free debt advice with each phone number shown and dialable, what
 * Keyfree can do, then what happens if nothing is done. A signed-in tenant sees their header
 * (the root layout's).
 */
export default function StrugglingToPayPage() {
  return (
    <div className="panel guide struggling-page">
      <title>{pageTitle(STRUGGLING_TO_PAY_TITLE)}</title>
      <h1>{STRUGGLING_TO_PAY_TITLE}</h1>
      {INTRO.map((p) => (
        <p key={p}>{p}</p>
      ))}

      <section aria-labelledby="free-advice">
        <h2 id="free-advice">Free, independent debt advice</h2>
        <p>{ADVICE_INTRO}</p>
        <ul className="debt-advice">
          {DEBT_ADVISERS.map((adviser) => (
            <li key={adviser.id} className="debt-advice__adviser">
              <h3 id={adviser.id}>{adviser.name}</h3>
              <p>{adviser.about}</p>
              <p>
                Call <a href={`tel:${adviser.dial}`}>{unbroken(adviser.phone)}</a>
                {adviser.phoneFor ? ` (${adviser.phoneFor})` : null}, free from a landline or a mobile.
                {adviser.otherLines ? ` ${adviser.otherLines}` : null}
              </p>
              <p>Opening hours: {adviser.hours}</p>
              <p>
                Website: <a href={adviser.website}>{adviser.websiteName}</a>
              </p>
            </li>
          ))}
        </ul>
        <p>
          We checked these numbers and opening times in {DEBT_ADVICE_CHECKED.words}. Each website has the latest times.
        </p>
      </section>

      <section aria-labelledby="what-we-can-do">
        <h2 id="what-we-can-do">What we can do</h2>
        {WHAT_WE_CAN_DO.map((option) => (
          <div key={option.id} className="struggling-page__option">
            <h3 id={option.id}>{option.heading}</h3>
            {option.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p>
              <a href={option.link.href}>{option.link.text}</a>
            </p>
          </div>
        ))}
        <p>
          Something else, or not sure what would help? <a href={HELP_LINKS.contact}>Contact us</a>.
        </p>
      </section>

      <section aria-labelledby="if-nothing-is-done">
        <h2 id="if-nothing-is-done">What happens if nothing is done</h2>
        <p>{IF_NOTHING_IS_DONE_INTRO}</p>
        <ul>
          {IF_NOTHING_IS_DONE.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>{IF_NOTHING_IS_DONE_WAY_OUT}</p>
      </section>
    </div>
  );
}
