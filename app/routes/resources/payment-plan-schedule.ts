import { data } from "react-router";
import { paymentPlanScheduleCalendar } from "#common/payment-plan-calendar";
import { getPaymentPlan } from "~/routes/payment-plan/+lib/payment-plans.server";
import type { Route } from "./+types/payment-plan-schedule";

/**
 * A live plan's instalment schedule as a calendar file (RFC 5545, one all-day event per
 * instalment), for the active page's "Add to calendar" (issue 13 scope 8). The payment-plan
 * layout's middleware has read the plan (another tenant's or a made-up id: the not-found page)
 * and sent a plan that is not live to its page; this route's middleware answers the file (a
 * loader's answer would be read as page data, as in claim-deadline.ts). The e-mail that says
 * the plan is live attaches the same file (common/payment-plan-calendar.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    const plan = getPaymentPlan(context);
    if (plan.instalments.length === 0) return next();
    const calendar = paymentPlanScheduleCalendar(
      { paymentPlanId: plan.id, instalments: plan.instalments, cardLast4: plan.card?.last4 ?? null, origin: url.origin },
      new Date(),
    );
    return new Response(calendar, {
      status: 200,
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'attachment; filename="keyfree-payment-plan.ics"',
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
];

/** Reached only for a plan with no instalments (nothing to put in a calendar): the not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function PaymentPlanSchedule() {
  return null;
}
