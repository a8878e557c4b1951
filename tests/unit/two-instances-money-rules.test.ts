import { describe, expect, it } from "vitest";
import { feeRuleBreaks, type FeeRecord } from "../../e2e/two-instances/deployment";

/** The money rules the two-instance run checks after its chaos (e2e/two-instances/deployment.ts): each break is found. */
const charge = { id: "ch_1", intent: "pi_1", amount: 30_000 };
const paid: FeeRecord = {
  charges: [charge],
  refunds: 0,
  unreceivedEvents: 0,
  recordedBy: 1,
  action: { completed: true, paidBy: "pi_1", amountPaid: 30_000 },
};
const untouched: FeeRecord = {
  charges: [],
  refunds: 0,
  unreceivedEvents: 0,
  recordedBy: 0,
  action: { completed: false, paidBy: null, amountPaid: null },
};

describe("the money rules of one payment", () => {
  it("hold for a charge recorded once, and for no charge and no record", () => {
    expect(feeRuleBreaks(paid)).toEqual([]);
    expect(feeRuleBreaks(untouched)).toEqual([]);
  });

  it("break on a second charge, a refund, a webhook not received", () => {
    expect(feeRuleBreaks({ ...paid, charges: [charge, { ...charge, id: "ch_2", intent: "pi_2" }] })).toEqual(["charged 2 times"]);
    expect(feeRuleBreaks({ ...paid, refunds: 1 })).toEqual(["1 refund(s)"]);
    expect(feeRuleBreaks({ ...paid, unreceivedEvents: 1 })).toEqual(["1 payment_intent.succeeded event(s) not received"]);
  });

  it("break on a charge recorded twice, or not at all, or as another payment or amount", () => {
    expect(feeRuleBreaks({ ...paid, recordedBy: 2 })).toEqual(["2 pay actions record the charge pi_1"]);
    expect(feeRuleBreaks({ ...paid, recordedBy: 0, action: untouched.action })).toEqual([
      "0 pay actions record the charge pi_1",
      "charged, but the pay action is not complete",
    ]);
    expect(feeRuleBreaks({ ...paid, action: { ...paid.action, paidBy: "pi_9" } })).toEqual(["the pay action names pi_9, not the charged pi_1"]);
    expect(feeRuleBreaks({ ...paid, action: { ...paid.action, amountPaid: 15_000 } })).toEqual(["recorded 15000 paid, charged 30000"]);
  });

  it("break on a record with no charge", () => {
    expect(feeRuleBreaks({ ...untouched, action: { completed: true, paidBy: "pi_1", amountPaid: 30_000 } })).toEqual([
      "the pay action is complete with no charge",
    ]);
  });
});
