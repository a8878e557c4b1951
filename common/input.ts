/**
 * The input boundary's rules (issue 23), shared by the API's schemas and the web's forms so the two
 * never disagree: which characters free text may hold, how long each kind of text may be, and
 * what an id looks like. The API refuses what breaks them with a 400; the web puts the same
 * limits on its inputs and shows the field's own message; a malformed id is not found (404).
 */

/**
 * Control characters no text field may hold: C0 (NUL and the rest) and C1 controls and DEL.
 * PostgreSQL refuses a NUL in text; the others have no place in a name, an address or a message.
 */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** Multi-line text (a message, a reason) may also hold tab, line feed and carriage return. */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

export type TextKind = "single-line" | "multi-line";

/** True when `value` holds a character its kind of field may not hold. */
export function hasForbiddenCharacters(value: string, kind: TextKind = "single-line"): boolean {
  return (kind === "multi-line" ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

/**
 * `value` without the characters its kind of field may not hold: for text the tenant did not type
 * (an uploaded file's own name, as their device gave it), where refusing would help nobody.
 */
export function withoutForbiddenCharacters(value: string, kind: TextKind = "single-line"): string {
  return value.replace(new RegExp((kind === "multi-line" ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).source, "g"), "");
}

/** What a tenant is told when a field holds such a character. */
export const FORBIDDEN_CHARACTERS_MESSAGE = "This contains a character we can't accept. Please remove it and try again.";

/**
 * The longest text each kind of field takes, in characters. The API's schemas use these as their
 * `max`, and the web sets them as `maxLength` on its inputs.
 */
export const TEXT_LIMITS = {
  /** A first, last or middle name. */
  name: 100,
  /** An e-mail address (RFC 5321's path limit). */
  email: 254,
  /** A telephone number as typed. */
  phone: 32,
  /** One line of an address, a building or a town. */
  addressLine: 200,
  /** A postcode as typed (spaces and all). */
  postcode: 16,
  /** A short free-text answer: a reason picked as "other", a title. */
  shortText: 500,
  /** A message or explanation (a proposal's reasoning, a counter-proposal's). */
  longText: 5_000,
  /** The formal dispute's message to the adjudicator: a tenant's whole case, so twice a long text. */
  disputeMessage: 10_000,
  /** A password (scrypt takes any length; this bounds the work an attacker can ask for). */
  password: 256,
  /** A token from a link in an e-mail. */
  token: 200,
  /** A code from a fixed list or a date as typed (a gender, a document type, YYYY-MM-DD): the list or the date's rule says more. */
  code: 100,
  /** An uploaded file's name. */
  fileName: 255,
  /** An identity provider's ID token (a signed JWT). */
  identityToken: 16 * 1024,
} as const;

export type TextLimit = keyof typeof TEXT_LIMITS;

/**
 * The shape of an id in a path or a form: our own ids are UUIDs, the card provider's are like
 * `pm_…` and `pi_…`. Anything else (too long, a NUL, a slash, a space) is not an id of ours and
 * is answered as not found.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const ID_MAX_LENGTH = 100;

export function isWellFormedId(value: string | undefined | null): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
