/**
 * Fair wear and tear and betterment (issue 27 scope 4): the share of a replacement a tenant would
 * usually pay. Adjudicators allow for fair wear and tear and do not let a landlord end up better
 * off (betterment): an item that was already part-way through its useful life is worth less than
 * a new one, so the tenant usually pays only for the life it had left when the tenancy ended.
 *
 *   age at the end of the tenancy = its age when the tenancy started + the tenancy's length
 *   life left                      = its expected life − that age (never below 0)
 *   tenant's usual share           = life left ÷ expected life
 *
 * Guidance, not the adjudicator's decision: the words that go with it say so. In the shared rule
 * book because the claim item's help page applies it and the guide may quote it; pure, figures
 * in months so that years and months mix without rounding, the answer in whole percent and pence.
 */
import { assertPence } from "./money";

export interface WearAndTearInput {
  /** How old the item was when the tenancy started, in months. */
  ageAtStartMonths: number;
  /** How long an item like it usually lasts, in months (more than 0). */
  expectedLifeMonths: number;
  /** How long the tenancy lasted, in months. */
  tenancyMonths: number;
}

export interface WearAndTearShare {
  /** The item's age when the tenancy ended, in months. */
  ageAtEndMonths: number;
  /** The life it had left then, in months (0 when it was at or past the end of its expected life). */
  lifeLeftMonths: number;
  /** The share of a new one's cost a tenant would usually pay, 0 to 100, rounded to a whole percent. */
  percent: number;
  /** The exact share, 0 to 1. */
  fraction: number;
}

/** The usual share of a replacement's cost (see above). Throws a RangeError on a negative age or tenancy, or a life of 0. */
export function wearAndTearShare(input: WearAndTearInput): WearAndTearShare {
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number of months, 0 or more (got ${String(value)})`);
  }
  if (input.expectedLifeMonths === 0) throw new RangeError("expectedLifeMonths must be more than 0");
  const ageAtEndMonths = input.ageAtStartMonths + input.tenancyMonths;
  const lifeLeftMonths = Math.max(0, input.expectedLifeMonths - ageAtEndMonths);
  const fraction = lifeLeftMonths / input.expectedLifeMonths;
  return { ageAtEndMonths, lifeLeftMonths, fraction, percent: Math.round(fraction * 100) };
}

/** That share of a cost, in whole pence (rounded to the nearest penny). */
export function shareOfCost(costPence: number, share: Pick<WearAndTearShare, "fraction">): number {
  assertPence(costPence, "cost");
  return Math.round(costPence * share.fraction);
}

// ── The calculator's form (a GET form: its values are the page's URL) ───────────

/** The query's field names. */
export const WEAR_AND_TEAR_FIELDS = ["age", "life", "tenancy"] as const;
export type WearAndTearField = (typeof WEAR_AND_TEAR_FIELDS)[number];

/** The most a field accepts: 100 years of age or life, 100 years (1,200 months) of tenancy. */
export const WEAR_AND_TEAR_LIMITS = { ageYears: 100, lifeYears: 100, tenancyMonths: 1_200 } as const;

export const WEAR_AND_TEAR_MESSAGES: Record<WearAndTearField, { required: string; invalid: string; range: string }> = {
  age: {
    required: "Enter how old the item was when your tenancy started, in years",
    invalid: "Enter the item's age as a number of years, like 3 or 2.5",
    range: `The item's age must be between 0 and ${WEAR_AND_TEAR_LIMITS.ageYears} years`,
  },
  life: {
    required: "Enter how many years an item like this usually lasts",
    invalid: "Enter how long it usually lasts as a number of years, like 10 or 7.5",
    range: `How long it usually lasts must be more than 0 and at most ${WEAR_AND_TEAR_LIMITS.lifeYears} years`,
  },
  tenancy: {
    required: "Enter how many months your tenancy lasted",
    invalid: "Enter your tenancy's length as a whole number of months, like 12",
    range: `Your tenancy's length must be between 1 and ${WEAR_AND_TEAR_LIMITS.tenancyMonths.toLocaleString("en-GB")} months`,
  },
};

export type WearAndTearForm =
  /** Nothing asked yet: an empty form. */
  | { state: "empty" }
  | { state: "invalid"; errors: Partial<Record<WearAndTearField, string>> }
  | { state: "answered"; input: WearAndTearInput };

const YEARS = /^\d{1,3}(\.\d{1,2})?$/;
const MONTHS = /^\d{1,4}$/;

/**
 * Reads the calculator's query: nothing asked (no field given), the errors (each field's own
 * message), or the input in months. Any text at all is read without throwing: a tenant's typing
 * or a hand-made URL gets a message, never a failure.
 */
export function readWearAndTearQuery(query: Partial<Record<WearAndTearField, string | null | undefined>>): WearAndTearForm {
  const raw = Object.fromEntries(WEAR_AND_TEAR_FIELDS.map((f) => [f, (query[f] ?? "").trim()])) as Record<WearAndTearField, string>;
  if (WEAR_AND_TEAR_FIELDS.every((f) => query[f] === undefined || query[f] === null)) return { state: "empty" };
  const errors: Partial<Record<WearAndTearField, string>> = {};
  const years = (field: "age" | "life", max: number, allowZero: boolean): number | null => {
    const text = raw[field];
    if (text === "") return (errors[field] = WEAR_AND_TEAR_MESSAGES[field].required), null;
    if (!YEARS.test(text)) return (errors[field] = WEAR_AND_TEAR_MESSAGES[field].invalid), null;
    const value = Number(text);
    if (value > max || (!allowZero && value === 0)) return (errors[field] = WEAR_AND_TEAR_MESSAGES[field].range), null;
    return value;
  };
  const age = years("age", WEAR_AND_TEAR_LIMITS.ageYears, true);
  const life = years("life", WEAR_AND_TEAR_LIMITS.lifeYears, false);
  let tenancy: number | null = null;
  const tenancyText = raw.tenancy;
  if (tenancyText === "") errors.tenancy = WEAR_AND_TEAR_MESSAGES.tenancy.required;
  else if (!MONTHS.test(tenancyText)) errors.tenancy = WEAR_AND_TEAR_MESSAGES.tenancy.invalid;
  else if (Number(tenancyText) < 1 || Number(tenancyText) > WEAR_AND_TEAR_LIMITS.tenancyMonths) errors.tenancy = WEAR_AND_TEAR_MESSAGES.tenancy.range;
  else tenancy = Number(tenancyText);
  if (age === null || life === null || tenancy === null) return { state: "invalid", errors };
  return { state: "answered", input: { ageAtStartMonths: age * 12, expectedLifeMonths: life * 12, tenancyMonths: tenancy } };
}
