/**
 * Address lookup by postcode (part 2 §7 searchAddressesByPostcode). One interface
 * (address-lookup.ts), two implementations chosen by ADDRESS_LOOKUP_PROVIDER
 * (docs/decisions/0014): the offline postcode book (the default, so the app works with no
 * provider account: a stand-in, stand-ins/addresses/, which the composition root gives as
 * `fixtureAddresses`) and Ideal Postcodes (ideal-postcodes.ts).
 */
import type { ApiConfig } from "../config";
import { AddressLookupFailed, type AddressLookup } from "./address-lookup";
import { idealPostcodesLookup } from "./ideal-postcodes";

const chosen = new WeakMap<object, AddressLookup>();

/**
 * The lookup the API's configuration chooses (made once per configuration). With the fixture
 * provider it is the one the composition root gave; none given is a wiring mistake, answered as
 * the provider failing (and logged by the caller).
 */
export function addressLookupFor(deps: { config: Pick<ApiConfig, "addressLookup">; fixtureAddresses?: AddressLookup }): AddressLookup {
  const choice = deps.config.addressLookup;
  if (!choice || choice.provider === "fixture") return deps.fixtureAddresses ?? NO_ADDRESS_BOOK;
  let lookup = chosen.get(choice);
  if (!lookup) {
    lookup = idealPostcodesLookup({ apiKey: choice.apiKey, baseUrl: choice.baseUrl, timeoutMs: choice.timeoutMs });
    chosen.set(choice, lookup);
  }
  return lookup;
}

/** ADDRESS_LOOKUP_PROVIDER=fixture with no postcode book given (the stand-ins not loaded). */
const NO_ADDRESS_BOOK: AddressLookup = {
  findByPostcode: () => Promise.reject(new AddressLookupFailed("network")),
};
