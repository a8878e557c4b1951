import Stripe from "stripe";

/**
 * The sandbox's own fixed test keys. They are not secrets: no real money exists behind
 * them, and the sandbox answers no other key. A request with `sk_…` may do everything;
 * one with `pk_…` only what Stripe.js may do (see `app.ts`).
 */
export const SANDBOX_SECRET_KEY = "sk_test_keyfree_sandbox";
export { SANDBOX_PUBLISHABLE_KEY } from "#common/stripe-sandbox";

/** The secret the sandbox signs its webhook events with (`Stripe-Signature`); not a secret either. */
export const SANDBOX_WEBHOOK_SECRET = "whsec_keyfree_sandbox_signing_secret";

/** The API version the sandbox speaks and stamps on its events: the one the installed SDK pins. */
export const SANDBOX_API_VERSION: string = Stripe.API_VERSION;

/** Where the sandbox's browser endpoints are mounted in the web app (`browserApp`). */
export const DEFAULT_BROWSER_BASE_PATH = "/stripe-sandbox";

/** Stripe's documented retention for idempotency keys. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Stripe's retry schedule for a webhook delivery that was not accepted (not 2xx): the delay
 * before the 2nd, 3rd… attempt, growing exponentially (1 s, 5 s, 25 s, 2 min, 10 min, 30 min,
 * 1 h, 2 h, 4 h, 8 h), then every 12 h; DEFAULT_WEBHOOK_RETRY_WINDOW_MS ends it.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  1 * SECOND,
  5 * SECOND,
  25 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  // Every 12 h: more than the window leaves room for.
  ...Array.from({ length: 6 }, () => 12 * HOUR),
];

/** As on Stripe: no retry is made later than three days after the first attempt; the event is then given up. */
export const DEFAULT_WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * HOUR;

/**
 * How long a pump's lease on a due delivery lasts (`claimed_until`): no other pump takes the row
 * meanwhile. A lease left by a killed process runs out after this; a pump starts no delivery
 * with less than half of its lease left.
 */
export const DEFAULT_WEBHOOK_LEASE_MS = 30 * SECOND;
/** The shortest lease, however compressed the schedule (STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE). */
export const MIN_WEBHOOK_LEASE_MS = 3 * SECOND;

/** How often a sandbox looks for due deliveries (other instances' events, leases run out, retries). */
export const DEFAULT_WEBHOOK_POLL_MS = 1 * SECOND;
