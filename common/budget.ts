/**
 * A tenant's budget (issue 36, scope 2; docs/decisions/0048): the lines of the form, in the
 * Standard Financial Statement's groups (income; home and contents, utilities, care and health,
 * transport and travel, school costs, food and housekeeping, personal costs, communications and
 * leisure; payments to priority and other debts; other essential costs), a few lines each; how
 * often each amount is paid; the monthly figure of an amount; the limit of a line and the
 * messages of a bad amount. The web's form and the API check the same rules with the same words.
 *
 * What is left each month and the plans that fit it are the API's (server/domain/budget.ts).
 */
import type { Pence } from "./money";

/** How often an amount comes in or goes out, as the tenant chooses. */
export const BUDGET_FREQUENCIES = ["WEEKLY", "FORTNIGHTLY", "FOUR_WEEKLY", "MONTHLY"] as const;
export type BudgetFrequency = (typeof BUDGET_FREQUENCIES)[number];

export const BUDGET_FREQUENCY_LABELS: Record<BudgetFrequency, string> = {
  WEEKLY: "Every week",
  FORTNIGHTLY: "Every 2 weeks",
  FOUR_WEEKLY: "Every 4 weeks",
  MONTHLY: "Every month",
};

/**
 * An amount paid this often, as a fraction of a month: 52 weeks, 26 fortnights and 13 four-week
 * periods in a year of 12 months.
 */
const PER_MONTH: Record<BudgetFrequency, { times: number; months: number }> = {
  WEEKLY: { times: 52, months: 12 },
  FORTNIGHTLY: { times: 26, months: 12 },
  FOUR_WEEKLY: { times: 13, months: 12 },
  MONTHLY: { times: 1, months: 1 },
};

/**
 * The monthly figure of an amount paid `frequency` (weekly × 52 ÷ 12, fortnightly × 26 ÷ 12,
 * four-weekly × 13 ÷ 12, monthly as it is), rounded to the nearest penny, a half penny up. In whole
 * numbers, so no floating-point error decides a penny. Each line is rounded on its own; totals
 * add the rounded lines, so the lines a tenant reads add up to the totals they read.
 */
export function monthlyPence(amountPence: Pence, frequency: BudgetFrequency): Pence {
  const { times, months } = PER_MONTH[frequency];
  return Math.floor((amountPence * times * 2 + months) / (months * 2));
}

/** The most one line may be, as a monthly figure: £100,000 a month. Anything more is a typing slip. */
export const BUDGET_LINE_MAX_MONTHLY_PENCE: Pence = 10_000_000;

/** The most characters an amount may be typed with ("£100,000.00" and spaces to spare). */
export const BUDGET_AMOUNT_MAX_LENGTH = 20;

/** Plans are at most 12 monthly instalments, with no interest and no fees (docs/decisions/0048). */
export const MAX_PLAN_INSTALMENTS = 12;

export type BudgetSide = "INCOME" | "OUTGOING";

type Line = {
  /** The field's name in the form and the line's key in the API. */
  readonly key: string;
  /** The field's label. */
  readonly label: string;
  /** The line in a sentence ("Enter rent as an amount…"). */
  readonly name: string;
};

/** The form's groups and lines, in the Standard Financial Statement's order. */
export const BUDGET_GROUPS = [
  {
    key: "INCOME",
    side: "INCOME",
    legend: "Money coming in",
    hint: "What you and your partner get after tax and National Insurance.",
    lines: [
      { key: "earnings", label: "Wages or salary", name: "wages or salary" },
      { key: "benefits", label: "Benefits, such as Universal Credit", name: "benefits" },
      { key: "pensions", label: "Pensions", name: "pensions" },
      { key: "otherIncome", label: "Other income, such as child maintenance", name: "other income" },
    ],
  },
  {
    key: "HOME_AND_CONTENTS",
    side: "OUTGOING",
    legend: "Home and contents",
    hint: null,
    lines: [
      { key: "rent", label: "Rent", name: "rent" },
      { key: "councilTax", label: "Council tax", name: "council tax" },
      { key: "homeOther", label: "Other home costs, such as contents insurance or a TV licence", name: "other home costs" },
    ],
  },
  {
    key: "UTILITIES",
    side: "OUTGOING",
    legend: "Utilities",
    hint: null,
    lines: [
      { key: "energy", label: "Gas and electricity", name: "gas and electricity" },
      { key: "water", label: "Water", name: "water" },
    ],
  },
  {
    key: "CARE_AND_HEALTH",
    side: "OUTGOING",
    legend: "Care and health",
    hint: null,
    lines: [
      { key: "care", label: "Childcare or adult care", name: "childcare or adult care" },
      { key: "health", label: "Prescriptions, dentist and opticians", name: "prescriptions, dentist and opticians" },
    ],
  },
  {
    key: "TRANSPORT_AND_TRAVEL",
    side: "OUTGOING",
    legend: "Transport and travel",
    hint: null,
    lines: [{ key: "transport", label: "Bus or train fares, fuel and car costs", name: "transport and travel" }],
  },
  {
    key: "SCHOOL_COSTS",
    side: "OUTGOING",
    legend: "School costs",
    hint: null,
    lines: [{ key: "school", label: "School uniform, clubs and trips", name: "school costs" }],
  },
  {
    key: "FOOD_AND_HOUSEKEEPING",
    side: "OUTGOING",
    legend: "Food and housekeeping",
    hint: null,
    lines: [{ key: "food", label: "Food, toiletries and cleaning", name: "food and housekeeping" }],
  },
  {
    key: "PERSONAL_COSTS",
    side: "OUTGOING",
    legend: "Personal costs",
    hint: null,
    lines: [
      { key: "clothing", label: "Clothes and shoes", name: "clothes and shoes" },
      { key: "personalOther", label: "Haircuts, gifts and other personal costs", name: "other personal costs" },
    ],
  },
  {
    key: "COMMUNICATIONS_AND_LEISURE",
    side: "OUTGOING",
    legend: "Communications and leisure",
    hint: null,
    lines: [
      { key: "phone", label: "Phone, internet and TV", name: "phone, internet and TV" },
      { key: "leisure", label: "Hobbies, leisure and subscriptions", name: "leisure" },
    ],
  },
  {
    key: "PRIORITY_DEBTS",
    side: "OUTGOING",
    legend: "Payments to priority debts",
    hint: "Such as rent or council tax arrears, energy arrears or court fines.",
    lines: [{ key: "priorityDebts", label: "Payments to priority debts", name: "payments to priority debts" }],
  },
  {
    key: "OTHER_DEBTS",
    side: "OUTGOING",
    legend: "Payments to other debts",
    hint: "Such as credit cards, loans or catalogues.",
    lines: [{ key: "otherDebts", label: "Payments to other debts", name: "payments to other debts" }],
  },
  {
    key: "OTHER",
    side: "OUTGOING",
    legend: "Anything else",
    hint: null,
    lines: [{ key: "otherEssential", label: "Other essential costs", name: "other essential costs" }],
  },
] as const satisfies ReadonlyArray<{ key: string; side: BudgetSide; legend: string; hint: string | null; lines: readonly Line[] }>;

export type BudgetGroupKey = (typeof BUDGET_GROUPS)[number]["key"];
export type BudgetLineKey = (typeof BUDGET_GROUPS)[number]["lines"][number]["key"];

/** Every line's key, in the form's order (a tuple, for the schemas' enums). */
export const BUDGET_LINE_KEYS = BUDGET_GROUPS.flatMap((g) => g.lines.map((l) => l.key)) as unknown as readonly [BudgetLineKey, ...BudgetLineKey[]];

/** A line's group, side, label and name. */
export function budgetLine(key: BudgetLineKey): Line & { group: BudgetGroupKey; side: BudgetSide } {
  for (const group of BUDGET_GROUPS) {
    const line = (group.lines as readonly Line[]).find((l) => l.key === key);
    if (line) return { ...line, group: group.key, side: group.side };
  }
  throw new RangeError(`No budget line ${key}`);
}

// ── A bad amount ─────────────────────────────────────────────────────────────────────

export type BudgetAmountProblem = "notANumber" | "negative" | "tooLarge";

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** What the tenant reads on the line's field: the same words from the web's form and the API. */
export function budgetAmountMessage(key: BudgetLineKey, problem: BudgetAmountProblem): string {
  const { name } = budgetLine(key);
  switch (problem) {
    case "notANumber":
      return `Enter ${name} as an amount in pounds, like 150 or 150.50`;
    case "negative":
      return `${capitalised(name)} must be £0 or more`;
    case "tooLarge":
      return `${capitalised(name)} must be £100,000 a month or less`;
  }
}

const POUNDS = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/**
 * An amount as typed, in pence: "150", "150.5", "£1,250.00", " 80 " (blank is £0, a line the
 * tenant leaves empty). A minus sign is `negative`; anything else that is not pounds and pence
 * (letters, three decimals, "1,2") is `notANumber`.
 */
export function parsePounds(typed: string): { pence: Pence } | { problem: "notANumber" | "negative" } {
  const text = typed.trim().replace(/^£\s*/, "");
  if (text === "") return { pence: 0 };
  if (/^[-−]\s*£?\s*\d/.test(text)) return { problem: "negative" };
  if (!POUNDS.test(text)) return { problem: "notANumber" };
  const [whole, fraction = ""] = text.replace(/,/g, "").split(".") as [string, string?];
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(pence) ? { pence } : { problem: "notANumber" };
}

/** What is wrong with a line's amount paid `frequency`, or null: £0 or more, at most the monthly limit. */
export function budgetAmountProblem(amountPence: number, frequency: BudgetFrequency): "negative" | "tooLarge" | null {
  if (amountPence < 0) return "negative";
  // A figure too big to turn into a monthly one safely is too large anyway.
  if (amountPence > BUDGET_LINE_MAX_MONTHLY_PENCE * 100) return "tooLarge";
  return monthlyPence(amountPence, frequency) > BUDGET_LINE_MAX_MONTHLY_PENCE ? "tooLarge" : null;
}
