/** The sandbox's folder (set by the entry from its own script's address) and the release and messages Stripe.js speaks with. */

/* The Stripe.js release @stripe/stripe-js 10 expects (it warns on a test key otherwise). */
export const RELEASE_TRAIN = "endive";

/* The sandbox lives in the folder this file is served from: /stripe-sandbox/stripe.js → /stripe-sandbox. */
export let API_BASE = "/stripe-sandbox";

export function setApiBase(base: string): void {
  API_BASE = base;
}

export var GENERIC_FAILURE = "Something went wrong while talking to the payment service. Please try again.";
export var CONNECTION_FAILURE = "We could not reach the payment service. Check your connection and try again.";
export var AUTHENTICATION_FAILURE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
