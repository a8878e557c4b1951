/**
 * Delivering the text message outbox (issue 28; decision 0046): the unsent rows of outbox_sms go
 * out through Twilio's own SDK when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender
 * (TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID) are set. Without them they stay unsent and the
 * development mailbox (/dev/mail) shows them beside the e-mails.
 *
 * Safe with several API instances, like the e-mail outbox: each run claims its rows with
 * FOR UPDATE SKIP LOCKED. A message is marked sent with the provider's id in the transaction that
 * claimed it; a crash between Twilio accepting it and that commit sends it again on the next run
 * (Twilio takes no idempotency key), which is the right side to err on for a deadline.
 */
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { ApiConfig, TwilioSettings } from "../config";
import type { Database } from "../db";
import { outboxSms } from "../db/schema";
import { toE164 } from "../domain/phone-numbers";
import type { Clock } from "./clock";
import { errorMessage, log } from "./log";

export const MAX_SMS_ATTEMPTS = 5;
export const DEFAULT_SMS_BATCH = 20;

/** What sends one text message: Twilio, or anything with the same shape (tests). */
export type SmsTransport = {
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string }>;
};

export type { TwilioSettings };

/**
 * Twilio's client as a transport; `httpClient` replaces its HTTP layer (tests, which have no
 * internet). The SDK is loaded on the first message, so a server without Twilio never loads it.
 */
export function twilioTransport(settings: TwilioSettings, options: { httpClient?: unknown } = {}): SmsTransport {
  let client: ReturnType<typeof import("twilio")> | undefined;
  return {
    async send({ to, body }) {
      if (!client) {
        const { default: twilio } = await import("twilio");
        client = twilio(settings.accountSid, settings.authToken, options.httpClient ? ({ httpClient: options.httpClient } as never) : undefined);
      }
      const message = await client.messages.create({
        to,
        body,
        ...(settings.messagingServiceSid ? { messagingServiceSid: settings.messagingServiceSid } : { from: settings.from! }),
      });
      return { providerMessageId: message.sid };
    },
  };
}

let configured: { key: string; transport: SmsTransport } | undefined;
function transportFor(settings: TwilioSettings): SmsTransport {
  const key = `${settings.accountSid}:${settings.from ?? ""}:${settings.messagingServiceSid ?? ""}`;
  if (configured?.key !== key) configured = { key, transport: twilioTransport(settings) };
  return configured.transport;
}

export type SmsDeliveryResult = { configured: boolean; sent: number; failed: number; gaveUp: number };

/**
 * Sends up to `limit` unsent text messages, oldest first, tried fewer than MAX_SMS_ATTEMPTS times.
 * A number that cannot be put in E.164 form is given up on at once (trying again cannot help).
 */
export async function deliverPendingSms(
  deps: { db: Database; config: Pick<ApiConfig, "twilio">; clock: Clock },
  options: { transport?: SmsTransport; limit?: number } = {},
): Promise<SmsDeliveryResult> {
  const transport = options.transport ?? (deps.config.twilio ? transportFor(deps.config.twilio) : undefined);
  if (!transport) return { configured: false, sent: 0, failed: 0, gaveUp: 0 };
  const limit = options.limit ?? DEFAULT_SMS_BATCH;

  return deps.db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(outboxSms)
      .where(and(isNull(outboxSms.sentAt), lt(outboxSms.attempts, MAX_SMS_ATTEMPTS)))
      .orderBy(asc(outboxSms.createdAt), asc(outboxSms.id))
      .limit(limit)
      .for("update", { skipLocked: true });

    const result: SmsDeliveryResult = { configured: true, sent: 0, failed: 0, gaveUp: 0 };
    for (const sms of batch) {
      const to = toE164(sms.to);
      if (!to) {
        await tx.update(outboxSms).set({ attempts: MAX_SMS_ATTEMPTS, lastError: "Not a mobile number in a form we can send to" }).where(eq(outboxSms.id, sms.id));
        result.failed += 1;
        result.gaveUp += 1;
        log.warn("sms given up", { smsId: sms.id, template: sms.template, error: "not an E.164 number" });
        continue;
      }
      const attempts = sms.attempts + 1;
      try {
        const { providerMessageId } = await transport.send({ to, body: sms.text });
        await tx
          .update(outboxSms)
          .set({ sentAt: deps.clock.now(), attempts, lastError: null, providerMessageId })
          .where(eq(outboxSms.id, sms.id));
        result.sent += 1;
        // The id and the kind only: never the number or the text.
        log.info("sms sent", { smsId: sms.id, template: sms.template, attempts, providerMessageId });
      } catch (error) {
        const message = errorMessage(error) || "Unknown error";
        await tx.update(outboxSms).set({ attempts, lastError: message.slice(0, 1000) }).where(eq(outboxSms.id, sms.id));
        result.failed += 1;
        if (attempts >= MAX_SMS_ATTEMPTS) result.gaveUp += 1;
        log.warn(attempts >= MAX_SMS_ATTEMPTS ? "sms given up" : "sms not sent", {
          smsId: sms.id,
          template: sms.template,
          attempts,
          // A provider's error can quote the number: the log never carries it.
          error: message.replace(/\+?\d[\d ]{6,}\d/g, "[number]").slice(0, 200),
        });
      }
    }
    return result;
  });
}
