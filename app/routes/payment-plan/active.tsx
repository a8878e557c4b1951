import { Link } from "react-router";
import { Facts } from "~/components/facts";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { InstalmentSchedule } from "./+lib/instalment-schedule";
import { activePlanView } from "./+lib/payment-plan-live";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { planContactPath } from "./+lib/plan-contact";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/active";
import { ChatOffer } from "~/components/chat-offer";

/**
 * /payment-plan/:paymentPlanId/active (part 2 §2; issue 13 scopes 6, 8, 9; docs/decisions/0028): a
 * live plan's schedule with each instalment's status in words, what is paid and what is left,
 * the card the instalments are charged to, what to do if a payment fails, a link to pay a missed
 * instalment and the schedule as a calendar file. A paid-off plan says it is paid in full.
 * No script: links only.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  return { ...activePlanView(plan, url), contact: planContactPath(plan), breathingSpace: breathingSpaceNotice(plan.breathingSpace) };
}

export default function ActivePlan({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel">
      <title>{pageTitle("Your payment plan")}</title>
      <h1>Your payment plan</h1>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      {d.paidOff ? (
        <div className="notice notice--success" role="status">
          <h2 className="notice__title">Your payment plan is paid in full</h2>
          <p>
            You have paid all {d.schedule.total} instalments, {d.total} in total. There is nothing more to pay on this plan and no
            more payments will be taken from {d.card}.
          </p>
        </div>
      ) : null}
      {d.failed.length > 0 ? (
        <div className="notice notice--warning">
          <h2 className="notice__title">{d.failed.length === 1 ? "A payment has failed" : `${d.failed.length} payments have failed`}</h2>
          <ul>
            {d.failed.map((f) => (
              <li key={f.number}>
                Instalment {f.number}: {f.amount}, due {f.date}, has not been paid.
              </li>
            ))}
          </ul>
          <p>
            <Link to={d.failed[0]!.payPath} className="button">
              Pay instalment {d.failed[0]!.number} now
            </Link>
          </p>
        </div>
      ) : null}

      <Facts
        className="plan-facts"
        facts={[
          ["Paid so far", d.paid],
          ["Left to pay", d.remaining],
          d.next ? ["Next payment", <>{d.next.amount} on {d.next.date}</>] : null,
        ]}
      />

      {d.paidOff ? null : (
        <p>
          Your instalments are taken automatically each month from {d.card}. We e-mail you one week and one day before each payment.
        </p>
      )}

      <InstalmentSchedule schedule={d.schedule} caption="Your instalments" withStatus />

      {d.calendarPath ? (
        <p>
          <a href={d.calendarPath} download className="standalone-link">
            Add to calendar<span className="visually-hidden"> (a calendar file with your payment dates)</span>
          </a>
        </p>
      ) : null}

      {d.paidOff ? null : (
        <section aria-labelledby="if-a-payment-fails">
          <h2 id="if-a-payment-fails">If a payment fails</h2>
          <p>
            If we cannot take an instalment from your card, for example because there is not enough money in your account or your
            bank asks you to approve it, we will e-mail you to tell you.
          </p>
          <p>
            You can then pay the missed instalment yourself on this page with a debit or credit card: it shows a link to pay it.
            Your other instalments are still taken automatically on their dates.
          </p>
          <p>
            If you think you will not be able to pay an instalment, <Link to={d.contact}>contact us</Link>
            <ChatOffer /> as soon as you can.
          </p>
        </section>
      )}
    </div>
  );
}
