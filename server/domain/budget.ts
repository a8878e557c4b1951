/**
 * A plan the tenant can afford, worked out from their budget (issue 36, scope 2;
 * docs/decisions/0048), as pure rules: each line as a monthly figure (common/budget.ts), what
 * is left each month (income − outgoings), the plans of at most 12 monthly instalments, with no
 * interest and no fees, whose instalments fit what is left, and when the first instalment of a
 * plan offered on a request falls. The service (server/plan-requests/) reads the debts and
 * records the requests.
 */
import {
  budgetAmountProblem,
  budgetLine,
  MAX_PLAN_INSTALMENTS,
  monthlyPence,
  type BudgetFrequency,
  type BudgetGroupKey,
  type BudgetLineKey,
} from "#common/budget";
import { assertPence, type Pence } from "#common/money";
import { addCalendarDays, type CalendarDate } from "./london-time.js";
import { addCalendarMonths, splitInstalmentAmounts } from "./payment-plans-rules.js";

export { MAX_PLAN_INSTALMENTS };

/**
 * What a plan can be asked for: a claim's balance (charges accepted and unpaid, the tenant's own
 * part), what the adjudicator decided (unpaid), or an instalment of a payment plan that failed.
 */
export const DEBT_TYPES = ["CLAIM_BALANCE", "ADJUDICATION_AWARD", "MISSED_INSTALMENT"] as const;
export type DebtType = (typeof DEBT_TYPES)[number];

/** The debt in an e-mail's sentence ("You asked to pay … for 12 Orchard Road"). */
export function debtWords(debtType: DebtType, instalmentNumber: number | null): string {
  switch (debtType) {
    case "CLAIM_BALANCE":
      return "your part of the end of tenancy charges";
    case "ADJUDICATION_AWARD":
      return "your part of what the adjudicator decided";
    case "MISSED_INSTALMENT":
      return instalmentNumber === null ? "the missed instalment of your payment plan" : `the missed instalment (number ${instalmentNumber}) of your payment plan`;
  }
}

/** One line as the tenant gave it. */
export type BudgetLineInput = { line: BudgetLineKey; amountPence: Pence; frequency: BudgetFrequency };

/** One line with its group and monthly figure: what a request keeps (payment_plan_requests.budget). */
export type MonthlyBudgetLine = {
  group: BudgetGroupKey;
  item: BudgetLineKey;
  amountPence: Pence;
  frequency: BudgetFrequency;
  monthlyPence: Pence;
};

export type WorkedOutBudget = {
  lines: MonthlyBudgetLine[];
  monthlyIncomePence: Pence;
  monthlyOutgoingsPence: Pence;
  /** Income − outgoings: below 0 when more goes out than comes in. */
  leftPence: number;
};

/** Which lines are bad and why (negative, or more than £100,000 a month): none for a budget that may be worked out. */
export function budgetProblems(lines: readonly BudgetLineInput[]): { line: BudgetLineKey; problem: "negative" | "tooLarge" }[] {
  return lines.flatMap((l) => {
    const problem = budgetAmountProblem(l.amountPence, l.frequency);
    return problem ? [{ line: l.line, problem }] : [];
  });
}

/**
 * Each line as a monthly figure (rounded on its own: common/budget.ts monthlyPence), the monthly
 * income and outgoings (the sums of the rounded lines) and what is left each month. Lines of £0
 * are kept out of what is stored. Throws on a bad line: check `budgetProblems` first.
 */
export function workOutBudget(lines: readonly BudgetLineInput[]): WorkedOutBudget {
  const monthly: MonthlyBudgetLine[] = [];
  let income = 0;
  let outgoings = 0;
  for (const l of lines) {
    assertPence(l.amountPence, l.line);
    if (budgetAmountProblem(l.amountPence, l.frequency) !== null) throw new RangeError(`${l.line} is more than a line may be`);
    if (l.amountPence === 0) continue;
    const { group, side } = budgetLine(l.line);
    const figure = monthlyPence(l.amountPence, l.frequency);
    monthly.push({ group, item: l.line, amountPence: l.amountPence, frequency: l.frequency, monthlyPence: figure });
    if (side === "INCOME") income += figure;
    else outgoings += figure;
  }
  return { lines: monthly, monthlyIncomePence: income, monthlyOutgoingsPence: outgoings, leftPence: income - outgoings };
}

/** A plan of monthly instalments that add up to the debt exactly (the payment plans' own split: remainder pennies on the first). */
export type InstalmentPlan = {
  instalments: number;
  /** The first instalment: the largest, by the pennies left over. */
  firstPence: Pence;
  /** Each instalment after the first. */
  otherPence: Pence;
};

export type PlansThatFit =
  | { fits: true; plans: InstalmentPlan[] }
  /** NOTHING_LEFT: nothing is left each month; NOT_ENOUGH_LEFT: even 12 instalments are more than is left. */
  | { fits: false; why: "NOTHING_LEFT" | "NOT_ENOUGH_LEFT"; plans: [] };

/** The plan of `count` monthly instalments for a debt (splitInstalmentAmounts, as every payment plan splits). */
export function instalmentPlan(debtPence: Pence, count: number): InstalmentPlan {
  const amounts = splitInstalmentAmounts(debtPence, count);
  return { instalments: count, firstPence: amounts[0]!, otherPence: amounts[1] ?? amounts[0]! };
}

/**
 * The plans that fit what is left each month: from the fewest monthly instalments whose largest
 * instalment (the first) is no more than what is left, up to 12. Nothing fits when nothing is
 * left (≤ £0), or when even 12 instalments are each more than is left.
 */
export function plansThatFit(debtPence: Pence, leftPence: number): PlansThatFit {
  assertPence(debtPence, "debt");
  if (debtPence === 0) throw new RangeError("A debt of £0 needs no plan");
  if (leftPence <= 0) return { fits: false, why: "NOTHING_LEFT", plans: [] };
  const plans: InstalmentPlan[] = [];
  for (let count = 1; count <= MAX_PLAN_INSTALMENTS; count += 1) {
    const plan = instalmentPlan(debtPence, count);
    if (plan.firstPence <= leftPence) plans.push(plan);
  }
  return plans.length > 0 ? { fits: true, plans } : { fits: false, why: "NOT_ENOUGH_LEFT", plans: [] };
}

/** Days from the offer to the first instalment of a plan offered on a request: after its 48 hours to set it up. */
export const REQUESTED_PLAN_FIRST_DUE_DAYS = 7;

/** The London day the first instalment of a plan offered on `offeredOn` (a request's) falls due. */
export function requestedPlanFirstDueDate(offeredOn: CalendarDate): CalendarDate {
  return addCalendarDays(offeredOn, REQUESTED_PLAN_FIRST_DUE_DAYS);
}

/**
 * Whether a plan keeps to the exempt agreement's terms (docs/decisions/0048): at most 12
 * instalments, the last due within 12 months of the day it was agreed (offered), no interest and
 * no fees (the amount spread is the debt itself).
 */
export function withinExemptPlanTerms(plan: { instalments: number; firstDueDate: CalendarDate; interestPence: number }, agreedOn: CalendarDate): boolean {
  if (!Number.isSafeInteger(plan.instalments) || plan.instalments < 1 || plan.instalments > MAX_PLAN_INSTALMENTS) return false;
  if (plan.interestPence !== 0) return false;
  if (plan.firstDueDate < agreedOn) return false;
  return addCalendarMonths(plan.firstDueDate, plan.instalments - 1) <= addCalendarMonths(agreedOn, 12);
}

/** "6 monthly instalments of £50.00" or "6 monthly instalments: £50.03, then 5 of £50.00". */
export function planWords(plan: InstalmentPlan, pounds: (pence: number) => string): string {
  const n = plan.instalments;
  if (n === 1) return `1 payment of ${pounds(plan.firstPence)}`;
  if (plan.firstPence === plan.otherPence) return `${n} monthly instalments of ${pounds(plan.otherPence)}`;
  return `${n} monthly instalments: ${pounds(plan.firstPence)}, then ${n - 1} of ${pounds(plan.otherPence)}`;
}
