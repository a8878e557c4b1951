// Types only from the lib: the card step hydrates, and the lib (its figures and the wording module) stays on the server.
import type { ReactNode } from "react";
import type { PlanStepsView } from "./payment-plan-steps";
import { PageHeading } from "~/components/page-heading";
import { BreathingSpaceNotice, type BreathingSpaceNoticeView } from "~/components/breathing-space-notice";
import { StepTracker } from "~/components/step-tracker";

/**
 * The head of each of the payment plan's three step pages (part 2 §2): the step bar (Payment
 * Proposal Outline, Address Confirmation, Payment Details), the page's h1 (`title`) and, while
 * the offer is pending, 'Your Repayment Summary' with how long the offer stays open. The summary
 * is shown above the h1 but comes after it in the document (PageHeading), so the h1 is the first
 * heading in main and the summary's own heading follows it (issue 24). Shaped in the loader
 * (planStepsView); nothing here needs script.
 */
export function PaymentPlanSteps({
  view,
  title,
  breathingSpace,
}: {
  view: PlanStepsView;
  title: ReactNode;
  /** The tenant's Breathing Space (issue 36), after the h1. */
  breathingSpace?: BreathingSpaceNoticeView | null;
}) {
  return (
    <>
      <StepTracker steps={view.tracker} label="Payment plan progress" />
      {view.summary ? (
        <PageHeading
          above={
            <section className="repayment-summary" aria-labelledby="repayment-summary-title">
              <h2 id="repayment-summary-title" className="repayment-summary__title">
                Your Repayment Summary
              </h2>
              <p className="repayment-summary__sentence">{view.summary.sentence}</p>
              <p>{view.summary.openUntil}</p>
            </section>
          }
        >
          {title}
        </PageHeading>
      ) : (
        <h1>{title}</h1>
      )}
      <BreathingSpaceNotice notice={breathingSpace} />
    </>
  );
}
