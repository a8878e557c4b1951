import { digitsOf } from "./util";

/** The card's inputs as typed: "4242 4242 4242 4242", "12 / 30", "123". */
export type CardValues = { number?: string; expiry?: string; cvc?: string };

/** Stripe.js's error for an input it refuses (`change` events and `elements.submit()` carry it). */
export type ValidationError = { type: "validation_error"; code: string; message: string };

export type Brand = { brand: string; pattern: RegExp; lengths: number[]; cvc: 3 | 4; groups: number[] };

export const BRANDS: Brand[] = [
  { brand: "amex", pattern: /^3[47]/, lengths: [15], cvc: 4, groups: [4, 6, 5] },
  { brand: "diners", pattern: /^3(?:0[0-5]|[689])/, lengths: [14, 16], cvc: 3, groups: [4, 6, 4] },
  { brand: "jcb", pattern: /^35/, lengths: [16, 17, 18, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
  { brand: "visa", pattern: /^4/, lengths: [13, 16, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
  { brand: "mastercard", pattern: /^(?:5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720))/, lengths: [16], cvc: 3, groups: [4, 4, 4, 4] },
  { brand: "discover", pattern: /^(?:6011|64[4-9]|65)/, lengths: [16, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
  { brand: "unionpay", pattern: /^62/, lengths: [16, 17, 18, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
];
export const UNKNOWN_BRAND: Brand = { brand: "unknown", pattern: /^/, lengths: [16], cvc: 3, groups: [4, 4, 4, 4, 3] };

export function brandOf(number: string): Brand {
  return BRANDS.find((brand) => brand.pattern.test(number)) ?? UNKNOWN_BRAND;
}

export function maxLength(brand: Brand): number {
  return brand === UNKNOWN_BRAND ? 19 : Math.max(...brand.lengths);
}

export function luhnValid(number: string): boolean {
  var sum = 0;
  for (var i = 0; i < number.length; i++) {
    var digit = Number(number.charAt(number.length - 1 - i));
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

export function formatCardNumber(value: unknown): string {
  var brand = brandOf(digitsOf(value));
  var digits = digitsOf(value).slice(0, maxLength(brand));
  var groups: string[] = [];
  var position = 0;
  for (const size of brand.groups) {
    if (position >= digits.length) break;
    groups.push(digits.slice(position, position + size));
    position += size;
  }
  return groups.join(" ");
}

/* "MM / YY" from whatever was typed or autofilled: "1230", "12/30", "12/2030", "4". */
export function formatExpiry(value: unknown, deleting?: boolean): string {
  var text = String(value || "");
  var long = /^\s*(\d{1,2})\s*[/\-.]\s*(\d{4})\s*$/.exec(text);
  var digits = long ? long[1]!.padStart(2, "0") + long[2]!.slice(2) : digitsOf(text);
  if (!long && /^\s*\d\s*\//.test(text)) digits = "0" + digits;
  if (digits.length === 1 && digits > "1" && !deleting) digits = "0" + digits;
  digits = digits.slice(0, 4);
  if (digits.length > 2) return digits.slice(0, 2) + " / " + digits.slice(2);
  if (digits.length === 2 && !deleting) return digits + " / ";
  return digits;
}

export function formatCvc(value: unknown, number: unknown): string {
  return digitsOf(value).slice(0, brandOf(digitsOf(number)).cvc === 4 ? 4 : 3);
}

export function validationError(code: string, message: string): ValidationError {
  return { type: "validation_error", code: code, message: message };
}

export function checkCardNumber(values: CardValues): ValidationError | null {
  var number = digitsOf(values.number);
  var brand = brandOf(number);
  if (number.length < Math.min(...brand.lengths)) {
    return validationError("incomplete_number", "Your card number is incomplete.");
  }
  if (brand.lengths.indexOf(number.length) === -1) {
    return number.length < maxLength(brand)
      ? validationError("incomplete_number", "Your card number is incomplete.")
      : validationError("invalid_number", "Your card number is invalid.");
  }
  if (!luhnValid(number)) return validationError("invalid_number", "Your card number is invalid.");
  return null;
}

export function expiryParts(value: unknown): { month: number; year: number } | null {
  var digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function checkExpiry(values: CardValues): ValidationError | null {
  var parts = expiryParts(values.expiry);
  if (!parts) return validationError("incomplete_expiry", "Your card's expiry date is incomplete.");
  if (parts.month < 1 || parts.month > 12) return validationError("invalid_expiry_month", "Your card's expiry month is invalid.");
  var now = new Date();
  var thisYear = now.getFullYear();
  if (parts.year < thisYear) return validationError("invalid_expiry_year_past", "Your card's expiry year is in the past.");
  if (parts.year === thisYear && parts.month < now.getMonth() + 1) {
    return validationError("invalid_expiry_month_past", "Your card's expiry date is in the past.");
  }
  if (parts.year > thisYear + 50) return validationError("invalid_expiry_year", "Your card's expiry year is invalid.");
  return null;
}

export function checkCvc(values: CardValues): ValidationError | null {
  var needed = brandOf(digitsOf(values.number)).cvc;
  if (digitsOf(values.cvc).length < needed) return validationError("incomplete_cvc", "Your card's security code is incomplete.");
  return null;
}
