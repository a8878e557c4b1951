/**
 * More payment plan rules (part 2 §2 payment plan screens, §4, §5): the
 * instalment schedule of an offer, whether a step may be done now, whether an
 * instalment may be paid and what a paid-off plan pays, and the address form
 * of the Address Confirmation step.
 */
import { manualAddressErrors } from "#common/addresses";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { isPaymentPlanOfferVoid, paymentPlanNextAction, type PaymentPlan, type PaymentPlanInstalment } from "./payment-plans.js";
import { assertPence, type Pence } from "#common/money";
import { calendarDaysBetween, isCalendarDate, type CalendarDate } from "./london-time.js";
import type { PaymentPlanActionType } from "./statuses.js";

dayjs.extend(utc);

export interface ScheduledInstalment {
  instalmentNumber: number;
  dueDate: CalendarDate;
  amount: Pence;
}

/**
 * Splits a plan's amount into `count` instalments that add up to it exactly.
 * Every instalment gets amount ÷ count rounded down; the pennies left over
 * go on the first instalment (so the later, automatic charges are all equal).
 */
export function splitInstalmentAmounts(amount: Pence, count: number): Pence[] {
  assertPence(amount, "amount");
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError("The number of instalments must be a whole number of at least 1");
  const each = Math.floor(amount / count);
  const remainder = amount - each * count;
  return Array.from({ length: count }, (_, i) => (i === 0 ? each + remainder : each));
}

/**
 * The calendar date `months` months after `date`. A day the month does not
 * have falls back to the month's last day (31 January + 1 month = 28 or 29
 * February), and each date is counted from the first one, so a plan that
 * starts on the 31st goes back to the 31st whenever the month has one.
 */
export function addCalendarMonths(date: CalendarDate, months: number): CalendarDate {
  if (!isCalendarDate(date)) throw new RangeError(`Invalid calendar date "${date}"`);
  return dayjs.utc(date).add(months, "month").format("YYYY-MM-DD");
}

/**
 * The instalments of a plan offer: `count` instalments splitting `amount`
 * exactly (remainder pennies on the first), due monthly from `firstDueDate`
 * ("Instalments are charged automatically each month", part 2 §2).
 */
export function instalmentSchedule(amount: Pence, count: number, firstDueDate: CalendarDate): ScheduledInstalment[] {
  return splitInstalmentAmounts(amount, count).map((instalmentAmount, i) => ({
    instalmentNumber: i + 1,
    dueDate: addCalendarMonths(firstDueDate, i),
    amount: instalmentAmount,
  }));
}

export const PAYMENT_PLAN_STEP_MESSAGES = {
  cancelled: "This payment plan has been cancelled",
  void: "This payment plan offer has expired because its steps were not completed within 48 hours",
  inDefault: "This payment plan is in default and can no longer be changed",
  done: "You have already completed this step",
  outOfOrder: "Please complete the previous steps of your payment plan first",
} as const;

/**
 * Why a tenant may not do a payment plan step now, or null when they may
 * (part 2 §4: "the tenant must do actions in order confirm, address,
 * card-details"; "a payment plan offer becomes void if all three steps are
 * not done within 48 hours"). Checked in this order: a cancelled plan, a void
 * offer, a plan in default, a step already done, a step whose turn has not
 * come.
 */
export function paymentPlanStepRefusal(plan: PaymentPlan, step: PaymentPlanActionType, now: Date | string): string | null {
  if (plan.status === "CANCELLED") return PAYMENT_PLAN_STEP_MESSAGES.cancelled;
  if (isPaymentPlanOfferVoid(plan, now)) return PAYMENT_PLAN_STEP_MESSAGES.void;
  if (plan.status === "DEFAULT") return PAYMENT_PLAN_STEP_MESSAGES.inDefault;
  const action = plan.actions.find((a) => a.typeId === step);
  if (action === undefined || action.completedAt != null) return PAYMENT_PLAN_STEP_MESSAGES.done;
  if (paymentPlanNextAction(plan.actions)?.id !== action.id) return PAYMENT_PLAN_STEP_MESSAGES.outOfOrder;
  return null;
}

// ── Paying an instalment (part 2 §2 manual-payment, §4) ─────────────────────

export const INSTALMENT_PAYMENT_MESSAGES = {
  cancelled: PAYMENT_PLAN_STEP_MESSAGES.cancelled,
  notLive: "Please complete the steps of your payment plan first",
  paid: "This instalment has already been paid",
} as const;

/**
 * Why an instalment may not be paid by card now, or null when it may: only a live plan's
 * instalments are paid (ACTIVE, or in DEFAULT with a failed instalment to pay on the
 * manual-payment page), and never one already PAID. Checked in this order: a cancelled plan,
 * a plan not live yet (its steps are not done), an instalment already paid.
 */
export function instalmentPaymentRefusal(plan: Pick<PaymentPlan, "status">, instalment: PaymentPlanInstalment): string | null {
  if (plan.status === "CANCELLED") return INSTALMENT_PAYMENT_MESSAGES.cancelled;
  if (plan.status !== "ACTIVE" && plan.status !== "DEFAULT") return INSTALMENT_PAYMENT_MESSAGES.notLive;
  if (instalment.status === "PAID") return INSTALMENT_PAYMENT_MESSAGES.paid;
  return null;
}

export interface OpenPayAction {
  id: string;
  typeId: string;
  /** Pence still to pay on the action. */
  amountRemaining: number;
}

const OWN_SHARE_TYPES = new Set(["CLAIM_PAY", "ARBITRATION_PAY"]);

/**
 * The claim payment action a paid-off plan has paid, among the plan's order customer's open
 * pay actions on a claim order, or null when none is left to pay.
 * Reading chosen: the plan spreads "your outstanding balance of £X" (part 2 §2), X being the
 * plan's amount less its interest, so the action still owing exactly X is the one it pays
 * (a remaining balance before an own share when both owe X). When none owes X (the balances
 * moved since the offer), it pays the tenant's own share, or else their remaining balance:
 * the tenant stays liable for co-tenants' unsettled charges (part 2 §2 payment-success).
 */
export function claimActionPaidByPaymentPlan(balance: Pence, open: readonly OpenPayAction[]): string | null {
  const remaining = (a: OpenPayAction) => a.typeId.endsWith("REMAINING_BALANCE");
  const exact = open.filter((a) => a.amountRemaining === balance);
  const pick =
    exact.find(remaining) ??
    exact.find((a) => OWN_SHARE_TYPES.has(a.typeId)) ??
    exact[0] ??
    open.find((a) => OWN_SHARE_TYPES.has(a.typeId)) ??
    open.find(remaining);
  return pick?.id ?? null;
}

// ── The Address Confirmation form (part 2 §5) ───────────────────────────────

export interface PaymentPlanAddressInput {
  buildingName?: string | null;
  buildingNumber?: string | null;
  street?: string | null;
  postcode?: string | null;
  country?: string | null;
}

export interface AddressProblem {
  field: "buildingNumber" | "street" | "postcode" | "country";
  message: string;
}

/**
 * The problems of a payment-plan address (part 2 §5): the same rule as any manually entered
 * address (common/addresses.ts): a building number or name ('Either a building number or
 * name is required'); street and country ('Required'); a postcode ('Required') that for the
 * UK matches the UK pattern ('Must be a UK postcode'). An empty list means the address is valid.
 */
export function paymentPlanAddressProblems(address: PaymentPlanAddressInput): AddressProblem[] {
  const errors = manualAddressErrors(address);
  const fields: AddressProblem["field"][] = ["buildingNumber", "street", "postcode", "country"];
  return fields.flatMap((field) => (errors[field] ? [{ field, message: errors[field]! }] : []));
}

// ── The monthly charge and its reminders (part 2 §2 payment-plan-live) ──────

/** How long a charge run holds an instalment it is charging before another run may take it over. */
export const INSTALMENT_CHARGE_LEASE_MS = 10 * 60_000;

export interface ChargeCandidate {
  planStatus: string;
  /** The plan's saved card (stripePaymentMethodId), or null. */
  planCard: string | null;
  instalmentStatus: string;
  dueDate: CalendarDate;
  /** The off-session intent already made for it by the job, or null. */
  chargePaymentIntentId: string | null;
}

/**
 * Whether the monthly job charges an instalment on London day `today` ("Instalments are
 * charged automatically each month", part 2 §2): it is PENDING and due on or before today, it
 * was never charged by the job (no intent recorded: a recorded one is never charged again,
 * whatever happened to it), and its plan is ACTIVE with a saved card. A FAILED instalment is
 * the tenant's to pay (manual-payment); a PENDING, CANCELLED or DEFAULT plan is not charged.
 */
export function instalmentChargeDue(candidate: ChargeCandidate, today: CalendarDate): boolean {
  return (
    candidate.planStatus === "ACTIVE" &&
    candidate.planCard !== null &&
    candidate.instalmentStatus === "PENDING" &&
    candidate.chargePaymentIntentId === null &&
    candidate.dueDate <= today
  );
}

/** What the card provider's refusal of an off-session charge means. */
export type ChargeFailure = "needs-tenant" | "retry";

/**
 * A refusal that only the tenant can fix (a card error: authentication_required, card_declined,
 * expired card...; or a request refused as invalid, such as a card no longer attached) marks the
 * instalment FAILED; an outage (no answer, a 5xx, a 429 rate limit) is tried again by the next run.
 */
export function chargeFailureKind(error: { type?: string; rawType?: string; statusCode?: number }): ChargeFailure {
  const type = error.rawType ?? error.type;
  if (type === "card_error" || error.statusCode === 402) return "needs-tenant";
  if (error.statusCode === undefined || error.statusCode >= 500 || error.statusCode === 429) return "retry";
  if (type === "StripeConnectionError" || type === "StripeAPIError" || type === "api_error") return "retry";
  return "needs-tenant";
}

export type InstalmentReminder = "week" | "day";

/**
 * Which reminder e-mail is due for an instalment on London day `today` (part 2 §2: "e-mails
 * one week and one day before each charge"), or null. Never on or after the charge day. The
 * day reminder from the day before (also when that day was missed until then, it is sent on
 * the day before only). The week reminder from a week before until two days before, once, and
 * only when the plan was already live a week before the charge (a plan that goes live three
 * days before its first charge gets the one-day reminder only).
 */
export function instalmentReminderDue(
  input: { dueDate: CalendarDate; liveDay: CalendarDate; weekSent: boolean; daySent: boolean },
  today: CalendarDate,
): InstalmentReminder | null {
  const daysBefore = calendarDaysBetween(today, input.dueDate);
  if (daysBefore <= 0) return null;
  if (daysBefore === 1) return input.daySent ? null : "day";
  if (daysBefore > 7 || input.weekSent || input.daySent) return null;
  return calendarDaysBetween(input.liveDay, input.dueDate) >= 7 ? "week" : null;
}

/** When the charge is, from `today`, in a reminder's words: "in one week", "tomorrow", "in 3 days". */
export function chargeWhenText(dueDate: CalendarDate, today: CalendarDate): string {
  const days = calendarDaysBetween(today, dueDate);
  if (days === 7) return "in one week";
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}

