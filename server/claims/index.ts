/**
 * The claims area's door (decision 0054): what the clock runs (the deadlines, the reminders, the
 * requests for more time), what an arbitration's page and a Breathing Space read or move, and what
 * the claim-payments area needs to apply a payment (the claim locked, the activity recorded, what
 * a claim order paid in full does to the claim). This area never imports claim-payments.
 */
export { claimOfRespondent } from "./service";
export { claimPaymentPlans } from "./plans-service";
export { applyDueClaimDeadlines, type ClaimDeadlineSweep } from "./deadline-service";
export { sendDueDeadlineReminders, type DeadlineReminderRun } from "./reminder-service";
export { grantOverdueMoreTimeRequests, type MoreTimeSweep } from "./more-time-service";
export { liveClaimDeadlines, moveClaimDeadline, type LiveClaimDeadline } from "./breathing-space-service";
export { applyClaimOrderPaid, type ClaimOrderPaidEffect } from "./charges";
export { fail, lockClaim, recordActivity, type ClaimRow } from "./records";
export { buildClaimView } from "./views";
