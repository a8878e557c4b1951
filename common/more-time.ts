/**
 * More time to answer a claim (issue 36, scope 4): the figures and words both the web's form
 * (/claims/:claimId/more-time) and the API (POST /claims/{claimId}/more-time) apply. The rules
 * only the API applies (when a request may be made, how long it may wait, the new deadline) are
 * server/domain/more-time.ts; docs/decisions/0049 says why.
 */

/** A tenant may ask for 1 to 14 more days to answer (issue 36: "up to 14"). */
export const MORE_TIME_MIN_DAYS = 1;
export const MORE_TIME_MAX_DAYS = 14;

/** The reason is a message: the API's limit for one (TEXT_LIMITS.longText). */
export const MORE_TIME_REASON_LIMIT = "longText" as const;

/** What the form and the API say about a bad field. */
export const MORE_TIME_FIELD_MESSAGES = {
  days: `Enter how many more days you need, from ${MORE_TIME_MIN_DAYS} to ${MORE_TIME_MAX_DAYS}`,
  reason: "Tell us why you need more time",
} as const;
