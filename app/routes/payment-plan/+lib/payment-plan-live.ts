import { formatDate, formatPounds } from "#common/wording";
import type { PaymentPlan } from "./payment-plan-routing";
import { planPagePath } from "./payment-plan-routing";
import { instalmentDate, scheduleView, type ScheduleView } from "./payment-plan-view";
import { POLL_PARAM, pollingState, type PollingState } from "~/lib/polling";

/**
 * A live payment plan's pages (part 2 §2 active, manual-payment, payment-success; §4 instalment
 * payment), shaped in their loaders: pure, so the rules are tested on their own
 * (tests/routes/payment-plan-live.test.ts) and the route modules only render (docs/decisions/0028).
 */
type Plan = Pick<PaymentPlan, "id" | "amount" | "amountPaid" | "amountRemaining" | "instalments" | "card" | "paidOff">;
type Instalment = PaymentPlan["instalments"][number];

/** The query parameter naming the instalment a manual payment waits for (with `?since=`, the polling's start). */
export const INSTALMENT_PARAM = "instalment";

const byNumber = (a: Instalment, b: Instalment) => a.instalmentNumber - b.instalmentNumber;

/** The first failed instalment (the one manual-payment asks for), or undefined. */
export function firstFailedInstalment(plan: Pick<PaymentPlan, "instalments">): Instalment | undefined {
  return [...plan.instalments].sort(byNumber).find((i) => i.status === "FAILED");
}

/** "your card ending 4242", or the card in general words when the API has no digits for it. */
export function cardText(card: PaymentPlan["card"]): string {
  return card?.last4 ? `your card ending ${card.last4}` : "the card you gave us";
}

export type FailedInstalmentView = { number: number; amount: string; date: string; payPath: string };

export type ActivePlanView = {
  schedule: ScheduleView;
  paidOff: boolean;
  total: string;
  paid: string;
  remaining: string;
  /** The next instalment still to be charged automatically, or null (none left, or only failed ones). */
  next: { number: number; amount: string; date: string } | null;
  card: string;
  /** Missed instalments, first first: each is paid on manual-payment (the first one there). */
  failed: FailedInstalmentView[];
  calendarPath: string | null;
};

/**
 * The active page (part 2 §2, issue 13 scope 6, 9): the schedule with each instalment's status in
 * words, what is paid and what is left, the card the instalments are charged to, the missed
 * instalments with the way to pay them, and the schedule as a calendar file. A paid-off plan says
 * so instead of what comes next (no next charge, no calendar file).
 */
export function activePlanView(plan: Plan, url: URL): ActivePlanView {
  const sorted = [...plan.instalments].sort(byNumber);
  // Paid off (every instalment PAID; the spec has no "finished" status) is the API's `paidOff`.
  const paidOff = plan.paidOff;
  const next = sorted.find((i) => i.status === "PENDING");
  return {
    schedule: scheduleView(sorted, url),
    paidOff,
    total: formatPounds(plan.amount),
    paid: formatPounds(plan.amountPaid),
    remaining: formatPounds(plan.amountRemaining),
    next: next ? { number: next.instalmentNumber, amount: formatPounds(next.amount), date: formatDate(next.dueDate) } : null,
    card: cardText(plan.card),
    failed: sorted
      .filter((i) => i.status === "FAILED")
      .map((i) => ({
        number: i.instalmentNumber,
        amount: formatPounds(i.amount),
        date: instalmentDate(i.dueDate),
        payPath: planPagePath(plan.id, "manual-payment"),
      })),
    calendarPath: paidOff ? null : planPagePath(plan.id, "schedule.ics"),
  };
}

export type ManualPaymentState =
  /** The failed instalment to pay, by card. */
  | {
      state: "pay";
      instalmentId: string;
      number: number;
      /** Pence, for the card form. */
      amount: number;
      amountText: string;
      /** DD/MM/YY */
      dueDate: string;
      /** Other failed instalments after this one (each paid in turn). */
      othersFailed: number;
      /** Where the card form goes once the card payment is confirmed (pollingPath adds the start time). */
      waitingPath: string;
    }
  /** Paid by card: waiting for the instalment to be PAID (every 2 s). */
  | { state: "processing"; polling: PollingState }
  /** 30 s passed and the instalment is not PAID yet: the spec's message, and the wait stops. */
  | { state: "slow" };

/**
 * manual-payment (part 2 §4 instalment payment): with `?instalment=<id>&since=<ms>` it waits for
 * that instalment (the plan the layout read for this request carries its status), then goes to
 * payment-success once it is PAID, or says the payment is taking longer after 30 s; otherwise it
 * shows the first failed instalment to pay. Answers a redirect (a Response) or the state to show.
 */
export function manualPaymentState(plan: Plan, url: URL, now = Date.now()): ManualPaymentState | { redirect: string } {
  const waitingFor = url.searchParams.get(INSTALMENT_PARAM);
  const waited = waitingFor ? plan.instalments.find((i) => i.id === waitingFor) : undefined;
  if (waited && url.searchParams.has(POLL_PARAM)) {
    if (waited.status === "PAID") {
      return { redirect: `${planPagePath(plan.id, "payment-success")}?${INSTALMENT_PARAM}=${encodeURIComponent(waited.id)}` };
    }
    const polling = pollingState(url, now);
    return polling.timedOut ? { state: "slow" } : { state: "processing", polling };
  }
  const failed = firstFailedInstalment(plan);
  if (!failed) return { redirect: planPagePath(plan.id, "active") };
  const manual = planPagePath(plan.id, "manual-payment");
  return {
    state: "pay",
    instalmentId: failed.id,
    number: failed.instalmentNumber,
    amount: failed.amount,
    amountText: formatPounds(failed.amount),
    dueDate: instalmentDate(failed.dueDate),
    othersFailed: plan.instalments.filter((i) => i.status === "FAILED").length - 1,
    waitingPath: `${manual}?${INSTALMENT_PARAM}=${encodeURIComponent(failed.id)}`,
  };
}

export type PaymentSuccessView = {
  /** The instalment just paid, when the URL names a PAID one of this plan's. */
  paid: { number: number; amount: string } | null;
  paidOff: boolean;
  remaining: string;
  activePath: string;
};

/** payment-success (part 2 §2): what was paid (`?instalment=`), what is left, and the way back to the plan. */
export function paymentSuccessView(plan: Plan, url: URL): PaymentSuccessView {
  const id = url.searchParams.get(INSTALMENT_PARAM);
  const paid = id ? plan.instalments.find((i) => i.id === id && i.status === "PAID") : undefined;
  return {
    paid: paid ? { number: paid.instalmentNumber, amount: formatPounds(paid.amount) } : null,
    paidOff: plan.paidOff,
    remaining: formatPounds(plan.amountRemaining),
    activePath: planPagePath(plan.id, "active"),
  };
}
