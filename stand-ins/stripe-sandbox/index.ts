export {
  SANDBOX_API_VERSION,
  SANDBOX_PUBLISHABLE_KEY,
  SANDBOX_SECRET_KEY,
  SANDBOX_WEBHOOK_SECRET,
  DEFAULT_BROWSER_BASE_PATH,
} from "./constants";
export { createStripeSandbox } from "./sandbox";
export type { StripeSandbox, StripeSandboxOptions } from "./types";
export { signWebhookPayload, type DeliverWebhook, type DeliveryAttempt } from "./webhook-rows";
export { fingerprintOf, luhnValid } from "./cards";
