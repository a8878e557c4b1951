/**
 * The claim-payments area's door (decision 0054): paying a claim's money. Its payment purpose
 * (registered by server/app.ts), completing a claim pay action (the payment plans area, when a
 * plan for a claim's balance is paid off), and the award's refund of an unused dispute fee credit.
 */
export { claimPayments } from "./purpose";
export { completePaymentAction, type PaymentOutcome } from "./balances";
export { refundUnusedDisputeFeeCredit } from "./award";
