export type TrackerStep = { key: string; label: string; complete: boolean; current: boolean };

/**
 * The checkout's step tracker (part 1 §2.3): only the steps the order has, Finish last; the payment
 * plan's three steps use it too, with their own `label`. Each
 * step says in words whether it is done, so it is not told by colour or icon alone.
 *
 * The step's number is the ordered list's own, once (issue 24): without styles (a text browser)
 * the list numbers it ('1. About You (current step)'); with styles the stylesheet draws it in
 * its circle from a CSS counter (a tick once done), as generated content with empty alternative
 * text, so a screen reader reads neither the digit nor the tick: the list and the words say it.
 * No digit in the markup, so none can be shown twice.
 */
export function StepTracker({ steps, label = "Checkout progress" }: { steps: TrackerStep[]; label?: string }) {
  return (
    <nav aria-label={label} className="step-tracker">
      <ol className="step-tracker__list">
        {steps.map((step) => {
          const state = step.current ? "current" : step.complete ? "complete" : "todo";
          return (
            <li key={step.key} className={`step-tracker__step step-tracker__step--${state}`} aria-current={step.current ? "step" : undefined}>
              <span className="step-tracker__label">
                {step.label}
                <span className="visually-hidden">
                  {step.current ? " (current step)" : step.complete ? " (completed)" : " (not started)"}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
