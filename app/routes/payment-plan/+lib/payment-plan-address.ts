import { z } from "zod";
import { isUnitedKingdom } from "#common/addresses";
import { addManualAddressIssues, addressChoiceShape, manualAddressShape } from "~/lib/address-lookup";
import { countryOptions } from "~/lib/countries";

/**
 * The payment plan's address form (part 2 §3 Address form, §5): one zod schema, checked in the
 * browser and again by the action: the shared address forms (address-lookup.ts). The country is
 * a two-letter code here (the API's UpdatePaymentPlanAddress).
 */

/** Countries as the payment plan stores them (two letters); the United Kingdom first. */
export const PLAN_COUNTRIES = countryOptions("alpha2");
export const PLAN_DEFAULT_COUNTRY = "GB";

export const PLAN_ADDRESS_MESSAGES = {
  noResults: "No addresses were found for this postcode.",
} as const;

/**
 * Manual entry (part 2 §5): a building number or name ('Either a building number or name is
 * required', on both fields), street and country ('Required'), postcode ('Required'; in the
 * UK 'Must be a UK postcode').
 */
export const planAddressSchema = z
  .object(manualAddressShape("alpha2"))
  .superRefine((a, ctx) => addManualAddressIssues(a, ctx, { buildingNameToo: true }));
export type PlanAddressForm = z.infer<typeof planAddressSchema>;

/** Choosing one of the addresses the look-up found. */
export const planChooseSchema = z.object(addressChoiceShape);

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
