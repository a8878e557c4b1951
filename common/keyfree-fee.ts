/**
 * The Keyfree fee against a cash deposit (part 1 §1, §9): one week's rent, at least £150, paid
 * instead of a cash deposit of up to 5 weeks' rent. In the shared rule book so the API (the fee,
 * server/domain/fees.ts) and the web's guide quote one set of figures.
 */

/** The fee is this many weeks' rent (part 1 §9: one week's rent). */
export const KEYFREE_FEE_WEEKS = 1;
/** Minimum Keyfree fee: £150 (part 1 §9). */
export const MINIMUM_KEYFREE_FEE_PENCE = 15_000;
/** The cash deposit a Keyfree replaces: up to 5 weeks' rent (part 1 §1, §9). */
export const CASH_DEPOSIT_MAX_WEEKS = 5;
