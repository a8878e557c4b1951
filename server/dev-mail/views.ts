/** The dev mailbox's views of the outbox (the web's dev mailbox reads these types): reads only. */
import { desc, eq, sql } from "drizzle-orm";
import type { OutboxEmail, OutboxSummary } from "../../common/dev-mail";
import type { Database } from "../db";
import { outboxEmails } from "../db/schema";

export const OUTBOX_LIST_LIMIT = 100;

type OutboxRow = typeof outboxEmails.$inferSelect;

export function summary(e: Omit<OutboxRow, "text" | "attachments">): OutboxSummary {
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

export type { OutboxEmail, OutboxSummary };
