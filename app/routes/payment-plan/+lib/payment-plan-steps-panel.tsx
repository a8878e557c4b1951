// Types only from the lib: the card step hydrates, and the lib's formatting (dayjs) must stay on the server.
import type { PlanStepsView } from "./payment-plan-steps";
import { StepTracker } from "~/components/step-tracker";

/**
 * The head of each of the payment plan's three step pages (part 2 §2): the step bar (Payment
 * Proposal Outline, Address Confirmation, Payment Details) and, while the offer is pending,
 * 'Your Repayment Summary' with how long the offer stays open. Shaped in the loader
 * (planStepsView); nothing here needs script.
 */
export function PaymentPlanSteps({ view }: { view: PlanStepsView }) {
  return (
    <>
      <StepTracker steps={view.tracker} label="Payment plan progress" />
      {view.summary ? (
        <section className="repayment-summary" aria-labelledby="repayment-summary-title">
          {/* Not a heading: it comes before the page's h1, and the headings stay in order. */}
          <p id="repayment-summary-title" className="repayment-summary__title">
            Your Repayment Summary
          </p>
          <p className="repayment-summary__sentence">{view.summary.sentence}</p>
          <p>{view.summary.openUntil}</p>
        </section>
      ) : null}
    </>
  );
}
