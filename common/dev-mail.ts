/**
 * The dev mailbox's view of the outbox, as the API's ops routes send it (outside
 * production only) and the web's /dev/mail pages read it.
 */
export type OutboxSummary = {
  id: string;
  to: string;
  subject: string;
  template: string;
  userId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null while not yet sent. */
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
};

export type OutboxEmail = OutboxSummary & { text: string };
