import { Link } from "react-router";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { InstalmentSchedule } from "./+lib/instalment-schedule";
import { planLiveView } from "./+lib/payment-plan-steps";
import { planPagePath } from "./+lib/payment-plan-routing";
import { scheduleView } from "./+lib/payment-plan-view";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/payment-plan-live";

/**
 * After the three steps (part 2 §2 payment-plan-live, 'Your Payment Plan is Live!'): how the
 * instalments are taken (each month, to the card the tenant gave, with e-mails one week and one
 * day before each charge), the schedule, and the way to the plan's page. Sends no script.
 */
export function loader({ context, url, params }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  return {
    live: planLiveView(plan),
    schedule: scheduleView(plan.instalments, url),
    activePath: planPagePath(params.paymentPlanId, "active"),
    breathingSpace: breathingSpaceNotice(plan.breathingSpace),
  };
}

export default function PaymentPlanLive({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel">
      <title>{pageTitle("Your Payment Plan is Live!")}</title>
      <h1>Your Payment Plan is Live!</h1>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      <p className="lead">{d.live.charged}</p>
      <p>{d.live.reminders}</p>
      <InstalmentSchedule schedule={d.schedule} caption="Your instalment schedule" />
      <p>
        <Link to={d.activePath} className="button">
          View your payment plan
        </Link>
      </p>
    </div>
  );
}
