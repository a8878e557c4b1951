/**
 * Reminders before each response and payment deadline (issue 28, scope 2): the day before (from
 * 8am London) and the morning of the day (from 8am), once each, to each tenant who still has to
 * act, by e-mail and, for those with a mobile number and text messages on, by text message.
 *
 *  - RESPONSE_REMINDER: the landlord's current round 1 charges or round 3 final proposal waiting
 *    for the tenants (AWAITING_RESPONSE, the claim AWAITING_RESPONDENTS or MEDIATION, as the
 *    deadline sweep reads "waiting"): every tenant of the claim, by its responseDeadline.
 *  - DISPUTE_FEE_REMINDER: a disputed round 1 or 3 proposal whose £60 fee is unpaid (the claim
 *    AWAITING_ARBITRATION_ADMIN_FEE): the tenant whose fee it is, by the proposal's
 *    responseDeadline (after it the dispute lapses and the charges are treated as accepted).
 *  - PAYMENT_REMINDER: charges the tenants accepted (AWAITING_PAYMENT, not autoResponded: those
 *    treated as accepted are due at once, with no deadline left to remind of): each tenant whose
 *    own payment is still open on the proposal's order, by the responseDeadline.
 *  - ADJUDICATION_PAYMENT_REMINDER: an adjudicator's decision with an amount due (its repayment
 *    order PENDING): each tenant whose own part is still open, by arbitrations.paymentDeadline.
 * A tenant paying by a live payment plan on that order is not reminded: the plan pays. Nor is a
 * tenant who asked for a plan for that money while they wait for our answer (issue 36). No
 * RESPONSE_REMINDER goes while a request for more time waits for our answer (issue 36, decision
 * 0049): every answer leaves a deadline at least a day away, which gets reminders of its own.
 *
 * Once each, with several instances: each reminder has a dedupe key (the kind, the proposal or
 * arbitration, the deadline, the stage; the outbox adds the tenant and the channel) that the
 * outbox's unique index keeps once. A cheap read of those keys first tells `reminderDue` what is
 * already sent, so a run every 30 seconds writes nothing once a stage has gone. Never after the
 * tenant has acted: each reminder is queued in its own transaction that takes the claim with
 * `FOR UPDATE SKIP LOCKED` (as the deadline sweep and every tenant action do) and checks the
 * deadline and each tenant again under the lock; a claim being changed right now is left for the
 * next run.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte } from "drizzle-orm";
import type { Database } from "../db";
import {
  addresses,
  arbitrations,
  claimProposals,
  claimRespondents,
  claims,
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  outboxEmails,
  paymentPlans,
  properties,
  tenancies,
} from "../db/schema";
import { currentProposal } from "../domain/claim-responses";
import { ownPaymentOpen, REMINDER_LOOKAHEAD_MS, REMINDER_STAGES, reminderDedupeKey, type DeadlineReminderKind } from "../domain/deadline-reminders";
import { isClaimFinished, normaliseClaimStatus, type ClaimStatus } from "../domain/statuses";
import { propertyLine, reminderDue, type Notice, type ReminderStage } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { describeError, log } from "../lib/log";
import { queueNotice } from "../lib/notices";
import { claimInBreathingSpace } from "../lib/breathing-space-reads";
import { tenantsAwaitingPlanAnswer, type RemindedDebt } from "../lib/plan-request-reads";
import { disputeFeeOrderStatus } from "./charges";
import { claimStatusOf, loadProposals, lockClaim, moreTimeRequestWaits, toDomainProposal, type ClaimRow } from "./records";

/** One deadline a reminder may be due for. */
type Candidate = {
  kind: DeadlineReminderKind;
  /** The proposal (responses, the dispute fee, charges) or the arbitration (adjudication payments). */
  subjectId: string;
  claimId: string;
  deadline: Date;
  /** The landlord's final proposal (round 3), not the charges (round 1). */
  final: boolean;
};

/** A tenant who still has to act, and what they owe of their own (payments only). */
type Recipient = { userId: string; amountPence: number | null };

export type SentReminder = { kind: DeadlineReminderKind; subjectId: string; claimId: string; stage: ReminderStage; userIds: string[]; sms: number };

export type DeadlineReminderRun = {
  /** Reminders this run queued: one entry per deadline and stage, with the tenants it went to. */
  sent: SentReminder[];
  /** Deadlines with a reminder due whose tenants all had it already or have acted (the cheap read). */
  alreadySent: number;
  /** Deadlines whose claim another sweep or request was changing (locked), left for the next run. */
  skippedLocked: number;
  /** Deadlines whose reminder failed (logged), tried again next run; the others are not held up. */
  failed: number;
};

/** Queues every reminder due at `now` and says what it sent (the clock's job, server/jobs/deadline-reminders.ts, runs it). */
export async function sendDueDeadlineReminders(db: Database, now: Date): Promise<DeadlineReminderRun> {
  const run: DeadlineReminderRun = { sent: [], alreadySent: 0, skippedLocked: 0, failed: 0 };
  for (const candidate of await findCandidates(db, now)) {
    const stage = reminderDue(candidate.deadline, now);
    if (stage === null) continue;
    try {
      const outcome = await remindOnce(db, candidate, stage, now);
      if (outcome === "alreadySent") run.alreadySent += 1;
      else if (outcome === "locked") run.skippedLocked += 1;
      else if (outcome) run.sent.push({ kind: candidate.kind, subjectId: candidate.subjectId, claimId: candidate.claimId, stage, ...outcome });
    } catch (error) {
      // One claim that cannot be read is logged and left; every other tenant is still reminded.
      run.failed += 1;
      log.error("deadline reminder failed", { kind: candidate.kind, subjectId: candidate.subjectId, claimId: candidate.claimId, ...describeError(error) });
    }
  }
  return run;
}

/** One deadline's reminder at this stage: the cheap read, then, if a tenant still needs it, its own locked transaction. */
async function remindOnce(db: Database, candidate: Candidate, stage: ReminderStage, now: Date) {
  // The cheap read, unlocked: who must act and which of them already has this stage.
  const due = await dueRecipients(db, candidate, await recipientsOf(db, candidate), now);
  if (due.length === 0) return "alreadySent" as const;
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, candidate.claimId, { skipLocked: true });
    if (!claim) return "locked" as const;
    // Under the lock: still waiting for the tenants, and each one still has to act.
    if (!(await stillWaiting(tx, claim, candidate))) return null;
    // Breathing Space (issue 36, decision 0047): no one on a claim with a tenant in one is reminded of its deadlines.
    if (await claimInBreathingSpace(tx, claim.id, now)) return null;
    const recipients = await dueRecipients(tx, candidate, await recipientsOf(tx, candidate), now);
    if (recipients.length === 0) return null;
    const about = await claimAbout(tx, claim);
    const dedupeKey = reminderDedupeKey(candidate.kind, candidate.subjectId, candidate.deadline, stage);
    const userIds: string[] = [];
    let sms = 0;
    for (const recipient of recipients) {
      const queued = await queueNotice(tx, noticeFor(candidate, stage, about, recipient), [recipient.userId], now, { dedupeKey });
      if (queued.emails > 0) userIds.push(recipient.userId);
      sms += queued.sms;
    }
    return userIds.length > 0 ? { userIds, sms } : null;
  });
}

// ── Which deadlines ──────────────────────────────────────────────────────────────────

/** Deadlines from now to two days ahead (a reminder can be due for no other): candidates only, each checked again under its claim's lock. */
async function findCandidates(db: Database, now: Date): Promise<Candidate[]> {
  const until = new Date(now.getTime() + REMINDER_LOOKAHEAD_MS);
  const proposals = await db
    .select({
      id: claimProposals.id,
      claimId: claimProposals.claimId,
      round: claimProposals.round,
      status: claimProposals.status,
      autoResponded: claimProposals.autoResponded,
      deadline: claimProposals.responseDeadline,
      claimStatus: claims.status,
    })
    .from(claimProposals)
    .innerJoin(claims, eq(claims.id, claimProposals.claimId))
    .where(
      and(
        inArray(claimProposals.round, [1, 3]),
        inArray(claimProposals.status, ["AWAITING_RESPONSE", "DISPUTED", "AWAITING_PAYMENT"]),
        eq(claimProposals.autoResponded, false),
        gte(claimProposals.responseDeadline, now),
        lte(claimProposals.responseDeadline, until),
      ),
    );
  const candidates: Candidate[] = [];
  for (const p of proposals) {
    const kind = proposalReminderKind(p.status, normaliseClaimStatus(p.claimStatus));
    if (kind && p.deadline) candidates.push({ kind, subjectId: p.id, claimId: p.claimId, deadline: p.deadline, final: p.round === 3 });
  }
  const decided = await db
    .select({ id: arbitrations.id, claimId: arbitrations.claimId, deadline: arbitrations.paymentDeadline })
    .from(arbitrations)
    .innerJoin(orders, eq(orders.id, arbitrations.repaymentOrderId))
    .where(
      and(
        isNotNull(arbitrations.decidedAt),
        eq(orders.statusId, "PENDING"),
        gte(arbitrations.paymentDeadline, now),
        lte(arbitrations.paymentDeadline, until),
      ),
    );
  for (const a of decided) {
    if (a.deadline) candidates.push({ kind: "ADJUDICATION_PAYMENT_REMINDER", subjectId: a.id, claimId: a.claimId, deadline: a.deadline, final: false });
  }
  return candidates.sort((a, b) => a.deadline.getTime() - b.deadline.getTime() || a.subjectId.localeCompare(b.subjectId));
}

/** Which reminder a landlord's proposal in this state has, if any. */
function proposalReminderKind(status: string, claimStatus: ClaimStatus | null): DeadlineReminderKind | null {
  if (claimStatus === null || isClaimFinished(claimStatus)) return null;
  if (status === "AWAITING_RESPONSE" && (claimStatus === "AWAITING_RESPONDENTS" || claimStatus === "MEDIATION")) return "RESPONSE_REMINDER";
  if (status === "DISPUTED" && claimStatus === "AWAITING_ARBITRATION_ADMIN_FEE") return "DISPUTE_FEE_REMINDER";
  if (status === "AWAITING_PAYMENT" && claimStatus !== "AWAITING_ARBITRATION_ADMIN_FEE") return "PAYMENT_REMINDER";
  return null;
}

/** Under the claim's lock: whether the deadline still waits for the tenants, exactly as when it was found. */
async function stillWaiting(tx: Database, claim: ClaimRow, candidate: Candidate): Promise<boolean> {
  const status = claimStatusOf(claim);
  if (candidate.kind === "ADJUDICATION_PAYMENT_REMINDER") {
    const [row] = await tx
      .select({ deadline: arbitrations.paymentDeadline, orderStatus: orders.statusId })
      .from(arbitrations)
      .innerJoin(orders, eq(orders.id, arbitrations.repaymentOrderId))
      .where(eq(arbitrations.id, candidate.subjectId));
    return status === "ARBITRATED" && row?.orderStatus === "PENDING" && row.deadline?.getTime() === candidate.deadline.getTime();
  }
  const proposals = await loadProposals(tx, claim.id);
  const proposal = proposals.find((p) => p.id === candidate.subjectId);
  if (!proposal || proposal.autoResponded || proposal.responseDeadline?.getTime() !== candidate.deadline.getTime()) return false;
  // Only the proposal the tenants are answering now: a later round (their own proposal, with the landlord) replaces it.
  if (currentProposal(proposals.map(toDomainProposal))?.id !== proposal.id) return false;
  if (proposalReminderKind(proposal.status, status) !== candidate.kind) return false;
  // Issue 36 (decision 0049): held while a request for more time waits (it would say the charges will be treated as accepted).
  if (candidate.kind === "RESPONSE_REMINDER" && (await moreTimeRequestWaits(tx, claim.id, proposal.id))) return false;
  if (candidate.kind === "DISPUTE_FEE_REMINDER") return (await disputeFeeOrderStatus(tx, claim)) === "PENDING";
  return true;
}

// ── Who still has to act ─────────────────────────────────────────────────────────────

async function recipientsOf(db: Database, candidate: Candidate): Promise<Recipient[]> {
  switch (candidate.kind) {
    case "RESPONSE_REMINDER": {
      // The answer binds every tenant of the claim, and any of them may give it.
      const rows = await db
        .select({ userId: claimRespondents.userId })
        .from(claimRespondents)
        .where(eq(claimRespondents.claimId, candidate.claimId))
        .orderBy(asc(claimRespondents.createdAt), asc(claimRespondents.id));
      return rows.map((r) => ({ userId: r.userId, amountPence: null }));
    }
    case "DISPUTE_FEE_REMINDER": {
      const [claim] = await db.select({ feeOrderId: claims.adjudicationFeeOrderId }).from(claims).where(eq(claims.id, candidate.claimId));
      return claim?.feeOrderId ? tenantsOwing(db, claim.feeOrderId) : [];
    }
    case "PAYMENT_REMINDER": {
      const [proposal] = await db.select({ orderId: claimProposals.orderId }).from(claimProposals).where(eq(claimProposals.id, candidate.subjectId));
      const owing = proposal?.orderId ? await tenantsOwing(db, proposal.orderId) : [];
      return notAwaitingPlanAnswer(db, { debtType: "CLAIM_BALANCE", claimId: candidate.claimId }, owing);
    }
    case "ADJUDICATION_PAYMENT_REMINDER": {
      const [arbitration] = await db.select({ orderId: arbitrations.repaymentOrderId }).from(arbitrations).where(eq(arbitrations.id, candidate.subjectId));
      const owing = arbitration?.orderId ? await tenantsOwing(db, arbitration.orderId) : [];
      return notAwaitingPlanAnswer(db, { debtType: "ADJUDICATION_AWARD", arbitrationId: candidate.subjectId }, owing);
    }
  }
}

/**
 * Without the tenants who asked for a plan for this money and wait for our answer (issue 36): no
 * reminder asks them for it until we answer (server/lib/plan-request-reads.ts).
 */
async function notAwaitingPlanAnswer(db: Database, debt: RemindedDebt, owing: Recipient[]): Promise<Recipient[]> {
  const waiting = await tenantsAwaitingPlanAnswer(db, debt, owing.map((r) => r.userId));
  return owing.filter((r) => !waiting.has(r.userId));
}

/** The tenants on an order whose own payment is still open (ownPaymentOpen), but not those paying it by a live payment plan. */
async function tenantsOwing(db: Database, orderId: string): Promise<Recipient[]> {
  const rows = await db
    .select({ orderCustomerId: orderCustomers.id, userId: customers.userId, action: orderCustomerActions })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(orderCustomerActions, eq(orderCustomerActions.orderCustomerId, orderCustomers.id))
    .where(eq(orderCustomers.orderId, orderId))
    .orderBy(asc(orderCustomers.createdAt), asc(orderCustomers.id));
  const orderCustomerIds = [...new Set(rows.map((r) => r.orderCustomerId))];
  const onPlans = orderCustomerIds.length
    ? new Set(
        (
          await db
            .select({ orderCustomerId: paymentPlans.orderCustomerId })
            .from(paymentPlans)
            .where(and(inArray(paymentPlans.orderCustomerId, orderCustomerIds), eq(paymentPlans.status, "ACTIVE")))
        ).map((p) => p.orderCustomerId),
      )
    : new Set<string>();
  const recipients: Recipient[] = [];
  for (const orderCustomerId of orderCustomerIds) {
    if (onPlans.has(orderCustomerId)) continue;
    const mine = rows.filter((r) => r.orderCustomerId === orderCustomerId);
    const amountPence = ownPaymentOpen(
      mine.map((r) => ({ typeId: r.action.typeId, completedAt: r.action.completedAt, amountRemainingPence: Number(r.action.details.amountRemaining ?? 0) })),
    );
    if (amountPence !== null) recipients.push({ userId: mine[0]!.userId, amountPence });
  }
  return recipients;
}

/**
 * The recipients a reminder is due to now: the outbox's dedupe keys say which stages each one
 * already has (one indexed read), and `reminderDue` says whether one is due with those sent.
 * The key of the e-mail is the one queueNotice writes: the reminder's key, the user, the channel.
 */
async function dueRecipients(db: Database, candidate: Candidate, recipients: Recipient[], now: Date): Promise<Recipient[]> {
  if (recipients.length === 0) return [];
  const keyOf = (stage: ReminderStage, userId: string) =>
    `${reminderDedupeKey(candidate.kind, candidate.subjectId, candidate.deadline, stage)}:${userId}:EMAIL`;
  const keys = recipients.flatMap((r) => REMINDER_STAGES.map((stage) => keyOf(stage, r.userId)));
  const found = new Set(
    (await db.select({ key: outboxEmails.dedupeKey }).from(outboxEmails).where(inArray(outboxEmails.dedupeKey, keys))).map((r) => r.key),
  );
  return recipients.filter((r) => {
    const sent = REMINDER_STAGES.filter((stage) => found.has(keyOf(stage, r.userId)));
    return reminderDue(candidate.deadline, now, sent) !== null;
  });
}

// ── What the reminder says ───────────────────────────────────────────────────────────

async function claimAbout(tx: Database, claim: ClaimRow) {
  const [row] = await tx
    .select({ address: addresses })
    .from(tenancies)
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(tenancies.id, claim.tenancyId));
  return { property: row ? propertyLine(row.address) : "your tenancy" };
}

function noticeFor(candidate: Candidate, stage: ReminderStage, about: { property: string }, recipient: Recipient): Notice {
  const base = { property: about.property, stage, deadline: candidate.deadline };
  const claimPage = appLink(`/claims/${candidate.claimId}`);
  switch (candidate.kind) {
    case "RESPONSE_REMINDER":
      return { kind: "RESPONSE_REMINDER", facts: { ...base, link: claimPage, moreTimeLink: appLink(`/claims/${candidate.claimId}/more-time`), final: candidate.final } };
    case "DISPUTE_FEE_REMINDER":
      return { kind: "DISPUTE_FEE_REMINDER", facts: { ...base, link: claimPage } };
    case "PAYMENT_REMINDER":
      return { kind: "PAYMENT_REMINDER", facts: { ...base, link: appLink(`/claims/${candidate.claimId}/pay`), amountPence: recipient.amountPence ?? 0 } };
    case "ADJUDICATION_PAYMENT_REMINDER":
      return {
        kind: "ADJUDICATION_PAYMENT_REMINDER",
        facts: { ...base, link: appLink(`/arbitrations/${candidate.subjectId}`), amountPence: recipient.amountPence ?? 0 },
      };
  }
}
