/**
 * The offline Stripe sandbox's publishable key: the web gives it to Stripe.js's stand-in
 * when no real Stripe key is set. Not a secret (no real money exists behind it); the
 * sandbox's other fixed keys stay in server/stripe-sandbox/constants.ts.
 */
export const SANDBOX_PUBLISHABLE_KEY = "pk_test_keyfree_sandbox";
