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
