import { describe, expect, it } from "vitest";
import { byPaidAtDescending, paymentMadeByAction, paymentMadeByInstalment } from "../../../server/domain/receipts";

/** Issue 27, scope 6: which completed actions and instalments are payments the tenant made, and how much. */
const done = new Date("2026-11-22T10:00:00Z");

describe("paymentMadeByAction: a completed pay action the tenant's card paid", () => {
  it.each([
    ["the Keyfree fee paid by card: what was paid", { typeId: "KEYFREE_PAY", completedAt: done, details: { amountPaid: 30_000 }, fee: 30_000 }, { paymentType: "KEYFREE", amount: 30_000 }],
    ["the Keyfree fee set up as paid (no amountPaid): the tenant's share of the fee", { typeId: "KEYFREE_PAY", completedAt: done, details: {}, fee: 15_000 }, { paymentType: "KEYFREE", amount: 15_000 }],
    ["either spelling of the action", { typeId: "CLAIMPAYREMAININGBALANCE", completedAt: done, details: { amountPaid: 18_000 }, fee: 0 }, { paymentType: "CLAIM_REMAINING_BALANCE", amount: 18_000 }],
    ["the dispute fee", { typeId: "ARBITRATION_ADMIN_PAY", completedAt: done, details: { amountPaid: 6_000 }, fee: 0 }, { paymentType: "ARBITRATION_FEE", amount: 6_000 }],
    ["not completed: none", { typeId: "CLAIM_PAY", completedAt: null, details: { amountPaid: 5_000 }, fee: 0 }, null],
    ["not a payment (signing): none", { typeId: "KEYFREE_SIGN", completedAt: done, details: {}, fee: 30_000 }, null],
    ["settled by another payment (the whole balance, a co-tenant): none", { typeId: "CLAIM_PAY", completedAt: done, details: { settledByActionId: "a2", amountRemaining: 0 }, fee: 0 }, null],
    ["a claim action without an amount paid: none", { typeId: "CLAIM_PAY", completedAt: done, details: {}, fee: 30_000 }, null],
    ["nothing paid: none", { typeId: "TOP_UP_PAY", completedAt: done, details: { amountPaid: 0 }, fee: 0 }, null],
    ["an amount that is not whole pence: none", { typeId: "TOP_UP_PAY", completedAt: done, details: { amountPaid: "12" }, fee: 0 }, null],
  ] as const)("%s", (_rule, action, expected) => {
    expect(paymentMadeByAction({ ...action, details: { ...action.details } })).toEqual(expected);
  });
});

describe("paymentMadeByInstalment: a PAID instalment is a payment", () => {
  it.each([
    ["paid", { status: "PAID", paidAt: done, amount: 6_000 }, { amount: 6_000 }],
    ["pending", { status: "PENDING", paidAt: null, amount: 6_000 }, null],
    ["failed", { status: "FAILED", paidAt: null, amount: 6_000 }, null],
  ] as const)("%s", (_rule, instalment, expected) => {
    expect(paymentMadeByInstalment(instalment)).toEqual(expected);
  });
});

it("newest first, the same instant by id", () => {
  const a = { id: "a", paidAt: new Date("2026-01-01") };
  const b = { id: "b", paidAt: new Date("2026-01-01") };
  const c = { id: "c", paidAt: new Date("2026-02-01") };
  expect([a, b, c].sort(byPaidAtDescending).map((x) => x.id)).toEqual(["c", "a", "b"]);
});
