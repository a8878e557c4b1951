/**
 * Queueing a notice (issue 28): the catalogue (server/domain/notices.ts) says what it says; this
 * finds each recipient's first name, e-mail address and mobile number, and writes the e-mail and,
 * for the kinds that have one and the tenants who have not turned text messages off (nor asked,
 * in their support needs, to be contacted by e-mail only: issue 36), the text message to the
 * outbox, in the caller's transaction. The change and its notice commit together: a crash before
 * the commit sends neither, and after it both are delivered by the outbox jobs.
 *
 * To a tenant in Breathing Space a notice that asks for money is held or worded without asking
 * for it (renderNotice), by e-mail only.
 *
 * With a `dedupeKey` a notice goes once per recipient and channel however often, and from however
 * many instances, it is queued (the reminders); without one the caller's transaction is what makes
 * it once (the event happens once).
 */
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db";
import { supportNeeds, users } from "../db/schema";
import { asksForMoney, heldDuringBreathingSpace, renderNotice, type Notice } from "../domain/notices";
import { textMessagesWanted } from "../domain/support-needs";
import { breathingSpacesInForce, statusOf } from "./breathing-space-reads";
import { appUrl } from "./app-url";
import { queueEmail, queueEmailOnce } from "./mail";
import { queueSms } from "./sms";

type Writer = Pick<Database, "insert" | "select">;

export type QueuedNotice = { kind: Notice["kind"]; emails: number; sms: number };

export async function queueNotice(
  db: Writer,
  notice: Notice,
  userIds: readonly string[],
  now: Date,
  options: { dedupeKey?: string } = {},
): Promise<QueuedNotice> {
  const result: QueuedNotice = { kind: notice.kind, emails: 0, sms: 0 };
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      mobileNumber: users.mobileNumber,
      smsNotices: users.smsNotices,
      needs: supportNeeds.needs,
    })
    .from(users)
    .leftJoin(supportNeeds, eq(supportNeeds.userId, users.id))
    .where(inArray(users.id, ids));
  // In the order asked for, so a notice's rows read the same way every time.
  const recipients = ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
  // Breathing Space (issue 36, decision 0047): a notice that asks for money is held (a reminder) or
  // worded without asking (an event), and sent by e-mail only, to a tenant in one.
  const inBreathingSpace = asksForMoney(notice.kind) ? await breathingSpacesInForce(db, ids, now) : new Map();
  for (const user of recipients) {
    const breathingSpace = inBreathingSpace.get(user.id);
    if (breathingSpace && heldDuringBreathingSpace(notice.kind)) continue;
    const rendered = renderNotice(
      notice,
      { firstName: user.firstName },
      now,
      { appUrl: appUrl() },
      breathingSpace ? { breathingSpace: { until: statusOf(breathingSpace).until } } : {},
    );
    const email = { to: user.email, subject: rendered.subject, text: rendered.text, template: notice.kind, userId: user.id };
    const emailId = options.dedupeKey
      ? await queueEmailOnce(db, email, `${options.dedupeKey}:${user.id}:EMAIL`, now)
      : await queueEmail(db, email, now);
    if (emailId) result.emails += 1;
    const mobile = user.mobileNumber?.trim();
    // No text message to a tenant who turned them off, or who asked to be contacted by e-mail only (issue 36).
    if (rendered.sms !== null && textMessagesWanted(user.smsNotices, user.needs) && mobile) {
      const smsId = await queueSms(
        db,
        { to: mobile, text: rendered.sms, template: notice.kind, userId: user.id, dedupeKey: options.dedupeKey ? `${options.dedupeKey}:${user.id}:SMS` : null },
        now,
      );
      if (smsId) result.sms += 1;
    }
  }
  return result;
}

/**
 * A notice by e-mail to one address, for a recipient who may have no account (issue 40: a
 * complaint raised without signing in). E-mail only; with a `dedupeKey` it goes once.
 */
export async function queueNoticeToAddress(
  db: Writer,
  notice: Notice,
  to: { email: string; firstName: string; userId: string | null },
  now: Date,
  options: { dedupeKey?: string } = {},
): Promise<string | null> {
  const rendered = renderNotice(notice, { firstName: to.firstName }, now, { appUrl: appUrl() });
  const email = { to: to.email, subject: rendered.subject, text: rendered.text, template: notice.kind, userId: to.userId };
  return options.dedupeKey ? queueEmailOnce(db, email, `${options.dedupeKey}:EMAIL`, now) : queueEmail(db, email, now);
}
