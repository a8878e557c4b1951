/**
 * The formal dispute's money and time (part 1 §2.5, §4.1, §9): the £60 adjudication fee, how
 * long the adjudicator takes, the days to pay what is awarded, how often a tenant may go back
 * from the fee to the dispute form, and what happens to the fee once the adjudicator decides.
 * In the shared rule book, so the API (the deadlines, the dispute fee order, the arbitration's
 * Result card and the repayment) and the web's claim, dispute and arbitration pages (the worked
 * table of what happens to the £60, the fee page, the Result card) decide with one rule and
 * quote one set of figures.
 *
 * Reading chosen (docs/decisions/0022): §4.1 quotes the credit rule and, from another screen,
 * "refunded if the landlord is awarded nothing, credited if partly awarded". The rule decides;
 * the other screen's words say how a credit reaches the tenant: it comes off what they owe, and
 * what it cannot come off (nothing or less than £60 owed) is refunded to their card. The terms'
 * "refunded in full if the adjudicator reduces the final settlement" is read through the same
 * §4.1 rule, the one that also explains the 8 weeks' rent case: a reduction only helps the
 * tenant when it brings the amount below their limit.
 */
import { assertPence } from "./money";

/** The landlord is covered for up to 8 weeks' rent (part 1 §1, §9): the maximum liability the fee's rule names. */
export const COVER_WEEKS = 8;
/** Dispute (adjudication) fee: £60 (part 1 §9). */
export const DISPUTE_FEE_PENCE = 6_000;
/** The adjudicator decides within up to 6 weeks (part 1 §4.1, §9). */
export const ADJUDICATION_MAX_WEEKS = 6;
/** 3 calendar days to pay after adjudication (part 1 §4.1, §9). */
export const ADJUDICATION_PAYMENT_DAYS = 3;
/** The go-back counter: at most 2 steps back from the dispute fee to the dispute form (part 1 §2.5, §9). */
export const DISPUTE_GO_BACK_LIMIT = 2;

export interface DisputeFeeInput {
  /** What the adjudicator awarded the landlord. */
  adjudicatedAmountPence: number;
  /** The claim's finalAmount (what the landlord finally asked for). */
  finalAmountPence: number;
  /** The claim's limit (the tenant's maximum liability). */
  limitPence: number;
}

export type DisputeFeeOutcome =
  | { credited: true; reason: "ADJUDICATOR_REDUCED_CHARGES"; creditPence: number }
  | { credited: false; reason: "EXCEEDS_EIGHT_WEEKS_RENT" | "AWARDED_WHOLLY_TO_LANDLORD"; creditPence: 0 };

/**
 * Below finalAmount and below the limit → the £60 is credited; below
 * finalAmount but not below the limit → not credited (exceeds 8 weeks'
 * rent); otherwise → not credited (awarded wholly to landlord).
 */
export function disputeFeeOutcome(input: DisputeFeeInput): DisputeFeeOutcome {
  assertPence(input.adjudicatedAmountPence, "adjudicated amount");
  assertPence(input.finalAmountPence, "final amount");
  assertPence(input.limitPence, "limit");
  if (input.adjudicatedAmountPence < input.finalAmountPence) {
    if (input.adjudicatedAmountPence < input.limitPence) {
      return { credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", creditPence: DISPUTE_FEE_PENCE };
    }
    return { credited: false, reason: "EXCEEDS_EIGHT_WEEKS_RENT", creditPence: 0 };
  }
  return { credited: false, reason: "AWARDED_WHOLLY_TO_LANDLORD", creditPence: 0 };
}

/**
 * What a credit does with what the tenants owe (part 1 §4.1, docs/decisions/0022): they owe the
 * award up to the limit; the credit comes off that, and what it cannot come off (they owe less
 * than the credit) is refunded to the card. The API's repayment order and every screen's words
 * use this one sum.
 */
export function applyFeeCredit(
  adjudicatedAmountPence: number,
  limitPence: number,
  creditPence: number,
): { owedPence: number; amountDuePence: number; creditUsedPence: number; refundPence: number } {
  assertPence(adjudicatedAmountPence, "adjudicated amount");
  assertPence(limitPence, "limit");
  assertPence(creditPence, "credit");
  const owed = Math.min(adjudicatedAmountPence, limitPence);
  const creditUsed = Math.min(owed, creditPence);
  return { owedPence: owed, amountDuePence: owed - creditUsed, creditUsedPence: creditUsed, refundPence: creditPence - creditUsed };
}

/**
 * The one story of the £60 (issue 27 scope 5), the case a tenant is in once the adjudicator has
 * decided, finer than `disputeFeeOutcome`'s reason only where the words differ:
 * - EVERYTHING: awarded all that was asked (or more) — not credited, not refunded;
 * - NOT_BELOW_LIMIT: less than was asked, but the maximum liability (8 weeks' rent) or more —
 *   what the tenant pays does not go down, so not credited, not refunded;
 * - REDUCED: less than was asked and less than the limit, at least the fee owed — credited
 *   against what is owed;
 * - REDUCED_BELOW_FEE: as REDUCED, but less than the fee owed — credited against all of it, the
 *   rest refunded to the card;
 * - NOTHING: nothing awarded — nothing owed, the fee refunded to the card in full.
 */
export type DisputeFeeCase = "EVERYTHING" | "NOT_BELOW_LIMIT" | "REDUCED" | "REDUCED_BELOW_FEE" | "NOTHING";

export interface DisputeFeeSettlement {
  case: DisputeFeeCase;
  outcome: DisputeFeeOutcome;
  /** The award up to the limit. */
  owedPence: number;
  /** What the tenants pay after the credit. */
  amountDuePence: number;
  /** The part of the fee taken off what is owed. */
  creditUsedPence: number;
  /** The part of the fee refunded to the card. */
  refundPence: number;
}

/** The §4.1 credit rule and the credit's sum together: what happens to the £60, and why. */
export function disputeFeeSettlement(input: DisputeFeeInput): DisputeFeeSettlement {
  const outcome = disputeFeeOutcome(input);
  const sums = applyFeeCredit(input.adjudicatedAmountPence, input.limitPence, outcome.creditPence);
  let feeCase: DisputeFeeCase;
  if (outcome.reason === "AWARDED_WHOLLY_TO_LANDLORD") feeCase = "EVERYTHING";
  else if (outcome.reason === "EXCEEDS_EIGHT_WEEKS_RENT") feeCase = "NOT_BELOW_LIMIT";
  else if (sums.owedPence === 0) feeCase = "NOTHING";
  else if (sums.refundPence > 0) feeCase = "REDUCED_BELOW_FEE";
  else feeCase = "REDUCED";
  return { case: feeCase, outcome, ...sums };
}
