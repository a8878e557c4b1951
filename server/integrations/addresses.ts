/**
 * Address lookup by postcode (part 2 §7 searchAddressesByPostcode). One interface
 * (address-lookup.ts), two implementations chosen by ADDRESS_LOOKUP_PROVIDER
 * (docs/decisions/0014): the built-in postcode book (addresses.fixture.ts, the default, so the
 * app works offline with no provider account) and Ideal Postcodes (ideal-postcodes.ts).
 */
import type { ApiConfig } from "../config";
import { isUkPostcode, normalisePostcode } from "#common/addresses";
import type { AddressLookup } from "./address-lookup";
import { FIXTURE_POSTCODES, type FixtureAddress } from "./addresses.fixture";
import { idealPostcodesLookup } from "./ideal-postcodes";

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
export const addressLookup: AddressLookup = fixtureAddressLookup();

const chosen = new WeakMap<object, AddressLookup>();

/** The lookup the API's configuration chooses (made once per configuration). */
export function addressLookupFor(config: Pick<ApiConfig, "addressLookup">): AddressLookup {
  const choice = config.addressLookup;
  if (!choice || choice.provider === "fixture") return addressLookup;
  let lookup = chosen.get(choice);
  if (!lookup) {
    lookup = idealPostcodesLookup({ apiKey: choice.apiKey, baseUrl: choice.baseUrl, timeoutMs: choice.timeoutMs });
    chosen.set(choice, lookup);
  }
  return lookup;
}
