/*
 * Keyfree's stand-in for Stripe.js, used when the app runs without Stripe keys.
 *
 * It defines `window.Stripe(publishableKey, options)` with the part of Stripe.js that the
 * card form uses through @stripe/react-stripe-js: `elements()` with the Payment Element
 * (card only) and the Address Element, `elements.submit()`, `createPaymentMethod`,
 * `confirmPayment` / `confirmCardPayment`, `confirmSetup` / `confirmCardSetup`,
 * `handleNextAction` / `handleCardAction`, `retrievePaymentIntent` / `retrieveSetupIntent`.
 * The elements are plain, labelled inputs rendered into the mount node (no iframes), and
 * every call goes to Keyfree's offline Stripe sandbox, which the web app serves under the
 * same folder as this file (`/stripe-sandbox/v1/...`), in Stripe's form encoding and
 * authenticated with the publishable key. A PaymentIntent or SetupIntent that needs 3-D
 * Secure gets a test challenge in a modal dialog.
 *
 * Built by Vite (stand-ins/stripe-sandbox/vite.config.ts) into one classic ES2019 script,
 * public/stripe-sandbox/stripe.js (not committed), loaded with a plain `<script src>` before
 * the app's own scripts: @stripe/stripe-js's `loadStripe` then finds `window.Stripe` and never
 * fetches js.stripe.com. No dependencies.
 */
import { API_BASE, RELEASE_TRAIN, setApiBase } from "./config";
import { integrationError, type Loose } from "./util";
import { StandInStripe } from "./stripe";
// Methods these modules add to the stand-in's objects.
import "./element-checks";
import "./confirm";

/** The folder this script was served from: /stripe-sandbox/stripe.js → /stripe-sandbox. */
function apiBaseOf(script: HTMLOrSVGScriptElement | null): string {
  const src = script && "src" in script ? script.src : "";
  if (src) {
    try {
      const folder = new URL(".", src);
      return (folder.origin === window.location.origin ? "" : folder.origin) + folder.pathname.replace(/\/$/, "");
    } catch {
      /* fall through to the default */
    }
  }
  return "/stripe-sandbox";
}

type StandInConstructor = ((publishableKey: string, options?: Record<string, unknown>) => Loose) & {
  version: string;
  keyfreeStandIn: true;
  apiBase: string;
};

/* Loaded twice, or Stripe's own Stripe.js is already on the page: leave window.Stripe alone. */
if (typeof window !== "undefined" && typeof document !== "undefined" && !(window as { Stripe?: unknown }).Stripe) {
  setApiBase(apiBaseOf(document.currentScript));
  const Stripe = Object.assign(
    function Stripe(publishableKey: string, options?: Record<string, unknown>) {
      if (typeof publishableKey !== "string" || !publishableKey) {
        throw integrationError("Please call Stripe() with your publishable key. You used an empty value.");
      }
      if (/^(sk|rk)_/.test(publishableKey)) {
        throw integrationError("You should not use your secret key with Stripe.js. Please pass a publishable key instead.");
      }
      return new (StandInStripe as Loose)(publishableKey, options);
    },
    { version: RELEASE_TRAIN, keyfreeStandIn: true as const, apiBase: API_BASE },
  ) satisfies StandInConstructor;
  (window as unknown as { Stripe: StandInConstructor }).Stripe = Stripe;
}
