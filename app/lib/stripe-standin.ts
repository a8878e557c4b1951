/**
 * Where the browser loads Keyfree's stand-in for Stripe.js (public/stripe-sandbox/stripe.js,
 * copied by Vite to the build as-is).
 *
 * Without Stripe keys the card form runs against the offline Stripe sandbox. The root layout
 * then renders, in `<head>` and before `<Scripts />` (so in the server-rendered HTML, ahead of
 * the app's module scripts):
 *
 *     <script src={STRIPE_STANDIN_SRC} />
 *
 * A plain, blocking script: no `async`, no `defer`, no `type="module"`. It defines
 * `window.Stripe` while the page is parsed, so when @stripe/stripe-js's `loadStripe` looks
 * for `window.Stripe` it finds the stand-in and never fetches js.stripe.com. The card form
 * then calls `loadStripe(publishableKey)` with the sandbox's publishable key
 * (`pk_test_keyfree_sandbox`) exactly as it would with Stripe's.
 *
 * The stand-in talks to the sandbox in the same folder (`/stripe-sandbox/v1/...`,
 * `/stripe-sandbox/sandbox/3ds/:intentId`), so the web server must serve this file as a
 * static asset before it hands `/stripe-sandbox/*` to the sandbox.
 */
export const STRIPE_STANDIN_SRC = "/stripe-sandbox/stripe.js";
