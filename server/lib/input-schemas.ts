/**
 * The API's input boundary (issue 23): every string a request carries (a JSON body's field, a
 * form field, a query parameter, a path parameter) is built from these helpers, on the shared
 * rules of common/input.ts, so that
 *  - text with a NUL or another control character is refused with a 400 and the field's own
 *    message (FORBIDDEN_CHARACTERS_MESSAGE), before it can reach PostgreSQL (which refuses a NUL
 *    with an error) or a log line;
 *  - every string has a length limit, from TEXT_LIMITS by what the field is;
 *  - an id has an id's shape (ID_PATTERN): in a path, anything else is not found (404, the app's
 *    defaultHook); in a body or a query, a 400.
 * A request schema never uses a bare `z.string()`.
 */
import { z } from "@hono/zod-openapi";
import {
  FORBIDDEN_CHARACTERS_MESSAGE,
  hasForbiddenCharacters,
  ID_MAX_LENGTH,
  ID_PATTERN,
  TEXT_LIMITS,
  type TextKind,
  type TextLimit,
} from "#common/input";

type TextMessages = {
  /** When the field is missing or not a string. */
  required?: string;
  /** When the text is longer than its limit. */
  tooLong?: string;
};

const limitOf = (limit: TextLimit | number) => (typeof limit === "number" ? limit : TEXT_LIMITS[limit]);

function text(kind: TextKind, limit: TextLimit | number, messages: TextMessages = {}) {
  const max = limitOf(limit);
  return (
    z
      .string(messages.required ? { error: messages.required } : undefined)
      // First, and the last check when it fails: the field's own message, not a length or format one.
      .refine((value) => !hasForbiddenCharacters(value, kind), { message: FORBIDDEN_CHARACTERS_MESSAGE, abort: true })
      .max(max, messages.tooLong ?? `Must be ${max} characters or fewer`)
  );
}

/** One line of text (a name, an address line, a code): no control characters at all. */
export const singleLineText = (limit: TextLimit | number, messages?: TextMessages) => text("single-line", limit, messages);

/** Text a tenant may write over several lines (a message, a reason): tab and line breaks allowed. */
export const multiLineText = (limit: TextLimit | number, messages?: TextMessages) => text("multi-line", limit, messages);

/** An e-mail address: single-line text of at most TEXT_LIMITS.email characters, in an e-mail's shape. */
export const emailAddress = (messages?: TextMessages) => singleLineText("email", messages).email();

/** What a malformed id in a body or a query is told (in a path it is simply not found). */
export const MALFORMED_ID_MESSAGE = "This is not a valid reference. Please go back and try again.";

/**
 * An id in a path (`/claims/{claimId}`): a string in ID_PATTERN's shape. The app's defaultHook
 * answers a path parameter that fails it with the usual 404, never a 400 or a 500.
 */
export const idParam = () => z.string().max(ID_MAX_LENGTH).regex(ID_PATTERN, "Not found");

/** An id in a body, a form or a query: a malformed one is a 400 with MALFORMED_ID_MESSAGE. */
export const idField = (messages: Pick<TextMessages, "required"> = {}) =>
  z
    .string(messages.required ? { error: messages.required } : undefined)
    .min(1, messages.required ?? MALFORMED_ID_MESSAGE)
    .max(ID_MAX_LENGTH, MALFORMED_ID_MESSAGE)
    .regex(ID_PATTERN, MALFORMED_ID_MESSAGE);

/** An id the card provider gave (pm_…, pi_…, seti_…), as the browser sends it back: trimmed, then an id. */
export const providerIdField = (messages: Pick<TextMessages, "required"> = {}) =>
  z
    .string(messages.required ? { error: messages.required } : undefined)
    .trim()
    .min(1, messages.required ?? "Required")
    .max(ID_MAX_LENGTH, MALFORMED_ID_MESSAGE)
    .regex(ID_PATTERN, MALFORMED_ID_MESSAGE);
