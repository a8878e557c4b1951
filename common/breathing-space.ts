/**
 * Breathing Space (issue 36, decision 0047): the Debt Respite Scheme's two moratoriums, the
 * figures both the help page and the API quote, and the rules and messages of the form a tenant
 * records one with (`/help/breathing-space`), which the API checks again. Pure: dates are
 * YYYY-MM-DD strings the caller computes in Europe/London.
 */
import { dateOfBirthFromParts, datePartsErrors, daysInMonth } from "./about-you";

/** STANDARD: a debt adviser's 60-day moratorium. MENTAL_HEALTH_CRISIS: lasts while crisis treatment does, then 30 days. */
export const BREATHING_SPACE_TYPES = ["STANDARD", "MENTAL_HEALTH_CRISIS"] as const;
export type BreathingSpaceType = (typeof BREATHING_SPACE_TYPES)[number];

/** A standard Breathing Space ends 60 days after it starts. */
export const STANDARD_BREATHING_SPACE_DAYS = 60;
/** A mental health crisis Breathing Space ends 30 days after the crisis treatment ends. */
export const CRISIS_DAYS_AFTER_TREATMENT = 30;

/** The type as a tenant reads it. */
export const BREATHING_SPACE_TYPE_LABELS: Record<BreathingSpaceType, string> = {
  STANDARD: "Standard Breathing Space",
  MENTAL_HEALTH_CRISIS: "Mental health crisis Breathing Space",
};

/**
 * The Insolvency Service's reference, as the adviser's notice gives it. Its shape is not
 * published, so any sensible one is taken: 3 to 40 letters, digits, spaces, hyphens and slashes.
 */
export const REFERENCE_MAX_LENGTH = 40;
export const REFERENCE_MIN_LENGTH = 3;
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 /-]*$/;

export const BREATHING_SPACE_MESSAGES = {
  referenceRequired: "Enter the Breathing Space reference from your debt adviser's letter or e-mail",
  referenceTooShort: `The reference must be at least ${REFERENCE_MIN_LENGTH} characters`,
  referenceTooLong: `The reference must be ${REFERENCE_MAX_LENGTH} characters or fewer`,
  referenceCharacters: "The reference can only have letters, numbers, spaces, hyphens and slashes",
  typeRequired: "Choose the type of Breathing Space",
  startDateInvalid: "Enter a real date, for example 27 3 2026",
  startDateInFuture: "The start date cannot be in the future",
  standardTooOld: `A standard Breathing Space lasts ${STANDARD_BREATHING_SPACE_DAYS} days, so one that started more than ${STANDARD_BREATHING_SPACE_DAYS} days ago has already ended`,
  alreadyInPlace: "You already have a Breathing Space in place. If its details are wrong, please contact us.",
} as const;

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

/** The reference as kept: trimmed, inner spaces single, letters in capitals. */
export function normaliseReference(value: string): string {
  return value.trim().replace(/\s+/g, " ").toUpperCase();
}

export function referenceError(value: string | null | undefined): string | null {
  if (blank(value)) return BREATHING_SPACE_MESSAGES.referenceRequired;
  const v = normaliseReference(value!);
  if (v.length > REFERENCE_MAX_LENGTH) return BREATHING_SPACE_MESSAGES.referenceTooLong;
  if (!REFERENCE.test(v)) return BREATHING_SPACE_MESSAGES.referenceCharacters;
  if (v.length < REFERENCE_MIN_LENGTH) return BREATHING_SPACE_MESSAGES.referenceTooShort;
  return null;
}

export function typeError(value: string | null | undefined): string | null {
  return (BREATHING_SPACE_TYPES as readonly string[]).includes(value ?? "") ? null : BREATHING_SPACE_MESSAGES.typeRequired;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A start date, YYYY-MM-DD: a real date, not after today, and for a standard one not more than
 * 60 days ago (it would have ended). A crisis one may have started longer ago: it lasts as long
 * as the treatment does.
 */
export function startDateError(value: string | null | undefined, type: string | null | undefined, today: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? "").trim());
  if (!match) return BREATHING_SPACE_MESSAGES.startDateInvalid;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) || y < 2021) return BREATHING_SPACE_MESSAGES.startDateInvalid;
  if (value!.trim() > today) return BREATHING_SPACE_MESSAGES.startDateInFuture;
  if (type === "STANDARD" && value!.trim() < addDays(today, -STANDARD_BREATHING_SPACE_DAYS)) return BREATHING_SPACE_MESSAGES.standardTooOld;
  return null;
}

/** The form's three date fields: each one's own message (the about-you rules). */
export const startDatePartsErrors = datePartsErrors;

/** The three fields as YYYY-MM-DD, or null. */
export const startDateFromParts = dateOfBirthFromParts;
