import { describe, expect, it } from "vitest";
import { chargeEvidence, chargeKindOf } from "#common/charge-evidence";
import { readWearAndTearQuery, shareOfCost, wearAndTearShare, WEAR_AND_TEAR_MESSAGES } from "#common/wear-and-tear";

describe("fair wear and tear and betterment: the share of a replacement a tenant would usually pay (issue 27)", () => {
  it.each([
    { why: "new at the start, a year's tenancy, 10 years' life", age: 0, life: 120, tenancy: 12, ageAtEnd: 12, lifeLeft: 108, percent: 90 },
    { why: "2 years old, 3 years' tenancy, 10 years' life: half its life left", age: 24, life: 120, tenancy: 36, ageAtEnd: 60, lifeLeft: 60, percent: 50 },
    { why: "4 years old, 1 year, 5 years' life: at the end of its life", age: 48, life: 60, tenancy: 12, ageAtEnd: 60, lifeLeft: 0, percent: 0 },
    { why: "past its expected life: nothing, never below 0", age: 96, life: 60, tenancy: 24, ageAtEnd: 120, lifeLeft: 0, percent: 0 },
    { why: "a third of its life left rounds to 33%", age: 0, life: 36, tenancy: 24, ageAtEnd: 24, lifeLeft: 12, percent: 33 },
    { why: "two thirds rounds to 67%", age: 0, life: 36, tenancy: 12, ageAtEnd: 12, lifeLeft: 24, percent: 67 },
  ])("$why → $percent%", ({ age, life, tenancy, ageAtEnd, lifeLeft, percent }) => {
    const share = wearAndTearShare({ ageAtStartMonths: age, expectedLifeMonths: life, tenancyMonths: tenancy });
    expect(share).toMatchObject({ ageAtEndMonths: ageAtEnd, lifeLeftMonths: lifeLeft, percent });
  });

  it("that share of a cost in whole pence", () => {
    const half = wearAndTearShare({ ageAtStartMonths: 24, expectedLifeMonths: 120, tenancyMonths: 36 });
    expect(shareOfCost(42_000, half)).toBe(21_000);
    expect(shareOfCost(10_001, wearAndTearShare({ ageAtStartMonths: 0, expectedLifeMonths: 36, tenancyMonths: 24 }))).toBe(3_334);
    expect(shareOfCost(42_000, wearAndTearShare({ ageAtStartMonths: 96, expectedLifeMonths: 60, tenancyMonths: 24 }))).toBe(0);
  });

  it("refuses a negative age or tenancy and a life of 0", () => {
    expect(() => wearAndTearShare({ ageAtStartMonths: -1, expectedLifeMonths: 60, tenancyMonths: 12 })).toThrow(RangeError);
    expect(() => wearAndTearShare({ ageAtStartMonths: 0, expectedLifeMonths: 0, tenancyMonths: 12 })).toThrow(RangeError);
    expect(() => wearAndTearShare({ ageAtStartMonths: 0, expectedLifeMonths: 60, tenancyMonths: Number.NaN })).toThrow(RangeError);
  });
});

describe("the calculator's query (a GET form)", () => {
  const m = WEAR_AND_TEAR_MESSAGES;
  it.each([
    { why: "nothing asked", query: {}, expected: { state: "empty" } },
    { why: "years and months", query: { age: "2", life: "10", tenancy: "36" }, expected: { state: "answered", input: { ageAtStartMonths: 24, expectedLifeMonths: 120, tenancyMonths: 36 } } },
    { why: "half years, spaces around", query: { age: " 2.5 ", life: "7.5", tenancy: "6" }, expected: { state: "answered", input: { ageAtStartMonths: 30, expectedLifeMonths: 90, tenancyMonths: 6 } } },
    { why: "a new item", query: { age: "0", life: "5", tenancy: "12" }, expected: { state: "answered", input: { ageAtStartMonths: 0, expectedLifeMonths: 60, tenancyMonths: 12 } } },
    { why: "all empty", query: { age: "", life: "", tenancy: "" }, expected: { state: "invalid", errors: { age: m.age.required, life: m.life.required, tenancy: m.tenancy.required } } },
    { why: "one field only", query: { age: "3" }, expected: { state: "invalid", errors: { life: m.life.required, tenancy: m.tenancy.required } } },
    { why: "words and signs", query: { age: "three", life: "-5", tenancy: "1e3" }, expected: { state: "invalid", errors: { age: m.age.invalid, life: m.life.invalid, tenancy: m.tenancy.invalid } } },
    { why: "months in part", query: { age: "1", life: "5", tenancy: "12.5" }, expected: { state: "invalid", errors: { tenancy: m.tenancy.invalid } } },
    { why: "out of range", query: { age: "101", life: "0", tenancy: "0" }, expected: { state: "invalid", errors: { age: m.age.range, life: m.life.range, tenancy: m.tenancy.range } } },
    { why: "too long", query: { age: "1", life: "5", tenancy: "1201" }, expected: { state: "invalid", errors: { tenancy: m.tenancy.range } } },
    { why: "junk", query: { age: "<script>", life: "NaN", tenancy: "Infinity" }, expected: { state: "invalid", errors: { age: m.age.invalid, life: m.life.invalid, tenancy: m.tenancy.invalid } } },
  ])("$why", ({ query, expected }) => {
    expect(readWearAndTearQuery(query)).toEqual(expected);
  });
});

describe("what helps for each kind of charge", () => {
  it.each([
    ["CLEANING", "CLEANING", false],
    ["DAMAGE", "DAMAGE", true],
    ["REDECORATION", "REDECORATION", true],
    ["RENTARREARS", "RENT_ARREARS", false],
    ["rent_arrears", "RENT_ARREARS", false],
    ["MISSING_ITEMS", "MISSING_ITEMS", true],
    ["Missing Items", "MISSING_ITEMS", true],
    ["GARDENING", "GARDENING", false],
    ["UTILITIES", "UTILITIES", false],
    ["OTHER", "OTHER", false],
    ["SOMETHING_NEW", "OTHER", false],
  ] as const)("%s → %s (replacement: %s)", (type, kind, replacement) => {
    expect(chargeKindOf(type)).toBe(kind);
    const help = chargeEvidence(type);
    expect(help.replacement).toBe(replacement);
    expect(help.checklist.length).toBeGreaterThanOrEqual(3);
  });

  it("cleaning names the check-in report, dated photos and receipts", () => {
    const lines = chargeEvidence("CLEANING").checklist.join("\n");
    expect(lines).toMatch(/check-in report/);
    expect(lines).toMatch(/Dated photos/);
    expect(lines).toMatch(/Receipts/);
  });
});
