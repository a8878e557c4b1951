/** The claim's events and the notice each sends, and when a reminder is due (see ./index.ts). */
import { calendarDaysBetween, londonDate, londonParts, toInstant, type Instant } from "#common/wording";
import type { SystemActivityType } from "../claim-responses.js";
import type { NoticeKind, ReminderStage } from "./types";

// ── The claim's events and their notices ────────────────────────────────────────────────

/**
 * Each event of the claim's state machine (its activity types) and the notice it sends, or
 * why it needs none: the catalogue's test holds that every event is here and that each one
 * that needs the tenant, or starts or ends a clock, has a notice the flow tests see sent.
 */
export const CLAIM_EVENT_NOTICES: Record<SystemActivityType, NoticeKind | NoticeKind[] | { none: string }> = {
  CHARGE_CREATED: "CLAIM_RAISED",
  CHARGE_ACCEPTED: "CHARGES_ACCEPTED",
  CHARGES_DEEMED_ACCEPTED: "CHARGES_DEEMED_ACCEPTED",
  COUNTER_PROPOSAL_STARTED: { none: "a tenant's own draft: nothing is sent to the landlord and no clock starts" },
  TENANT_PROPOSED: { none: "a line of a tenant's own draft" },
  PROPOSAL_SUBMITTED: "PROPOSAL_SENT",
  PROPOSAL_UNPUBLISHED: { none: "the tenant took their own proposal back before paying: it never left them" },
  PROPOSAL_ACCEPTED: "PROPOSAL_ACCEPTED",
  // By its reason: the landlord's final proposal, or the payment hold run out.
  PROPOSAL_REFUSED: ["FINAL_PROPOSAL", "PROPOSAL_HOLD_EXPIRED"],
  FINAL_PROPOSAL: "FINAL_PROPOSAL",
  CHARGES_DISPUTED: "DISPUTE_FEE_DUE",
  DISPUTE_MESSAGE_UPDATED: { none: "the tenant edited their own dispute message" },
  DISPUTE_LAPSED: "CHARGES_DEEMED_ACCEPTED",
  PAYMENT_RECEIVED: "PAYMENT_RECEIPT",
  // When the fee is paid (issue 38): the tenant who paid it, and every other tenant (who paid, not treated as accepted).
  SENT_TO_ADJUDICATION: ["SENT_TO_ADJUDICATION", "DISPUTE_FEE_PAID"],
  ADJUDICATION_DECIDED: "ADJUDICATION_DECIDED",
  CLAIM_RESOLVED: "CLAIM_RESOLVED",
};

// ── Reminders ────────────────────────────────────────────────────────────────────────

/** Reminders go from this London hour on: the morning, never in the night. */
export const REMINDER_FROM_HOUR = 8;

/**
 * Which reminder is due at `now` for a deadline (scope 2: the day before, and the morning of
 * the day, once each): on the London day before the deadline's day from 8am, the day-before
 * one; on the deadline's own day from 8am until the deadline, the on-the-day one. A reminder
 * whose moment passed unsent (the day before, missed) is not sent late: the next one covers it.
 * `sent` names the ones already sent for this deadline.
 */
export function reminderDue(deadline: Instant, now: Instant, sent: readonly ReminderStage[] = []): ReminderStage | null {
  const end = toInstant(deadline);
  const at = toInstant(now);
  if (at.getTime() > end.getTime()) return null;
  if (londonParts(at).hour < REMINDER_FROM_HOUR) return null;
  const days = calendarDaysBetween(londonDate(at), londonDate(end));
  if (days === 1 && !sent.includes("DAY_BEFORE")) return "DAY_BEFORE";
  if (days === 0 && !sent.includes("ON_THE_DAY")) return "ON_THE_DAY";
  return null;
}
