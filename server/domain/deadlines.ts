/**
 * Deadlines (part 1 §4.1, §9; part 2 §4, §9). Every function takes "now" as
 * an argument. Calendar deadlines end at 23:59:59.999 London time on their
 * last day ("Your deadline to respond is midnight tonight"); a deadline is
 * past from the next millisecond on.
 */
import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { ADJUDICATION_PAYMENT_DAYS } from "#common/dispute-fee";
import { RESPONSE_WINDOW_DAYS } from "#common/tenant-terms";
import {
  addCalendarDays,
  addHours,
  calendarDaysBetween,
  endOfLondonDay,
  londonDate,
  toInstant,
  type Instant,
} from "./london-time.js";
import type { ProposalRound, ProposalStatus } from "./statuses.js";

/** Charges, settlement proposals and final proposals must be answered within 7 days (part 1 §9): common/tenant-terms.ts, which the Terms page reads too. */
export { RESPONSE_WINDOW_DAYS };
/** A proposal's payment is held at most 7 days (part 1 §9): common/claim-confirmation.ts, which the submit page reads too. */
export { PROPOSAL_HOLD_DAYS };
/** 3 calendar days to pay after adjudication (part 1 §4.1, §9): common/dispute-fee.ts, which the claim page reads too. */
export { ADJUDICATION_PAYMENT_DAYS };
/** A payment plan offer is void if its three steps are not done within 48 hours (part 2 §4, §9). */
export const PAYMENT_PLAN_OFFER_HOURS = 48;

/**
 * The response deadline of a charge, settlement or final proposal.
 * Reading chosen: the 7 days are counted in London calendar days from the
 * day after publication, and the deadline is the end of the 7th day
 * (midnight London time), so a tenant always has 7 whole days plus the rest
 * of the day it was published, whatever the clocks do.
 */
export function responseDeadline(publishedAt: Instant): Date {
  return endOfLondonDay(addCalendarDays(londonDate(publishedAt), RESPONSE_WINDOW_DAYS));
}

/**
 * When the hold on a proposal payment ends (the payment is then refunded in
 * full if the proposal was refused). Reading chosen: exactly 7 × 24 hours
 * after payment, so the hold is never longer than "at most 7 days" even when
 * the clocks go back.
 */
export function proposalHoldExpiresAt(paidAt: Instant): Date {
  return addHours(paidAt, PROPOSAL_HOLD_DAYS * 24);
}

/** The deadline to pay after the adjudicator decides: end of the 3rd London calendar day after the decision. */
export function adjudicationPaymentDeadline(decidedAt: Instant): Date {
  return endOfLondonDay(addCalendarDays(londonDate(decidedAt), ADJUDICATION_PAYMENT_DAYS));
}

/** When a payment plan offer becomes void: exactly 48 hours after it was made. */
export function paymentPlanOfferExpiresAt(offeredAt: Instant): Date {
  return addHours(offeredAt, PAYMENT_PLAN_OFFER_HOURS);
}

/** The offer's reminder goes 12 hours before it lapses (issue 38): at 36 of its 48 hours. */
export const PAYMENT_PLAN_OFFER_REMINDER_HOURS = 12;

/** When an offer's reminder is due: 12 hours before `offerExpiresAt`. */
export function paymentPlanOfferReminderAt(offerExpiresAt: Instant): Date {
  return addHours(offerExpiresAt, -PAYMENT_PLAN_OFFER_REMINDER_HOURS);
}

/** True once `now` is later than the deadline (the deadline's own millisecond is still in time). */
export function isPastDeadline(deadline: Instant, now: Instant): boolean {
  return toInstant(now).getTime() > toInstant(deadline).getTime();
}

/**
 * Days remaining, counted from the start of today (London) to the deadline
 * (part 1 §4.1): the number of London calendar days between today and the
 * deadline's day. 0 on the deadline's own day ("midnight tonight"), negative
 * once it has gone.
 */
export function daysRemaining(deadline: Instant, now: Instant): number {
  return calendarDaysBetween(londonDate(now), londonDate(deadline));
}

export type DeadlineUrgency = "high" | "medium" | "low";

/**
 * Urgency (part 1 §4.1): high below 0, medium 1 to 3, low otherwise.
 * Reading chosen: 0 days ("Your deadline to respond is midnight tonight") is
 * medium — the tenant is still in time, so it is more urgent than low but
 * keeps "high" for the past-deadline lines ("You must respond immediately").
 */
export function deadlineUrgency(days: number): DeadlineUrgency {
  if (days < 0) return "high";
  if (days <= 3) return "medium";
  return "low";
}

export interface DeadlineProposal {
  round: ProposalRound;
  status: ProposalStatus;
  publishedAt?: Instant | null;
  /** When set it wins over the 7 days computed from publishedAt. */
  responseDeadline?: Instant | null;
  /** Set when the charges were already accepted for the tenant. */
  autoResponded?: boolean | null;
}

/** The proposal's deadline: its responseDeadline, else 7 days from publishedAt, else none. */
export function proposalDeadline(proposal: DeadlineProposal): Date | null {
  if (proposal.responseDeadline != null) return toInstant(proposal.responseDeadline);
  if (proposal.publishedAt != null) return responseDeadline(proposal.publishedAt);
  return null;
}

/**
 * Whether a landlord's charges (round 1) or final proposal (round 3) are
 * treated as accepted (part 1 §4.1: "If the tenant does not respond or pay in
 * time, the charges are treated as accepted"): the proposal was already
 * auto-responded, or its deadline has passed while it still waits for the
 * tenant's response or payment. A DISPUTED proposal counts too when the
 * caller says its dispute fee is unpaid (part 1 §8: "If payment is not made,
 * these end of tenancy charges will be considered accepted"). A round 2
 * proposal is the tenant's own, so it is never "charges".
 */
export function chargesDeemedAccepted(
  proposal: DeadlineProposal,
  now: Instant,
  options: { disputeFeePaid?: boolean } = {},
): boolean {
  if (proposal.round === 2) return false;
  if (proposal.autoResponded === true) return true;
  const waitingOnTenant =
    proposal.status === "AWAITING_RESPONSE" ||
    proposal.status === "AWAITING_PAYMENT" ||
    (proposal.status === "DISPUTED" && options.disputeFeePaid === false);
  if (!waitingOnTenant) return false;
  const deadline = proposalDeadline(proposal);
  return deadline !== null && isPastDeadline(deadline, now);
}
