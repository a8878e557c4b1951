/** The dev mailbox's views of the outbox (the web's dev mailbox reads these types). */
import type { OutboxEmail, OutboxSummary } from "../../common/dev-mail";
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

export type { OutboxEmail, OutboxSummary };
