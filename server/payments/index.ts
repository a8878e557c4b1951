/**
 * The payments module's door (decisions 0029, 0054): card money has one owner. Areas make intents
 * and charge saved cards through it, register what a payment is for, and record refunds owed;
 * the clock reconciles and pays owed refunds.
 */
export {
  chargeSavedCard,
  confirmCardSetup,
  createPaymentIntent,
  ensureStripeCustomer,
  isDuplicateCard,
  recordPaymentMethod,
  reusablePaymentIntent,
  tenantPaymentMethod,
} from "./service";
export { settleIntent } from "./event-service";
export { registerPaymentPurpose, type PaidWith, type PaymentEffect, type PaymentPurpose } from "./purpose-service";
export { payOwedRefunds, recordOwedRefund } from "./refund-service";
export { reconcilePayments } from "./reconcile-service";
