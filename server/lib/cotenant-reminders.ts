/**
 * "Remind {first name}" (issue 38, decision 0061): a tenant asks us to e-mail a co-tenant what is
 * waiting for them, at most once in 24 hours per pair (asker → co-tenant, per order or claim).
 * The pair's row (cotenant_reminders, unique on context, id, asker, co-tenant) is written with
 * the notice in one transaction: an insert, or an update only when the last reminder is 24 hours
 * old, in one statement, so two presses at once (from two instances) send one e-mail. The area
 * (checkout, claims) checks first that both are on the order or claim and what is waiting.
 */
import { and, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { cotenantReminders } from "../db/schema";
import { COTENANT_REMINDER_HOURS, nextReminderAt, type CoTenant, type CoTenantWaitingFor } from "../domain/cotenants";
import { londonDayText, londonTimeOfDay } from "#common/wording";
import { ApiError } from "./errors";
import { queueNotice } from "./notices";
import { newId } from "./tokens";

export type ReminderPair = {
  context: "ORDER" | "CLAIM";
  contextId: string;
  askerUserId: string;
  recipientUserId: string;
  /** The co-tenant's first name, for the answer's words, and what is waiting for them (waitingOf). */
  recipientFirstName: string;
  waitingFor: CoTenantWaitingFor;
};

/** What the e-mail says besides what is waiting: the property, the co-tenant's page, who asked. */
export type ReminderFacts = { property: string; link: string; askedBy: string };

/** The co-tenant's first name and what is waiting for them; a 409 when nothing is. */
export function waitingOf(coTenant: Pick<CoTenant, "firstName" | "waitingFor">) {
  const recipientFirstName = coTenant.firstName.trim() || "your co-tenant";
  if (coTenant.waitingFor === null) throw new ApiError(409, `${recipientFirstName} has nothing left to do, so there is nothing to remind them of.`);
  return { recipientFirstName, waitingFor: coTenant.waitingFor };
}

/** "10:00am on 23rd Nov 2026 (UK time)". */
const when = (at: Date) => `${londonTimeOfDay(at)} on ${londonDayText(at)} (UK time)`;

/** The words when the pair's reminder went less than 24 hours ago (a 429). */
export function tooSoonMessage(firstName: string, lastSentAt: Date): string {
  return `You reminded ${firstName} at ${when(lastSentAt)}. You can send ${firstName} another reminder from ${when(nextReminderAt(lastSentAt))}.`;
}

/** The answer when the reminder is queued. */
export function sentMessage(firstName: string): string {
  return `We have e-mailed ${firstName} a reminder.`;
}

/**
 * Records the pair's reminder and queues its notice, in `db`'s transaction; or refuses with a
 * 429 saying when the next one can go (London time).
 */
export async function sendCotenantReminder(db: DbOrTx, pair: ReminderPair, facts: ReminderFacts, now: Date): Promise<{ message: string; nextReminderAt: string }> {
  if (pair.askerUserId === pair.recipientUserId) throw new ApiError(400, "You cannot send a reminder to yourself.");
  const cutoff = new Date(now.getTime() - COTENANT_REMINDER_HOURS * 60 * 60 * 1000);
  const [written] = await db
    .insert(cotenantReminders)
    .values({ id: newId(), context: pair.context, contextId: pair.contextId, askerUserId: pair.askerUserId, recipientUserId: pair.recipientUserId, sentAt: now })
    .onConflictDoUpdate({
      target: [cotenantReminders.context, cotenantReminders.contextId, cotenantReminders.askerUserId, cotenantReminders.recipientUserId],
      set: { sentAt: now },
      setWhere: lte(cotenantReminders.sentAt, cutoff),
    })
    .returning({ sentAt: cotenantReminders.sentAt });
  if (!written) {
    const [last] = await db
      .select({ sentAt: cotenantReminders.sentAt })
      .from(cotenantReminders)
      .where(
        and(
          eq(cotenantReminders.context, pair.context),
          eq(cotenantReminders.contextId, pair.contextId),
          eq(cotenantReminders.askerUserId, pair.askerUserId),
          eq(cotenantReminders.recipientUserId, pair.recipientUserId),
        ),
      );
    throw new ApiError(429, tooSoonMessage(pair.recipientFirstName, last?.sentAt ?? now));
  }
  await queueNotice(db, { kind: "COTENANT_REMINDER", facts: { ...facts, waitingFor: pair.waitingFor } }, [pair.recipientUserId], now);
  return { message: sentMessage(pair.recipientFirstName), nextReminderAt: nextReminderAt(now).toISOString() };
}
