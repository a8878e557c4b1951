import { z } from "zod";
import { addManualAddressIssues, addressChoiceShape, manualAddressShape } from "~/lib/address-lookup";
import { countryOptions } from "~/lib/countries";
import { textField } from "~/lib/text-rules";
import { ID_MAX_LENGTH } from "#common/input";

/**
 * The address-history page's forms (part 1 §2.3, §5 postcode search and manual address): one
 * zod schema each, checked in the browser and again by the action: the shared address forms
 * (address-lookup.ts) with the dates at the address.
 */

/** Countries a tenant may have lived in, as the API stores them (three-letter codes); the United Kingdom first. */
export const COUNTRIES = countryOptions("alpha3");
export const DEFAULT_COUNTRY = "GBR";

export const ADDRESS_HISTORY_MESSAGES = {
  currentRequired: "Say whether you live at this address now",
  invalidDate: "Invalid date",
  futureDate: "Date cannot be in the future",
  endBeforeStart: "End date must be on or after the start date",
  /** After a search finds nothing (part 1 §8, onboarding). */
  noResults: "No results found",
  added: "Address successfully added",
  removed: "Address successfully removed",
} as const;

const isoDate = textField("shortText")
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADDRESS_HISTORY_MESSAGES.invalidDate)
  .optional();

function validDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The dates at an address: moved in, and (when it is not the current address) moved out. */
const datesShape = {
  currentlyAtAddress: z.enum(["yes", "no"], {
    error: ADDRESS_HISTORY_MESSAGES.currentRequired,
  }),
  startDate: isoDate,
  endDate: isoDate,
};

type Dates = {
  currentlyAtAddress: "yes" | "no";
  startDate?: string;
  endDate?: string;
};

function checkDates(a: Dates, ctx: z.RefinementCtx, today: string) {
  for (const field of ["startDate", "endDate"] as const) {
    const value = a[field];
    if (!value) continue;
    if (!validDate(value))
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: ADDRESS_HISTORY_MESSAGES.invalidDate,
      });
    else if (value > today)
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: ADDRESS_HISTORY_MESSAGES.futureDate,
      });
  }
  if (a.currentlyAtAddress === "no" && a.startDate && a.endDate && a.endDate < a.startDate) {
    ctx.addIssue({
      code: "custom",
      path: ["endDate"],
      message: ADDRESS_HISTORY_MESSAGES.endBeforeStart,
    });
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/** Choosing one of the addresses a search found (the spec's modal, a list on the page), with its dates. */
export const chooseSchema = z
  .object({ ...addressChoiceShape, ...datesShape })
  .superRefine((a, ctx) => checkDates(a, ctx, today()));

/**
 * Manual entry (part 1 §5): a building number or name ('Either a building number or name is
 * required'), street and country ('Required'), postcode ('Required'; for the UK 'Must be a UK
 * postcode'), and the dates.
 */
export const manualSchema = z
  .object({ ...manualAddressShape("alpha3"), ...datesShape })
  .superRefine((a, ctx) => {
    // The building message once, on the number (the first of the pair); the name is marked by the same message.
    addManualAddressIssues(a, ctx, { buildingNameToo: false });
    checkDates(a, ctx, today());
  });

export const removeSchema = z.object({ id: textField(ID_MAX_LENGTH).min(1) });

/** The address as the API's addAddress takes it, from the dates the tenant gave. */
export function datesForApi(a: Dates) {
  const current = a.currentlyAtAddress === "yes";
  return {
    currentlyAtAddress: current,
    startDate: a.startDate ?? null,
    endDate: current ? null : (a.endDate ?? null),
  };
}

/** The page's URL in a state: `?postcode=…`, `?manual`, `?remove=<id>`; `?change` (back to Confirm) is kept. */
export function addressHistoryUrl(base: string, changing: boolean, state: { postcode?: string; manual?: boolean; remove?: string } = {}) {
  const params = new URLSearchParams();
  if (changing) params.set("change", "");
  if (state.postcode) params.set("postcode", state.postcode);
  if (state.manual) params.set("manual", "");
  if (state.remove) params.set("remove", state.remove);
  const query = params.toString().replace(/=(?=&|$)/g, "");
  return query ? `${base}?${query}` : base;
}
