import { redirect } from "react-router";
import { Facts } from "~/components/facts";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { ActionButton } from "~/components/action-button";
import { InstalmentSchedule } from "./+lib/instalment-schedule";
import { PaymentPlanSteps } from "./+lib/payment-plan-steps-panel";
import { apiContext, ApiFailure } from "~/lib/api.server";
import { addressLine } from "~/lib/format";
import { planFailureRedirect } from "./+lib/payment-plan-steps.server";
import { planStepsView, proposedSummary } from "./+lib/payment-plan-steps";
import { scheduleView } from "./+lib/payment-plan-view";
import { planPagePath } from "./+lib/payment-plan-routing";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/confirm";

/**
 * Step 1, Payment Proposal Outline (part 2 §2 confirm, 'Proposed Payment Summary'): the
 * property, the plan's figures and its schedule, and Confirm (a one-button form). The layout's
 * middleware shows this page only while CONFIRM is the plan's next action.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  const property = plan.propertyAddress;
  return {
    steps: planStepsView(plan, "confirm"),
    breathingSpace: breathingSpaceNotice(plan.breathingSpace),
    property: property ? { line: addressLine(property), postcode: property.postcode } : null,
    summary: proposedSummary(plan),
    schedule: scheduleView(plan.instalments, url),
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    await context.get(apiContext).POST("/payment-plans/{paymentPlanId}/confirm", { params: { path: { paymentPlanId: params.paymentPlanId } } });
  } catch (error) {
    if (error instanceof ApiFailure) return planFailureRedirect(planPagePath(params.paymentPlanId, "confirm"), error);
    throw error;
  }
  // The index sends the tenant on to the next step (address).
  return redirect(`/payment-plan/${encodeURIComponent(params.paymentPlanId)}`);
}

export default function ConfirmPlan({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel">
      <title>{pageTitle("Proposed Payment Summary")}</title>
      <PaymentPlanSteps view={d.steps} breathingSpace={d.breathingSpace} title="Proposed Payment Summary" />
      <p className="lead">Check the plan below. If it looks right, confirm it, then give us your address and the card to pay with.</p>
      {d.property ? (
        <>
          <h2>Property</h2>
          <p>
            {d.property.line}
            <br />
            {d.property.postcode}
          </p>
        </>
      ) : null}
      <h2>Your plan</h2>
      <Facts
        className="plan-summary"
        facts={[
          ["Total to pay", d.summary.total],
          ["Interest included in the total", d.summary.interest],
          ["Number of instalments", d.summary.count],
          ["Instalments", d.summary.instalments],
          d.summary.firstDate ? ["First payment", d.summary.firstDate] : null,
        ]}
      />
      <InstalmentSchedule schedule={d.schedule} caption="Your instalment schedule" />
      <ActionButton>Confirm</ActionButton>
    </div>
  );
}
