import Stripe from "stripe";

/**
 * The sandbox's own fixed test keys. They are not secrets: no real money exists behind
 * them, and the sandbox answers no other key. A request with `sk_…` may do everything;
 * one with `pk_…` only what Stripe.js may do (see `app.ts`).
 */
export const SANDBOX_SECRET_KEY = "sk_test_keyfree_sandbox";
export { SANDBOX_PUBLISHABLE_KEY } from "../../common/stripe-sandbox";

/** The secret the sandbox signs its webhook events with (`Stripe-Signature`); not a secret either. */
export const SANDBOX_WEBHOOK_SECRET = "whsec_keyfree_sandbox_signing_secret";

/** The API version the sandbox speaks and stamps on its events: the one the installed SDK pins. */
export const SANDBOX_API_VERSION: string = Stripe.API_VERSION;

/** Where the sandbox's browser endpoints are mounted in the web app (`browserApp`). */
export const DEFAULT_BROWSER_BASE_PATH = "/stripe-sandbox";

/** Stripe's documented retention for idempotency keys. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Delays before the 2nd, 3rd and 4th delivery attempt of a webhook event that was not accepted. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const;
