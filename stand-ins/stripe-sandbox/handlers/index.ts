/**
 * The sandbox's request handlers, one file per resource: customers, payment methods, payment
 * intents, setup intents, the 3-D Secure challenge, and refunds, charges and events; shared.ts
 * holds what they share (the request context, rendering, reading parameters).
 */
export { createCustomer, retrieveCustomer, updateCustomer } from "./customers";
export { createPaymentIntent, retrievePaymentIntent, updatePaymentIntent, confirmPaymentIntent } from "./payment-intents";
export {
  createPaymentMethod,
  retrievePaymentMethod,
  retrieveCustomerPaymentMethod,
  attachPaymentMethod,
  detachPaymentMethod,
  listCustomerPaymentMethods,
  listPaymentMethods,
} from "./payment-methods";
export { createRefund, retrieveRefund, listRefunds, retrieveCharge, retrieveEvent, listEvents } from "./refunds-charges-events";
export { createSetupIntent, retrieveSetupIntent, confirmSetupIntent } from "./setup-intents";
export type { KeyKind, Ctx, Result } from "./shared";
export { STRIPE_JS_PARAMS } from "./shared";
export { intentForChallenge, answerChallenge } from "./three-d-secure";
