/**
 * What happens to the £60 dispute fee after adjudication (part 1 §4.1): the rule lives in
 * common/dispute-fee.ts, which the web's claim page reads too (its worked table of the £60).
 *
 * Reading chosen: the spec also quotes another screen ("refunded if the
 * landlord is awarded nothing, credited if partly awarded") and the terms
 * ("refunded in full if the adjudicator reduces the final settlement"). We
 * follow the §4.1 rule, which is the one stated as a rule and the one that
 * also explains the 8 weeks' rent case: a reduction only helps the tenant
 * when it brings the amount below their limit.
 */
export { disputeFeeOutcome, type DisputeFeeInput, type DisputeFeeOutcome } from "../../common/dispute-fee";
