import { z } from "zod";
import { ADDRESS_MESSAGES, manualAddressErrors, type ManualAddressField } from "#common/addresses";
import { TEXT_LIMITS } from "#common/input";
import { textField } from "./text-rules";

/**
 * The address forms both address steps share (the checkout's address history, part 1 §2.3, §5;
 * the payment plan's address, part 2 §3, §5): the postcode search, the choice among the
 * addresses it found, and the fields of an address typed by hand, on common/addresses.ts's rule
 * and words (the API checks the same rule). Each step adds its own fields (the dates at an
 * address) and stores the country its own way (three letters or two).
 */

/** After a search, the address picked must be one of those found. */
export const CHOOSE_ADDRESS_MESSAGE = "Choose an address";

/** One address found, as a choice: its look-up id and the line the tenant reads. */
export type AddressChoice = { value: string; label: string };

/** The postcode look-up of a page (`?postcode=…`), as its loader hands it to `<PostcodeSearch>` and `<AddressChoiceForm>`. */
export type PostcodeLookup = {
  /** The postcode searched for, written as Royal Mail writes it; null before any search. */
  postcode: string | null;
  /** The search was empty ('Postcode is required') or is no postcode at all. */
  postcodeError: string | null;
  /** The addresses found (none: an empty list); null when there was no search or it failed. */
  results: AddressChoice[] | null;
  /** The look-up could not be done: the provider's message (it suggests typing the address), or the page's words for a failure of ours. */
  lookupError: string | null;
};

/** The postcode search (a GET form: `?postcode=…`): 'Postcode is required'. */
export const searchSchema = z.object({
  postcode: textField("postcode", { required: ADDRESS_MESSAGES.postcodeRequired, tooLong: ADDRESS_MESSAGES.notUkPostcode })
    .trim()
    .min(1, ADDRESS_MESSAGES.postcodeRequired),
});

/** Choosing one of the addresses a search found (the postcode is searched again: the address is the look-up's, never the browser's). */
export const addressChoiceShape = {
  postcode: textField("postcode").trim().min(1),
  externalId: textField("addressLine", { required: CHOOSE_ADDRESS_MESSAGE }).min(1, CHOOSE_ADDRESS_MESSAGE),
};

const text = (max: number) => textField(max, { tooLong: `Must be at most ${max} characters` }).trim().optional();

/**
 * The fields of an address typed by hand (part 1 §5, part 2 §5): building number or name,
 * flat, street, town, county, postcode, and the country as the step stores it (three letters
 * in the address history, two on a payment plan; 'Required' otherwise).
 */
export function manualAddressShape(country: "alpha3" | "alpha2") {
  return {
    buildingNumber: text(50),
    buildingName: text(200),
    flatNumber: text(50),
    street: text(200),
    town: text(100),
    county: text(100),
    postcode: text(TEXT_LIMITS.postcode),
    country: textField("shortText", { required: ADDRESS_MESSAGES.required })
      .trim()
      .regex(country === "alpha3" ? /^[A-Z]{3}$/ : /^[A-Z]{2}$/, ADDRESS_MESSAGES.required),
  };
}

/**
 * The manual-address rule as the form's issues: 'Either a building number or name is required'
 * (on the number, and on the name too where the step marks both), street, postcode and country
 * 'Required', 'Must be a UK postcode' in the United Kingdom.
 */
export function addManualAddressIssues(
  address: Parameters<typeof manualAddressErrors>[0],
  ctx: z.RefinementCtx,
  { buildingNameToo }: { buildingNameToo: boolean },
) {
  for (const [field, message] of Object.entries(manualAddressErrors(address)) as Array<[ManualAddressField, string]>) {
    if (field === "buildingName" && !buildingNameToo) continue;
    ctx.addIssue({ code: "custom", path: [field], message });
  }
}
