import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../db";
import { outboxEmails, supportHelpers, users, type EmailAttachment } from "../db/schema";
import { copiedToHelper, helperCopy } from "../domain/support-needs";
import { SUPPORT_NEEDS_PATH } from "#common/support-needs";
import { appLink } from "./app-url";
import { newId } from "./tokens";

export type QueuedEmail = {
  to: string;
  subject: string;
  text: string;
  /** A stable name for the kind of e-mail (RESET_PASSWORD, SET_PASSWORD, CLAIM_RAISED...). */
  template: string;
  userId?: string | null;
  /** Text files sent with it (e.g. the payment plan's schedule as an .ics). */
  attachments?: EmailAttachment[];
};

type Writer = Pick<Database, "insert" | "select">;

/**
 * Every e-mail the product sends goes through the outbox: written in the same transaction
 * as the change it tells of, delivered later (SMTP when configured; shown at /dev/mail otherwise).
 * An e-mail to a tenant with a confirmed helper is copied to the helper in the same transaction
 * (queueHelperCopy).
 */
export async function queueEmail(db: Writer, email: QueuedEmail, now: Date) {
  const id = newId();
  await db.insert(outboxEmails).values({
    id,
    to: email.to,
    subject: email.subject,
    text: email.text,
    template: email.template,
    userId: email.userId ?? null,
    attachments: email.attachments && email.attachments.length > 0 ? email.attachments : null,
    createdAt: now,
  });
  await queueHelperCopy(db, id, email, now);
  return id;
}

/**
 * Queues an e-mail that must go once whoever queues it (a reminder: its deadline, its
 * recipient, which one): a second call with the same `dedupeKey` queues nothing, even from
 * another instance at the same moment (the unique index waits for the first to commit).
 * Returns the new row's id, or null when it was queued before.
 */
export async function queueEmailOnce(db: Writer, email: QueuedEmail, dedupeKey: string, now: Date): Promise<string | null> {
  const rows = await db
    .insert(outboxEmails)
    .values({
      id: newId(),
      to: email.to,
      subject: email.subject,
      text: email.text,
      template: email.template,
      userId: email.userId ?? null,
      attachments: email.attachments && email.attachments.length > 0 ? email.attachments : null,
      dedupeKey,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id });
  const id = rows[0]?.id ?? null;
  if (id) await queueHelperCopy(db, id, email, now);
  return id;
}

/** The dedupe key of the copy of one e-mail for one helper: a copy is queued once however often it is asked for. */
export function helperCopyKey(emailId: string, supportHelperId: string): string {
  return `helper-copy:${emailId}:${supportHelperId}`;
}

/**
 * Someone to help (issue 36, decision 0050): an e-mail queued to a tenant (it carries their user
 * id) whose kind is copied (not sign-in, password or the helper's own: NEVER_COPIED) is copied to
 * the tenant's confirmed, not removed helper, as an outbox row of its own marked with the
 * helper's id. Delivery sends a copy only while that helper is still confirmed (mail-delivery.ts),
 * and removing the helper deletes their unsent copies, so removal takes effect at once.
 */
async function queueHelperCopy(db: Writer, emailId: string, email: QueuedEmail, now: Date) {
  if (!email.userId || !copiedToHelper(email.template)) return;
  const [helper] = await db
    .select({ id: supportHelpers.id, email: supportHelpers.email, firstName: users.firstName, tenantEmail: users.email })
    .from(supportHelpers)
    .innerJoin(users, eq(users.id, supportHelpers.userId))
    .where(and(eq(supportHelpers.userId, email.userId), isNotNull(supportHelpers.confirmedAt), isNull(supportHelpers.removedAt)))
    .limit(1);
  // Only what is sent to the tenant themself is theirs to share.
  if (!helper || helper.tenantEmail.toLowerCase() !== email.to.toLowerCase()) return;
  const copy = helperCopy(email, { firstName: helper.firstName }, appLink(SUPPORT_NEEDS_PATH));
  await db
    .insert(outboxEmails)
    .values({
      id: newId(),
      to: helper.email,
      subject: copy.subject,
      text: copy.text,
      template: email.template,
      userId: null,
      attachments: email.attachments && email.attachments.length > 0 ? email.attachments : null,
      dedupeKey: helperCopyKey(emailId, helper.id),
      supportHelperId: helper.id,
      createdAt: now,
    })
    .onConflictDoNothing();
}
