/** A checkout page's path: /checkout/:orderId/:customerId/:subRoute. */
export function checkoutPath(orderId: string, customerId: string, subRoute: string) {
  return `/checkout/${encodeURIComponent(orderId)}/${encodeURIComponent(customerId)}/${subRoute}`;
}

/**
 * The checkout's step pages whose action must be the next one to be shown (part 1 §2.3);
 * Pay and Finish have waiting states and check for themselves.
 */
export const STEP_SUB_ROUTES = ["about-you", "address-history", "referencing", "confirm", "sign", "addendum"] as const;
export type StepSubRoute = (typeof STEP_SUB_ROUTES)[number];

/** `?change`: Confirm's change links reopen About You or address history (docs/decisions/0013). */
export const CHANGE_PARAM = "change";
