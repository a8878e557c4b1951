import { z } from "zod";
import {
  BREATHING_SPACE_MESSAGES,
  BREATHING_SPACE_TYPES,
  referenceError,
  REFERENCE_MAX_LENGTH,
  startDateFromParts,
  startDatePartsErrors,
  typeError,
  type BreathingSpaceType,
} from "#common/breathing-space";
import { textField } from "~/lib/text-rules";

/** The flash after recording one. */
export const RECORDED_MESSAGE = "Your Breathing Space is recorded. We have e-mailed you what pauses and until when.";

/** The form's fields in page order (`startDate` holds the whole date's message, shown with the three parts). */
export const BREATHING_SPACE_FIELDS = ["reference", "day", "month", "year", "startDate", "type"] as const;

export const BREATHING_SPACE_TYPE_OPTIONS: Array<{ value: BreathingSpaceType; label: string }> = [
  { value: "STANDARD", label: "Standard Breathing Space (up to 60 days)" },
  { value: "MENTAL_HEALTH_CRISIS", label: "Mental health crisis Breathing Space" },
];

const optional = (limit: Parameters<typeof textField>[0]) => textField(limit).optional();

/**
 * Recording a Breathing Space (issue 36): the reference's and the date's shape and the type are
 * checked here with the shared rules (common/breathing-space.ts); whether the date is in the
 * future or too long ago is the API's (its clock), and its message comes back on the date.
 */
export const breathingSpaceSchema = z
  .object({
    reference: optional(REFERENCE_MAX_LENGTH * 2),
    day: optional(10),
    month: optional(10),
    year: optional(10),
    /** Never posted: the whole date's message is reported under it. */
    startDate: optional("shortText"),
    type: optional("code"),
  })
  .superRefine((form, ctx) => {
    const errors: Array<[string, string | null | undefined]> = [
      ["reference", referenceError(form.reference)],
      ...Object.entries(startDatePartsErrors(form)),
      ["type", typeError(form.type)],
    ];
    for (const [path, message] of errors) if (message) ctx.addIssue({ code: "custom", path: [path], message });
  });

export type BreathingSpaceForm = z.output<typeof breathingSpaceSchema>;

/** What the API takes. */
export function breathingSpaceBody(form: BreathingSpaceForm) {
  return { reference: form.reference!.trim(), type: form.type as BreathingSpaceType, startDate: startDateFromParts(form)! };
}

/** The API's refusals that are about the start date go on the date; the others (the reference, the type) on theirs, else the form. */
export function fieldOfRefusal(message: string): "startDate" | "reference" | "type" | null {
  const m = BREATHING_SPACE_MESSAGES;
  if ([m.startDateInvalid, m.startDateInFuture, m.standardTooOld].includes(message as never)) return "startDate";
  if ([m.referenceRequired, m.referenceTooShort, m.referenceTooLong, m.referenceCharacters].includes(message as never)) return "reference";
  if (message === m.typeRequired) return "type";
  return null;
}

export { BREATHING_SPACE_TYPES };
