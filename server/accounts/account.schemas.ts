/** The address a tenant enters or chooses, as the account's routes and service read it. */
import { z } from "@hono/zod-openapi";
import { manualAddressErrors, normalisePostcode } from "#common/addresses";
import { isCalendarDate } from "../domain/london-time";
import { idField, MALFORMED_ID_MESSAGE, singleLineText } from "../lib/input-schemas";
import { addressInputShape } from "../lib/schemas";
import { isWellFormedId, type TextLimit } from "#common/input";

const optionalText = (limit: TextLimit | number) =>
  singleLineText(limit)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v.trim()));

/**
 * An address as the tenant enters or chooses it. The manual-address rule of part 1 §5 and
 * a three-letter country code (onboarding) apply; the postcode is stored as Royal Mail writes it.
 */
export const AddressInputSchema = z
  .object(
    addressInputShape({
      id: idField()
        .optional()
        .openapi({ description: "In an address history: the id of an address already in it (kept); any other id makes a new address" }),
      line: optionalText("addressLine"),
      postcode: optionalText("postcode"),
      country: optionalText(3).openapi({ description: "Three-letter country code", example: "GBR" }),
      date: optionalText(10).openapi({ description: "YYYY-MM-DD" }),
      organizationId: optionalText("code").refine((v) => v === null || isWellFormedId(v), MALFORMED_ID_MESSAGE),
    }),
  )
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
