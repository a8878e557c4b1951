/**
 * Keyfree's stand-in for Stripe.js (TypeScript in stand-ins/stripe-sandbox/browser/, built by
 * Vite into the classic script public/stripe-sandbox/stripe.js, which the web build copies),
 * used without Stripe keys so the card form runs against the offline sandbox.
 *
 * The card form (app/components/card-form.tsx) adds it as a plain script before calling
 * `loadStripe`: it defines `window.Stripe`, so @stripe/stripe-js finds it and never fetches
 * js.stripe.com. `loadStripe` is then called with the sandbox's publishable key
 * (`pk_test_keyfree_sandbox`) exactly as it would be with Stripe's.
 *
 * The stand-in talks to the sandbox in the same folder (`/stripe-sandbox/v1/...`,
 * `/stripe-sandbox/sandbox/3ds/:intentId`): the web app's resource route
 * app/routes/stripe-sandbox.ts, after the static file itself.
 */
export const STRIPE_STANDIN_BASE = "/stripe-sandbox";
export const STRIPE_STANDIN_SRC = `${STRIPE_STANDIN_BASE}/stripe.js`;
