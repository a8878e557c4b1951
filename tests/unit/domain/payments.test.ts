import { describe, expect, it } from "vitest";
import {
  PAYMENT_TYPES,
  actionTypeForPaymentType,
  paymentSuccessPath,
  paymentTypeForActionType,
  requiresDuplicateCardCheck,
  type PaymentType,
} from "#common/payments";
import {
  CARD_CHECK_FAILED_MESSAGE,
  CARD_CHECK_MESSAGES,
  DUPLICATE_CARD_MESSAGE,
  cardChecksPassed,
  failedCardChecks,
  normalisePaymentType,
  type CardCheckResults,
} from "../../../server/domain/payments.js";
import { ORDER_CUSTOMER_ACTION_TYPES } from "../../../server/domain/statuses.js";

describe("payments (part 1 §4.3, §5, §8; part 2 §4)", () => {
  it.each([
    ["KEYFREE", "/checkout/o-1/c-1/finish"],
    ["CLAIM", "/claims/payment-success"],
    ["CLAIM_REMAINING_BALANCE", "/claims/payment-success-remaining-balance"],
    ["ARBITRATION_FEE", "/claims/arbitration-payment-success"],
    ["ARBITRATION", "/claims/payment-success"],
    ["ARBITRATION_REMAINING_BALANCE", "/arbitrations/payment-success"],
    ["TOP_UP", "/annual-fee/payment-success"],
    ["CLAIM_PROPOSAL", "/claims/proposal-payment-success"],
  ] as [PaymentType, string][])("part 1 §4.3 success page by payment type — %s → %s", (type, path) => {
    expect(paymentSuccessPath(type, { orderId: "o-1", customerId: "c-1" })).toBe(path);
  });

  it.each([
    { redirectUrl: "https://agent.example/thanks", path: "https://agent.example/thanks" },
    { redirectUrl: "", path: "/claims/payment-success" },
    { redirectUrl: "  ", path: "/claims/payment-success" },
    { redirectUrl: null, path: "/claims/payment-success" },
  ])("part 1 §4.3 the order's redirectUrl wins when present — $redirectUrl → $path", ({ redirectUrl, path }) => {
    expect(paymentSuccessPath("CLAIM", { orderId: "o-1", customerId: "c-1", redirectUrl })).toBe(path);
  });

  it("part 1 §4.3 checkout finish path escapes ids", () => {
    expect(paymentSuccessPath("KEYFREE", { orderId: "a/b", customerId: "c d" })).toBe("/checkout/a%2Fb/c%20d/finish");
  });

  it.each([
    ["KEYFREE", "KEYFREE_PAY"],
    ["CLAIM", "CLAIM_PAY"],
    ["CLAIM_REMAINING_BALANCE", "CLAIM_PAY_REMAINING_BALANCE"],
    ["ARBITRATION_FEE", "ARBITRATION_ADMIN_PAY"],
    ["ARBITRATION", "ARBITRATION_PAY"],
    ["ARBITRATION_REMAINING_BALANCE", "ARBITRATION_PAY_REMAINING_BALANCE"],
    ["TOP_UP", "TOP_UP_PAY"],
    ["CLAIM_PROPOSAL", "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE"],
  ] as [PaymentType, string][])("part 1 §3/§4.3 payment type ↔ order-customer action type — %s ↔ %s", (type, action) => {
    expect(actionTypeForPaymentType(type)).toBe(action);
    expect(paymentTypeForActionType(action)).toBe(type);
    expect(ORDER_CUSTOMER_ACTION_TYPES as readonly string[]).toContain(action);
  });

  it.each(["KEYFREE_ABOUT_YOU", "KEYFREE_SIGN", "UNKNOWN"])("part 1 §3 a non-payment action has no payment type — %s", (action) => {
    expect(paymentTypeForActionType(action)).toBeNull();
  });

  it.each([
    ["CLAIMREMAININGBALANCE", "CLAIM_REMAINING_BALANCE"],
    ["TOP_UP", "TOP_UP"],
    ["TOPUP", "TOP_UP"],
    ["top_up", null],
  ])("part 1 §4.3 payment types normalise like every enum — %s → %s", (input, expected) => {
    expect(normalisePaymentType(input)).toBe(expected);
  });

  it.each(PAYMENT_TYPES.map((type) => ({ type, duplicate: type === "KEYFREE" })))(
    "part 1 §4.3 duplicate-card check for the deposit-alternative payment only — $type → $duplicate",
    ({ type, duplicate }) => {
      expect(requiresDuplicateCardCheck(type)).toBe(duplicate);
    },
  );

  it("part 1 §5 duplicate card message, exact words", () => {
    expect(DUPLICATE_CARD_MESSAGE).toBe(
      "The card you have used is shared with another tenant. To pay for Keyfree you must use your own card that has not already been used.",
    );
    expect(CARD_CHECK_FAILED_MESSAGE).toBe("Card check failed");
  });

  it("part 1 §8 card check messages, exact words", () => {
    expect(CARD_CHECK_MESSAGES).toEqual({
      nameMatch:
        "The cardholder's name does not match the name you provided during registration. Your payment card must be in your own name.",
      cvc: "The security code check failed. Please ensure you've entered the correct security code for this card.",
      funding: "We are unable to accept prepaid cards. Please try again with a credit or debit card.",
      postcode: "The postal code check failed. Please ensure you've entered the correct billing address.",
    });
  });

  it.each([
    { results: {}, messages: [], passed: true },
    { results: { nameMatch: "pass", cvc: "pass", funding: "pass", postcode: "pass" }, messages: [], passed: true },
    { results: { cvc: "fail" }, messages: [CARD_CHECK_MESSAGES.cvc], passed: false },
    { results: { postcode: "fail", nameMatch: "fail", cvc: "unavailable" }, messages: [CARD_CHECK_MESSAGES.nameMatch, CARD_CHECK_MESSAGES.postcode], passed: false },
    { results: { funding: "fail", nameMatch: null }, messages: [CARD_CHECK_MESSAGES.funding], passed: false },
    { results: { threeDSecure: "fail", riskScore: "fail" }, messages: [CARD_CHECK_FAILED_MESSAGE], passed: false },
    { results: { toString: "fail" }, messages: [CARD_CHECK_FAILED_MESSAGE], passed: false },
    { results: { cvc: "FAIL" }, messages: [], passed: true },
  ] as { results: CardCheckResults; messages: string[]; passed: boolean }[])("part 1 §8 failed card checks: the messages of checks whose result is 'fail' — $results", ({ results, messages, passed }) => {
    expect(failedCardChecks(results)).toEqual(messages);
    expect(cardChecksPassed(results)).toBe(passed);
  });
});
