/**
 * The adjudication's timings (part 1 §4.1, §9): the web's arbitration pages and the API's
 * deadlines read the same figures (server/domain/deadlines.ts re-exports them).
 */

/** After the adjudicator decides, the tenant has 3 calendar days to pay. */
export const ADJUDICATION_PAYMENT_DAYS = 3;
/** The adjudication takes up to 6 weeks. */
export const ADJUDICATION_MAX_WEEKS = 6;
