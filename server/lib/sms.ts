import type { Database } from "../db";
import { outboxSms } from "../db/schema";
import { newId } from "./tokens";

export type QueuedSms = {
  /** The mobile number as the tenant gave it (About You): 11 to 15 characters, an optional leading +. */
  to: string;
  text: string;
  /** The notice kind it belongs to (CHECKOUT_YOUR_TURN, CLAIM_RAISED...). */
  template: string;
  userId?: string | null;
  /** A notice that must go once whoever queues it: a second insert with the same key is ignored. */
  dedupeKey?: string | null;
};

/**
 * Every text message goes through the outbox, like every e-mail (lib/mail.ts): written in the
 * same transaction as the change it tells of, delivered later (Twilio when configured; shown at
 * /dev/mail beside the e-mails otherwise). Returns the new row's id, or null when a message with
 * the same dedupe key was queued before.
 */
export async function queueSms(db: Pick<Database, "insert">, sms: QueuedSms, now: Date): Promise<string | null> {
  const id = newId();
  const rows = await db
    .insert(outboxSms)
    .values({ id, to: sms.to, text: sms.text, template: sms.template, userId: sms.userId ?? null, dedupeKey: sms.dedupeKey ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: outboxSms.id });
  return rows[0]?.id ?? null;
}
