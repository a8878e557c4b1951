/**
 * The payment card checks (part 1 §4.3, §5, §8): from what the card provider says of a
 * card, and the tenant's registered name, the result of each check — 'pass', 'fail' or
 * 'unchecked'. Any 'fail' stops the payment with 'Card check failed' (see payments.ts).
 */
export type CheckResult = "pass" | "fail" | "unchecked";

export type CardFacts = {
  /** The cardholder name as typed in the billing address (first and last name). */
  cardholderName: string | null | undefined;
  /** The card provider's CVC check ('pass', 'fail', 'unavailable', 'unchecked' or null). */
  cvcCheck: string | null | undefined;
  /** The card provider's postcode check. */
  postcodeCheck: string | null | undefined;
  /** credit, debit, prepaid or unknown. */
  funding: string | null | undefined;
};

export type RegisteredName = { firstName: string; lastName: string };

export type CardCheckResultMap = { nameMatch: CheckResult; cvc: CheckResult; funding: CheckResult; postcode: CheckResult };

/** Lower case letters only, accents removed: "Ó'Brien-Smith" → "obriensmith". */
function letters(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/**
 * Whether the card is in the tenant's own name (the nameMatch check: 'Your payment card
 * must be in your own name'). Reading chosen, kind to how names are printed on cards: the
 * cardholder name must contain the registered last name, and either the registered first
 * name or its initial, ignoring case, accents, punctuation and titles ("MR J SMITH" matches
 * Jo Smith; "Sam Jones" does not). No name typed → 'unchecked'.
 */
export function nameMatchCheck(cardholderName: string | null | undefined, registered: RegisteredName): CheckResult {
  const words = (cardholderName ?? "")
    .split(/[\s,.]+/)
    .map(letters)
    .filter((w) => w !== "" && !["mr", "mrs", "ms", "miss", "mx", "dr"].includes(w));
  if (words.length === 0) return "unchecked";
  const last = letters(registered.lastName);
  const first = letters(registered.firstName);
  const joined = words.join("");
  const hasLast = last !== "" && (words.includes(last) || joined.endsWith(last));
  const hasFirst = first !== "" && words.some((w) => w === first || (w.length === 1 && w === first[0]));
  return hasLast && hasFirst ? "pass" : "fail";
}

function providerCheck(value: string | null | undefined): CheckResult {
  if (value === "pass") return "pass";
  if (value === "fail") return "fail";
  return "unchecked";
}

/** Prepaid cards are not accepted (part 1 §8: 'We are unable to accept prepaid cards.'). */
export function fundingCheck(funding: string | null | undefined): CheckResult {
  if (funding === "prepaid") return "fail";
  if (funding === "credit" || funding === "debit") return "pass";
  return "unchecked";
}

export function cardCheckResults(card: CardFacts, registered: RegisteredName): CardCheckResultMap {
  return {
    nameMatch: nameMatchCheck(card.cardholderName, registered),
    cvc: providerCheck(card.cvcCheck),
    funding: fundingCheck(card.funding),
    postcode: providerCheck(card.postcodeCheck),
  };
}
