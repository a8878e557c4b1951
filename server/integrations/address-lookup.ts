/** What every address lookup (the fixture book, Ideal Postcodes) answers, and how it fails. */

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
