import { formatDate } from "#common/wording";
import { ACCESSIBILITY_STATEMENT_DATES, TESTING_METHODS } from "#common/testing-methods";
import { contactPath } from "~/lib/contact";
import { PRODUCT } from "~/lib/product";
import { StatementPage } from "./+lib/statement-parts";

const TITLE = "Accessibility statement";
const SUPPORT_NEEDS_PATH = "/account/support-needs";

/**
 * The accessibility statement (issue 40, scope 2), in the structure of the UK's model statement:
 * compliance status, what is not accessible, how it was tested (named from the suite itself,
 * common/testing-methods.ts, decision 0067), feedback and other formats, the enforcement procedure,
 * and when it was prepared and last reviewed. No sign-in, no script.
 */
export default function AccessibilityPage() {
  const contact = contactPath();
  return (
    <StatementPage title={TITLE}>
      <p>
        This statement applies to the {PRODUCT.name} website for tenants: your Keyfree, your payments, payment plans and answering end
        of tenancy charges. We want as many people as possible to be able to use it. For example, you should be able to:
      </p>
      <ul>
        <li>use it with JavaScript turned off, apart from typing card details</li>
        <li>zoom in up to 400% without the text spilling off the screen</li>
        <li>read it in a text browser, with no styles</li>
      </ul>

      <section aria-labelledby="compliance">
        <h2 id="compliance">Compliance status</h2>
        <p>
          This website is partially compliant with the Web Content Accessibility Guidelines (WCAG) version 2.2 AA standard, because of
          the content from other companies listed below. Every page of our own is checked against WCAG 2.2 AA by the tests described on
          this page.
        </p>
      </section>

      <section aria-labelledby="not-accessible">
        <h2 id="not-accessible">What is not accessible</h2>
        <p>Some content comes from other companies and we cannot test or change it in the same way:</p>
        <ul>
          <li>
            Card details are typed into our card processor Stripe's secure fields, which need JavaScript. Without JavaScript the card
            pages say so, and you can <a href={contactPath({ topic: "PAYMENT" })}>contact us</a> to pay another way.
          </li>
          <li>
            Live chat (Intercom) and reviews (Trustpilot) are shown only if you accept their cookies. We do not control how accessible
            they are; you can <a href={contact}>contact us</a> instead of using chat.
          </li>
        </ul>
        <p>
          Uploading documents works without JavaScript as a normal form; only the progress bar shown while a file uploads needs
          JavaScript.
        </p>
      </section>

      <section aria-labelledby="how-tested">
        <h2 id="how-tested">How we tested this website</h2>
        <p>We test the website with every change we make, with automated browser tests:</p>
        <ul>
          {TESTING_METHODS.map((method) => (
            <li key={method.id} id={`tested-${method.id}`}>
              {method.words}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="feedback">
        <h2 id="feedback">Feedback, and information in another format</h2>
        <p>
          If you need information on this website in a different format, such as large print, easy read, audio or braille, or you need
          us to do something differently, tell us on <a href={SUPPORT_NEEDS_PATH}>your support needs page</a> (sign in first) or{" "}
          <a href={contact}>contact us</a>.
        </p>
        <p>
          If you find a problem that is not listed on this page, or think we are not meeting accessibility requirements,{" "}
          <a href={contact}>contact us</a>.
        </p>
      </section>

      <section aria-labelledby="enforcement">
        <h2 id="enforcement">Enforcement procedure</h2>
        <p>
          The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Equality Act 2010 in England, Scotland and
          Wales. If you are not happy with how we respond to your complaint, contact the{" "}
          <a href="https://www.equalityadvisoryservice.com">Equality Advisory and Support Service (EASS)</a>.
        </p>
      </section>

      <section aria-labelledby="prepared">
        <h2 id="prepared">Preparation of this statement</h2>
        <p>
          This statement was prepared on {formatDate(ACCESSIBILITY_STATEMENT_DATES.prepared.iso)}. It was last reviewed on{" "}
          {formatDate(ACCESSIBILITY_STATEMENT_DATES.reviewed.iso)}.
        </p>
      </section>
    </StatementPage>
  );
}
