/**
 * Delivering the outbox. E-mails are written to `outbox_emails` in the same transaction as
 * the change they tell of (lib/mail.ts); this sends the unsent ones through SMTP when
 * SMTP_URL is configured. Without SMTP they stay unsent and the dev mailbox (/dev/mail)
 * shows them.
 *
 * Safe with several API instances: each run claims its rows with FOR UPDATE SKIP LOCKED,
 * so two runs never send the same e-mail at the same time.
 *
 * A copy for a tenant's helper (lib/mail.ts, issue 36) is sent only while that helper is still
 * confirmed and not removed, read when its batch is sent: one the tenant removed the helper
 * before it went (queued by a change that committed while the removal did) is deleted unsent.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { ApiConfig } from "../config";
import type { Database } from "../db";
import { outboxEmails, supportHelpers } from "../db/schema";
import type { Clock } from "./clock";
import { errorMessage, log } from "./log";
import { noticeSendFailures, noticesSent } from "./metrics";

/** After this many failed attempts an e-mail is given up on (its last error is kept). */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const DEFAULT_DELIVERY_BATCH = 20;

/** What sends one message: a nodemailer transport, or anything with the same `sendMail`. */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments?: { filename: string; contentType: string; content: string }[];
  }): Promise<unknown>;
};

export type DeliveryResult = {
  /** False when no SMTP server is configured (and no transport given): nothing was touched. */
  configured: boolean;
  sent: number;
  failed: number;
  /** Failed for the last time: no further attempts. */
  gaveUp: number;
};

let smtpTransport: { url: string; transport: MailTransport } | undefined;
function transportFor(url: string): MailTransport {
  if (smtpTransport?.url !== url) smtpTransport = { url, transport: nodemailer.createTransport(url) };
  return smtpTransport.transport;
}

/**
 * Sends up to `limit` unsent e-mails, oldest first, that have been tried fewer than
 * MAX_DELIVERY_ATTEMPTS times. Each is marked sent, or has its attempt counted and error kept.
 */
export async function deliverPendingEmails(
  deps: { db: Database; config: Pick<ApiConfig, "smtpUrl" | "mailFrom">; clock: Clock },
  options: { transport?: MailTransport; limit?: number } = {},
): Promise<DeliveryResult> {
  const transport = options.transport ?? (deps.config.smtpUrl ? transportFor(deps.config.smtpUrl) : undefined);
  if (!transport) return { configured: false, sent: 0, failed: 0, gaveUp: 0 };
  const limit = options.limit ?? DEFAULT_DELIVERY_BATCH;
  // For /metrics (issue 41): SMTP, or a transport a caller gave (tests).
  const provider = options.transport ? "custom" : "smtp";

  return deps.db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(outboxEmails)
      .where(and(isNull(outboxEmails.sentAt), lt(outboxEmails.attempts, MAX_DELIVERY_ATTEMPTS)))
      .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id))
      .limit(limit)
      .for("update", { skipLocked: true });

    const result: DeliveryResult = { configured: true, sent: 0, failed: 0, gaveUp: 0 };
    const stillHelping = await helpersStillConfirmed(tx, batch);
    for (const email of batch) {
      if (email.supportHelperId && !stillHelping.has(email.supportHelperId)) {
        // The tenant removed their helper before this copy went: it never will.
        await tx.delete(outboxEmails).where(eq(outboxEmails.id, email.id));
        log.info("helper copy withdrawn", { emailId: email.id, supportHelperId: email.supportHelperId, template: email.template });
        continue;
      }
      const attempts = email.attempts + 1;
      try {
        await transport.sendMail({
          from: deps.config.mailFrom,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.attachments?.length ? { attachments: email.attachments } : {}),
        });
        await tx
          .update(outboxEmails)
          .set({ sentAt: deps.clock.now(), attempts, lastError: null })
          .where(eq(outboxEmails.id, email.id));
        result.sent += 1;
        noticesSent.inc({ channel: "email", provider });
        // The id and the kind only: the text carries links with tokens.
        log.info("email sent", { emailId: email.id, template: email.template, attempts });
      } catch (error) {
        const message = errorMessage(error) || "Unknown error";
        await tx
          .update(outboxEmails)
          .set({ attempts, lastError: message.slice(0, 1000) })
          .where(eq(outboxEmails.id, email.id));
        result.failed += 1;
        noticeSendFailures.inc({ channel: "email", provider, stage: "send" });
        if (attempts >= MAX_DELIVERY_ATTEMPTS) result.gaveUp += 1;
        log.warn(attempts >= MAX_DELIVERY_ATTEMPTS ? "email given up" : "email not sent", {
          emailId: email.id,
          template: email.template,
          attempts,
          error: message.slice(0, 200),
        });
      }
    }
    return result;
  });
}

/**
 * Of the helpers the batch's copies go to, those still confirmed and not removed. Read without a
 * lock: a removal committing after this read waits, in its own delete of the helper's unsent
 * copies, for this batch's row locks, so it completes only once these are sent.
 */
async function helpersStillConfirmed(tx: Pick<Database, "select">, batch: { supportHelperId: string | null }[]): Promise<Set<string>> {
  const ids = [...new Set(batch.map((e) => e.supportHelperId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: supportHelpers.id })
    .from(supportHelpers)
    .where(and(inArray(supportHelpers.id, ids), isNotNull(supportHelpers.confirmedAt), isNull(supportHelpers.removedAt)));
  return new Set(rows.map((r) => r.id));
}
