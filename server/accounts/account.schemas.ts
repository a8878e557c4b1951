/** The address a tenant enters or chooses, as the account's routes and service read it. */
import { z } from "@hono/zod-openapi";
import { manualAddressErrors, normalisePostcode } from "../../common/addresses";
import { isCalendarDate } from "../domain/london-time";

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v.trim()));

/**
 * An address as the tenant enters or chooses it. The manual-address rule of part 1 §5 and
 * a three-letter country code (onboarding) apply; the postcode is stored as Royal Mail writes it.
 */
export const AddressInputSchema = z
  .object({
    id: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: "In an address history: the id of an address already in it (kept); any other id makes a new address" }),
    externalId: optionalText(200),
    buildingName: optionalText(200),
    roomNumber: optionalText(50),
    flatNumber: optionalText(50),
    buildingNumber: optionalText(50),
    street: optionalText(200),
    subStreet: optionalText(200),
    town: optionalText(100),
    county: optionalText(100),
    postcode: optionalText(20),
    country: optionalText(3).openapi({ description: "Three-letter country code", example: "GBR" }),
    startDate: optionalText(10).openapi({ description: "YYYY-MM-DD" }),
    endDate: optionalText(10).openapi({ description: "YYYY-MM-DD" }),
    currentlyAtAddress: z.boolean().default(true),
    organizationId: optionalText(100),
  })
  .superRefine((a, ctx) => {
    for (const [field, message] of Object.entries(manualAddressErrors(a))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    if (a.country && !/^[A-Za-z]{3}$/.test(a.country)) {
      ctx.addIssue({ code: "custom", path: ["country"], message: "Country must be a three-letter code, like GBR" });
    }
    for (const field of ["startDate", "endDate"] as const) {
      const value = a[field];
      if (value && !isCalendarDate(value)) ctx.addIssue({ code: "custom", path: [field], message: "Invalid date" });
    }
    if (a.startDate && a.endDate && isCalendarDate(a.startDate) && isCalendarDate(a.endDate) && a.endDate < a.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be on or after the start date" });
    }
  })
  .transform((a) => ({
    ...a,
    street: a.street!,
    postcode: normalisePostcode(a.postcode!),
    country: a.country!.toUpperCase(),
  }))
  .openapi("AddressInput");

export type AddressInput = z.output<typeof AddressInputSchema>;
