/**
 * Claim and proposal rules (part 1 §4.1, §6): what a tenant may see, what
 * waits for them, which order is payable and which actions they may take.
 */
import type { Pence } from "#common/money";
import type { Instant } from "./london-time.js";
import { isPastDeadline, proposalDeadline, type DeadlineProposal } from "./deadlines.js";
import { isClaimFinished, type ClaimStatus, type OrderStatus, type ProposalSource } from "./statuses.js";

export interface ClaimItemProposal {
  claimItemId: string;
  amount: Pence;
  settled: boolean;
  settledSource?: ProposalSource | null;
}

export interface ClaimProposal extends DeadlineProposal {
  id: string;
  source: ProposalSource;
  /** "FINAL" marks a final proposal (part 1 §3). */
  type?: string | null;
  createdByUserId?: string | null;
  itemProposals: readonly ClaimItemProposal[];
}

/**
 * The spec's visibility line (part 1 §4.1): a round 2 proposal is published
 * once it is neither DRAFT nor AWAITING_PAYMENT; any other round once it is
 * not DRAFT. Published proposals are what every tenant on the claim sees.
 */
export function isProposalPublished(proposal: Pick<ClaimProposal, "round" | "status">): boolean {
  if (proposal.round === 2) return proposal.status !== "DRAFT" && proposal.status !== "AWAITING_PAYMENT";
  return proposal.status !== "DRAFT";
}

/**
 * Whether the API may send a proposal to this tenant.
 * Reading chosen: the spec's line is about what a tenant "may see" of the
 * negotiation, but a tenant must see their own unfinished proposal to edit
 * it, pay for it or go back from the payment step. So: every published
 * proposal is visible; a landlord's or agent's draft never is; an
 * unpublished tenant proposal (round 2 DRAFT or AWAITING_PAYMENT) is visible
 * only to the tenant who created it — co-tenants see it once it is submitted.
 */
export function isProposalVisibleToTenant(
  proposal: Pick<ClaimProposal, "round" | "status" | "source" | "createdByUserId">,
  viewerUserId: string,
): boolean {
  if (isProposalPublished(proposal)) return true;
  return (
    proposal.round === 2 &&
    proposal.source === "TENANT" &&
    proposal.createdByUserId != null &&
    proposal.createdByUserId === viewerUserId
  );
}

type RoundStatus = Pick<ClaimProposal, "round" | "status">;

/** Awaiting the tenant's response: round 1 AWAITING_RESPONSE, round 2 DRAFT or AWAITING_PAYMENT, round 3 AWAITING_RESPONSE. */
export function isAwaitingTenantResponse(proposal: RoundStatus): boolean {
  if (proposal.round === 2) return proposal.status === "DRAFT" || proposal.status === "AWAITING_PAYMENT";
  return proposal.status === "AWAITING_RESPONSE";
}

/** Disputed: round 1 or 3 DISPUTED. */
export function isProposalDisputed(proposal: RoundStatus): boolean {
  return proposal.round !== 2 && proposal.status === "DISPUTED";
}

/** Awaiting payment: round 1 or 3 AWAITING_PAYMENT (accepted by the tenant, or for them when autoResponded). */
export function isAwaitingPayment(proposal: RoundStatus): boolean {
  return proposal.round !== 2 && proposal.status === "AWAITING_PAYMENT";
}

/** The auto-responded variant: charges accepted for the tenant after the deadline ('You must pay immediately'). */
export function isAwaitingPaymentAfterAutoResponse(proposal: RoundStatus & Pick<ClaimProposal, "autoResponded">): boolean {
  return isAwaitingPayment(proposal) && proposal.autoResponded === true;
}

/** A tenant draft: round 2 DRAFT. */
export function isTenantDraft(proposal: RoundStatus): boolean {
  return proposal.round === 2 && proposal.status === "DRAFT";
}

const ROUND_2_PENDING: readonly string[] = ["DRAFT", "AWAITING_PAYMENT", "AWAITING_RESPONSE"];

/**
 * Whether a claim item is settled (part 1 §4.1): its round 2 item proposal
 * is settled and no response is pending on that proposal, or its round 3 item
 * proposal is settled and there is no round 2 proposal awaiting response and
 * no round 3 draft.
 * Reading chosen: "no response pending" on round 2 means that proposal is
 * not waiting on anyone — not a tenant draft, not awaiting the tenant's
 * payment, not awaiting the landlord's response.
 */
export function isItemSettled(claimItemId: string, proposals: readonly ClaimProposal[]): boolean {
  const settledIn = (p: ClaimProposal) => p.itemProposals.some((ip) => ip.claimItemId === claimItemId && ip.settled);
  const round2 = proposals.some((p) => p.round === 2 && settledIn(p) && !ROUND_2_PENDING.includes(p.status));
  if (round2) return true;
  const blocked = proposals.some(
    (p) => (p.round === 2 && p.status === "AWAITING_RESPONSE") || (p.round === 3 && p.status === "DRAFT"),
  );
  return !blocked && proposals.some((p) => p.round === 3 && settledIn(p));
}

export interface OrderRef {
  id: string;
  statusId: OrderStatus;
}

/**
 * The order the tenant can pay on this claim (part 1 §4.1): a round 1 or 3
 * proposal whose order is PENDING (the later round wins); an arbitration
 * repayment order takes precedence.
 * Reading chosen: once the adjudicator has set a repayment order, it alone
 * decides — its id while PENDING, nothing once paid — because the
 * adjudicated amount replaces the earlier charges.
 */
export function payableOrderId(
  proposals: readonly (Pick<ClaimProposal, "round"> & { order?: OrderRef | null })[],
  arbitrationRepaymentOrder?: OrderRef | null,
): string | null {
  if (arbitrationRepaymentOrder != null) {
    return arbitrationRepaymentOrder.statusId === "PENDING" ? arbitrationRepaymentOrder.id : null;
  }
  let best: { round: number; id: string } | null = null;
  for (const p of proposals) {
    if (p.round === 2 || p.order == null || p.order.statusId !== "PENDING") continue;
    if (best === null || p.round >= best.round) best = { round: p.round, id: p.order.id };
  }
  return best?.id ?? null;
}

// ── Tenant actions ──────────────────────────────────────────────────────────

export const TENANT_ACTIONS = [
  "accept",
  "counter",
  "reject",
  "dispute",
  "publish",
  "unpublish",
  "updateDisputeMessage",
  "rejectWithNoEvidence",
] as const;
export type TenantAction = (typeof TENANT_ACTIONS)[number];

export interface TenantClaimState {
  status: ClaimStatus;
  mediationEnabled: boolean;
  /** Ids of the claim's items (a proposal is complete when it covers all of them). */
  itemIds: readonly string[];
  proposals: readonly ClaimProposal[];
  /** The landlord's or agent's organisation, for 'Awaiting response from {organisation}'. */
  organisationName?: string | null;
  /** Status of the order for the £60 dispute fee, when one exists. */
  adjudicationFeeOrderStatus?: OrderStatus | null;
  viewer: {
    userId: string;
    /** The viewer is one of the claim's respondents (matched by userId, part 1 §6). */
    isRespondent: boolean;
    viewOnly?: boolean;
  };
  now: Instant;
  /** A tenant's request for more time waits for our answer (issue 36, decision 0049): the deadline holds until it is answered. */
  moreTimeRequested?: boolean;
}

export type ActionCheck = { ok: true } | { ok: false; message: string };

const OK: ActionCheck = { ok: true };
const refuse = (message: string): ActionCheck => ({ ok: false, message });

export const CLAIM_MESSAGES = {
  notRespondent: "You are not a tenant on this claim.",
  viewOnly: "This claim is view only.",
  closed: "This claim is closed.",
  withAdjudicator: "This claim is with the adjudicator.",
  adjudicated: "The adjudicator has decided this claim.",
  disputeFeeDue:
    "You must complete payment for this dispute to be considered. If payment is not made, these end of tenancy charges will be considered accepted and you will take full liability of the charges.",
  evidenceReview: "The evidence for this claim is being reviewed.",
  noCharges: "There are no charges for you to respond to yet.",
  alreadyAccepted: "You have accepted these charges. The next step is to pay.",
  payImmediately: "You must pay immediately",
  alreadyDisputed: "You have already disputed these charges.",
  settled: "These charges have been settled.",
  deadlinePassed: "The deadline to respond has passed, so the charges are treated as accepted.",
  finalNoCounter: "This is a final proposal, so you can no longer make a counter-proposal. You can accept it or raise a dispute.",
  mediationDisabled: "Counter-proposals are not available for this claim. You can accept the charges or raise a dispute.",
  counterFirst: "You can raise a dispute once your landlord or agent has put forward a final proposal. You can accept the charges or make a counter-proposal.",
  ownProposalInProgress: "You already have a proposal in progress. Edit it instead of starting a new one.",
  coTenantProposalInProgress: "Another tenant is already preparing a proposal for this claim.",
  noDraft: "You have no draft proposal to submit.",
  incompleteDraft: "Give a proposal for every item before you continue.",
  nothingToGoBackFrom: "There is no proposal payment to go back from.",
  disputeMessageLocked: "You can only change your dispute message before the dispute fee is paid.",
} as const;

const awaitingOrganisation = (state: TenantClaimState) =>
  `Awaiting response from ${state.organisationName?.trim() || "your landlord or agent"}`;

/** Highest round first; within a round the later one in the list wins. */
function latest<T extends { round: number }>(proposals: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const p of proposals) if (best === undefined || p.round >= best.round) best = p;
  return best;
}

function isFinal(proposal: ClaimProposal): boolean {
  return proposal.round === 3 || proposal.type === "FINAL";
}

/** The claim must be in a status where the tenant answers proposals (AWAITING_RESPONDENTS or MEDIATION). */
function checkRespondingStatus(state: TenantClaimState): ActionCheck {
  switch (state.status) {
    case "AWAITING_RESPONDENTS":
    case "MEDIATION":
      return OK;
    case "AWAITING_ARBITRATION_ADMIN_FEE":
      return refuse(CLAIM_MESSAGES.disputeFeeDue);
    case "AWAITING_ARBITRATION":
      return refuse(CLAIM_MESSAGES.withAdjudicator);
    case "ARBITRATED":
      return refuse(CLAIM_MESSAGES.adjudicated);
    case "AWAITING_SUBSTANTIATION":
      return refuse(awaitingOrganisation(state));
    case "AWAITING_EVIDENCE_REVIEW":
    case "EVIDENCE_REVIEW":
      return refuse(CLAIM_MESSAGES.evidenceReview);
    default:
      return refuse(CLAIM_MESSAGES.closed);
  }
}

/** The landlord's proposal the tenant is answering: the latest published proposal, if it is round 1 or 3 awaiting response. */
function checkOpenSupplierProposal(state: TenantClaimState): { ok: true; proposal: ClaimProposal } | { ok: false; message: string } {
  const current = latest(state.proposals.filter(isProposalPublished));
  if (current === undefined) return { ok: false, message: CLAIM_MESSAGES.noCharges };
  if (current.round !== 2 && current.status === "AWAITING_RESPONSE") return { ok: true, proposal: current };
  switch (current.status) {
    case "AWAITING_RESPONSE":
      return { ok: false, message: awaitingOrganisation(state) };
    case "AWAITING_PAYMENT":
      return {
        ok: false,
        message: current.autoResponded === true ? CLAIM_MESSAGES.payImmediately : CLAIM_MESSAGES.alreadyAccepted,
      };
    case "DISPUTED":
      return { ok: false, message: CLAIM_MESSAGES.alreadyDisputed };
    default:
      return { ok: false, message: CLAIM_MESSAGES.settled };
  }
}

function checkInTime(proposal: ClaimProposal, state: TenantClaimState): ActionCheck {
  if (state.moreTimeRequested === true) return OK;
  const deadline = proposalDeadline(proposal);
  return deadline !== null && isPastDeadline(deadline, state.now) ? refuse(CLAIM_MESSAGES.deadlinePassed) : OK;
}

const unpublishedTenantProposals = (state: TenantClaimState) =>
  state.proposals.filter((p) => p.round === 2 && (p.status === "DRAFT" || p.status === "AWAITING_PAYMENT"));

const ownUnpublished = (state: TenantClaimState, status: "DRAFT" | "AWAITING_PAYMENT") =>
  latest(
    unpublishedTenantProposals(state).filter(
      (p) => p.status === status && isProposalVisibleToTenant(p, state.viewer.userId),
    ),
  );

/**
 * Whether the tenant may take `action` now, with a message a tenant can read
 * when not (the API answers 409 with it).
 *  - accept: the latest landlord proposal (round 1 or 3) awaits the tenant's
 *    response; allowed even after the deadline, since the charges would be
 *    treated as accepted anyway.
 *  - counter: that proposal is not final (not round 3, not type FINAL),
 *    mediation is enabled, no tenant proposal is already in progress, and the
 *    deadline has not passed.
 *  - reject / dispute / rejectWithNoEvidence: that proposal is final, or
 *    mediation is disabled; in time. (Rejecting with no evidence is a dispute
 *    sent without evidence, so it follows the same rule.)
 *  - publish: the viewer's own round 2 draft covers every claim item; in time.
 *  - unpublish: the viewer's own round 2 proposal is at the payment step.
 *  - updateDisputeMessage: the claim is AWAITING_ARBITRATION_ADMIN_FEE and
 *    the dispute fee is not yet paid.
 * Every action needs the viewer to be a respondent and not view-only; all
 * but updateDisputeMessage need the claim to be AWAITING_RESPONDENTS or
 * MEDIATION.
 */
export function checkTenantAction(state: TenantClaimState, action: TenantAction): ActionCheck {
  if (!state.viewer.isRespondent) return refuse(CLAIM_MESSAGES.notRespondent);
  if (state.viewer.viewOnly === true) return refuse(CLAIM_MESSAGES.viewOnly);

  if (action === "updateDisputeMessage") {
    if (isClaimFinished(state.status)) return refuse(CLAIM_MESSAGES.closed);
    if (state.status !== "AWAITING_ARBITRATION_ADMIN_FEE" || state.adjudicationFeeOrderStatus === "COMPLETE") {
      return refuse(CLAIM_MESSAGES.disputeMessageLocked);
    }
    return OK;
  }

  const status = checkRespondingStatus(state);
  if (!status.ok) return status;

  if (action === "unpublish") {
    return ownUnpublished(state, "AWAITING_PAYMENT") ? OK : refuse(CLAIM_MESSAGES.nothingToGoBackFrom);
  }

  if (action === "publish") {
    const draft = ownUnpublished(state, "DRAFT");
    if (draft === undefined) return refuse(CLAIM_MESSAGES.noDraft);
    const covered = new Set(draft.itemProposals.map((ip) => ip.claimItemId));
    if (state.itemIds.length === 0 || !state.itemIds.every((id) => covered.has(id))) {
      return refuse(CLAIM_MESSAGES.incompleteDraft);
    }
    const answered = latest(state.proposals.filter((p) => p.round !== 2 && isProposalPublished(p)));
    return answered === undefined ? OK : checkInTime(answered, state);
  }

  const open = checkOpenSupplierProposal(state);
  if (!open.ok) return refuse(open.message);
  const proposal = open.proposal;
  if (action === "accept") return OK;

  if (action === "counter") {
    if (isFinal(proposal)) return refuse(CLAIM_MESSAGES.finalNoCounter);
    if (!state.mediationEnabled) return refuse(CLAIM_MESSAGES.mediationDisabled);
    const inProgress = unpublishedTenantProposals(state);
    if (inProgress.some((p) => isProposalVisibleToTenant(p, state.viewer.userId))) {
      return refuse(CLAIM_MESSAGES.ownProposalInProgress);
    }
    if (inProgress.length > 0) return refuse(CLAIM_MESSAGES.coTenantProposalInProgress);
    return checkInTime(proposal, state);
  }

  // reject, dispute, rejectWithNoEvidence
  if (!isFinal(proposal) && state.mediationEnabled) return refuse(CLAIM_MESSAGES.counterFirst);
  return checkInTime(proposal, state);
}

/** Every tenant action the claim's state allows now, in TENANT_ACTIONS order. */
export function allowedTenantActions(state: TenantClaimState): TenantAction[] {
  return TENANT_ACTIONS.filter((action) => checkTenantAction(state, action).ok);
}

// Which confirmation a total opens and the upfront payment (part 1 §4.1) are in the shared rule
// book, common/claim-confirmation.ts, which the web's submit page reads too.
