import { z } from "zod";
import {
  dateOfBirthFromParts,
  dateOfBirthPartsErrors,
  firstNameError,
  GENDERS,
  genderError,
  lastNameError,
  mobileNumberError,
} from "#common/about-you";
import { londonDate } from "#common/wording";
import { textField } from "~/lib/text-rules";

/** Today's calendar date in London, YYYY-MM-DD: the day the About You rules count ages from (as the API does). */
export function londonToday(now = new Date()): string {
  return londonDate(now);
}

/** The About You form's fields in page order (`dob` is the whole date's message, shown with the three parts). */
export const ABOUT_YOU_FIELDS = ["firstName", "lastName", "day", "month", "year", "dob", "gender", "mobileNumber"] as const;

/** Gender choices (part 1 §3 User): UNKNOWN reads 'Rather not say'. */
export const GENDER_OPTIONS: Array<{ value: (typeof GENDERS)[number]; label: string }> = [
  { value: "MALE", label: "Male" },
  { value: "FEMALE", label: "Female" },
  { value: "UNKNOWN", label: "Rather not say" },
];

/** Each field's limit is the API's (common/input.ts TEXT_LIMITS); a date part is a few digits. */
const optional = (limit: Parameters<typeof textField>[0]) => textField(limit).optional();

/**
 * 'Tell us a bit about yourself' (part 1 §5 About You): every rule and message comes from
 * common/about-you.ts, the rules the API checks again. The fields are optional strings so the
 * browser adds no validation of its own (no `required`): every message is the spec's.
 * `aboutYouBody` makes what the API takes. `today` is London's date.
 */
export function aboutYouFormSchema(today: () => string = () => londonToday()) {
  return z
    .object({
      firstName: optional("name"),
      lastName: optional("name"),
      day: optional(10),
      month: optional(10),
      year: optional(10),
      /** Never posted: the whole date's message ('Date cannot be in the future') is reported under it. */
      dob: optional("shortText"),
      gender: optional("shortText"),
      mobileNumber: optional("phone"),
    })
    .superRefine((form, ctx) => {
      const errors: Array<[string, string | null | undefined]> = [
        ["firstName", firstNameError(form.firstName)],
        ["lastName", lastNameError(form.lastName)],
        ...Object.entries(dateOfBirthPartsErrors(form, today())),
        ["gender", genderError(form.gender)],
        ["mobileNumber", mobileNumberError(form.mobileNumber)],
      ];
      for (const [path, message] of errors) if (message) ctx.addIssue({ code: "custom", path: [path], message });
    });
}

export type AboutYouFormValue = z.output<ReturnType<typeof aboutYouFormSchema>>;

/**
 * A checked form as the API takes it: the date of birth as YYYY-MM-DD, names and number
 * trimmed. (Not a transform in the schema: conform reads the browser's constraints from it.)
 */
export function aboutYouBody(form: AboutYouFormValue) {
  return {
    firstName: form.firstName!.trim(),
    lastName: form.lastName!.trim(),
    dob: dateOfBirthFromParts(form)!,
    gender: form.gender as (typeof GENDERS)[number],
    mobileNumber: form.mobileNumber!.trim(),
  };
}

export const aboutYouSchema = aboutYouFormSchema();

/** A stored date of birth (YYYY-MM-DD) as the form's three fields, for prefilling. */
export function dateOfBirthParts(dob: string | null | undefined): { day: string; month: string; year: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob ?? "");
  if (!match) return null;
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1]! };
}
