/**
 * Ideal Postcodes (docs/decisions/0014): the addresses at a postcode from Royal Mail's Postcode
 * Address File, GET {baseUrl}/v1/postcodes/{postcode} with the key in the Authorization header
 * (`api_key="…"`), never in the URL, so no request line or log holds it.
 *
 * Documented answers: 200 `{ result: [address…], code: 2000, message: "Success" }`; 404
 * `{ code: 4040, message: "Postcode Not Found" }` (an empty list for us); any other status
 * (401 bad key, 402 no lookups left, 429, 5xx), a body that is not the documented shape, or no
 * answer within the timeout is a failure (`AddressLookupFailed`), logged without the key.
 */
import { normalisePostcode } from "#common/addresses";
import { log } from "../lib/log";
import { AddressLookupFailed, type AddressLookup, type LookedUpAddress } from "./address-lookup";

export const IDEAL_POSTCODES_URL = "https://api.ideal-postcodes.co.uk";

/** The fields of a PAF address we read (the answer has many more). */
export type IdealPostcodesAddress = {
  postcode: string;
  post_town?: string;
  thoroughfare?: string;
  dependant_thoroughfare?: string;
  building_number?: string;
  building_name?: string;
  sub_building_name?: string;
  organisation_name?: string;
  county?: string;
  udprn?: number | string;
  country_iso?: string;
};

export type IdealPostcodesOptions = {
  apiKey: string;
  baseUrl?: string;
  timeoutMs: number;
  /** The HTTP client (tests give a fake one). */
  fetch?: typeof fetch;
};

const text = (value: string | undefined | null) => (value && value.trim() !== "" ? value.trim() : null);

/** "BRISTOL" → "Bristol", "STOKE-ON-TRENT" → "Stoke-on-Trent" (PAF post towns are in capitals). */
export function postTownCase(town: string): string {
  const small = new Set(["on", "upon", "in", "by", "under", "le", "the", "of", "and"]);
  return town
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
}

/**
 * A PAF address as our address (part 1 §3): a sub-building is the flat ("Flat 2" → "2"), the
 * thoroughfare the street (a dependant thoroughfare, when both are given, the sub-street), the
 * post town the town; the UDPRN identifies it.
 */
export function fromIdealPostcodes(a: IdealPostcodesAddress, index: number): LookedUpAddress {
  const thoroughfare = text(a.thoroughfare);
  const dependant = text(a.dependant_thoroughfare);
  const subBuilding = text(a.sub_building_name);
  const flat = subBuilding?.match(/^(?:flat|apartment|apt\.?)\s+(.+)$/i)?.[1] ?? subBuilding;
  const country = text(a.country_iso)?.toUpperCase();
  return {
    externalId: `ideal-postcodes-${a.udprn ?? index + 1}`,
    buildingName: text(a.building_name) ?? text(a.organisation_name),
    roomNumber: null,
    flatNumber: flat,
    buildingNumber: text(a.building_number),
    street: thoroughfare ?? dependant ?? "",
    subStreet: thoroughfare && dependant ? dependant : null,
    town: text(a.post_town) ? postTownCase(a.post_town!.trim()) : null,
    county: text(a.county),
    postcode: normalisePostcode(a.postcode),
    country: country && /^[A-Z]{3}$/.test(country) ? country : "GBR",
  };
}

function isAnswer(body: unknown): body is { result: IdealPostcodesAddress[] } {
  if (typeof body !== "object" || body === null) return false;
  const result = (body as { result?: unknown }).result;
  return Array.isArray(result) && result.every((a) => typeof a === "object" && a !== null && typeof a.postcode === "string");
}

export function idealPostcodesLookup(options: IdealPostcodesOptions): AddressLookup {
  const baseUrl = (options.baseUrl ?? IDEAL_POSTCODES_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  return {
    async findByPostcode(postcode) {
      const compact = normalisePostcode(postcode).replace(/\s+/g, "");
      const url = `${baseUrl}/v1/postcodes/${encodeURIComponent(compact)}`;
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: {
            Authorization: `api_key="${options.apiKey}"`,
            Accept: "application/json",
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        log.warn("address lookup failed", {
          provider: "ideal-postcodes",
          reason: timedOut ? "timeout" : "network",
          timeoutMs: options.timeoutMs,
        });
        throw new AddressLookupFailed(timedOut ? "timeout" : "network");
      }
      if (response.status === 404) return [];
      if (!response.ok) {
        log.warn("address lookup failed", {
          provider: "ideal-postcodes",
          reason: "status",
          status: response.status,
        });
        throw new AddressLookupFailed("status", response.status);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!isAnswer(body)) {
        log.warn("address lookup failed", {
          provider: "ideal-postcodes",
          reason: "shape",
          status: response.status,
        });
        throw new AddressLookupFailed("shape", response.status);
      }
      return body.result.map(fromIdealPostcodes);
    },
  };
}
