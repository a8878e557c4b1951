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

/** A text file sent with an e-mail (the payment plan's schedule as an .ics). */
export type OutboxAttachment = { filename: string; contentType: string; content: string };

export type OutboxEmail = OutboxSummary & { text: string; attachments: OutboxAttachment[] };

/** A text message in the outbox (issue 28): shown beside the e-mails, to the tenant's mobile number. */
export type OutboxSmsMessage = {
  id: string;
  /** The number as the tenant gave it. */
  to: string;
  text: string;
  template: string;
  userId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null while not yet sent. */
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  /** What the provider (or its stand-in) last said: delivered, undelivered..., null before its first status callback (issue 38). */
  deliveryStatus?: string | null;
  /** The provider's error code with an undelivered or failed status. */
  deliveryErrorCode?: string | null;
};
