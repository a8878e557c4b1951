/**
 * The formal dispute (part 1 §2.5, §4.1, §9): the adjudication fee, how long adjudication takes,
 * the days to pay afterwards and how often a tenant may go back from the fee payment to the
 * dispute form. In common/ so the API (server/domain/fees.ts and deadlines.ts re-export them)
 * and the web's dispute pages quote one set of figures.
 */

/** Dispute (adjudication) fee: £60 (part 1 §9). */
export const DISPUTE_FEE_PENCE = 6_000;
/** Adjudication takes up to 6 weeks (part 1 §4.1, §9). */
export const ADJUDICATION_MAX_WEEKS = 6;
/** 3 calendar days to pay after adjudication (part 1 §4.1, §9). */
export const ADJUDICATION_PAYMENT_DAYS = 3;
/** The go-back counter: at most 2 steps back from the dispute fee to the dispute form (part 1 §2.5, §9). */
export const DISPUTE_GO_BACK_LIMIT = 2;
