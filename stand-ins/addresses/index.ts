/**
 * The offline address lookup: the postcode book (book.ts) behind the product's address provider
 * seam (server/integrations/address-lookup.ts), which the composition root gives the API as
 * `Deps.fixtureAddresses` when ADDRESS_LOOKUP_PROVIDER is `fixture` (the default).
 */
import { isUkPostcode, normalisePostcode } from "#common/addresses";
import type { AddressLookup } from "../../server/integrations/address-lookup";
import { FIXTURE_POSTCODES, type FixtureAddress } from "./book";

/** The fixture lookup over a postcode book (the built-in one by default). */
export function fixtureAddressLookup(
  book: Readonly<Record<string, readonly FixtureAddress[]>> = FIXTURE_POSTCODES,
): AddressLookup {
  return {
    async findByPostcode(postcode) {
      if (!isUkPostcode(postcode)) return [];
      const normalised = normalisePostcode(postcode);
      const compact = normalised.replace(" ", "");
      return (book[normalised] ?? []).map((a, index) => ({
        externalId: `fixture-${compact}-${String(index + 1).padStart(2, "0")}`,
        buildingName: a.buildingName ?? null,
        roomNumber: a.roomNumber ?? null,
        flatNumber: a.flatNumber ?? null,
        buildingNumber: a.buildingNumber ?? null,
        street: a.street,
        subStreet: a.subStreet ?? null,
        town: a.town,
        county: a.county ?? null,
        postcode: normalised,
        country: "GBR",
      }));
    },
  };
}

/** The fixture lookup over the built-in book. */
export const fixtureAddresses: AddressLookup = fixtureAddressLookup();
