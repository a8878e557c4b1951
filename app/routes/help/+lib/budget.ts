/**
 * The budget page's form and words (issue 36, scope 2): one text field for each line of the
 * budget (common/budget.ts: the Standard Financial Statement's groups) with how often it is paid,
 * and the debt it is for. The amount's rules and messages are the API's own (common/budget.ts);
 * what is left and the plans that fit come from the API's answer, worded here.
 */
import { z } from "zod";
import {
  BUDGET_AMOUNT_MAX_LENGTH,
  BUDGET_FREQUENCIES,
  BUDGET_FREQUENCY_LABELS,
  BUDGET_LINE_KEYS,
  budgetAmountMessage,
  budgetAmountProblem,
  parsePounds,
  type BudgetFrequency,
  type BudgetLineKey,
} from "#common/budget";
import { ID_MAX_LENGTH, ID_PATTERN } from "#common/input";
import type { components } from "~/lib/api/schema";
import { formatDate, formatPounds } from "#common/wording";
import { textField } from "~/lib/text-rules";

export const BUDGET_PATH = "/help/struggling-to-pay/budget";

export type Debt = components["schemas"]["Debt"];
export type WorkedOut = components["schemas"]["WorkedOutBudget"];
type InstalmentPlan = components["schemas"]["InstalmentPlan"];
type DebtType = Debt["debtType"];

export const DEBT_MESSAGE = "Choose what you want a plan for";
export const PLAN_MESSAGE = "Choose a plan";

// ── Which debt: "<type>:<id>" in the form and the URL (`?debt=`) ─────────────────────

const DEBT_TYPES = ["CLAIM_BALANCE", "ADJUDICATION_AWARD", "MISSED_INSTALMENT"] as const satisfies readonly DebtType[];
const DEBT_KEY = new RegExp(`^(${DEBT_TYPES.join("|")}):(${ID_PATTERN.source.slice(1, -1)})$`);

/** The key naming a debt in the form and in links (`?debt=`). */
export function debtKey(debt: Pick<Debt, "debtType" | "claimId" | "arbitrationId" | "paymentPlanInstalmentId">): string {
  const id = debt.debtType === "CLAIM_BALANCE" ? debt.claimId : debt.debtType === "ADJUDICATION_AWARD" ? debt.arbitrationId : debt.paymentPlanInstalmentId;
  return `${debt.debtType}:${id ?? ""}`;
}

/** A debt key as the API names the debt, or null when it is not one. */
export function debtRef(key: string | null | undefined) {
  const match = key ? DEBT_KEY.exec(key) : null;
  if (!match) return null;
  const debtType = match[1] as DebtType;
  const id = match[2]!;
  if (debtType === "CLAIM_BALANCE") return { debtType, claimId: id };
  if (debtType === "ADJUDICATION_AWARD") return { debtType, arbitrationId: id };
  return { debtType, paymentPlanInstalmentId: id };
}

// ── The form ─────────────────────────────────────────────────────────────────────────

/** The frequency field of a line: `rentFrequency`. */
export const frequencyField = (key: BudgetLineKey) => `${key}Frequency` as const;

/** Every field of the budget, in the page's order (the error summary's), the debt first. */
export const BUDGET_FIELD_NAMES = ["debt", ...BUDGET_LINE_KEYS.flatMap((key) => [key, frequencyField(key)])] as const;

const amount = () => textField(BUDGET_AMOUNT_MAX_LENGTH).optional();
const frequency = () => z.enum(BUDGET_FREQUENCIES).default("MONTHLY");

const shape = {
  debt: textField(ID_MAX_LENGTH + 20, { required: DEBT_MESSAGE }).regex(DEBT_KEY, { error: DEBT_MESSAGE }),
  ...Object.fromEntries(BUDGET_LINE_KEYS.flatMap((key) => [[key, amount()], [frequencyField(key), frequency()]])),
} as { debt: z.ZodString } & Record<BudgetLineKey, ReturnType<typeof amount>> & Record<`${BudgetLineKey}Frequency`, ReturnType<typeof frequency>>;

/** Each line's amount: pounds and pence, £0 or more, at most £100,000 a month (common/budget.ts, the API's rule and words). */
function checkAmounts(values: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const key of BUDGET_LINE_KEYS) {
    const parsed = parsePounds(String(values[key] ?? ""));
    const problem = "problem" in parsed ? parsed.problem : budgetAmountProblem(parsed.pence, values[frequencyField(key)] as BudgetFrequency);
    if (problem) ctx.addIssue({ code: "custom", path: [key], message: budgetAmountMessage(key, problem) });
  }
}

/** "Work out my plan": the debt and the budget. */
export const budgetSchema = z.object(shape).superRefine(checkAmounts);

/** "Ask for this plan": the same, and the number of instalments chosen. */
export const planRequestSchema = z
  .object({ ...shape, instalments: z.number({ error: PLAN_MESSAGE }).int({ error: PLAN_MESSAGE }).min(1, { error: PLAN_MESSAGE }) })
  .superRefine(checkAmounts);

export type BudgetValues = z.output<typeof budgetSchema>;

/** The budget's lines as the API takes them (a blank line is £0 and left out). */
export function apiLines(values: BudgetValues) {
  return BUDGET_LINE_KEYS.flatMap((line) => {
    const parsed = parsePounds(String(values[line] ?? ""));
    if (!("pence" in parsed) || parsed.pence === 0) return [];
    return [{ line, amountPence: parsed.pence, frequency: values[frequencyField(line)] }];
  });
}

/** The fields as typed, to keep them on the page and carry them to "Ask for this plan". */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of BUDGET_FIELD_NAMES) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

export const FREQUENCY_OPTIONS = BUDGET_FREQUENCIES.map((value) => ({ value, label: BUDGET_FREQUENCY_LABELS[value] }));

// ── Words ───────────────────────────────────────────────────────────────────────────

/** The debt, in a sentence: "your share of the end of tenancy charges for 12 Orchard Road". */
export function debtWords(debt: Pick<Debt, "debtType" | "property" | "instalmentNumber">): string {
  switch (debt.debtType) {
    case "CLAIM_BALANCE":
      return `your share of the end of tenancy charges for ${debt.property}`;
    case "ADJUDICATION_AWARD":
      return `what the adjudicator decided for ${debt.property}`;
    case "MISSED_INSTALMENT":
      return `the missed instalment ${debt.instalmentNumber ?? 1} of your payment plan for ${debt.property}`;
  }
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A debt as an option of the form: what it is and how much. */
export function debtOption(debt: Debt) {
  return { value: debtKey(debt), label: `${capitalised(debtWords(debt))}: ${formatPounds(debt.amountPence)}` };
}

/** "6 monthly instalments of £50.00", "3 monthly instalments: £33.35, then 2 of £33.33", "1 payment of £50.00". */
export function planLabel(plan: InstalmentPlan): string {
  const n = plan.instalments;
  if (n === 1) return `1 payment of ${formatPounds(plan.firstPence)}`;
  if (plan.firstPence === plan.otherPence) return `${n} monthly instalments of ${formatPounds(plan.otherPence)}`;
  return `${n} monthly instalments: ${formatPounds(plan.firstPence)}, then ${n - 1} of ${formatPounds(plan.otherPence)}`;
}

/** A request waiting for our answer, in words. */
export function waitingWords(debt: Debt): string {
  const request = debt.request!;
  return `You asked on ${formatDate(request.createdAt)} to pay ${debtWords(debt)}, ${formatPounds(request.amountPence)}, in ${planLabel(request.plan)}.`;
}

/** The page's data: the debts to choose from, the requests waiting for an answer, the one just sent. */
export function budgetPageView(data: { debts: Debt[]; maxInstalments: number; offerHours: number }, url: URL) {
  const sentId = url.searchParams.get("sent");
  const sent = sentId ? data.debts.find((d) => d.request?.id === sentId && d.request.status === "PENDING") : undefined;
  const waiting = data.debts.filter((d) => d.request?.status === "PENDING");
  const choosable = data.debts.filter((d) => d.request?.status !== "PENDING");
  const asked = url.searchParams.get("debt");
  const chosen = choosable.find((d) => debtKey(d) === asked) ?? (choosable.length === 1 ? choosable[0] : undefined);
  return {
    maxInstalments: data.maxInstalments,
    offerHours: data.offerHours,
    sent: sent ? { words: `${planLabel(sent.request!.plan)} for ${debtWords(sent)}`, amount: formatPounds(sent.amountPence) } : null,
    waiting: waiting.map((d) => ({ key: debtKey(d), words: waitingWords(d) })),
    options: choosable.map(debtOption),
    chosen: chosen ? debtKey(chosen) : undefined,
  };
}

/** The API's answer to "Work out my plan", worded. */
export function answerView(answer: WorkedOut) {
  const left = answer.leftPence;
  return {
    income: formatPounds(answer.monthlyIncomePence),
    outgoings: formatPounds(answer.monthlyOutgoingsPence),
    left: left < 0 ? `Nothing: ${formatPounds(-left)} more goes out than comes in` : formatPounds(left),
    debt: `${capitalised(debtWords(answer.debt))}: ${formatPounds(answer.debt.amountPence)}`,
    maxInstalments: answer.maxInstalments,
    plans: answer.plans.map((p) => ({ value: String(p.instalments), label: planLabel(p) })),
    nothingFits:
      answer.why === "NOTHING_LEFT"
        ? "From what you have told us, nothing is left each month once your outgoings are paid, so no plan would be one you could keep to."
        : answer.why === "NOT_ENOUGH_LEFT"
          ? `Even spread over ${answer.maxInstalments} monthly instalments, ${formatPounds(Math.ceil(answer.debt.amountPence / answer.maxInstalments))} a month is more than the ${formatPounds(left)} you have left each month.`
          : null,
  };
}
