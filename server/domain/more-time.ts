/**
 * More time to answer (issue 36, scope 4; docs/decisions/0049), as pure rules: when a tenant may
 * ask, how long a request may wait for the back office's answer, and where the deadline goes
 * when it is granted or refused. The service that applies them is
 * server/claims/more-time-service.ts.
 *
 *  - A tenant may ask while the landlord's current charges (round 1) or final proposal (round 3)
 *    wait for the tenants' answer and its deadline has not passed: once per proposal (so once
 *    per 7-day clock), for 1 to 14 days, and only one request of a claim waits at a time.
 *  - A request waits at most until the end of the second working day (Monday to Friday) after
 *    the London day it was made. If it has not been answered by then, the days asked for are
 *    given automatically: nobody loses out because we were slow.
 *  - While it waits, the deadline holds: the charges are not treated as accepted, no reminder
 *    says they will be, and answering after the deadline is still allowed.
 *  - A grant moves the deadline by the days given, counted from the later of the deadline's day
 *    and the day of the answer, to the end of that London day.
 *  - A refusal leaves the deadline where it is, but never fewer than 3 days after the answer.
 */
import { MORE_TIME_MAX_DAYS, MORE_TIME_MIN_DAYS } from "#common/more-time";
import { openSupplierProposal, type OrderedProposal } from "./claim-responses.js";
import type { ActionCheck } from "./claims.js";
import { isPastDeadline, proposalDeadline } from "./deadlines.js";
import { addCalendarDays, calendarDaysBetween, endOfLondonDay, londonDate, toInstant, type CalendarDate, type Instant } from "./london-time.js";
import type { ClaimStatus } from "./statuses.js";

/** 1 to 14 days (issue 36): common/more-time.ts, which the web's form reads too. */
export { MORE_TIME_MAX_DAYS, MORE_TIME_MIN_DAYS };

/** The back office answers a request within 2 working days; after that the days asked for are given. */
export const MORE_TIME_ANSWER_WORKING_DAYS = 2;

/** A refusal never leaves a tenant fewer than 3 days to answer (to read it, take advice and act). */
export const MORE_TIME_REFUSAL_MIN_DAYS = 3;

export type MoreTimeStatus = "PENDING" | "GRANTED" | "REFUSED" | "LAPSED";

export const MORE_TIME_MESSAGES = {
  notOpen: "More time can only be asked for while the charges are waiting for your answer.",
  deadlinePassed: "The deadline to answer has passed, so more time can no longer be asked for.",
  waiting: "A request for more time is already waiting for our answer.",
  alreadyAsked: "More time has already been asked for on this deadline. If you need more help, please contact us.",
  nothingWaiting: "There is no request for more time waiting for an answer.",
  days: `Give between ${MORE_TIME_MIN_DAYS} and ${MORE_TIME_MAX_DAYS} days.`,
} as const;

/** Monday to Friday (bank holidays count as working days: the wait is never longer for them). */
export function isWorkingDay(date: CalendarDate): boolean {
  const weekday = new Date(`${londonDate(date)}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The working day `days` working days after `date` (the day itself does not count). */
export function addWorkingDays(date: CalendarDate, days: number): CalendarDate {
  let day = londonDate(date);
  for (let left = days; left > 0; ) {
    day = addCalendarDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

/** When the back office must have answered: the end of the 2nd working day after the London day of the request. */
export function moreTimeAnswerBy(requestedAt: Instant): Date {
  return endOfLondonDay(addWorkingDays(londonDate(requestedAt), MORE_TIME_ANSWER_WORKING_DAYS));
}

/** A request still waiting once its answer-by has passed is granted automatically, with the days asked for. */
export function moreTimeAnswerOverdue(request: { status: string; createdAt: Instant }, now: Instant): boolean {
  return request.status === "PENDING" && isPastDeadline(moreTimeAnswerBy(request.createdAt), now);
}

/** Whether a granted request was granted by the clock (not answered in time) rather than by the back office. */
export function grantedAutomatically(request: { status: string; createdAt: Instant; answeredAt: Instant | null }): boolean {
  return request.status === "GRANTED" && request.answeredAt !== null && isPastDeadline(moreTimeAnswerBy(request.createdAt), request.answeredAt);
}

/** Days given or asked for: a whole number from 1 to 14. */
export function checkMoreTimeDays(days: number): ActionCheck {
  return Number.isInteger(days) && days >= MORE_TIME_MIN_DAYS && days <= MORE_TIME_MAX_DAYS
    ? { ok: true }
    : { ok: false, message: MORE_TIME_MESSAGES.days };
}

const later = (a: CalendarDate, b: CalendarDate) => (calendarDaysBetween(a, b) > 0 ? b : a);

/**
 * The deadline after `days` more days are given at `answeredAt`: the end of the London day
 * `days` days after the deadline's day, or after the answer's day when the deadline had already
 * passed while the request waited (the tenant is not charged for our time).
 */
export function grantedDeadline(deadline: Instant, answeredAt: Instant, days: number): Date {
  const from = later(londonDate(deadline), londonDate(answeredAt));
  return endOfLondonDay(addCalendarDays(from, days));
}

/** The deadline after a refusal at `answeredAt`: unchanged, or the end of the 3rd London day after the answer if that is later. */
export function deadlineAfterRefusal(deadline: Instant, answeredAt: Instant): Date {
  const floor = endOfLondonDay(addCalendarDays(londonDate(answeredAt), MORE_TIME_REFUSAL_MIN_DAYS));
  const current = toInstant(deadline);
  return current.getTime() >= floor.getTime() ? current : floor;
}

/** What a request needs to know of its claim: the claim's status and its proposals. */
export type MoreTimeClaim = { status: ClaimStatus; proposals: readonly OrderedProposal[] };

/**
 * The proposal a request for more time may be about: the landlord's current charges (round 1)
 * or final proposal (round 3) waiting for the tenants' answer, in a claim the tenants are
 * answering (AWAITING_RESPONDENTS or MEDIATION), not already treated as accepted.
 */
export function moreTimeProposal<T extends OrderedProposal>(claim: { status: ClaimStatus; proposals: readonly T[] }): T | undefined {
  if (claim.status !== "AWAITING_RESPONDENTS" && claim.status !== "MEDIATION") return undefined;
  const open = openSupplierProposal(claim.proposals);
  return open && open.autoResponded !== true ? open : undefined;
}

/** A request as the rules read it. */
export type MoreTimeRequestFacts = { status: string; claimProposalId: string | null };

/**
 * A request's status as the tenant reads it: a request still PENDING whose proposal is no longer
 * the one waiting for the tenants (they answered it, or a later round replaced it) has lapsed.
 */
export function effectiveMoreTimeStatus(request: MoreTimeRequestFacts, claim: MoreTimeClaim): MoreTimeStatus {
  const status = request.status as MoreTimeStatus;
  if (status !== "PENDING") return status;
  return moreTimeProposal(claim)?.id === request.claimProposalId ? "PENDING" : "LAPSED";
}

/** Whether a request waits for an answer on the proposal the tenants are answering now: the deadline then holds. */
export function moreTimeWaiting(requests: readonly MoreTimeRequestFacts[], claim: MoreTimeClaim): boolean {
  return requests.some((r) => effectiveMoreTimeStatus(r, claim) === "PENDING");
}

/**
 * Whether a tenant may ask for more time now (409 with the message when not): the claim's current
 * proposal waits for the tenants, its deadline has not passed, no request waits, and nobody has
 * asked on this proposal before (a grant or a refusal answers it; the next round may be asked on).
 */
export function checkMoreTimeRequest(claim: MoreTimeClaim, requests: readonly MoreTimeRequestFacts[], now: Instant): ActionCheck {
  if (moreTimeWaiting(requests, claim)) return { ok: false, message: MORE_TIME_MESSAGES.waiting };
  const proposal = moreTimeProposal(claim);
  if (!proposal) return { ok: false, message: MORE_TIME_MESSAGES.notOpen };
  if (requests.some((r) => r.claimProposalId === proposal.id)) return { ok: false, message: MORE_TIME_MESSAGES.alreadyAsked };
  const deadline = proposalDeadline(proposal);
  if (deadline !== null && isPastDeadline(deadline, now)) return { ok: false, message: MORE_TIME_MESSAGES.deadlinePassed };
  return { ok: true };
}
