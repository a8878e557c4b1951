import { keptFor, RETENTION_RULES } from "#common/retention";
import { contactPath } from "~/lib/contact";
import { PRODUCT } from "~/lib/product";
import { COOKIES_PATH } from "~/lib/third-parties";
import { StatementPage, TermList } from "./+lib/statement-parts";

const TITLE = "Privacy notice";

/** What we hold about a tenant, and why. */
const HELD: ReadonlyArray<[string, string]> = [
  ["Your name, e-mail address, mobile number and date of birth", "to set up your account and your Keyfree, and to contact you about them"],
  ["The addresses you have lived at and the tenancy a Keyfree covers", "to check your eligibility and to know which home your Keyfree is for"],
  ["Your referencing documents and the result of your reference", "to decide whether we can offer you a Keyfree"],
  ["Your payments, repayments to you, payment plans and instalments", "to take and account for what you pay, and to keep the records the law requires"],
  ["Claims at the end of a tenancy: the charges, your answers, photographs and documents", "so you can answer your landlord's or agent's charges, and so the adjudicator can decide a dispute"],
  ["Your support needs and the people you ask to help you, if you tell us", "to give you the support you ask for"],
  ["Messages you send us, and copies of the e-mails and text messages we send you", "to answer you, and to show what we told you and when"],
  ["When you sign in, and failed sign-ins", "to keep your account safe"],
  ["How you use the site, only if you accept analytics cookies", "to make Keyfree better"],
];

/** The lawful basis for each use (UK GDPR Article 6, and Article 9 for health). */
const LAWFUL_BASES: ReadonlyArray<[string, string]> = [
  ["Contract", "most of what we hold is needed to provide your Keyfree and deal with claims under it."],
  ["Legal obligation", "we keep money records because tax and company law require it."],
  ["Legitimate interests", "we keep your account safe, keep copies of what we sent you and use your data to defend or bring legal claims."],
  ["Consent", "we use analytics, chat and review cookies only if you accept them, and you can change your mind on the Cookies page."],
  [
    "Explicit consent",
    "we keep support needs about your health only with your explicit consent, and you can remove them at any time.",
  ],
];

/** Who it is shared with: the processors the code really uses, and the other parties to a claim. */
const SHARED_WITH: ReadonlyArray<[string, string]> = [
  ["Stripe", "our card payment processor, which takes your card details and payments (we never see your full card number)."],
  ["Twilio", "which sends our text messages, so it receives your mobile number and the message."],
  ["Our e-mail provider", "which sends our e-mails, so it receives your e-mail address and the message."],
  ["Our file storage provider (Amazon S3)", "which stores the documents and photographs you upload."],
  ["Ideal Postcodes", "which finds addresses from a postcode you type (it receives the postcode only)."],
  ["Intercom", "our live chat, only if you accept chat cookies and start a chat."],
  ["PostHog", "our analytics, only if you accept analytics cookies (never your name, e-mail address or what you type)."],
  ["Trustpilot", "which shows other tenants' reviews, only if you accept its cookies."],
  ["The adjudicator", "if a claim is disputed: they receive the claim, both sides' answers and the evidence, to decide it."],
  ["Your landlord or letting agent", "on a claim: they see your answers to their charges and the evidence you add."],
];

/** The tenant's rights under the UK GDPR, and how to use each (the contact page, for now). */
const RIGHTS: ReadonlyArray<[string, string]> = [
  ["Access", "ask for a copy of the personal data we hold about you."],
  ["Rectification", "ask us to correct data that is wrong or incomplete."],
  ["Erasure", "ask us to delete your data where we have no reason to keep it (money records are kept as the law requires)."],
  ["Restriction", "ask us to stop using your data, other than keeping it, while a question about it is settled."],
  ["Objection", "object to our using your data for our legitimate interests."],
  ["Portability", "ask for the data you gave us in a format a computer can read, to take elsewhere."],
];

/**
 * The privacy notice (issue 40, scope 3): no sign-in, no script, linked from every page's footer
 * and the cookie banner. How long each kind of data is kept is the retention table itself
 * (common/retention.ts, decision 0068), the one the retention sweeper applies.
 */
export default function PrivacyPage() {
  const contact = contactPath();
  return (
    <StatementPage title={TITLE}>
      <p>
        This notice explains what personal data {PRODUCT.name} holds about you, why, who we share it with, how long we keep it and
        your rights. {PRODUCT.name} is the controller of your personal data.
      </p>

      <section aria-labelledby="what-we-hold">
        <h2 id="what-we-hold">What we hold and why</h2>
        <ul>
          {HELD.map(([what, why]) => (
            <li key={what}>
              {what}: {why}.
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="lawful-basis">
        <h2 id="lawful-basis">Our lawful basis</h2>
        <TermList terms={LAWFUL_BASES} />
        <p>
          Read about the cookies we use on the <a href={COOKIES_PATH}>Cookies page</a>.
        </p>
      </section>

      <section aria-labelledby="shared-with">
        <h2 id="shared-with">Who we share it with</h2>
        <p>We share your data only with those who need it, and never sell it.</p>
        <TermList terms={SHARED_WITH} />
      </section>

      <section aria-labelledby="how-long">
        <h2 id="how-long">How long we keep it</h2>
        <table className="cookie-table retention-table">
          <caption>How long we keep each kind of data, and why</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">How long</th>
              <th scope="col">Then</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION_RULES.map((row) => (
              <tr key={row.id} id={`retention-${row.id}`}>
                <th scope="row">{row.what}</th>
                <td>{keptFor(row)}</td>
                <td>{row.after}</td>
                <td>{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="your-rights">
        <h2 id="your-rights">Your rights</h2>
        <p>You have the right to:</p>
        <TermList terms={RIGHTS} />
        <p>
          To use any of these rights, <a href={contact}>contact us</a> and say which one. It is free, and the law gives us one month to
          answer.
        </p>
      </section>

      <section aria-labelledby="complain">
        <h2 id="complain">If you are unhappy</h2>
        <p>
          Please <a href={contact}>contact us</a> first, so we can try to put it right.
        </p>
        <p>
          You can also complain to the Information Commissioner's Office (ICO), the UK's regulator for personal data: on its website,{" "}
          <a href="https://ico.org.uk">ico.org.uk</a>, or by calling its helpline on <a href="tel:03031231113">0303&nbsp;123&nbsp;1113</a>.
        </p>
      </section>
    </StatementPage>
  );
}
