import { FAQS_PATH, GUIDE_PDF_PATH, WALKTHROUGH_PATH, guide, numberedSteps } from "~/lib/guide";
import { pageTitle } from "~/lib/product";
import { guidePdfSizeText } from "~/lib/guide-pdf.server";
import type { Route } from "./+types/guide";

/**
 * The End of Tenancy Guide (issue 27 scope 1): no login, no script. The steps come from the one
 * source (app/lib/guide.ts) that /guide.pdf renders too; each step's id is its anchor.
 */
export async function loader() {
  return { pdfSize: await guidePdfSizeText() };
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const g = guide();
  const steps = numberedSteps(g);
  const numberOf = (id: string) => steps.find((s) => s.id === id)!.number;
  return (
    <div className="panel guide">
      <title>{pageTitle(g.title)}</title>
      <h1>{g.title}</h1>
      <p>{g.intro}</p>
      <ul className="guide__links">
        <li>
          <a href={GUIDE_PDF_PATH} download>
            Download this guide (PDF, {loaderData.pdfSize})
          </a>
        </li>
        <li>
          <a href={FAQS_PATH}>Frequently asked questions</a>
        </li>
        <li>
          <a href={WALKTHROUGH_PATH}>Watch a video of answering your charges (with captions and a transcript)</a>
        </li>
      </ul>
      {g.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{section.heading}</h2>
          <ol className="guide__steps" start={numberOf(section.steps[0]!.id)}>
            {section.steps.map((step) => (
              <li key={step.id} className="guide__step">
                <h3 id={step.id}>
                  Step {numberOf(step.id)}: {step.heading}
                </h3>
                {step.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {step.list ? (
                  <ul>
                    {step.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p>
        Still have a question? Read the <a href={FAQS_PATH}>frequently asked questions</a> or <a href="/contact">contact us</a>.
      </p>
    </div>
  );
}
