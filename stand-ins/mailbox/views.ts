/** The dev mailbox's views of the outbox (the web's dev mailbox reads these types): reads only. */
import { desc, eq, sql } from "drizzle-orm";
import type { OutboxEmail, OutboxSmsMessage, OutboxSummary } from "#common/dev-mail";
import type { Database } from "../../server/db";
import { outboxEmails, outboxSms, users } from "../../server/db/schema";

export const OUTBOX_LIST_LIMIT = 100;

type OutboxRow = typeof outboxEmails.$inferSelect;

export function summary(e: Omit<OutboxRow, "text" | "attachments" | "dedupeKey" | "supportHelperId">): OutboxSummary {
  return {
    id: e.id,
    to: e.to,
    subject: e.subject,
    template: e.template,
    userId: e.userId,
    createdAt: e.createdAt.toISOString(),
    sentAt: e.sentAt?.toISOString() ?? null,
    attempts: e.attempts,
    lastError: e.lastError,
  };
}

/** The latest OUTBOX_LIST_LIMIT e-mails, newest first (optionally to one address, any case). */
export async function outboxList(db: Database, to: string | undefined) {
  const rows = await db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      template: outboxEmails.template,
      userId: outboxEmails.userId,
      createdAt: outboxEmails.createdAt,
      sentAt: outboxEmails.sentAt,
      attempts: outboxEmails.attempts,
      lastError: outboxEmails.lastError,
    })
    .from(outboxEmails)
    .where(to ? sql`lower(${outboxEmails.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(OUTBOX_LIST_LIMIT);
  return { emails: rows.map(summary) };
}

/** One e-mail with its text and attachments; null when there is none with that id. */
export async function outboxEmail(db: Database, id: string): Promise<OutboxEmail | null> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)).limit(1);
  if (!row) return null;
  return { ...summary(row), text: row.text, attachments: row.attachments ?? [] } satisfies OutboxEmail;
}

/**
 * The latest OUTBOX_LIST_LIMIT text messages, newest first; with `toEmail`, those to the tenant who
 * has that e-mail address (the mailbox is searched by e-mail address, and a text message goes to
 * the mobile number of a user).
 */
export async function outboxSmsList(db: Database, toEmail: string | undefined): Promise<{ messages: OutboxSmsMessage[] }> {
  const rows = await db
    .select({ sms: outboxSms })
    .from(outboxSms)
    .leftJoin(users, eq(users.id, outboxSms.userId))
    .where(toEmail ? sql`lower(${users.email}) = ${toEmail.toLowerCase()}` : undefined)
    .orderBy(desc(outboxSms.createdAt), desc(outboxSms.id))
    .limit(OUTBOX_LIST_LIMIT);
  return {
    messages: rows.map(({ sms }) => ({
      id: sms.id,
      to: sms.to,
      text: sms.text,
      template: sms.template,
      userId: sms.userId,
      createdAt: sms.createdAt.toISOString(),
      sentAt: sms.sentAt?.toISOString() ?? null,
      attempts: sms.attempts,
      lastError: sms.lastError,
      deliveryStatus: sms.deliveryStatus,
      deliveryErrorCode: sms.deliveryErrorCode,
    })),
  };
}

export type { OutboxEmail, OutboxSmsMessage, OutboxSummary };
