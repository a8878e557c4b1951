import { createHmac } from "node:crypto";
import { cardError } from "./errors";

/**
 * Stripe's test cards, as the sandbox plays them (Stripe's "Testing" page):
 *
 * | number           | behaviour                                                              |
 * |------------------|------------------------------------------------------------------------|
 * | 4242424242424242 | Visa, succeeds                                                          |
 * | 4000000000000002 | declined at confirm: card_declined / generic_decline (also at attach and setup) |
 * | 4000000000009995 | declined at payment: card_declined / insufficient_funds (a setup succeeds) |
 * | 4000000000000101 | checks.cvc_check 'fail' when a CVC is given; the payment itself succeeds |
 * | 4000000000000036 | checks.address_postal_code_check 'fail' when a postcode is given; succeeds |
 * | 4000000000000028 | checks.address_line1_check 'fail'; succeeds                             |
 * | 4000000000000010 | line1 and postcode checks 'fail'; succeeds                              |
 * | 5105105105105100 | Mastercard, funding 'prepaid'                                           |
 * | 4000000000003220 | 3-D Secure required on every on-session confirm; off-session it succeeds |
 * |                  | once the card was authenticated while being saved, else authentication_required |
 * | 4000002760003184 | 3-D Secure always required; off-session always authentication_required  |
 * | 4000000000000341 | attaches to a customer and sets up fine; every payment declined        |
 * |                  | (card_declined / generic_decline), off-session too                      |
 * | 4000056655665556 | Visa debit · 5555555555554444 Mastercard · 5200828282828210 Mastercard debit |
 * | 4000008260000000 | Visa, issued in GB · 4000058260000005 Visa debit, GB                     |
 *
 * Any other number that passes the Luhn check succeeds (brand from its prefix, credit,
 * issued in GB). An invalid number, expiry or CVC is refused at creation with Stripe's
 * `invalid_number` / `invalid_expiry_month` / `invalid_expiry_year` / `invalid_cvc`.
 */

export type Decline = {
  /** Stripe's decline_code under code card_declined. */
  declineCode: "generic_decline" | "insufficient_funds";
  message: string;
  /** Whether a zero-amount check (attaching to a customer, a setup intent) is declined as well. */
  onSetup: boolean;
};

export type ThreeDSecure = "none" | "required_unless_set_up" | "always";

/** What the sandbox remembers about a card: never its number. */
export type CardBehaviour = {
  decline: Decline | null;
  threeDSecure: ThreeDSecure;
  cvcFails: boolean;
  postalCodeFails: boolean;
  line1Fails: boolean;
};

export type CardProfile = {
  brand: string;
  funding: "credit" | "debit" | "prepaid";
  country: string;
  behaviour: CardBehaviour;
};

const GENERIC_DECLINE: Decline = { declineCode: "generic_decline", message: "Your card was declined.", onSetup: true };
const INSUFFICIENT_FUNDS: Decline = {
  declineCode: "insufficient_funds",
  message: "Your card has insufficient funds.",
  onSetup: false,
};

/** 4000000000000341: attaching it (and a setup intent) succeeds, every payment is declined. */
const DECLINE_AFTER_ATTACH: Decline = { declineCode: "generic_decline", message: "Your card was declined.", onSetup: false };

const plain: CardBehaviour = { decline: null, threeDSecure: "none", cvcFails: false, postalCodeFails: false, line1Fails: false };

const TEST_CARDS: Record<string, Partial<Omit<CardProfile, "behaviour">> & { behaviour?: Partial<CardBehaviour> }> = {
  "4242424242424242": { country: "US" },
  "4000056655665556": { country: "US", funding: "debit" },
  "5555555555554444": { country: "US" },
  "5200828282828210": { country: "US", funding: "debit" },
  "5105105105105100": { country: "US", funding: "prepaid" },
  "4000008260000000": { country: "GB" },
  "4000058260000005": { country: "GB", funding: "debit" },
  "4000000000000002": { country: "US", behaviour: { decline: GENERIC_DECLINE } },
  "4000000000009995": { country: "US", behaviour: { decline: INSUFFICIENT_FUNDS } },
  "4000000000000101": { country: "US", behaviour: { cvcFails: true } },
  "4000000000000036": { country: "US", behaviour: { postalCodeFails: true } },
  "4000000000000028": { country: "US", behaviour: { line1Fails: true } },
  "4000000000000010": { country: "US", behaviour: { line1Fails: true, postalCodeFails: true } },
  "4000000000003220": { country: "US", behaviour: { threeDSecure: "required_unless_set_up" } },
  "4000002760003184": { country: "US", behaviour: { threeDSecure: "always" } },
  "4000000000000341": { country: "US", behaviour: { decline: DECLINE_AFTER_ATTACH } },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand Stripe reports for a number (by its IIN prefix). */
export function brandOf(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith("4")) return "visa";
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  if (two === 34 || two === 37) return "amex";
  if (digits.startsWith("6011") || digits.startsWith("65") || (Number(digits.slice(0, 3)) >= 644 && Number(digits.slice(0, 3)) <= 649)) {
    return "discover";
  }
  if (two === 35) return "jcb";
  if (two === 36 || two === 38 || two === 30) return "diners";
  if (two === 62) return "unionpay";
  return "unknown";
}

export function profileOf(digits: string): CardProfile {
  const known = TEST_CARDS[digits];
  return {
    brand: brandOf(digits),
    funding: known?.funding ?? "credit",
    country: known?.country ?? "GB",
    behaviour: { ...plain, ...(known?.behaviour ?? {}) },
  };
}

const FINGERPRINT_KEY = "keyfree-stripe-sandbox-card-fingerprint";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 16 characters, the same for the same number and different for different numbers (as Stripe's). */
export function fingerprintOf(digits: string): string {
  const digest = createHmac("sha256", FINGERPRINT_KEY).update(digits).digest();
  let out = "";
  for (let i = 0; i < 16; i++) out += ALPHANUMERIC[digest[i]! % 62];
  return out;
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string | undefined };

export type ValidCard = {
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  cvcGiven: boolean;
  profile: CardProfile;
};

/**
 * Checks a card as Stripe does when a PaymentMethod is created: a 402 card_error
 * `invalid_number`, `invalid_expiry_month`, `invalid_expiry_year` or `invalid_cvc`.
 * Spaces in the number are ignored; a two-digit year means 20YY.
 */
export function validateCard(input: CardInput, now: Date): ValidCard {
  const digits = input.number.replace(/\s+/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw cardError("invalid_number", "Your card number is invalid.", { param: "card[number]" });
  }
  const brand = brandOf(digits);
  if ((brand === "amex" && digits.length !== 15) || (brand === "visa" && ![13, 16, 19].includes(digits.length))) {
    throw cardError("invalid_number", "Your card number is invalid.", { param: "card[number]" });
  }
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", { param: "card[exp_month]" });
  }
  const expYear = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (expYear < year || expYear > year + 50) {
    throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", { param: "card[exp_year]" });
  }
  if (expYear === year && input.expMonth < month) {
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", { param: "card[exp_month]" });
  }
  if (input.cvc !== undefined) {
    const length = brand === "amex" ? 4 : 3;
    if (!new RegExp(`^\\d{${length}}$`).test(input.cvc)) {
      throw cardError("invalid_cvc", "Your card's security code is invalid.", { param: "card[cvc]" });
    }
  }
  return {
    last4: digits.slice(-4),
    expMonth: input.expMonth,
    expYear,
    fingerprint: fingerprintOf(digits),
    cvcGiven: input.cvc !== undefined,
    profile: profileOf(digits),
  };
}
