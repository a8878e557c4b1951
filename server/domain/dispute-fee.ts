/**
 * What happens to the £60 dispute fee after adjudication (part 1 §4.1).
 *
 * Reading chosen: the spec also quotes another screen ("refunded if the
 * landlord is awarded nothing, credited if partly awarded") and the terms
 * ("refunded in full if the adjudicator reduces the final settlement"). We
 * follow the §4.1 rule, which is the one stated as a rule and the one that
 * also explains the 8 weeks' rent case: a reduction only helps the tenant
 * when it brings the amount below their limit.
 */
import { assertPence, type Pence } from "./money.js";
import { DISPUTE_FEE_PENCE } from "./fees.js";

export interface DisputeFeeInput {
  /** What the adjudicator awarded the landlord. */
  adjudicatedAmountPence: Pence;
  /** The claim's finalAmount (what the landlord finally asked for). */
  finalAmountPence: Pence;
  /** The claim's limit (the tenant's maximum liability). */
  limitPence: Pence;
}

export type DisputeFeeOutcome =
  | { credited: true; reason: "ADJUDICATOR_REDUCED_CHARGES"; creditPence: Pence }
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
