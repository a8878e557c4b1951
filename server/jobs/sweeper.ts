import { deleteOldSignInFailures, deleteOldPasswordResetRequests, deleteExpiredUsedIdTokens } from "../accounts";
import { sendComplaintEmails } from "../complaints";
import type { Deps } from "../context";
import { deliverPendingEmails } from "../lib/mail-delivery";
import { deliverPendingSms } from "../lib/sms-delivery";
import { describeError, log } from "../lib/log";
import { measureJob } from "../lib/metrics";
import { reconcilePayments, payOwedRefunds } from "../payments";
import { sweepDataExports } from "../data-exports";
import { sweepBreathingSpaces } from "./breathing-spaces";
import { sweepClaimDeadlines } from "./claim-deadlines";
import { grantOverdueMoreTime } from "./more-time-requests";
import { sendDeadlineReminders } from "./deadline-reminders";
import { chargeDueInstalments } from "./instalment-charges";
import { sendInstalmentReminders } from "./instalment-reminders";
import { remindEndingPaymentPlanOffers, voidExpiredPaymentPlanOffers } from "./payment-plan-offers";
import { removeUnattachedDocuments } from "./unattached-documents";
import { applyRetention } from "./retention";
import { removeStaleScratch } from "../lib/multipart";

/**
 * The clock: first moves the deadlines inside a Breathing Space and closes one after its last
 * day (issue 36), then applies every deadline that is due (charges treated as accepted, proposal
 * holds released, payment plan offers voided), reminds the tenants of the response and payment
 * deadlines coming (the day before and on the day), applies the payments whose webhook never came
 * (reconciliation), reminds a tenant 12 hours before their payment plan offer lapses, charges the payment plan instalments due today
 * and sends their reminders, pays the refunds owed (those the deadlines
 * just made owed, and any a crash or a provider error left unpaid) and sends the outbox. Every job locks the
 * rows it changes (FOR UPDATE SKIP LOCKED), so several API instances may run it at once.
 */
export async function runDueJobs(deps: Deps) {
  const now = deps.clock.now();
  // Each job is timed and its failures counted under the name its result has (issue 41): a job
  // added here goes through `job` too (tests/api/metrics.test.ts checks every result is measured).
  const job = measureJob;
  // First: deadlines inside a Breathing Space are moved (and one past its last day closed) before any is applied (issue 36).
  const breathingSpaces = await job("breathingSpaces", () => sweepBreathingSpaces(deps, now));
  // Before the deadlines: a request for more time we did not answer in time is granted first (issue 36).
  const moreTime = await job("moreTime", () => grantOverdueMoreTime(deps, now));
  const claims = await job("claims", () => sweepClaimDeadlines(deps, now));
  // After the deadlines: a deadline just applied has nothing left to remind of.
  const deadlineReminders = await job("deadlineReminders", () => sendDeadlineReminders(deps, now));
  // Payments the provider took whose webhook never came (a crash, an outage) are applied first,
  // so the refunds they make owed are paid in the same run.
  const payments = await job("payments", () => reconcilePayments(deps));
  const refunds = await job("refunds", () => payOwedRefunds(deps));
  const paymentPlans = await job("paymentPlans", () => voidExpiredPaymentPlanOffers(deps, now));
  // 12 hours before an offer lapses, its tenant is reminded, once (issue 38).
  const paymentPlanOfferReminders = await job("paymentPlanOfferReminders", () => remindEndingPaymentPlanOffers(deps, now));
  const instalmentCharges = await job("instalmentCharges", () => chargeDueInstalments(deps, now));
  const instalmentReminders = await job("instalmentReminders", () => sendInstalmentReminders(deps, now));
  // Complaints (issue 40): 8 weeks old without our final response, or given one: the ombudsman's details, once each.
  const complaintEmails = await job("complaintEmails", () => sendComplaintEmails(deps));
  const mail = await job("mail", () => deliverPendingEmails(deps));
  const sms = await job("sms", () => deliverPendingSms(deps));
  // Documents uploaded (POST /documents) and attached to nothing 24 hours later: rows and files removed.
  const unattachedDocuments = await job("unattachedDocuments", () => removeUnattachedDocuments(deps, now));
  // Issue 40: exports of a tenant's data a crash left unbuilt are built; those past their 7 days deleted.
  const dataExports = await job("dataExports", () => sweepDataExports(deps, now));
  // Retention (issue 40): closure requests done, then each period of common/retention.ts applied.
  const retention = await job("retention", () => applyRetention(deps, now));
  // Wrong-password counts older than the throttle's window count for nothing (issue 23).
  const signInFailuresDeleted = await job("signInFailuresDeleted", () => deleteOldSignInFailures(deps, now));
  const passwordResetRequestsDeleted = await job("passwordResetRequestsDeleted", () => deleteOldPasswordResetRequests(deps, now));
  // Used ID tokens past their expiry (issue 25), and the jobs the composition root added (the
  // development identity provider's expired records). On the machine's time, not the clock's:
  // they expire by it (jose, oidc-provider), and the clock may have been moved forward outside production.
  const machineNow = new Date();
  const usedIdTokensDeleted = await job("usedIdTokensDeleted", () => deleteExpiredUsedIdTokens(deps, machineNow));
  const added: Record<string, number> = {};
  for (const clockJob of deps.clockJobs ?? []) added[clockJob.name] = await job(clockJob.name, () => clockJob.run(deps, machineNow));
  // Upload scratch folders a crashed process left (server/lib/multipart.ts).
  const staleUploadScratchRemoved = await job("staleUploadScratchRemoved", removeStaleScratch);
  return {
    now: now.toISOString(),
    moreTime,
    breathingSpaces,
    claims,
    deadlineReminders,
    payments,
    refunds,
    paymentPlans,
    paymentPlanOfferReminders,
    instalmentCharges,
    instalmentReminders,
    complaintEmails,
    mail,
    sms,
    unattachedDocuments,
    dataExports,
    retention,
    signInFailuresDeleted,
    passwordResetRequestsDeleted,
    usedIdTokensDeleted,
    ...added,
    staleUploadScratchRemoved,
  };
}

/**
 * Runs the jobs every `intervalMs` (never two runs at once in this process) until stopped;
 * `stop()` resolves once a run in progress has finished (a graceful shutdown waits for it).
 */
export function startSweeper(deps: Deps, intervalMs = 30_000) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run().finally(() => {
      running = undefined;
    });
  };
  const run = async () => {
    const started = performance.now();
    try {
      const result = await runDueJobs(deps);
      const changed =
        result.moreTime.granted.length +
        result.breathingSpaces.recorded +
        result.breathingSpaces.closed.length +
        result.claims.chargesDeemedAccepted.length +
        result.claims.proposalsRefused.length +
        result.deadlineReminders.sent.length +
        result.payments.applied.length +
        result.refunds.paid.length +
        result.refunds.failed +
        result.paymentPlans.cancelledPaymentPlanIds.length +
        result.paymentPlanOfferReminders.reminded.length +
        result.instalmentCharges.paid.length +
        result.instalmentCharges.processing.length +
        result.instalmentCharges.failed.length +
        result.instalmentReminders.weekReminders.length +
        result.instalmentReminders.dayReminders.length +
        result.mail.sent +
        result.sms.sent +
        result.unattachedDocuments.removedDocumentIds.length +
        result.dataExports.built.length +
        result.dataExports.expired.length +
        result.staleUploadScratchRemoved;
      if (changed > 0) log.info("sweeper", { ...summarise(result), ms: Math.round(performance.now() - started) });
    } catch (error) {
      log.error("sweeper failed", describeError(error));
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function summarise(result: Awaited<ReturnType<typeof runDueJobs>>) {
  return {
    moreTimeGranted: result.moreTime.granted.length,
    breathingSpaceDeadlines: result.breathingSpaces.recorded,
    breathingSpacesClosed: result.breathingSpaces.closed.length,
    chargesDeemedAccepted: result.claims.chargesDeemedAccepted.length,
    proposalsRefused: result.claims.proposalsRefused.length,
    deadlineReminders: result.deadlineReminders.sent.length,
    tenantsReminded: result.deadlineReminders.sent.reduce((n, s) => n + s.userIds.length, 0),
    paymentsReconciled: result.payments.applied.length,
    refundsPaid: result.refunds.paid.length,
    refundsFailed: result.refunds.failed,
    paymentPlanOffersVoided: result.paymentPlans.cancelledPaymentPlanIds.length,
    paymentPlanOffersReminded: result.paymentPlanOfferReminders.reminded.length,
    instalmentsPaid: result.instalmentCharges.paid.length,
    instalmentsProcessing: result.instalmentCharges.processing.length,
    instalmentsFailed: result.instalmentCharges.failed.length,
    instalmentChargesRetried: result.instalmentCharges.retry.length,
    instalmentReminders: result.instalmentReminders.weekReminders.length + result.instalmentReminders.dayReminders.length,
    emailsSent: result.mail.sent,
    smsSent: result.sms.sent,
    unattachedDocumentsRemoved: result.unattachedDocuments.removedDocumentIds.length,
    dataExportsBuilt: result.dataExports.built.length,
    dataExportsExpired: result.dataExports.expired.length,
    staleUploadScratchRemoved: result.staleUploadScratchRemoved,
  };
}
