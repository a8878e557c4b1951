import { faqs, GUIDE_PATH, guide, numberedSteps } from "~/lib/guide";
import { pageTitle } from "~/lib/product";

const TITLE = "Frequently asked questions";

/** The FAQs (issue 27 scope 2): no login, no script; each short answer links to its step of the guide. */
export default function FaqsPage() {
  const steps = numberedSteps(guide());
  return (
    <div className="panel guide">
      <title>{pageTitle(TITLE)}</title>
      <h1>{TITLE}</h1>
      <p>
        Short answers to what tenants ask us most. The <a href={GUIDE_PATH}>End of Tenancy Guide</a> tells the whole process step by step.
      </p>
      {faqs().map((faq) => {
        const step = steps.find((s) => s.id === faq.step)!;
        return (
          <section key={faq.id} aria-labelledby={faq.id}>
            <h2 id={faq.id}>{faq.question}</h2>
            {faq.answer.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {faq.more ? (
              <p>
                <a href={faq.more.href}>{faq.more.text}</a>
              </p>
            ) : null}
            <p>
              <a href={`${GUIDE_PATH}#${step.id}`}>
                Read step {step.number} of the guide: {step.heading}
              </a>
            </p>
          </section>
        );
      })}
      <p>
        Still have a question? <a href="/contact">Contact us</a>.
      </p>
    </div>
  );
}
