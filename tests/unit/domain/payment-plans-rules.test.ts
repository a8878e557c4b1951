import { describe, expect, it } from "vitest";
import {
  addCalendarMonths,
  claimActionPaidByPaymentPlan,
  INSTALMENT_PAYMENT_MESSAGES,
  instalmentPaymentRefusal,
  instalmentSchedule,
  PAYMENT_PLAN_STEP_MESSAGES,
  paymentPlanAddressProblems,
  paymentPlanStepRefusal,
  splitInstalmentAmounts,
} from "../../../server/domain/payment-plans-rules.js";
import { isUkPostcode } from "#common/addresses";
import type { PaymentPlan } from "../../../server/domain/payment-plans.js";
import type { PaymentPlanActionType, PaymentPlanStatus } from "../../../server/domain/statuses.js";

describe("instalment schedule (part 2 §2 'spread over N instalments')", () => {
  it.each([
    [10_000, 3, [3_334, 3_333, 3_333]],
    [10_001, 4, [2_501, 2_500, 2_500, 2_500]],
    [99, 4, [27, 24, 24, 24]],
    [5, 1, [5]],
    [0, 2, [0, 0]],
  ])("splits %i pence over %i instalments exactly, remainder pennies on the first", (amount, count, expected) => {
    const parts = splitInstalmentAmounts(amount, count);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it.each([[0], [-1], [1.5]])("refuses %s instalments", (count) => {
    expect(() => splitInstalmentAmounts(100, count)).toThrow(RangeError);
  });

  it("refuses an amount that is not whole pence", () => {
    expect(() => splitInstalmentAmounts(10.5, 2)).toThrow(RangeError);
  });

  it("dates each instalment a month after the first, a missing day falling back to the month's end", () => {
    expect(instalmentSchedule(9_000, 4, "2026-01-31")).toEqual([
      { instalmentNumber: 1, dueDate: "2026-01-31", amount: 2_250 },
      { instalmentNumber: 2, dueDate: "2026-02-28", amount: 2_250 },
      { instalmentNumber: 3, dueDate: "2026-03-31", amount: 2_250 },
      { instalmentNumber: 4, dueDate: "2026-04-30", amount: 2_250 },
    ]);
    expect(addCalendarMonths("2027-12-15", 1)).toBe("2028-01-15");
    expect(addCalendarMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(() => addCalendarMonths("2026-02-30", 1)).toThrow(RangeError);
  });
});

const OFFERED = "2026-03-01T12:00:00Z";
function plan(status: PaymentPlanStatus, done: PaymentPlanActionType[]): PaymentPlan {
  return {
    id: "p",
    status,
    createdAt: OFFERED,
    actions: (["CONFIRM", "ADDRESS", "CARD_DETAILS"] as const).map((typeId) => ({
      id: typeId,
      typeId,
      completedAt: done.includes(typeId) ? "2026-03-01T13:00:00Z" : null,
    })),
  };
}

describe("payment plan steps in order (part 2 §4)", () => {
  const inTime = "2026-03-02T12:00:00Z";
  const late = "2026-03-03T12:00:01Z";
  it.each([
    { status: "PENDING", done: [], step: "CONFIRM", now: inTime, refusal: null },
    { status: "PENDING", done: ["CONFIRM"], step: "ADDRESS", now: inTime, refusal: null },
    { status: "PENDING", done: [], step: "ADDRESS", now: inTime, refusal: PAYMENT_PLAN_STEP_MESSAGES.outOfOrder },
    { status: "PENDING", done: ["CONFIRM"], step: "CONFIRM", now: inTime, refusal: PAYMENT_PLAN_STEP_MESSAGES.done },
    { status: "PENDING", done: [], step: "CONFIRM", now: late, refusal: PAYMENT_PLAN_STEP_MESSAGES.void },
    { status: "CANCELLED", done: [], step: "CONFIRM", now: inTime, refusal: PAYMENT_PLAN_STEP_MESSAGES.cancelled },
    { status: "DEFAULT", done: ["CONFIRM", "ADDRESS", "CARD_DETAILS"], step: "CONFIRM", now: inTime, refusal: PAYMENT_PLAN_STEP_MESSAGES.inDefault },
    { status: "ACTIVE", done: ["CONFIRM", "ADDRESS", "CARD_DETAILS"], step: "ADDRESS", now: late, refusal: PAYMENT_PLAN_STEP_MESSAGES.done },
  ] as const)("$status plan, done $done: $step at $now → $refusal", ({ status, done, step, now, refusal }) => {
    expect(paymentPlanStepRefusal(plan(status, [...done]), step, now)).toBe(refusal);
  });
});

describe("paying an instalment by card (part 2 §2 manual-payment, §4)", () => {
  it.each([
    { status: "ACTIVE", instalment: "PENDING", refusal: null },
    { status: "ACTIVE", instalment: "FAILED", refusal: null },
    { status: "DEFAULT", instalment: "FAILED", refusal: null },
    { status: "ACTIVE", instalment: "PAID", refusal: INSTALMENT_PAYMENT_MESSAGES.paid },
    { status: "PENDING", instalment: "PENDING", refusal: INSTALMENT_PAYMENT_MESSAGES.notLive },
    { status: "CANCELLED", instalment: "FAILED", refusal: INSTALMENT_PAYMENT_MESSAGES.cancelled },
  ] as const)("only a live plan's unpaid instalment: $status plan, $instalment instalment → $refusal", ({ status, instalment, refusal }) => {
    expect(instalmentPaymentRefusal({ status }, { id: "i", status: instalment })).toBe(refusal);
  });
});

describe("what a paid-off plan pays (part 2 §2 'Your outstanding balance of £X', payment-success)", () => {
  const share = (amountRemaining: number) => ({ id: "share", typeId: "CLAIM_PAY", amountRemaining });
  const whole = (amountRemaining: number) => ({ id: "whole", typeId: "CLAIM_PAY_REMAINING_BALANCE", amountRemaining });
  it.each([
    ["a sole tenant: the remaining balance, which also settles the own share", 12_000, [share(12_000), whole(12_000)], "whole"],
    ["a plan for the whole balance of two tenants: the remaining balance", 12_000, [share(6_000), whole(12_000)], "whole"],
    ["a plan for the tenant's own share: the own share", 6_000, [share(6_000), whole(12_000)], "share"],
    ["balances moved since the offer: the own share", 6_000, [share(5_000), whole(9_000)], "share"],
    ["no own share left: the remaining balance", 6_000, [whole(4_000)], "whole"],
    ["an arbitration repayment", 3_000, [{ id: "arb", typeId: "ARBITRATION_PAY_REMAINING_BALANCE", amountRemaining: 3_000 }], "arb"],
    ["nothing open", 6_000, [], null],
  ])("%s", (_name, balance, open, expected) => {
    expect(claimActionPaidByPaymentPlan(balance, open)).toBe(expected);
  });
});

describe("payment plan address form (part 2 §5)", () => {
  const valid = { buildingNumber: "12", street: "Orchard Road", postcode: "BS1 4DJ", country: "GB" };

  it.each(["BS1 4DJ", "bs14dj", "SW1A 1AA", "EC1A 1BB", "W1A 0AX", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "GIR 0AA", " BS1 4DJ ", "BS1  4DJ"])(
    "%s is a UK postcode",
    (postcode) => expect(isUkPostcode(postcode)).toBe(true),
  );
  it.each(["", "12345", "BS1", "QS1 4DJ", "BS1 4CJ", "90210"])("%s is not a UK postcode", (postcode) => {
    expect(isUkPostcode(postcode)).toBe(false);
  });

  it("accepts a complete address, with a building name instead of a number", () => {
    expect(paymentPlanAddressProblems(valid)).toEqual([]);
    expect(paymentPlanAddressProblems({ ...valid, buildingNumber: "", buildingName: "Rose Cottage" })).toEqual([]);
  });

  it("gives the spec's messages for each missing or wrong field", () => {
    expect(paymentPlanAddressProblems({ buildingNumber: " ", street: "", postcode: "", country: "" })).toEqual([
      { field: "buildingNumber", message: "Either a building number or name is required" },
      { field: "street", message: "Required" },
      { field: "postcode", message: "Required" },
      { field: "country", message: "Required" },
    ]);
    expect(paymentPlanAddressProblems({ ...valid, postcode: "90210" })).toEqual([{ field: "postcode", message: "Must be a UK postcode" }]);
    expect(paymentPlanAddressProblems({ ...valid, country: "GBR", postcode: "90210" })).toEqual([
      { field: "postcode", message: "Must be a UK postcode" },
    ]);
  });

  it("checks the UK pattern only for the UK", () => {
    expect(paymentPlanAddressProblems({ ...valid, country: "FR", postcode: "75001" })).toEqual([]);
  });
});
