import { describe, expect, it } from "vitest";
import {
  BUDGET_GROUPS,
  BUDGET_LINE_KEYS,
  BUDGET_LINE_MAX_MONTHLY_PENCE,
  budgetAmountMessage,
  budgetAmountProblem,
  monthlyPence,
  parsePounds,
  type BudgetFrequency,
} from "#common/budget";
import {
  budgetProblems,
  instalmentPlan,
  MAX_PLAN_INSTALMENTS,
  planWords,
  plansThatFit,
  requestedPlanFirstDueDate,
  withinExemptPlanTerms,
  workOutBudget,
} from "../../../server/domain/budget.js";

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

describe("each amount as a monthly figure: weekly × 52 ÷ 12, fortnightly × 26 ÷ 12, four-weekly × 13 ÷ 12, to the nearest penny, a half up", () => {
  it.each<[number, BudgetFrequency, number, string]>([
    [10_000, "MONTHLY", 10_000, "monthly as it is"],
    [10_000, "WEEKLY", 43_333, "£100 a week is £433.33⅓: down"],
    [15_000, "WEEKLY", 65_000, "£150 a week is exactly £650"],
    [10_000, "FORTNIGHTLY", 21_667, "£100 a fortnight is £216.66⅔: up"],
    [10_000, "FOUR_WEEKLY", 10_833, "£100 every 4 weeks is £108.33⅓: down"],
    [6, "WEEKLY", 26, "6p a week is 26p exactly"],
    [3, "FORTNIGHTLY", 7, "3p a fortnight is 6.5p: a half penny goes up"],
    [9, "FOUR_WEEKLY", 10, "9p every 4 weeks is 9.75p: up"],
    [1, "WEEKLY", 4, "1p a week is 4.33p: down"],
    [0, "WEEKLY", 0, "nothing is nothing"],
  ])("%ip %s → %ip (%s)", (amount, frequency, expected) => {
    expect(monthlyPence(amount, frequency)).toBe(expected);
  });
});

describe("a bad amount gets the message of its own field (the web's form and the API alike)", () => {
  it.each<[string, ReturnType<typeof parsePounds>]>([
    ["150", { pence: 15_000 }],
    ["150.5", { pence: 15_050 }],
    ["150.05", { pence: 15_005 }],
    ["£1,250.00", { pence: 125_000 }],
    [" £ 80 ", { pence: 8_000 }],
    ["", { pence: 0 }],
    ["   ", { pence: 0 }],
    ["0", { pence: 0 }],
    ["-5", { problem: "negative" }],
    ["£-5.50", { problem: "negative" }],
    ["−12", { problem: "negative" }],
    ["abc", { problem: "notANumber" }],
    ["12abc", { problem: "notANumber" }],
    ["150.505", { problem: "notANumber" }],
    ["1,2", { problem: "notANumber" }],
    ["1e5", { problem: "notANumber" }],
    ["-abc", { problem: "notANumber" }],
    ["9".repeat(20), { problem: "notANumber" }],
  ])("%j → %j", (typed, expected) => {
    expect(parsePounds(typed)).toEqual(expected);
  });

  it.each<[number, BudgetFrequency, ReturnType<typeof budgetAmountProblem>]>([
    [BUDGET_LINE_MAX_MONTHLY_PENCE, "MONTHLY", null],
    [BUDGET_LINE_MAX_MONTHLY_PENCE + 1, "MONTHLY", "tooLarge"],
    [2_307_692, "WEEKLY", null],
    [2_307_693, "WEEKLY", "tooLarge"],
    [-1, "MONTHLY", "negative"],
    [Number.MAX_SAFE_INTEGER, "WEEKLY", "tooLarge"],
  ])("%ip %s → %s (the limit is £100,000 a month, whatever the frequency)", (amount, frequency, expected) => {
    expect(budgetAmountProblem(amount, frequency)).toBe(expected);
  });

  it("says which line and what to do, plainly", () => {
    expect(budgetAmountMessage("rent", "notANumber")).toBe("Enter rent as an amount in pounds, like 150 or 150.50");
    expect(budgetAmountMessage("councilTax", "negative")).toBe("Council tax must be £0 or more");
    expect(budgetAmountMessage("earnings", "tooLarge")).toBe("Wages or salary must be £100,000 a month or less");
  });

  it("budgetProblems names each bad line", () => {
    expect(
      budgetProblems([
        { line: "rent", amountPence: -1, frequency: "MONTHLY" },
        { line: "food", amountPence: 5_000, frequency: "WEEKLY" },
        { line: "earnings", amountPence: 99_999_999, frequency: "WEEKLY" },
      ]),
    ).toEqual([
      { line: "rent", problem: "negative" },
      { line: "earnings", problem: "tooLarge" },
    ]);
  });
});

describe("the form's groups are the Standard Financial Statement's, a few lines each", () => {
  it("has income, the SFS's outgoings groups, priority and other debts, and other", () => {
    expect(BUDGET_GROUPS.map((g) => g.key)).toEqual([
      "INCOME",
      "HOME_AND_CONTENTS",
      "UTILITIES",
      "CARE_AND_HEALTH",
      "TRANSPORT_AND_TRAVEL",
      "SCHOOL_COSTS",
      "FOOD_AND_HOUSEKEEPING",
      "PERSONAL_COSTS",
      "COMMUNICATIONS_AND_LEISURE",
      "PRIORITY_DEBTS",
      "OTHER_DEBTS",
      "OTHER",
    ]);
    for (const group of BUDGET_GROUPS) expect(group.lines.length).toBeLessThanOrEqual(4);
    expect(new Set(BUDGET_LINE_KEYS).size).toBe(BUDGET_LINE_KEYS.length);
  });
});

describe("what is left each month = income − outgoings (each line rounded on its own, the totals their sums)", () => {
  it.each<[string, Parameters<typeof workOutBudget>[0], number, number, number]>([
    [
      "a weekly wage, monthly rent and weekly food",
      [
        { line: "earnings", amountPence: 40_000, frequency: "WEEKLY" },
        { line: "rent", amountPence: 95_000, frequency: "MONTHLY" },
        { line: "food", amountPence: 6_000, frequency: "WEEKLY" },
      ],
      173_333,
      95_000 + 26_000,
      173_333 - 121_000,
    ],
    [
      "fortnightly benefits and four-weekly council tax",
      [
        { line: "benefits", amountPence: 10_000, frequency: "FORTNIGHTLY" },
        { line: "councilTax", amountPence: 10_000, frequency: "FOUR_WEEKLY" },
      ],
      21_667,
      10_833,
      10_834,
    ],
    ["nothing at all", [], 0, 0, 0],
    [
      "more going out than coming in",
      [
        { line: "earnings", amountPence: 100_000, frequency: "MONTHLY" },
        { line: "rent", amountPence: 120_000, frequency: "MONTHLY" },
      ],
      100_000,
      120_000,
      -20_000,
    ],
  ])("%s", (_why, lines, income, outgoings, left) => {
    const worked = workOutBudget(lines);
    expect(worked.monthlyIncomePence).toBe(income);
    expect(worked.monthlyOutgoingsPence).toBe(outgoings);
    expect(worked.leftPence).toBe(left);
    expect(worked.lines.reduce((sum, l) => sum + l.monthlyPence, 0)).toBe(income + outgoings);
  });

  it("keeps each line's group, amount, frequency and monthly figure, and leaves out lines of £0", () => {
    expect(
      workOutBudget([
        { line: "earnings", amountPence: 10_000, frequency: "WEEKLY" },
        { line: "water", amountPence: 0, frequency: "MONTHLY" },
      ]).lines,
    ).toEqual([{ group: "INCOME", item: "earnings", amountPence: 10_000, frequency: "WEEKLY", monthlyPence: 43_333 }]);
  });

  it("refuses a bad line (the caller checks budgetProblems first)", () => {
    expect(() => workOutBudget([{ line: "rent", amountPence: -1, frequency: "MONTHLY" }])).toThrow(RangeError);
    expect(() => workOutBudget([{ line: "rent", amountPence: BUDGET_LINE_MAX_MONTHLY_PENCE + 1, frequency: "MONTHLY" }])).toThrow(RangeError);
  });
});

describe("the plans that fit: from the fewest monthly instalments that fit what is left, up to 12, no interest and no fees", () => {
  const counts = (debt: number, left: number) => {
    const fit = plansThatFit(debt, left);
    return fit.fits ? fit.plans.map((p) => p.instalments) : fit.why;
  };
  it.each<[number, number, number[] | string, string]>([
    [60_000, 10_000, [6, 7, 8, 9, 10, 11, 12], "£600 with £100 left: 6 of £100 fit, and every longer plan"],
    [60_000, 9_999, [7, 8, 9, 10, 11, 12], "£600 with £99.99 left: 6 of £100 do not"],
    [60_000, 60_000, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "the whole debt fits in one payment"],
    [10_001, 5_001, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "£100.01 in 2 is £50.01 first: fits £50.01 exactly"],
    [10_001, 5_000, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "the first instalment carries the odd penny, so it decides"],
    [12_000, 1_000, [12], "debt ÷ 12 is exactly what is left"],
    [12_001, 1_000, "NOT_ENOUGH_LEFT", "debt ÷ 12 is more than what is left"],
    [12_000, 0, "NOTHING_LEFT", "nothing left"],
    [12_000, -5_000, "NOTHING_LEFT", "less than nothing left"],
  ])("£%i pence owed, %i left → %j (%s)", (debt, left, expected) => {
    expect(counts(debt, left)).toEqual(expected);
  });

  it("never more than 12 instalments", () => {
    expect(MAX_PLAN_INSTALMENTS).toBe(12);
    const fit = plansThatFit(100, 1_000_000);
    expect(fit.fits && fit.plans.at(-1)!.instalments).toBe(12);
  });

  it.each([
    [60_000, 6, 10_000, 10_000],
    [10_001, 3, 3_335, 3_333],
    [99, 4, 27, 24],
    [5_000, 1, 5_000, 5_000],
  ])("£%ip in %i instalments: %ip first, then %ip each, adding up to the debt exactly", (debt, n, first, other) => {
    const plan = instalmentPlan(debt, n);
    expect(plan).toEqual({ instalments: n, firstPence: first, otherPence: other });
    expect(plan.firstPence + plan.otherPence * (n - 1)).toBe(debt);
  });

  it("words a plan plainly", () => {
    expect(planWords(instalmentPlan(60_000, 6), pounds)).toBe("6 monthly instalments of £100.00");
    expect(planWords(instalmentPlan(10_001, 3), pounds)).toBe("3 monthly instalments: £33.35, then 2 of £33.33");
    expect(planWords(instalmentPlan(5_000, 1), pounds)).toBe("1 payment of £50.00");
  });
});

describe("a plan offered on a request keeps to the exempt agreement's terms: 12 instalments or fewer, within 12 months, no interest, no fees", () => {
  it("its first instalment falls a week after the offer, once the 48 hours to set it up are over", () => {
    expect(requestedPlanFirstDueDate("2026-11-22")).toBe("2026-11-29");
    expect(requestedPlanFirstDueDate("2026-12-28")).toBe("2027-01-04");
  });

  it.each<[number, string, number, string, boolean, string]>([
    [12, "2026-11-29", 0, "2026-11-22", true, "12 from a week after the offer: the last on 29 October 2027"],
    [12, "2026-12-22", 0, "2026-11-22", true, "the last exactly 12 months after the offer"],
    [12, "2026-12-23", 0, "2026-11-22", false, "the last a day more than 12 months after"],
    [13, "2026-11-29", 0, "2026-11-22", false, "13 instalments"],
    [0, "2026-11-29", 0, "2026-11-22", false, "no instalments"],
    [6, "2026-11-29", 100, "2026-11-22", false, "interest or a fee"],
    [6, "2026-11-21", 0, "2026-11-22", false, "the first due before the offer"],
  ])("%i instalments from %s, interest %ip, offered %s → %s (%s)", (instalments, firstDueDate, interestPence, agreedOn, expected) => {
    expect(withinExemptPlanTerms({ instalments, firstDueDate, interestPence }, agreedOn)).toBe(expected);
  });

  it("every plan offered on a request, whatever its day, keeps to them", () => {
    for (const day of ["2026-01-31", "2026-02-28", "2026-12-31", "2028-02-29"]) {
      expect(withinExemptPlanTerms({ instalments: 12, firstDueDate: requestedPlanFirstDueDate(day), interestPence: 0 }, day)).toBe(true);
    }
  });
});
