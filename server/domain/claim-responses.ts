/**
 * The claim response screen's derived facts and the rules the claim API
 * needs on top of claims.ts (part 1 §2.5, §4.1, §5, §6): which proposal is
 * current, which one the tenant answers, the tenant's own unpublished
 * proposal, the counter-proposal ceiling, activity types, and the facts the
 * claim screen shows. Pure functions over plain data, like the rest of the
 * domain.
 */
import {
  CLAIM_MESSAGES,
  allowedTenantActions,
  checkTenantAction,
  isAwaitingPayment,
  isAwaitingPaymentAfterAutoResponse,
  isAwaitingTenantResponse,
  isProposalDisputed,
  isProposalPublished,
  isProposalVisibleToTenant,
  type ActionCheck,
  type ClaimProposal,
  type TenantAction,
  type TenantClaimState,
} from "./claims.js";
import {
  daysRemaining as daysUntil,
  deadlineUrgency,
  isPastDeadline,
  proposalDeadline,
  type DeadlineUrgency,
} from "./deadlines.js";
import type { Instant } from "./london-time.js";
import { assertPence, type Pence } from "#common/money";
import { applyFeeCredit } from "#common/dispute-fee";
import type { ClaimStatus } from "./statuses.js";

/** A proposal with the time it was created, so proposals of the same round keep their order. */
export interface OrderedProposal extends ClaimProposal {
  createdAt?: Instant | null;
}

const time = (value: Instant | null | undefined) => (value == null ? 0 : new Date(value).getTime());

/**
 * Proposals in the order the domain reads them: round 1, 2, 3, and within a
 * round the oldest first (claims.ts: "within a round the later one in the
 * list wins").
 */
export function orderProposals<T extends OrderedProposal>(proposals: readonly T[]): T[] {
  return [...proposals].sort(
    (a, b) => a.round - b.round || time(a.createdAt) - time(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

function latest<T extends { round: number }>(proposals: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const p of proposals) if (best === undefined || p.round >= best.round) best = p;
  return best;
}

/** The current proposal of the negotiation: the latest published one (highest round, then newest). */
export function currentProposal<T extends OrderedProposal>(proposals: readonly T[]): T | undefined {
  return latest(orderProposals(proposals).filter(isProposalPublished));
}

/** The landlord's or agent's proposal waiting for the tenant: the current proposal when it is round 1 or 3 AWAITING_RESPONSE. */
export function openSupplierProposal<T extends OrderedProposal>(proposals: readonly T[]): T | undefined {
  const current = currentProposal(proposals);
  return current !== undefined && current.round !== 2 && current.status === "AWAITING_RESPONSE" ? current : undefined;
}

/** The latest published landlord or agent proposal (round 1 or 3), whatever its status. */
export function latestSupplierProposal<T extends OrderedProposal>(proposals: readonly T[]): T | undefined {
  return latest(orderProposals(proposals).filter((p) => p.round !== 2 && isProposalPublished(p)));
}

/**
 * The viewer's own unpublished round 2 proposal (DRAFT or AWAITING_PAYMENT),
 * newest first; optionally only one status.
 */
export function ownUnpublishedProposal<T extends OrderedProposal>(
  proposals: readonly T[],
  userId: string,
  status?: "DRAFT" | "AWAITING_PAYMENT",
): T | undefined {
  return latest(
    orderProposals(proposals).filter(
      (p) =>
        p.round === 2 &&
        (p.status === "DRAFT" || p.status === "AWAITING_PAYMENT") &&
        (status === undefined || p.status === status) &&
        !isProposalPublished(p) &&
        isProposalVisibleToTenant(p, userId),
    ),
  );
}

/**
 * The landlord's or agent's current amount for an item (part 1 §5: a counter
 * offer is "at most the agent's proposal amount"): the item's amount in the
 * latest published round 1 or 3 proposal; null when no such proposal has the item.
 */
export function agentAmountForItem(proposals: readonly OrderedProposal[], claimItemId: string): Pence | null {
  const supplier = orderProposals(proposals).filter((p) => p.round !== 2 && isProposalPublished(p));
  for (let i = supplier.length - 1; i >= 0; i -= 1) {
    const ip = supplier[i]!.itemProposals.find((x) => x.claimItemId === claimItemId);
    if (ip !== undefined) return ip.amount;
  }
  return null;
}

/** Sum of a proposal's item amounts. */
export function proposalTotalPence(proposal: { itemProposals: readonly { amount: Pence }[] }): Pence {
  return proposal.itemProposals.reduce((sum, ip) => sum + ip.amount, 0);
}

/**
 * What accepting charges makes payable: the charges, but never more than the
 * claim's limit, the tenant's maximum liability (part 1 §1: "the tenant's
 * liability is capped by a per-claim limit").
 */
export function payableChargesPence(totalChargesPence: Pence, limitPence: Pence): Pence {
  assertPence(totalChargesPence, "total charges");
  assertPence(limitPence, "limit");
  return Math.min(totalChargesPence, limitPence);
}

/**
 * What the tenants owe after adjudication: the adjudicated amount capped at
 * the limit, less the dispute fee credit (part 1 §4.1: "the £60 is
 * credited"). Reading chosen: the credit is set against what the tenants
 * owe, so a credited tenant pays £60 less; when the award is below £60 the
 * rest of the credit is refunded (creditRefundPence).
 */
export function adjudicationRepayment(
  arbitratedAmountPence: Pence,
  limitPence: Pence,
  creditPence: Pence,
): { amountDuePence: Pence; creditUsedPence: Pence; creditRefundPence: Pence } {
  // The one sum every screen's words use too (common/dispute-fee.ts, issue 27).
  const { amountDuePence, creditUsedPence, refundPence } = applyFeeCredit(arbitratedAmountPence, limitPence, creditPence);
  return { amountDuePence, creditUsedPence, creditRefundPence: refundPence };
}

export const CLAIM_RESPONSE_MESSAGES = {
  notYourDraft: "This is not a proposal you can change.",
  goBackToEdit: "Go back from the payment step to change your proposal.",
  proposalSubmitted: "Your proposal has been submitted, so it can no longer be changed.",
  documentLocked: "This document is part of a proposal you have submitted, so it can no longer be removed.",
  notTheOpenProposal: "This proposal is no longer the one waiting for your response.",
  notLandlordProposal: "You can only respond to your landlord's or agent's proposal.",
  itemNotInProposal: "This item proposal does not belong to that item.",
} as const;

/**
 * Whether the viewer may change their own round 2 draft now: the claim is
 * open for responses (checkTenantAction 'accept' passes: respondent, not
 * view only, responding status, a landlord proposal awaits them), they have
 * a DRAFT, and the deadline of the proposal they answer has not passed.
 */
export function checkEditTenantDraft(state: TenantClaimState): ActionCheck & { draft?: OrderedProposal } {
  const base = checkTenantAction(state, "accept");
  if (!base.ok) return base;
  const draft = ownUnpublishedProposal(state.proposals, state.viewer.userId);
  if (draft === undefined) return { ok: false, message: CLAIM_MESSAGES.noDraft };
  if (draft.status === "AWAITING_PAYMENT") return { ok: false, message: CLAIM_RESPONSE_MESSAGES.goBackToEdit };
  const open = openSupplierProposal(state.proposals);
  const deadline = open === undefined ? null : proposalDeadline(open);
  if (deadline !== null && isPastDeadline(deadline, state.now)) return { ok: false, message: CLAIM_MESSAGES.deadlinePassed };
  return { ok: true, draft };
}

/**
 * Why a proposal that is not the open one cannot be accepted, countered or
 * disputed, in the words of CLAIM_MESSAGES where they fit.
 */
export function notOpenProposalMessage(proposal: Pick<ClaimProposal, "round" | "status" | "autoResponded">): string {
  if (proposal.round === 2) return CLAIM_RESPONSE_MESSAGES.notLandlordProposal;
  switch (proposal.status) {
    case "AWAITING_PAYMENT":
      return proposal.autoResponded === true ? CLAIM_MESSAGES.payImmediately : CLAIM_MESSAGES.alreadyAccepted;
    case "DISPUTED":
      return CLAIM_MESSAGES.alreadyDisputed;
    case "SETTLED":
      return CLAIM_MESSAGES.settled;
    default:
      return CLAIM_RESPONSE_MESSAGES.notTheOpenProposal;
  }
}

/** Claim statuses in which a tenant may add or remove claim response documents (evidence for a dispute). */
const RESPONSE_DOCUMENT_STATUSES: readonly ClaimStatus[] = ["AWAITING_RESPONDENTS", "MEDIATION", "AWAITING_ARBITRATION_ADMIN_FEE"];

/**
 * Whether claim response documents may be added or removed: while the
 * tenant is responding or preparing a formal dispute (before the dispute fee
 * is paid). Reading chosen: once the claim is with the adjudicator the
 * evidence is what they decide on, so it is fixed.
 */
export function checkResponseDocumentChange(status: ClaimStatus): ActionCheck {
  if (RESPONSE_DOCUMENT_STATUSES.includes(status)) return { ok: true };
  switch (status) {
    case "AWAITING_ARBITRATION":
      return { ok: false, message: CLAIM_MESSAGES.withAdjudicator };
    case "ARBITRATED":
      return { ok: false, message: CLAIM_MESSAGES.adjudicated };
    case "AWAITING_EVIDENCE_REVIEW":
    case "EVIDENCE_REVIEW":
      return { ok: false, message: CLAIM_MESSAGES.evidenceReview };
    case "AWAITING_SUBSTANTIATION":
      return { ok: false, message: "Awaiting response from your landlord or agent" };
    default:
      return { ok: false, message: CLAIM_MESSAGES.closed };
  }
}

// ── Activities (the History tab, part 1 §2.5) ───────────────────────────────

/**
 * Activities the API records itself. The History tab's phrases map to them:
 * CHARGE_CREATED 'Your landlord created a charge of', CHARGE_ACCEPTED 'You
 * accepted your landlord's charge of', TENANT_PROPOSED 'You proposed',
 * PROPOSAL_ACCEPTED 'Your landlord accepted your proposal of',
 * FINAL_PROPOSAL 'Your landlord put forward a final proposal of' (one each
 * per item, with claimItemId, amount and reasoning); the others are about
 * the claim as a whole.
 */
export const SYSTEM_ACTIVITY_TYPES = [
  "CHARGE_CREATED",
  "CHARGE_ACCEPTED",
  "CHARGES_DEEMED_ACCEPTED",
  "COUNTER_PROPOSAL_STARTED",
  "TENANT_PROPOSED",
  "PROPOSAL_SUBMITTED",
  "PROPOSAL_UNPUBLISHED",
  "PROPOSAL_ACCEPTED",
  "PROPOSAL_REFUSED",
  "FINAL_PROPOSAL",
  "CHARGES_DISPUTED",
  "DISPUTE_MESSAGE_UPDATED",
  "DISPUTE_LAPSED",
  "PAYMENT_RECEIVED",
  "SENT_TO_ADJUDICATION",
  "ADJUDICATION_DECIDED",
  "CLAIM_RESOLVED",
] as const;
export type SystemActivityType = (typeof SYSTEM_ACTIVITY_TYPES)[number];

/**
 * Activities the screen reports (createClaimActivity), from what the claim
 * screen does (part 1 §2.5, §4.1): an item agreed or countered from its
 * panel (with counterProposalAmount), the mediation introduction read, the
 * explainer, guide, FAQs and video tutorial opened, and the formal dispute
 * form started or left with Back.
 */
export const SCREEN_ACTIVITY_TYPES = [
  "MEDIATION_INTRO_READ",
  "EXPLAINER_VIEWED",
  "END_OF_TENANCY_GUIDE_OPENED",
  "FAQS_OPENED",
  "VIDEO_TUTORIAL_PLAYED",
  "DISPUTE_FORM_STARTED",
  "DISPUTE_FORM_BACK",
] as const;
export const CLIENT_ACTIVITY_TYPES = ["ITEM_AGREED", "ITEM_COUNTER_PROPOSED", ...SCREEN_ACTIVITY_TYPES] as const;
export type ClientActivityType = (typeof CLIENT_ACTIVITY_TYPES)[number];

// ── What the claim screen shows ─────────────────────────────────────────────

export interface ClaimScreenFacts {
  currentProposalId: string | null;
  /** The tenant may answer now: accept, counter, dispute, publish, or change their draft. */
  canRespond: boolean;
  awaitingTenantResponse: boolean;
  disputed: boolean;
  awaitingPayment: boolean;
  autoResponded: boolean;
  /** The viewer's own round 2 DRAFT. */
  tenantDraftProposalId: string | null;
  /** The viewer's own round 2 proposal at the payment step (AWAITING_PAYMENT). */
  tenantProposalAwaitingPaymentId: string | null;
  allowedActions: TenantAction[];
  /** 'Awaiting response from {organisation}': the organisation's name when the other side must act. */
  awaitingResponseFrom: string | null;
  responseDeadline: Date | null;
  daysRemaining: number | null;
  urgency: DeadlineUrgency | null;
}

const RESPONDING: readonly TenantAction[] = ["accept", "counter", "reject", "dispute", "publish", "rejectWithNoEvidence"];

/**
 * The claim screen's facts (part 1 §2.5, §4.1, §6). The deadline shown is
 * that of the landlord's round 1 or 3 proposal the tenant is answering (or
 * has accepted and must pay, or disputed and must pay the fee for); none
 * while the other side is answering the tenant's proposal.
 */
export function claimScreenFacts(state: TenantClaimState, options: { disputeFeePaid?: boolean } = {}): ClaimScreenFacts {
  const current = currentProposal(state.proposals);
  const own = ownUnpublishedProposal(state.proposals, state.viewer.userId);
  const allowedActions = allowedTenantActions(state);
  const canEditDraft = checkEditTenantDraft(state).ok;
  const awaitingTenantResponse =
    (current !== undefined && isAwaitingTenantResponse(current)) || (own !== undefined && isAwaitingTenantResponse(own));
  const disputed = current !== undefined && isProposalDisputed(current);
  const awaitingPayment = current !== undefined && isAwaitingPayment(current);
  const inProgressStatus = state.status === "AWAITING_RESPONDENTS" || state.status === "MEDIATION";

  const supplier = current !== undefined && current.round !== 2 ? current : undefined;
  let deadline: Date | null = null;
  if (supplier !== undefined) {
    const answering = inProgressStatus && (supplier.status === "AWAITING_RESPONSE" || supplier.status === "AWAITING_PAYMENT");
    const feeDue =
      supplier.status === "DISPUTED" && state.status === "AWAITING_ARBITRATION_ADMIN_FEE" && options.disputeFeePaid !== true;
    if (answering || feeDue) deadline = proposalDeadline(supplier);
  }
  const days = deadline === null ? null : daysUntil(deadline, state.now);

  const organisation = state.organisationName?.trim() || "your landlord or agent";
  const awaitingOther =
    state.status === "AWAITING_SUBSTANTIATION" ||
    (inProgressStatus && current !== undefined && current.round === 2 && current.status === "AWAITING_RESPONSE");

  return {
    currentProposalId: current?.id ?? null,
    canRespond: allowedActions.some((a) => RESPONDING.includes(a)) || canEditDraft,
    awaitingTenantResponse: inProgressStatus && awaitingTenantResponse,
    disputed,
    awaitingPayment,
    autoResponded: current !== undefined && isAwaitingPaymentAfterAutoResponse(current),
    tenantDraftProposalId: own?.status === "DRAFT" ? own.id : null,
    tenantProposalAwaitingPaymentId: own?.status === "AWAITING_PAYMENT" ? own.id : null,
    allowedActions,
    awaitingResponseFrom: awaitingOther ? organisation : null,
    responseDeadline: deadline,
    daysRemaining: days,
    urgency: days === null ? null : deadlineUrgency(days),
  };
}
