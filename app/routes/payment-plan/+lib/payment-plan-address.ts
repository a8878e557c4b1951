import { z } from "zod";
import { ADDRESS_MESSAGES, isUnitedKingdom, manualAddressErrors, type ManualAddressField } from "../../../../common/addresses";
import { countryOptions } from "~/lib/countries";

/**
 * The payment plan's address form (part 2 §3 Address form, §5): one zod schema, checked in the
 * browser and again by the action, on common/addresses.ts's rule and words (the API checks the
 * same rule). The country is a two-letter code here (the API's UpdatePaymentPlanAddress).
 */

/** Countries as the payment plan stores them (two letters); the United Kingdom first. */
export const PLAN_COUNTRIES = countryOptions("alpha2");
export const PLAN_DEFAULT_COUNTRY = "GB";

export const PLAN_ADDRESS_MESSAGES = {
  chooseAddress: "Choose an address",
  noResults: "No addresses were found for this postcode.",
} as const;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/**
 * Manual entry (part 2 §5): a building number or name ('Either a building number or name is
 * required', on both fields), street and country ('Required'), postcode ('Required'; in the
 * UK 'Must be a UK postcode').
 */
export const planAddressSchema = z
  .object({
    buildingNumber: text(50),
    buildingName: text(200),
    flatNumber: text(50),
    street: text(200),
    town: text(100),
    county: text(100),
    postcode: text(20),
    country: z.string({ error: ADDRESS_MESSAGES.required }).trim().regex(/^[A-Z]{2}$/, ADDRESS_MESSAGES.required),
  })
  .superRefine((a, ctx) => {
    for (const [field, message] of Object.entries(manualAddressErrors(a)) as Array<[ManualAddressField, string]>) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  });
export type PlanAddressForm = z.infer<typeof planAddressSchema>;

/** Choosing one of the addresses the look-up found (the postcode is searched again: the address is the look-up's, never the browser's). */
export const planChooseSchema = z.object({
  postcode: z.string().trim().min(1).max(20),
  externalId: z.string({ error: PLAN_ADDRESS_MESSAGES.chooseAddress }).min(1, PLAN_ADDRESS_MESSAGES.chooseAddress).max(200),
});

/** A country as the plan stores it: the look-up's 'GBR' is 'GB'; other codes are kept as given. */
export function planCountry(country: string): string {
  return isUnitedKingdom(country) ? "GB" : country;
}

/** The body of PUT /payment-plans/{id}/address: the one current address. */
export function planAddressBody(address: {
  externalId?: string | null;
  buildingNumber?: string | null;
  buildingName?: string | null;
  flatNumber?: string | null;
  roomNumber?: string | null;
  street?: string | null;
  subStreet?: string | null;
  town?: string | null;
  county?: string | null;
  postcode?: string | null;
  country: string;
}) {
  const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());
  return {
    addresses: [
      {
        externalId: blankToNull(address.externalId),
        buildingNumber: blankToNull(address.buildingNumber),
        buildingName: blankToNull(address.buildingName),
        flatNumber: blankToNull(address.flatNumber),
        roomNumber: blankToNull(address.roomNumber),
        street: blankToNull(address.street),
        subStreet: blankToNull(address.subStreet),
        town: blankToNull(address.town),
        county: blankToNull(address.county),
        postcode: blankToNull(address.postcode),
        country: planCountry(address.country),
        currentlyAtAddress: true,
      },
    ],
  };
}
