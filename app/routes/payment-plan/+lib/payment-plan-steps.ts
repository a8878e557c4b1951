import type { TrackerStep } from "~/components/step-tracker";
import { formatDate, formatPounds, londonDayText, londonTimeOfDay } from "#common/wording";
import type { PaymentPlan } from "./payment-plan-routing";

/**
 * The payment plan's three steps as the step pages show them (part 2 §2 payment plan screens):
 * the step bar, the 'Your Repayment Summary' banner of a pending plan, and the figures of the
 * 'Proposed Payment Summary'. Pure and free of heavy imports beyond `format` (the card step's
 * loader uses it; nothing here reaches the browser's bundle but the shaped strings).
 */
export type PlanStep = "confirm" | "address" | "card-details";

export const PLAN_STEPS: ReadonlyArray<{ key: PlanStep; label: string; action: PaymentPlan["actions"][number]["typeId"] }> = [
  { key: "confirm", label: "Payment Proposal Outline", action: "CONFIRM" },
  { key: "address", label: "Address Confirmation", action: "ADDRESS" },
  { key: "card-details", label: "Payment Details", action: "CARD_DETAILS" },
];

/** The step bar: each step done (its action completed), the current one, or still to do. */
export function planStepTracker(plan: Pick<PaymentPlan, "actions">, current: PlanStep): TrackerStep[] {
  return PLAN_STEPS.map((step) => ({
    key: step.key,
    label: step.label,
    current: step.key === current,
    complete: plan.actions.some((a) => a.typeId === step.action && a.completedAt !== null),
  }));
}

export type RepaymentSummary = {
  /** 'Your outstanding balance of £X will be spread over N instalments' */
  sentence: string;
  /** 'This offer is open until 9:41pm on 26th Nov 2026.' */
  openUntil: string;
};

/** 'Your Repayment Summary' (part 2 §2), shown while the plan is PENDING; null otherwise. */
export function repaymentSummary(
  plan: Pick<PaymentPlan, "status" | "outstandingBalance" | "instalmentCount" | "offerExpiresAt">,
): RepaymentSummary | null {
  if (plan.status !== "PENDING") return null;
  const count = plan.instalmentCount;
  return {
    sentence: `Your outstanding balance of ${formatPounds(plan.outstandingBalance)} will be spread over ${count} ${count === 1 ? "instalment" : "instalments"}`,
    openUntil: `This offer is open until ${londonTimeOfDay(plan.offerExpiresAt)} on ${londonDayText(plan.offerExpiresAt)}. If the three steps are not done by then, the offer ends.`,
  };
}

export type PlanStepsView = { tracker: TrackerStep[]; summary: RepaymentSummary | null };

/** What <PaymentPlanSteps> shows on a step page. */
export function planStepsView(plan: PaymentPlan, current: PlanStep): PlanStepsView {
  return { tracker: planStepTracker(plan, current), summary: repaymentSummary(plan) };
}

export type ProposedSummary = {
  total: string;
  interest: string;
  count: number;
  /** 'N monthly instalments of £A' or, when the first differs by pennies, 'a first instalment of £F, then N-1 of £A'. */
  instalments: string;
  firstDate: string | null;
};

/** 'Proposed Payment Summary' (part 2 §2 confirm): the plan's figures in words, from the API's data. */
export function proposedSummary(plan: Pick<PaymentPlan, "amount" | "interestAmount" | "instalmentCount" | "instalments">): ProposedSummary {
  const sorted = [...plan.instalments].sort((a, b) => a.instalmentNumber - b.instalmentNumber);
  const first = sorted[0];
  const rest = sorted.slice(1);
  let instalments: string;
  if (!first) instalments = "No instalments";
  else if (rest.length === 0) instalments = `1 instalment of ${formatPounds(first.amount)}`;
  else if (rest.every((i) => i.amount === first.amount)) instalments = `${sorted.length} monthly instalments of ${formatPounds(first.amount)}`;
  else if (rest.every((i) => i.amount === rest[0]!.amount))
    instalments = `A first instalment of ${formatPounds(first.amount)}, then ${rest.length} monthly ${rest.length === 1 ? "instalment" : "instalments"} of ${formatPounds(rest[0]!.amount)}`;
  else instalments = `${sorted.length} monthly instalments (the amounts are in the schedule below)`;
  return {
    total: formatPounds(plan.amount),
    interest: formatPounds(plan.interestAmount),
    count: plan.instalmentCount,
    instalments,
    firstDate: first ? formatDate(first.dueDate) : null,
  };
}

export type PlanLiveView = { charged: string; reminders: string };

/** 'Your Payment Plan is Live!' (part 2 §2 payment-plan-live): how and when the instalments are taken. */
export function planLiveView(plan: Pick<PaymentPlan, "card" | "instalments">): PlanLiveView {
  const last4 = plan.card?.last4;
  const card = last4 ? `the card ending ${last4}` : "the card you gave us";
  const first = [...plan.instalments].filter((i) => i.status !== "PAID").sort((a, b) => a.instalmentNumber - b.instalmentNumber)[0];
  const firstCharge = first ? ` The first, ${formatPounds(first.amount)}, is taken on ${formatDate(first.dueDate)}.` : "";
  return {
    charged: `Your instalments will be charged automatically each month to ${card}.${firstCharge}`,
    reminders: "We will e-mail you one week and one day before each charge, so you know it is coming.",
  };
}
