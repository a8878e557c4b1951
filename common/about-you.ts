/**
 * About You (part 1 §5): the rules and the spec's messages for first name, last name, email,
 * date of birth (day / month / year on the form, YYYY-MM-DD on the wire), gender and mobile
 * number. Pure, free of zod and in the shared rule book, so the API (checkout's `aboutYou`, the
 * accounts' `updateUser`) and the web form's zod schema share one rule and its words. `today` is always the London calendar date of the caller's clock.
 */

/** The genders a tenant can give; UNKNOWN is 'Rather not say' (part 1 §3 User). */
export const GENDERS = ["MALE", "FEMALE", "UNKNOWN"] as const;
export type Gender = (typeof GENDERS)[number];

/** A London calendar date, YYYY-MM-DD (the same as server/domain/london-time.ts's). */
type CalendarDate = string;

export const MINIMUM_AGE_YEARS = 18;
export const MOBILE_NUMBER_MIN_LENGTH = 11;
export const MOBILE_NUMBER_MAX_LENGTH = 15;
export const NAME_MAX_LENGTH = 100;
/** Dates of birth before this year are taken for typing mistakes ('Invalid date'). */
export const EARLIEST_BIRTH_YEAR = 1900;

export const ABOUT_YOU_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  firstNameTooLong: `First name must be ${NAME_MAX_LENGTH} characters or fewer`,
  lastNameTooLong: `Last name must be ${NAME_MAX_LENGTH} characters or fewer`,
  emailRequired: "Email address is required",
  // The spec says 'valid' without words for it; the login form's wording is reused.
  emailInvalid: "Enter an email address in the correct format, like name@example.com",
  dayRequired: "Day is required",
  dayNotNumber: "Day must be a number",
  dayNotWhole: "Day must be a whole number",
  dayInvalid: "Invalid day",
  dayInvalidForMonth: "Invalid day for this month",
  monthInvalid: "Invalid month",
  yearNotFourDigits: "Year must be 4 digits",
  dateInFuture: "Date cannot be in the future",
  tooYoung: "You must be at least 18 years old",
  dateInvalid: "Invalid date",
  genderRequired: "Gender is required",
  // The spec gives no words for a missing number; this follows the other '… is required' messages.
  mobileNumberRequired: "Mobile number is required",
  mobileNumberFormat: "Incorrectly formatted phone number",
} as const;

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

function nameError(value: string | null | undefined, required: string, tooLong: string): string | null {
  if (blank(value)) return required;
  if (value!.trim().length > NAME_MAX_LENGTH) return tooLong;
  return null;
}

export function firstNameError(value: string | null | undefined): string | null {
  return nameError(value, ABOUT_YOU_MESSAGES.firstNameRequired, ABOUT_YOU_MESSAGES.firstNameTooLong);
}

export function lastNameError(value: string | null | undefined): string | null {
  return nameError(value, ABOUT_YOU_MESSAGES.lastNameRequired, ABOUT_YOU_MESSAGES.lastNameTooLong);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string | null | undefined): string | null {
  if (blank(value)) return ABOUT_YOU_MESSAGES.emailRequired;
  if (!EMAIL.test(value!.trim()) || value!.trim().length > 254) return ABOUT_YOU_MESSAGES.emailInvalid;
  return null;
}

export function genderError(value: string | null | undefined): string | null {
  if (blank(value) || !(GENDERS as readonly string[]).includes(value!)) return ABOUT_YOU_MESSAGES.genderRequired;
  return null;
}

/** Part 1 §5: 11 to 15 characters, an optional leading plus, then digits only. */
export function mobileNumberError(value: string | null | undefined): string | null {
  if (blank(value)) return ABOUT_YOU_MESSAGES.mobileNumberRequired;
  const v = value!.trim();
  if (!/^\+?[0-9]+$/.test(v) || v.length < MOBILE_NUMBER_MIN_LENGTH || v.length > MOBILE_NUMBER_MAX_LENGTH) {
    return ABOUT_YOU_MESSAGES.mobileNumberFormat;
  }
  return null;
}

// ── Date of birth ────────────────────────────────────────────────────────────

function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day field alone: required, a number, a whole number, 1 to 31. */
export function dayError(day: string | null | undefined): string | null {
  if (blank(day)) return ABOUT_YOU_MESSAGES.dayRequired;
  const v = day!.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v)) return ABOUT_YOU_MESSAGES.dayNotNumber;
  if (!/^[+-]?\d+$/.test(v)) return ABOUT_YOU_MESSAGES.dayNotWhole;
  const n = Number(v);
  if (n < 1 || n > 31) return ABOUT_YOU_MESSAGES.dayInvalid;
  return null;
}

/** The month field alone: a whole number 1 to 12. */
export function monthError(month: string | null | undefined): string | null {
  const v = (month ?? "").trim();
  if (!/^\d{1,2}$/.test(v) || Number(v) < 1 || Number(v) > 12) return ABOUT_YOU_MESSAGES.monthInvalid;
  return null;
}

/** The year field alone: four digits. */
export function yearError(year: string | null | undefined): string | null {
  if (!/^\d{4}$/.test((year ?? "").trim())) return ABOUT_YOU_MESSAGES.yearNotFourDigits;
  return null;
}

/**
 * A whole date of birth, YYYY-MM-DD (as sent to the API): a real date, not in the future,
 * and at least 18 years before today. Someone born on 29 February turns 18 on 1 March in a
 * year without one.
 */
export function dateOfBirthError(dob: string | null | undefined, today: CalendarDate): string | null {
  if (blank(dob)) return ABOUT_YOU_MESSAGES.dateInvalid;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob!.trim());
  if (!match) return ABOUT_YOU_MESSAGES.dateInvalid;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || year < EARLIEST_BIRTH_YEAR) {
    return ABOUT_YOU_MESSAGES.dateInvalid;
  }
  const value = dob!.trim();
  if (value > today) return ABOUT_YOU_MESSAGES.dateInFuture;
  const eighteenth = `${String(year + MINIMUM_AGE_YEARS).padStart(4, "0")}-${match[2]}-${match[3]}`;
  if (eighteenth > today) return ABOUT_YOU_MESSAGES.tooYoung;
  return null;
}

export type DateOfBirthParts = { day?: string | null; month?: string | null; year?: string | null };

/** The form's three fields as YYYY-MM-DD, or null when they do not make a date. */
export function dateOfBirthFromParts(parts: DateOfBirthParts): string | null {
  if (dayError(parts.day) || monthError(parts.month) || yearError(parts.year)) return null;
  const year = Number(parts.year!.trim());
  const month = Number(parts.month!.trim());
  const day = Number(parts.day!.trim());
  if (day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A date's three fields (day, month, year), each one's own message; none when they make a real date. */
export function datePartsErrors(parts: DateOfBirthParts): Partial<Record<"day" | "month" | "year", string>> {
  const errors: Partial<Record<"day" | "month" | "year", string>> = {};
  const day = dayError(parts.day);
  const month = monthError(parts.month);
  const year = yearError(parts.year);
  if (day) errors.day = day;
  if (month) errors.month = month;
  if (year) errors.year = year;
  if (day || month || year) return errors;
  if (Number(parts.day!.trim()) > daysInMonth(Number(parts.year!.trim()), Number(parts.month!.trim()))) {
    errors.day = ABOUT_YOU_MESSAGES.dayInvalidForMonth;
  }
  return errors;
}

/** The date-of-birth fields of the form: each field's own message, then the whole date's. */
export function dateOfBirthPartsErrors(
  parts: DateOfBirthParts,
  today: CalendarDate,
): Partial<Record<"day" | "month" | "year" | "dob", string>> {
  const errors: Partial<Record<"day" | "month" | "year" | "dob", string>> = datePartsErrors(parts);
  if (Object.keys(errors).length > 0) return errors;
  const whole = dateOfBirthError(dateOfBirthFromParts(parts), today);
  if (whole) errors.dob = whole;
  return errors;
}

// ── The whole form ───────────────────────────────────────────────────────────

export type AboutYouData = {
  firstName?: string | null;
  lastName?: string | null;
  /** YYYY-MM-DD */
  dob?: string | null;
  gender?: string | null;
  mobileNumber?: string | null;
};
export type AboutYouField = keyof AboutYouData;

const CHECKS: { [K in AboutYouField]-?: (value: string | null | undefined, today: CalendarDate) => string | null } = {
  firstName: firstNameError,
  lastName: lastNameError,
  dob: dateOfBirthError,
  gender: genderError,
  mobileNumber: mobileNumberError,
};

/**
 * Field → message for About You data as the API receives it (dob as YYYY-MM-DD); empty when
 * valid. With `partial`, only the fields present are checked (an update of some fields).
 */
export function aboutYouErrors(
  data: AboutYouData,
  today: CalendarDate,
  options: { partial?: boolean } = {},
): Partial<Record<AboutYouField, string>> {
  const errors: Partial<Record<AboutYouField, string>> = {};
  for (const field of Object.keys(CHECKS) as AboutYouField[]) {
    if (options.partial && data[field] === undefined) continue;
    const message = CHECKS[field](data[field], today);
    if (message) errors[field] = message;
  }
  return errors;
}

export type AboutYouForm = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  day?: string | null;
  month?: string | null;
  year?: string | null;
  gender?: string | null;
  mobileNumber?: string | null;
};

/** Field → message for the 'Tell us a bit about yourself' form (day / month / year fields); empty when valid. */
export function aboutYouFormErrors(
  form: AboutYouForm,
  today: CalendarDate,
): Partial<Record<keyof AboutYouForm | "dob", string>> {
  const errors: Partial<Record<keyof AboutYouForm | "dob", string>> = {};
  const set = (field: keyof AboutYouForm | "dob", message: string | null) => {
    if (message) errors[field] = message;
  };
  set("firstName", firstNameError(form.firstName));
  set("lastName", lastNameError(form.lastName));
  set("email", emailError(form.email));
  Object.assign(errors, dateOfBirthPartsErrors(form, today));
  set("gender", genderError(form.gender));
  set("mobileNumber", mobileNumberError(form.mobileNumber));
  return errors;
}
