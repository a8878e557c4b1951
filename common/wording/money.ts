/**
 * Pounds and pence, the one way the product writes them (issue 37, docs/decisions/0055). Money
 * is integer pence everywhere (`../money.ts`); these turn it into words for a page, an e-mail, a
 * text, a PDF or an API message. Amounts are split into pounds and pence by integer arithmetic
 * (never `pence / 100` in floating point) and the thousands grouped by one `Intl` formatter made
 * once per process (a claim page formats dozens of amounts, issue 25).
 *
 * Two spellings are in use and both are kept, byte for byte, as they were before this module:
 * - pages, PDFs, calendar files and the API's own messages group thousands: "£1,234.56";
 * - e-mails, the refund words and the signed PDFs write the bare figure: "£1234.56" (`plainPounds`).
 */

// Made on first use, once per process: a module-level `new` would stay in every browser bundle
// that imports any of the wording module (a card page's budget is 120 KB, decision 0051).
let grouped: Intl.NumberFormat | undefined;
const group = (whole: number) =>
  (grouped ??= new Intl.NumberFormat("en-GB", {
    maximumFractionDigits: 0,
  })).format(whole);

function split(pence: number): { sign: string; whole: number; rest: string } {
  const whole = Math.round(pence);
  const abs = Math.abs(whole);
  return {
    sign: whole < 0 ? "-" : "",
    whole: Math.floor(abs / 100),
    rest: String(abs % 100).padStart(2, "0"),
  };
}

/** Pence as pounds with two decimals and thousands separators, without "£": 123456 → "1,234.56". */
export function poundsText(pence: number): string {
  const { sign, whole, rest } = split(pence);
  return `${sign}${group(whole)}.${rest}`;
}

/**
 * Pence as the product shows them: 15000 → "£150.00", 123456 → "£1,234.56". `wholePounds` drops
 * ".00" from a whole amount in running text ("a minimum of £150"); pence are always shown when
 * there are any.
 */
export function formatPounds(pence: number, options: { wholePounds?: boolean } = {}): string {
  const { sign, whole, rest } = split(pence);
  if (options.wholePounds && rest === "00") return `£${sign}${group(whole)}`;
  return `£${sign}${group(whole)}.${rest}`;
}

/** Pence as e-mails and the signed PDFs write them: two decimals, no thousands separator: 123456 → "£1234.56". */
export function plainPounds(pence: number): string {
  const { sign, whole, rest } = split(pence);
  return `£${sign}${whole}.${rest}`;
}

/** Pence as a form field's value, to be typed over: 1234 → "12.34" (no "£", no separator). */
export function poundsInputValue(pence: number): string {
  const { sign, whole, rest } = split(pence);
  return `${sign}${whole}.${rest}`;
}
