/**
 * Submitting a tenant proposal (part 1 §4.1, §9): which confirmation a total opens, what the
 * upfront payment is, and the figures their words quote. In the shared rule book, so the API
 * (server/claims/money-service.ts charges proposalUpfrontPaymentPence on publish) and the web's submit
 * page (app/routes/claims/submit.tsx) decide with one rule.
 */
import { assertPence } from "./money";

/** The low-offer warning: below 25% of the charges (part 1 §5, §9). */
export const LOW_OFFER_PERCENT = 25;
/** A proposal's payment is held at most 7 days, then refunded in full if refused (part 1 §4.1, §9). */
export const PROPOSAL_HOLD_DAYS = 7;

export type ProposalConfirmationKind =
  | "acceptMaximumLiability"
  | "acceptCharges"
  | "zeroWarning"
  | "lowWarning"
  | "submitProposal";

/**
 * Which confirmation a tenant sees before publishing (part 1 §4.1), checked
 * in the spec's order: above the maximum liability → 'Accept maximum
 * liability'; equal to the charges → 'Accept charges'; £0 → zero warning;
 * below 25% of the charges → low warning; otherwise 'Submit proposal'.
 */
export function proposalConfirmationKind(
  totalProposedPence: number,
  totalChargesPence: number,
  limitPence: number,
): ProposalConfirmationKind {
  assertPence(totalProposedPence, "total proposed");
  assertPence(totalChargesPence, "total charges");
  assertPence(limitPence, "limit");
  if (totalProposedPence > limitPence) return "acceptMaximumLiability";
  if (totalProposedPence === totalChargesPence) return "acceptCharges";
  if (totalProposedPence === 0) return "zeroWarning";
  if (totalProposedPence * 100 < totalChargesPence * LOW_OFFER_PERCENT) return "lowWarning";
  return "submitProposal";
}

/**
 * The upfront payment for a proposal: the amount proposed, but never more
 * than the maximum liability ('Accept maximum liability': the tenant pays the
 * limit only). £0 needs no payment.
 */
export function proposalUpfrontPaymentPence(totalProposedPence: number, limitPence: number): number {
  assertPence(totalProposedPence, "total proposed");
  assertPence(limitPence, "limit");
  return Math.min(totalProposedPence, limitPence);
}
