/**
 * Delivering the text message outbox (issue 28; decision 0046): the unsent rows of outbox_sms go
 * out through Twilio's own SDK when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender
 * (TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID) are set. Without them they stay unsent and the
 * development mailbox (/dev/mail) shows them beside the e-mails.
 *
 * Safe with several API instances, like the e-mail outbox: each run claims its rows one at a time
 * with FOR UPDATE SKIP LOCKED. A message is marked sent with the provider's id in the transaction
 * that claimed it (one per message, so Twilio's status callbacks find it: issue 38); a crash between Twilio accepting it and that commit sends it again on the next run
 * (Twilio takes no idempotency key), which is the right side to err on for a deadline.
 */
import { and, asc, eq, isNull, lt, notInArray } from "drizzle-orm";
import { SMS_STATUS_CALLBACK_PATH, type ApiConfig, type TwilioSettings } from "../config";
import type { Database } from "../db";
import { outboxSms } from "../db/schema";
import { toE164 } from "../domain/phone-numbers";
import { smsNotDelivered, smsStatusMovesForward, type SmsStatus } from "../domain/sms-status";
import type { Clock } from "./clock";
import { errorMessage, log } from "./log";
import { noticeSendFailures, noticesSent } from "./metrics";

export const MAX_SMS_ATTEMPTS = 5;
export const DEFAULT_SMS_BATCH = 20;

/**
 * What sends one text message: Twilio, the text-message stand-in, or anything with the same shape
 * (tests). `statusCallback` is where the provider posts the message's delivery statuses.
 */
export type SmsTransport = {
  send(message: { to: string; body: string; statusCallback?: string }): Promise<{ providerMessageId: string }>;
};

/**
 * A stand-in for Twilio (stand-ins/text-messages/, never in production): a composition root wires
 * it in when no TWILIO_* keys are set. It accepts the messages and posts signed status callbacks
 * like Twilio's, signed with `authToken` (the callback route checks them with it).
 */
export type SmsStandIn = { transport: SmsTransport; authToken: string };

/**
 * Makes the stand-in for one API: `deliver` posts a status callback to that API's own route (the
 * path Twilio posts to), and `sendStatusCallbacks` is the clock job that sends them for the
 * messages it accepted (run after the outbox is sent, so each row already has its id).
 */
export type SmsStandInFactory = (input: {
  appUrl: string;
  deliver: (path: string, init: { method: "POST"; headers: Record<string, string>; body: string }) => Promise<{ status: number }>;
}) => SmsStandIn & { sendStatusCallbacks: (deps: { db: Database }) => Promise<number> };

export type { TwilioSettings };

/**
 * Twilio's client as a transport; `httpClient` replaces its HTTP layer (tests, which have no
 * internet). The SDK is loaded on the first message, so a server without Twilio never loads it.
 */
export function twilioTransport(settings: TwilioSettings, options: { httpClient?: unknown } = {}): SmsTransport {
  let client: ReturnType<typeof import("twilio")> | undefined;
  return {
    async send({ to, body, statusCallback }) {
      if (!client) {
        const { default: twilio } = await import("twilio");
        client = twilio(settings.accountSid, settings.authToken, options.httpClient ? ({ httpClient: options.httpClient } as never) : undefined);
      }
      const message = await client.messages.create({
        to,
        body,
        // Delivery receipts (issue 38): Twilio posts each status there, signed with the auth token.
        ...(statusCallback ? { statusCallback } : {}),
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

/** The auth token a status callback is signed with: Twilio's, or the stand-in's; undefined when texts are not sent. */
export function smsCallbackAuthToken(deps: { config: Pick<ApiConfig, "twilio">; smsStandIn?: SmsStandIn }): string | undefined {
  return deps.config.twilio?.authToken ?? deps.smsStandIn?.authToken;
}

/** The full URL Twilio posts status callbacks to (and signs): APP_URL's. */
export function smsStatusCallbackUrl(appUrl: string): string {
  return `${appUrl}${SMS_STATUS_CALLBACK_PATH}`;
}

/**
 * Sends up to `limit` unsent text messages, oldest first, tried fewer than MAX_SMS_ATTEMPTS times.
 * A number that cannot be put in E.164 form is given up on at once (trying again cannot help).
 * Through Twilio when its keys are set, else through the stand-in when a composition root gave one.
 */
export async function deliverPendingSms(
  deps: { db: Database; config: Pick<ApiConfig, "twilio"> & Partial<Pick<ApiConfig, "appUrl">>; clock: Clock; smsStandIn?: SmsStandIn },
  options: { transport?: SmsTransport; limit?: number } = {},
): Promise<SmsDeliveryResult> {
  const transport = options.transport ?? (deps.config.twilio ? transportFor(deps.config.twilio) : deps.smsStandIn?.transport);
  if (!transport) return { configured: false, sent: 0, failed: 0, gaveUp: 0 };
  const limit = options.limit ?? DEFAULT_SMS_BATCH;
  const provider = options.transport ? "custom" : smsProvider(deps);
  const statusCallback = deps.config.appUrl ? smsStatusCallbackUrl(deps.config.appUrl) : undefined;

  // One transaction per message, so that a message is marked sent (with Twilio's id) as soon as
  // Twilio has it: its status callbacks find it by that id (issue 38).
  const result: SmsDeliveryResult = { configured: true, sent: 0, failed: 0, gaveUp: 0 };
  const tried: string[] = [];
  while (tried.length < limit) {
    const more = await deps.db.transaction(async (tx) => {
      const [sms] = await tx
        .select()
        .from(outboxSms)
        .where(and(isNull(outboxSms.sentAt), lt(outboxSms.attempts, MAX_SMS_ATTEMPTS), tried.length ? notInArray(outboxSms.id, tried) : undefined))
        .orderBy(asc(outboxSms.createdAt), asc(outboxSms.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!sms) return false;
      tried.push(sms.id);
      const to = toE164(sms.to);
      if (!to) {
        await tx.update(outboxSms).set({ attempts: MAX_SMS_ATTEMPTS, lastError: "Not a mobile number in a form we can send to" }).where(eq(outboxSms.id, sms.id));
        result.failed += 1;
        result.gaveUp += 1;
        noticeSendFailures.inc({ channel: "sms", provider, stage: "send" });
        log.warn("sms given up", { smsId: sms.id, template: sms.template, error: "not an E.164 number" });
        return true;
      }
      const attempts = sms.attempts + 1;
      try {
        const { providerMessageId } = await transport.send({ to, body: sms.text, statusCallback });
        await tx
          .update(outboxSms)
          .set({ sentAt: deps.clock.now(), attempts, lastError: null, providerMessageId })
          .where(eq(outboxSms.id, sms.id));
        result.sent += 1;
        noticesSent.inc({ channel: "sms", provider });
        // The id and the kind only: never the number or the text.
        log.info("sms sent", { smsId: sms.id, template: sms.template, attempts, providerMessageId });
      } catch (error) {
        const message = errorMessage(error) || "Unknown error";
        await tx.update(outboxSms).set({ attempts, lastError: message.slice(0, 1000) }).where(eq(outboxSms.id, sms.id));
        result.failed += 1;
        noticeSendFailures.inc({ channel: "sms", provider, stage: "send" });
        if (attempts >= MAX_SMS_ATTEMPTS) result.gaveUp += 1;
        log.warn(attempts >= MAX_SMS_ATTEMPTS ? "sms given up" : "sms not sent", {
          smsId: sms.id,
          template: sms.template,
          attempts,
          // A provider's error can quote the number: the log never carries it.
          error: message.replace(/\+?\d[\d ]{6,}\d/g, "[number]").slice(0, 200),
        });
      }
      return true;
    });
    if (!more) break;
  }
  return result;
}

/** Who sends the texts, for /metrics' labels (issue 41): Twilio with its keys, else the offline stand-in. */
export function smsProvider(deps: { config?: Pick<ApiConfig, "twilio"> }): "twilio" | "stand-in" {
  return deps.config?.twilio ? "twilio" : "stand-in";
}

export type SmsStatusUpdate = { messageSid: string; status: SmsStatus; errorCode: string | null };
export type SmsStatusOutcome = "recorded" | "unchanged" | "unknown-message";

/**
 * Records what Twilio says about one message on its outbox row (issue 38; decision 0060), moving
 * only forward: a late "sent" never overwrites "delivered", and a replay changes nothing.
 */
export async function recordSmsStatus(
  deps: { db: Database; clock: Clock; config?: Pick<ApiConfig, "twilio"> },
  update: SmsStatusUpdate,
): Promise<{ outcome: SmsStatusOutcome; smsId?: string }> {
  const recorded = await deps.db.transaction(async (tx): Promise<{ outcome: SmsStatusOutcome; smsId?: string }> => {
    const [row] = await tx
      .select({ id: outboxSms.id, deliveryStatus: outboxSms.deliveryStatus })
      .from(outboxSms)
      .where(eq(outboxSms.providerMessageId, update.messageSid))
      .limit(1)
      .for("update");
    if (!row) return { outcome: "unknown-message" };
    if (!smsStatusMovesForward(row.deliveryStatus, update.status)) return { outcome: "unchanged", smsId: row.id };
    await tx
      .update(outboxSms)
      .set({ deliveryStatus: update.status, deliveryErrorCode: update.errorCode, deliveryStatusAt: deps.clock.now() })
      .where(eq(outboxSms.id, row.id));
    return { outcome: "recorded", smsId: row.id };
  });
  // A text the provider says did not reach the phone (once: a status only moves forward).
  if (recorded.outcome === "recorded" && smsNotDelivered(update.status)) {
    noticeSendFailures.inc({ channel: "sms", provider: smsProvider(deps), stage: "delivery" });
  }
  return recorded;
}
