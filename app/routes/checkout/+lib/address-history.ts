import { z } from "zod";
import { ADDRESS_MESSAGES, manualAddressErrors, type ManualAddressField } from "../../../../common/addresses";
import { countryOptions } from "~/lib/countries";

/**
 * The address-history page's forms (part 1 §2.3, §5 postcode search and manual address): one
 * zod schema each, checked in the browser and again by the action, with the rule and words of
 * common/addresses.ts (the API checks the same rule).
 */

/** Countries a tenant may have lived in, as the API stores them (three-letter codes); the United Kingdom first. */
export const COUNTRIES = countryOptions("alpha3");
export const DEFAULT_COUNTRY = "GBR";

export const ADDRESS_HISTORY_MESSAGES = {
  chooseAddress: "Choose an address",
  currentRequired: "Say whether you live at this address now",
  invalidDate: "Invalid date",
  futureDate: "Date cannot be in the future",
  endBeforeStart: "End date must be on or after the start date",
  /** After a search finds nothing (part 1 §8, onboarding). */
  noResults: "No results found",
  added: "Address successfully added",
  removed: "Address successfully removed",
} as const;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();
const isoDate = z
  .string()
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

/** Postcode search: 'Postcode is required'. */
export const searchSchema = z.object({
  postcode: z
    .string({ error: ADDRESS_MESSAGES.postcodeRequired })
    .trim()
    .min(1, ADDRESS_MESSAGES.postcodeRequired)
    .max(20, ADDRESS_MESSAGES.notUkPostcode),
});

/** Choosing one of the addresses a search found (the spec's modal, a list on the page), with its dates. */
export const chooseSchema = z
  .object({
    postcode: z.string().trim().min(1).max(20),
    externalId: z.string({ error: ADDRESS_HISTORY_MESSAGES.chooseAddress }).min(1, ADDRESS_HISTORY_MESSAGES.chooseAddress).max(200),
    ...datesShape,
  })
  .superRefine((a, ctx) => checkDates(a, ctx, today()));

/**
 * Manual entry (part 1 §5): a building number or name ('Either a building number or name is
 * required'), street and country ('Required'), postcode ('Required'; for the UK 'Must be a UK
 * postcode'), and the dates.
 */
export const manualSchema = z
  .object({
    buildingNumber: text(50),
    buildingName: text(200),
    flatNumber: text(50),
    street: text(200),
    town: text(100),
    county: text(100),
    postcode: text(20),
    country: z
      .string({ error: ADDRESS_MESSAGES.required })
      .trim()
      .regex(/^[A-Z]{3}$/, ADDRESS_MESSAGES.required),
    ...datesShape,
  })
  .superRefine((a, ctx) => {
    for (const [field, message] of Object.entries(manualAddressErrors(a)) as Array<[ManualAddressField, string]>) {
      // The building message once, on the number (the first of the pair); the name is marked by the same message.
      if (field === "buildingName") continue;
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    checkDates(a, ctx, today());
  });

export const removeSchema = z.object({ id: z.string().min(1).max(100) });

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
