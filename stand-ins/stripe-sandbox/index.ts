export {
  SANDBOX_API_VERSION,
  SANDBOX_PUBLISHABLE_KEY,
  SANDBOX_SECRET_KEY,
  SANDBOX_WEBHOOK_SECRET,
  DEFAULT_BROWSER_BASE_PATH,
} from "./constants";
export { createStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from "./sandbox";
export { signWebhookPayload, type DeliverWebhook, type DeliveryAttempt } from "./webhooks";
export { fingerprintOf, luhnValid } from "./cards";
