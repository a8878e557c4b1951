import type { Database } from "../db";
import { outboxEmails, type EmailAttachment } from "../db/schema";
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

/**
 * Every e-mail the product sends goes through the outbox: written in the same transaction
 * as the change it tells of, delivered later (SMTP when configured; shown at /dev/mail otherwise).
 */
export async function queueEmail(db: Pick<Database, "insert">, email: QueuedEmail, now: Date) {
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
  return id;
}

/**
 * Queues an e-mail that must go once whoever queues it (a reminder: its deadline, its
 * recipient, which one): a second call with the same `dedupeKey` queues nothing, even from
 * another instance at the same moment (the unique index waits for the first to commit).
 * Returns the new row's id, or null when it was queued before.
 */
export async function queueEmailOnce(db: Pick<Database, "insert">, email: QueuedEmail, dedupeKey: string, now: Date): Promise<string | null> {
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
  return rows[0]?.id ?? null;
}
