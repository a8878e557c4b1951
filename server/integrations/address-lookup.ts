/** What every address lookup (the fixture book, Ideal Postcodes) answers, and how it fails. */
import type { AddressLookupResult } from "../lib/schemas";

/**
 * An address found for a postcode: the API's one address shape (server/lib/schemas.ts), with the
 * provider's id; the country is the three-letter code onboarding stores.
 */
export type LookedUpAddress = AddressLookupResult;

export interface AddressLookup {
  /** The addresses at a postcode (any spacing or case); an empty list when there are none. */
  findByPostcode(postcode: string): Promise<LookedUpAddress[]>;
}

/** The provider could not answer: no answer in time, unreachable, an error status or an answer we cannot read. */
export class AddressLookupFailed extends Error {
  constructor(
    readonly reason: "timeout" | "network" | "status" | "shape",
    readonly status?: number,
  ) {
    super(`Address lookup failed (${reason}${status ? ` ${status}` : ""})`);
    this.name = "AddressLookupFailed";
  }
}

/** What the tenant reads when the lookup fails (part 2 §8: a lookup failure shows the server's message). */
export const ADDRESS_LOOKUP_FAILED_MESSAGE =
  "We could not search for addresses just now. Please try again, or enter your address manually.";
