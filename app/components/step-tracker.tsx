export type TrackerStep = { key: string; label: string; complete: boolean; current: boolean };

/**
 * The checkout's step tracker (part 1 §2.3): only the steps the order has, Finish last. Each
 * step says in words whether it is done, so it is not told by colour or icon alone.
 */
export function StepTracker({ steps }: { steps: TrackerStep[] }) {
  return (
    <nav aria-label="Checkout progress" className="step-tracker">
      <ol className="step-tracker__list">
        {steps.map((step, index) => {
          const state = step.current ? "current" : step.complete ? "complete" : "todo";
          return (
            <li key={step.key} className={`step-tracker__step step-tracker__step--${state}`} aria-current={step.current ? "step" : undefined}>
              <span className="step-tracker__number" aria-hidden="true">
                {step.complete && !step.current ? "✓" : index + 1}
              </span>
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
