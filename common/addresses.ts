/**
 * Addresses (part 1 §5 postcode search and manual address; part 2 §5 payment-plan address
 * form): the postcode's shape and the manual-entry rule, with the spec's messages. In the shared
 * rule book, so the API (the accounts' address schema, the payment plan's address rule in
 * server/domain/payment-plans-rules.ts, the address lookups) and the web forms share one rule.
 */

export const ADDRESS_MESSAGES = {
  postcodeRequired: "Postcode is required",
  buildingRequired: "Either a building number or name is required",
  required: "Required",
  notUkPostcode: "Must be a UK postcode",
  /** Part 1 §2.3: Continue on address history needs a current address (the web and the API say the same). */
  noCurrentAddress: "Add your current address to continue.",
} as const;

/** Country codes that mean the United Kingdom: 'GB' on the payment-plan form, 'GBR' in onboarding. */
const UNITED_KINGDOM = new Set(["GB", "GBR", "UK"]);

export function isUnitedKingdom(country: string | null | undefined): boolean {
  return UNITED_KINGDOM.has((country ?? "").trim().toUpperCase());
}

/**
 * A UK postcode (the Royal Mail pattern, BFPO and GIR 0AA included), checked on the value
 * with its spaces removed, so spacing and case are free.
 */
const UK_POSTCODE =
  /^(GIR0AA|BFPO\d{1,4}|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY])\d[ABD-HJLNP-UW-Z]{2})$/;

const compact = (value: string) => value.replace(/\s+/g, "").toUpperCase();

export function isUkPostcode(value: string | null | undefined): boolean {
  return UK_POSTCODE.test(compact(value ?? ""));
}

/**
 * The postcode written as Royal Mail writes it: capitals, one space before the inward code
 * ("bs14dj", " BS1  4DJ " → "BS1 4DJ"; "bfpo123" → "BFPO 123"). A value that is not a UK
 * postcode is trimmed, its spaces collapsed, and put in capitals.
 */
export function normalisePostcode(value: string): string {
  const c = compact(value);
  if (UK_POSTCODE.test(c)) return c.startsWith("BFPO") ? `BFPO ${c.slice(4)}` : `${c.slice(0, -3)} ${c.slice(-3)}`;
  return value.trim().replace(/\s+/g, " ").toUpperCase();
}

/** The postcode-search field: 'Postcode is required' when empty. */
export function postcodeSearchError(value: string | null | undefined): string | null {
  return (value ?? "").trim() === "" ? ADDRESS_MESSAGES.postcodeRequired : null;
}

export type ManualAddress = {
  buildingNumber?: string | null;
  buildingName?: string | null;
  street?: string | null;
  postcode?: string | null;
  country?: string | null;
};
export type ManualAddressField = keyof ManualAddress;

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

/**
 * Field → message for a manually entered address; empty when valid. A building number or a
 * building name (either one) is required, and the message is given on both fields; street,
 * postcode and country are required; a postcode in the UK must be a UK postcode.
 */
export function manualAddressErrors(address: ManualAddress): Partial<Record<ManualAddressField, string>> {
  const errors: Partial<Record<ManualAddressField, string>> = {};
  if (blank(address.buildingNumber) && blank(address.buildingName)) {
    errors.buildingNumber = ADDRESS_MESSAGES.buildingRequired;
    errors.buildingName = ADDRESS_MESSAGES.buildingRequired;
  }
  if (blank(address.street)) errors.street = ADDRESS_MESSAGES.required;
  if (blank(address.postcode)) errors.postcode = ADDRESS_MESSAGES.required;
  else if (isUnitedKingdom(address.country) && !isUkPostcode(address.postcode)) {
    errors.postcode = ADDRESS_MESSAGES.notUkPostcode;
  }
  if (blank(address.country)) errors.country = ADDRESS_MESSAGES.required;
  return errors;
}

/** How many addresses of a history may be the current one. */
export const MAX_CURRENT_ADDRESSES = 1;
export const ONE_CURRENT_ADDRESS_MESSAGE = "Only one address can be your current address";

/** The address-history rule: at most one address is marked as the current one. */
export function addressHistoryError(history: ReadonlyArray<{ currentlyAtAddress?: boolean | null }>): string | null {
  const current = history.filter((a) => a.currentlyAtAddress === true).length;
  return current > MAX_CURRENT_ADDRESSES ? ONE_CURRENT_ADDRESS_MESSAGE : null;
}
