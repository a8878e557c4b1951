/**
 * The payment plans area's door (decision 0054): a plan offered from a request (plan-requests),
 * the instalments a Breathing Space moves, the instalment job's charge run and reminders' words,
 * and the instalment payment purpose (server/app.ts registers it).
 */
export { appUrl, cardWords, planOwnerAndCard } from "./service";
export { chargeDueInstalments, type ChargeHooks, type InstalmentChargeRun } from "./charge-service";
export { createPaymentPlanOffer, offerEndingKey, queueOfferEndingReminder } from "./offer-service";
export { moveInstalment, pendingInstalmentsOf, type PendingInstalment } from "./breathing-space-service";
export { instalmentPayments } from "./payments";
