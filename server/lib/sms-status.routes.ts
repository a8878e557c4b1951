import { Hono } from "hono";
import { validateRequest } from "twilio/lib/webhooks/webhooks.js";
import { SMS_STATUS_CALLBACK_PATH } from "../config";
import type { AppEnv, Deps } from "../context";
import { isSmsStatus } from "../domain/sms-status";
import { ApiError } from "./errors";
import { log } from "./log";
import { recordSmsStatus, smsCallbackAuthToken, smsStatusCallbackUrl } from "./sms-delivery";

const SID = /^(SM|MM)[0-9a-fA-F]{32}$/;

/**
 * Twilio's status callback for text messages (issue 38): a form post signed with the auth token
 * over the URL it was given (APP_URL's, which the web server passes here) and the form's fields.
 * A bad or missing signature is a 403; a message we did not send is answered 200 and ignored (a
 * non-2xx only makes Twilio log an error). Not part of the tenant contract. The log carries our
 * id, the status and the error code, never the number or the text.
 */
export const smsStatusCallbackRoutes = new Hono<AppEnv>().post(SMS_STATUS_CALLBACK_PATH, async (c) => {
  const deps: Deps = c.get("deps");
  const authToken = smsCallbackAuthToken(deps);
  if (!authToken) throw new ApiError(404, "Not found");
  const body = await c.req.text();
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  const signature = c.req.header("x-twilio-signature") ?? "";
  if (!signature || !validateRequest(authToken, signature, smsStatusCallbackUrl(deps.config.appUrl), params)) {
    throw new ApiError(403, "Invalid Twilio signature");
  }
  const messageSid = params.MessageSid ?? params.SmsSid ?? "";
  const status = (params.MessageStatus ?? params.SmsStatus ?? "").toLowerCase();
  if (!SID.test(messageSid) || !isSmsStatus(status)) throw new ApiError(400, "A status callback needs a MessageSid and a MessageStatus");
  const errorCode = params.ErrorCode && /^\d{1,10}$/.test(params.ErrorCode) ? params.ErrorCode : null;
  const { outcome, smsId } = await recordSmsStatus(deps, { messageSid, status, errorCode });
  log.info("sms status", { smsId, providerMessageId: messageSid, status, errorCode, outcome });
  return c.json({ received: true, outcome });
});
