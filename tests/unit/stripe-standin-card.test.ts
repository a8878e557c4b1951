import { afterEach, describe, expect, it, vi } from "vitest";
import {
  brandOf,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  expiryParts,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  luhnValid,
} from "../../stand-ins/stripe-sandbox/browser/card";
import { compact, deepMerge, encodeForm, formatAmount } from "../../stand-ins/stripe-sandbox/browser/util";

/** The stand-in Stripe.js's card checks and formatting, apart from any browser (its DOM journeys: tests/stripe-standin, e2e). */
describe("the stand-in Stripe.js's card number", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["378282246310005", "amex"],
    ["5105105105105100", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["6011111111111117", "discover"],
    ["9999", "unknown"],
  ])("%s is a %s card", (number, brand) => {
    expect(brandOf(number).brand).toBe(brand);
  });

  it("passes the Luhn check only for a real card number", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  it("is grouped as the brand prints it, and cut at the brand's longest length", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("4242-4242 4242x42424242999")).toBe("4242 4242 4242 4242 424");
    expect(formatCardNumber("")).toBe("");
  });

  it.each([
    ["4242 4242 4242", "incomplete_number", "Your card number is incomplete."],
    ["4242 4242 4242 4241", "invalid_number", "Your card number is invalid."],
    ["5105 1051 0510 5100 123", "invalid_number", "Your card number is invalid."],
  ])("%s is refused with Stripe's %s", (number, code, message) => {
    expect(checkCardNumber({ number })).toEqual({ type: "validation_error", code, message });
  });

  it("accepts a complete, valid number", () => {
    expect(checkCardNumber({ number: "4242 4242 4242 4242" })).toBeNull();
  });
});

describe("the stand-in Stripe.js's expiry date", () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ["1230", false, "12 / 30"],
    ["12/2030", false, "12 / 30"],
    ["4", false, "04 / "],
    ["4/", false, "04 / "],
    ["1", false, "1"],
    ["12", false, "12 / "],
    ["12", true, "12"],
  ])("%s typed (deleting: %s) reads %s", (typed, deleting, shown) => {
    expect(formatExpiry(typed, deleting)).toBe(shown);
  });

  it("reads a month and a year only from four digits", () => {
    expect(expiryParts("12 / 30")).toEqual({ month: 12, year: 2030 });
    expect(expiryParts("12 / 3")).toBeNull();
  });

  it.each([
    ["12 / 2", "incomplete_expiry"],
    ["13 / 30", "invalid_expiry_month"],
    ["12 / 25", "invalid_expiry_year_past"],
    ["05 / 26", "invalid_expiry_month_past"],
    ["12 / 99", "invalid_expiry_year"],
  ])("%s is refused with %s (today: 15 June 2026)", (expiry, code) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-15T12:00:00Z"));
    expect(checkExpiry({ expiry })?.code).toBe(code);
  });

  it("accepts this month and a later one", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-15T12:00:00Z"));
    expect(checkExpiry({ expiry: "06 / 26" })).toBeNull();
    expect(checkExpiry({ expiry: "01 / 31" })).toBeNull();
  });
});

describe("the stand-in Stripe.js's security code", () => {
  it("takes 4 digits for American Express and 3 for the others", () => {
    expect(formatCvc("12345", "3782 822463 10005")).toBe("1234");
    expect(formatCvc("12a34", "4242")).toBe("123");
    expect(checkCvc({ number: "378282246310005", cvc: "123" })?.code).toBe("incomplete_cvc");
    expect(checkCvc({ number: "4242424242424242", cvc: "123" })).toBeNull();
  });
});

describe("the stand-in Stripe.js's requests and amounts", () => {
  it("encode nested objects and arrays in Stripe's bracket form, leaving out null and undefined", () => {
    expect(
      encodeForm({
        type: "card",
        card: { number: "4242 4242", exp_month: 12 },
        expand: ["payment_method", "latest_charge"],
        billing_details: { name: "Ann O'Neil & Co", email: null, phone: undefined },
      }),
    ).toBe(
      "type=card&card[number]=4242%204242&card[exp_month]=12&expand[0]=payment_method&expand[1]=latest_charge&billing_details[name]=Ann%20O'Neil%20%26%20Co",
    );
  });

  it("drop empty values (the sandbox reads an empty value as unset) and merge options deeply", () => {
    expect(compact({ name: "", address: { line1: "1 High St", line2: null, city: "" }, phone: undefined, extra: {} })).toEqual({
      address: { line1: "1 High St" },
    });
    expect(deepMerge({ a: { b: 1, c: 2 } }, { a: { c: 3 }, d: undefined })).toEqual({ a: { b: 1, c: 3 } });
  });

  it("show an amount in pence as the challenge dialog words it", () => {
    expect(formatAmount(12345, "gbp")).toBe("£123.45");
    expect(formatAmount(undefined, "gbp")).toBeNull();
  });
});
