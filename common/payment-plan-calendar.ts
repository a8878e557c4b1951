/**
 * A payment plan's instalment schedule as a calendar file (RFC 5545): one all-day event per
 * instalment on its due date. Pure and in common/, so the active page's `schedule.ics` download
 * (web) and the PAYMENT_PLAN_LIVE e-mail's attachment (API) are the same file.
 */
import { allDayCalendar, type AllDayEvent } from "./calendar";
import { poundsText } from "./wording";

export interface PaymentPlanCalendarInstalment {
  id: string;
  instalmentNumber: number;
  /** YYYY-MM-DD, the day the instalment is charged. */
  dueDate: string;
  /** Pence. */
  amount: number;
}

export interface PaymentPlanCalendarInput {
  paymentPlanId: string;
  instalments: readonly PaymentPlanCalendarInstalment[];
  /** The last four digits of the plan's saved card, or null when there is none (yet). */
  cardLast4: string | null;
  /** The web app's origin, e.g. https://app.keyfree.example (no trailing slash). */
  origin: string;
}

/** The events of the schedule, in instalment order (exported for tests and other writers' callers). */
export function paymentPlanScheduleEvents(input: PaymentPlanCalendarInput): AllDayEvent[] {
  const url = `${input.origin}/payment-plan/${encodeURIComponent(input.paymentPlanId)}/active`;
  const count = input.instalments.length;
  const card = input.cardLast4 ? `your card ending ${input.cardLast4}` : "your saved card";
  return [...input.instalments]
    .sort((a, b) => a.instalmentNumber - b.instalmentNumber)
    .map((instalment) => ({
      uid: `instalment-${instalment.id}@keyfree`,
      date: instalment.dueDate,
      summary: `Keyfree payment plan: £${poundsText(instalment.amount)} instalment`,
      description:
        `Instalment ${instalment.instalmentNumber} of ${count} of your Keyfree payment plan: ` +
        `£${poundsText(instalment.amount)} is charged automatically today to ${card}. ` +
        `If the payment fails, we will e-mail you a link to pay it yourself. ${url}`,
      url,
    }));
}

/** The schedule as a VCALENDAR (CRLF line ends), stamped `now`. */
export function paymentPlanScheduleCalendar(input: PaymentPlanCalendarInput, now: Date): string {
  return allDayCalendar("Payment plan", paymentPlanScheduleEvents(input), now);
}
