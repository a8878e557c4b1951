import { describe, expect, it } from "vitest";
import { disputeFeeOutcome } from "#common/dispute-fee";

describe("dispute fee outcome (part 1 §4.1)", () => {
  it.each([
    { adjudicated: 0, final: 80000, limit: 100000, credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", credit: 6000, why: "nothing awarded" },
    { adjudicated: 40000, final: 80000, limit: 100000, credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", credit: 6000, why: "below finalAmount and below limit" },
    { adjudicated: 49999, final: 80000, limit: 50000, credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", credit: 6000, why: "one penny below the limit" },
    { adjudicated: 50000, final: 80000, limit: 50000, credited: false, reason: "EXCEEDS_EIGHT_WEEKS_RENT", credit: 0, why: "below finalAmount, equal to the limit" },
    { adjudicated: 60000, final: 80000, limit: 50000, credited: false, reason: "EXCEEDS_EIGHT_WEEKS_RENT", credit: 0, why: "below finalAmount, above the limit" },
    { adjudicated: 80000, final: 80000, limit: 100000, credited: false, reason: "AWARDED_WHOLLY_TO_LANDLORD", credit: 0, why: "equal to finalAmount" },
    { adjudicated: 90000, final: 80000, limit: 100000, credited: false, reason: "AWARDED_WHOLLY_TO_LANDLORD", credit: 0, why: "above finalAmount" },
  ])(
    "part 1 §4.1 dispute fee: below finalAmount and limit → credited; below finalAmount only → not credited (exceeds 8 weeks' rent); otherwise not credited (wholly to landlord) — $why",
    ({ adjudicated, final, limit, credited, reason, credit }) => {
      expect(disputeFeeOutcome({ adjudicatedAmountPence: adjudicated, finalAmountPence: final, limitPence: limit })).toEqual({
        credited,
        reason,
        creditPence: credit,
      });
    },
  );

  it("part 1 §4.1 dispute fee: amounts must be whole pence", () => {
    expect(() => disputeFeeOutcome({ adjudicatedAmountPence: -1, finalAmountPence: 0, limitPence: 0 })).toThrow(RangeError);
  });
});
