/**
 * The text-message stand-in: an offline Twilio (issue 38; decision 0060). When no TWILIO_* keys
 * are set, the outbox's texts go out through it (the product's SmsTransport seam) instead of
 * staying unsent; the dev mailbox shows them all the same, as it reads the outbox. For each
 * message it accepted, its clock job posts Twilio's status callback, signed with its auth token
 * as Twilio signs one, to the API's callback route: "delivered", or "undelivered" for a number in
 * the range that cannot receive texts (README.md). Its state is the outbox's own rows (the id it
 * gave, the status recorded), so it keeps nothing in memory and a callback lost to a crash is
 * sent by the next run.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, like } from "drizzle-orm";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks.js";
import { SMS_STATUS_CALLBACK_PATH } from "../../server/config";
import { outboxSms } from "../../server/db/schema";
import type { SmsStandInFactory } from "../../server/lib/sms-delivery";

/** The stand-in's account and the token it signs with (not secret: only the stand-in signs with it). */
export const STAND_IN_ACCOUNT_SID = "AC00000000000000000000000000000000";
export const STAND_IN_AUTH_TOKEN = "keyfree-text-message-stand-in-token";
/** Every message id it gives starts with this, so its job never answers for a real Twilio's message. */
export const STAND_IN_SID_PREFIX = "SM00000000";
/** At most this many callbacks a run. */
const CALLBACK_BATCH = 50;

/**
 * The numbers that cannot receive texts (Ofcom's drama range, never a real phone): 07700 900990
 * to 07700 900994 are unreachable (Twilio's error 30003), 07700 900995 to 07700 900999 unknown
 * (30005). Every other number is delivered.
 */
export function undeliverableError(mobile: string): "30003" | "30005" | null {
  const national = mobile.replace(/\D/g, "").slice(-10);
  const match = /^77009009(9\d)$/.exec(national);
  if (!match) return null;
  return Number(match[1]) <= 94 ? "30003" : "30005";
}

export const createSmsStandIn: SmsStandInFactory = ({ appUrl, deliver }) => {
  const callbackUrl = `${appUrl}${SMS_STATUS_CALLBACK_PATH}`;
  return {
    authToken: STAND_IN_AUTH_TOKEN,
    transport: {
      // Accepted at once, as Twilio's create answers "queued".
      send: async () => ({ providerMessageId: `${STAND_IN_SID_PREFIX}${randomBytes(12).toString("hex")}` }),
    },
    async sendStatusCallbacks({ db }) {
      const rows = await db
        .select({ sid: outboxSms.providerMessageId, to: outboxSms.to })
        .from(outboxSms)
        .where(and(isNotNull(outboxSms.sentAt), isNull(outboxSms.deliveryStatus), like(outboxSms.providerMessageId, `${STAND_IN_SID_PREFIX}%`)))
        .limit(CALLBACK_BATCH);
      let sent = 0;
      for (const row of rows) {
        const errorCode = undeliverableError(row.to);
        const params: Record<string, string> = {
          AccountSid: STAND_IN_ACCOUNT_SID,
          ApiVersion: "2010-04-01",
          MessageSid: row.sid!,
          SmsSid: row.sid!,
          MessageStatus: errorCode ? "undelivered" : "delivered",
          SmsStatus: errorCode ? "undelivered" : "delivered",
          ...(errorCode ? { ErrorCode: errorCode } : {}),
        };
        const { status } = await deliver(SMS_STATUS_CALLBACK_PATH, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-twilio-signature": getExpectedTwilioSignature(STAND_IN_AUTH_TOKEN, callbackUrl, params),
          },
          body: new URLSearchParams(params).toString(),
        });
        if (status >= 200 && status < 300) sent += 1;
      }
      return sent;
    },
  };
};
