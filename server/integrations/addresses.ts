/**
 * Address lookup by postcode (part 2 §7 searchAddressesByPostcode). One interface; the
 * implementation here answers from a built-in postcode book (addresses.fixture.ts), so the
 * app works with no provider account. A lookup provider would be another implementation of
 * `AddressLookup`, chosen where the API is built.
 */
import { isUkPostcode, normalisePostcode } from "../domain/addresses";
import { FIXTURE_POSTCODES, type FixtureAddress } from "./addresses.fixture";

/** An address found for a postcode: the part 2 §3 address shape, with the provider's id. */
export type LookedUpAddress = {
  externalId: string;
  buildingName: string | null;
  roomNumber: string | null;
  flatNumber: string | null;
  buildingNumber: string | null;
  street: string;
  subStreet: string | null;
  town: string | null;
  county: string | null;
  postcode: string;
  /** Three-letter code, as onboarding stores it. */
  country: string;
};

export interface AddressLookup {
  /** The addresses at a postcode (any spacing or case); an empty list when there are none. */
  findByPostcode(postcode: string): Promise<LookedUpAddress[]>;
}

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

/** The lookup the API uses. */
export const addressLookup: AddressLookup = fixtureAddressLookup();
