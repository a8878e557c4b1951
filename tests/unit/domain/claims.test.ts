import { describe, expect, it } from "vitest";
import { proposalConfirmationKind, proposalUpfrontPaymentPence } from "#common/claim-confirmation";
import {
  CLAIM_MESSAGES,
  allowedTenantActions,
  checkTenantAction,
  isAwaitingPayment,
  isAwaitingPaymentAfterAutoResponse,
  isAwaitingTenantResponse,
  isItemSettled,
  isProposalDisputed,
  isProposalPublished,
  isProposalVisibleToTenant,
  isTenantDraft,
  payableOrderId,
  type ClaimProposal,
  type OrderRef,
  type TenantAction,
  type TenantClaimState,
} from "../../../server/domain/claims.js";
import { PROPOSAL_STATUSES, type ProposalRound, type ProposalStatus } from "../../../server/domain/statuses.js";

const VIEWER = "user-1";
const CO_TENANT = "user-2";

function proposal(over: Partial<ClaimProposal> & Pick<ClaimProposal, "round" | "status">): ClaimProposal {
  return {
    id: `p${over.round}`,
    source: over.round === 2 ? "TENANT" : "SUPPLIER",
    publishedAt: "2024-03-30T10:00:00Z",
    itemProposals: [],
    ...over,
  };
}

const items = (settled: Record<string, boolean> = {}) =>
  ["i1", "i2"].map((claimItemId) => ({ claimItemId, amount: 10000, settled: settled[claimItemId] ?? false }));

describe("claims: proposal states (part 1 §4.1)", () => {
  const rows = ([1, 2, 3] as ProposalRound[]).flatMap((round) =>
    PROPOSAL_STATUSES.map((status) => ({ round, status })),
  );
  const expected: Record<string, [published: boolean, awaiting: boolean, disputed: boolean, awaitingPayment: boolean, draft: boolean]> = {
    "1 DRAFT": [false, false, false, false, false],
    "1 AWAITING_RESPONSE": [true, true, false, false, false],
    "1 AWAITING_PAYMENT": [true, false, false, true, false],
    "1 DISPUTED": [true, false, true, false, false],
    "1 SETTLED": [true, false, false, false, false],
    "2 DRAFT": [false, true, false, false, true],
    "2 AWAITING_RESPONSE": [true, false, false, false, false],
    "2 AWAITING_PAYMENT": [false, true, false, false, false],
    "2 DISPUTED": [true, false, false, false, false],
    "2 SETTLED": [true, false, false, false, false],
    "3 DRAFT": [false, false, false, false, false],
    "3 AWAITING_RESPONSE": [true, true, false, false, false],
    "3 AWAITING_PAYMENT": [true, false, false, true, false],
    "3 DISPUTED": [true, false, true, false, false],
    "3 SETTLED": [true, false, false, false, false],
  };

  it.each(rows)(
    "part 1 §4.1 visible when round 2 is neither DRAFT nor AWAITINGPAYMENT and any other round is not DRAFT; awaiting response r1/r3 AWAITINGRESPONSE or r2 DRAFT/AWAITINGPAYMENT; disputed r1/r3 DISPUTED; awaiting payment r1/r3 AWAITINGPAYMENT; tenant draft r2 DRAFT — round $round $status",
    ({ round, status }) => {
      const p = { round, status };
      const [published, awaiting, disputed, awaitingPayment, draft] = expected[`${round} ${status}`]!;
      expect(isProposalPublished(p)).toBe(published);
      expect(isAwaitingTenantResponse(p)).toBe(awaiting);
      expect(isProposalDisputed(p)).toBe(disputed);
      expect(isAwaitingPayment(p)).toBe(awaitingPayment);
      expect(isTenantDraft(p)).toBe(draft);
    },
  );

  it.each([
    { round: 1, status: "AWAITING_PAYMENT", autoResponded: true, expected: true },
    { round: 3, status: "AWAITING_PAYMENT", autoResponded: true, expected: true },
    { round: 1, status: "AWAITING_PAYMENT", autoResponded: false, expected: false },
    { round: 1, status: "AWAITING_RESPONSE", autoResponded: true, expected: false },
    { round: 2, status: "AWAITING_PAYMENT", autoResponded: true, expected: false },
  ] as { round: ProposalRound; status: ProposalStatus; autoResponded: boolean; expected: boolean }[])(
    "part 1 §4.1 awaiting payment, auto-responded variant flagged by autoResponded — round $round $status autoResponded=$autoResponded → $expected",
    (p) => {
      expect(isAwaitingPaymentAfterAutoResponse(p)).toBe(p.expected);
    },
  );

  it.each([
    { why: "landlord's round 1 draft", p: { round: 1, status: "DRAFT", source: "SUPPLIER", createdByUserId: "agent" }, visible: false },
    { why: "landlord's round 3 draft", p: { round: 3, status: "DRAFT", source: "SUPPLIER", createdByUserId: "agent" }, visible: false },
    { why: "landlord's published charges", p: { round: 1, status: "AWAITING_RESPONSE", source: "SUPPLIER", createdByUserId: "agent" }, visible: true },
    { why: "the tenant's own round 2 draft", p: { round: 2, status: "DRAFT", source: "TENANT", createdByUserId: VIEWER }, visible: true },
    { why: "the tenant's own round 2 proposal at the payment step", p: { round: 2, status: "AWAITING_PAYMENT", source: "TENANT", createdByUserId: VIEWER }, visible: true },
    { why: "a co-tenant's round 2 draft", p: { round: 2, status: "DRAFT", source: "TENANT", createdByUserId: CO_TENANT }, visible: false },
    { why: "a co-tenant's unpaid round 2 proposal", p: { round: 2, status: "AWAITING_PAYMENT", source: "TENANT", createdByUserId: CO_TENANT }, visible: false },
    { why: "a co-tenant's submitted round 2 proposal", p: { round: 2, status: "AWAITING_RESPONSE", source: "TENANT", createdByUserId: CO_TENANT }, visible: true },
    { why: "a round 2 draft with no author", p: { round: 2, status: "DRAFT", source: "TENANT", createdByUserId: null }, visible: false },
  ] as { why: string; p: Pick<ClaimProposal, "round" | "status" | "source" | "createdByUserId">; visible: boolean }[])(
    "part 1 §4.1 what a tenant may see (supplier drafts never; own draft to its author) — $why → $visible",
    ({ p, visible }) => {
      expect(isProposalVisibleToTenant(p, VIEWER)).toBe(visible);
    },
  );
});

describe("claims: item settled (part 1 §4.1)", () => {
  it.each([
    { why: "no proposals", proposals: [], item: "i1", settled: false },
    { why: "round 2 item settled, proposal settled", proposals: [proposal({ round: 2, status: "SETTLED", itemProposals: items({ i1: true }) })], item: "i1", settled: true },
    { why: "round 2 other item not settled", proposals: [proposal({ round: 2, status: "SETTLED", itemProposals: items({ i1: true }) })], item: "i2", settled: false },
    { why: "round 2 item settled, rest disputed by the landlord", proposals: [proposal({ round: 2, status: "DISPUTED", itemProposals: items({ i1: true }) })], item: "i1", settled: true },
    { why: "round 2 item settled but the landlord's response is pending", proposals: [proposal({ round: 2, status: "AWAITING_RESPONSE", itemProposals: items({ i1: true }) })], item: "i1", settled: false },
    { why: "round 2 item settled but still a tenant draft", proposals: [proposal({ round: 2, status: "DRAFT", itemProposals: items({ i1: true }) })], item: "i1", settled: false },
    { why: "round 2 item settled but awaiting the tenant's payment", proposals: [proposal({ round: 2, status: "AWAITING_PAYMENT", itemProposals: items({ i1: true }) })], item: "i1", settled: false },
    {
      why: "round 3 item settled, no round 2 awaiting response, no round 3 draft",
      proposals: [proposal({ round: 2, status: "DISPUTED", itemProposals: items() }), proposal({ round: 3, status: "SETTLED", itemProposals: items({ i1: true }) })],
      item: "i1",
      settled: true,
    },
    {
      why: "round 3 item settled but a round 2 proposal awaits response",
      proposals: [proposal({ round: 2, status: "AWAITING_RESPONSE", itemProposals: items() }), proposal({ round: 3, status: "SETTLED", itemProposals: items({ i1: true }) })],
      item: "i1",
      settled: false,
    },
    {
      why: "round 3 item settled but round 3 is a draft",
      proposals: [proposal({ round: 3, status: "DRAFT", itemProposals: items({ i1: true }) })],
      item: "i1",
      settled: false,
    },
    { why: "round 1 settlement alone does not count", proposals: [proposal({ round: 1, status: "SETTLED", itemProposals: items({ i1: true }) })], item: "i1", settled: false },
  ])("part 1 §4.1 an item is settled if its round 2 item is settled (no response pending) or its round 3 item is (no round 2 awaiting response or round 3 draft) — $why", ({ proposals, item, settled }) => {
    expect(isItemSettled(item, proposals)).toBe(settled);
  });
});

describe("claims: payable order (part 1 §4.1)", () => {
  const pending = (id: string): OrderRef => ({ id, statusId: "PENDING" });
  const complete = (id: string): OrderRef => ({ id, statusId: "COMPLETE" });
  it.each([
    { why: "no proposals", proposals: [], repayment: null, payable: null },
    { why: "round 1 order pending", proposals: [{ round: 1, order: pending("o1") }], repayment: null, payable: "o1" },
    { why: "round 1 order complete", proposals: [{ round: 1, order: complete("o1") }], repayment: null, payable: null },
    { why: "round 1 without an order", proposals: [{ round: 1, order: null }], repayment: null, payable: null },
    { why: "round 3 wins over round 1", proposals: [{ round: 3, order: pending("o3") }, { round: 1, order: pending("o1") }], repayment: null, payable: "o3" },
    { why: "round 2 order is not payable here", proposals: [{ round: 2, order: pending("o2") }], repayment: null, payable: null },
    { why: "arbitration repayment order takes precedence", proposals: [{ round: 1, order: pending("o1") }], repayment: pending("r1"), payable: "r1" },
    { why: "a paid repayment order leaves nothing payable", proposals: [{ round: 3, order: pending("o3") }], repayment: complete("r1"), payable: null },
  ] as { why: string; proposals: { round: ProposalRound; order: OrderRef | null }[]; repayment: OrderRef | null; payable: string | null }[])(
    "part 1 §4.1 a round 1 or 3 proposal whose order is PENDING is payable; an arbitration repayment order takes precedence — $why",
    ({ proposals, repayment, payable }) => {
      expect(payableOrderId(proposals, repayment)).toBe(payable);
    },
  );
});

describe("claims: tenant actions (part 1 §4.1, §6)", () => {
  const NOW = "2024-04-02T12:00:00Z";
  const LATE = "2024-04-07T12:00:00Z"; // responseDeadline of 2024-03-30 is the end of 6 April (BST)
  const r1 = (over: Partial<ClaimProposal> = {}) => proposal({ round: 1, status: "AWAITING_RESPONSE", itemProposals: items(), ...over });
  const draft = (by: string, itemIds = ["i1", "i2"]) =>
    proposal({ round: 2, status: "DRAFT", createdByUserId: by, publishedAt: null, itemProposals: items().filter((i) => itemIds.includes(i.claimItemId)) });

  function state(over: Partial<TenantClaimState> = {}): TenantClaimState {
    return {
      status: "AWAITING_RESPONDENTS",
      mediationEnabled: true,
      itemIds: ["i1", "i2"],
      proposals: [r1()],
      organisationName: "Acme Lettings",
      viewer: { userId: VIEWER, isRespondent: true },
      now: NOW,
      ...over,
    };
  }

  const scenarios: { why: string; state: TenantClaimState; allowed: TenantAction[] }[] = [
    { why: "charges awaiting response, mediation enabled", state: state(), allowed: ["accept", "counter"] },
    { why: "charges awaiting response in MEDIATION", state: state({ status: "MEDIATION" }), allowed: ["accept", "counter"] },
    { why: "charges awaiting response, mediation disabled", state: state({ mediationEnabled: false }), allowed: ["accept", "reject", "dispute", "rejectWithNoEvidence"] },
    { why: "round 1 marked FINAL", state: state({ proposals: [r1({ type: "FINAL" })] }), allowed: ["accept", "reject", "dispute", "rejectWithNoEvidence"] },
    {
      why: "round 3 final proposal awaiting response",
      state: state({ proposals: [r1({ status: "DISPUTED" }), proposal({ round: 2, status: "DISPUTED", createdByUserId: VIEWER }), proposal({ round: 3, status: "AWAITING_RESPONSE" })] }),
      allowed: ["accept", "reject", "dispute", "rejectWithNoEvidence"],
    },
    { why: "own complete draft", state: state({ proposals: [r1(), draft(VIEWER)] }), allowed: ["accept", "publish"] },
    { why: "own incomplete draft", state: state({ proposals: [r1(), draft(VIEWER, ["i1"])] }), allowed: ["accept"] },
    { why: "a co-tenant's draft", state: state({ proposals: [r1(), draft(CO_TENANT)] }), allowed: ["accept"] },
    { why: "own proposal at the payment step", state: state({ proposals: [r1(), proposal({ round: 2, status: "AWAITING_PAYMENT", createdByUserId: VIEWER })] }), allowed: ["accept", "unpublish"] },
    { why: "a co-tenant's proposal at the payment step", state: state({ proposals: [r1(), proposal({ round: 2, status: "AWAITING_PAYMENT", createdByUserId: CO_TENANT })] }), allowed: ["accept"] },
    { why: "tenant proposal submitted, awaiting the landlord", state: state({ proposals: [r1(), proposal({ round: 2, status: "AWAITING_RESPONSE", createdByUserId: CO_TENANT })] }), allowed: [] },
    { why: "past the deadline: only accepting is left", state: state({ now: LATE }), allowed: ["accept"] },
    { why: "charges auto-accepted", state: state({ proposals: [r1({ status: "AWAITING_PAYMENT", autoResponded: true })] }), allowed: [] },
    { why: "formal dispute with the fee unpaid", state: state({ status: "AWAITING_ARBITRATION_ADMIN_FEE", adjudicationFeeOrderStatus: "PENDING" }), allowed: ["updateDisputeMessage"] },
    { why: "formal dispute with the fee paid", state: state({ status: "AWAITING_ARBITRATION_ADMIN_FEE", adjudicationFeeOrderStatus: "COMPLETE" }), allowed: [] },
    { why: "with the adjudicator", state: state({ status: "AWAITING_ARBITRATION" }), allowed: [] },
    { why: "claim resolved", state: state({ status: "RESOLVED" }), allowed: [] },
    { why: "not a respondent", state: state({ viewer: { userId: VIEWER, isRespondent: false } }), allowed: [] },
    { why: "view only", state: state({ viewer: { userId: VIEWER, isRespondent: true, viewOnly: true } }), allowed: [] },
    { why: "only a landlord draft exists", state: state({ proposals: [r1({ status: "DRAFT" })] }), allowed: [] },
  ];

  it.each(scenarios)("part 1 §4.1 tenant actions (accept; counter a non-final proposal with mediation; reject or dispute a final one or without mediation; publish a draft; unpublish from payment) — $why → $allowed", ({ state: s, allowed }) => {
    expect(allowedTenantActions(s)).toEqual(allowed);
  });

  const messages: { why: string; state: TenantClaimState; action: TenantAction; message: string }[] = [
    { why: "not a respondent", state: state({ viewer: { userId: VIEWER, isRespondent: false } }), action: "accept", message: CLAIM_MESSAGES.notRespondent },
    { why: "view only hides Agree and Disagree", state: state({ viewer: { userId: VIEWER, isRespondent: true, viewOnly: true } }), action: "counter", message: CLAIM_MESSAGES.viewOnly },
    { why: "claim closed", state: state({ status: "DECLINED" }), action: "accept", message: CLAIM_MESSAGES.closed },
    { why: "claim closed, dispute message", state: state({ status: "DEACTIVATED" }), action: "updateDisputeMessage", message: CLAIM_MESSAGES.closed },
    { why: "dispute fee due", state: state({ status: "AWAITING_ARBITRATION_ADMIN_FEE" }), action: "accept", message: CLAIM_MESSAGES.disputeFeeDue },
    { why: "with the adjudicator", state: state({ status: "AWAITING_ARBITRATION" }), action: "dispute", message: CLAIM_MESSAGES.withAdjudicator },
    { why: "adjudicated", state: state({ status: "ARBITRATED" }), action: "accept", message: CLAIM_MESSAGES.adjudicated },
    { why: "awaiting substantiation", state: state({ status: "AWAITING_SUBSTANTIATION" }), action: "accept", message: "Awaiting response from Acme Lettings" },
    { why: "awaiting substantiation, organisation unknown", state: state({ status: "AWAITING_SUBSTANTIATION", organisationName: null }), action: "accept", message: "Awaiting response from your landlord or agent" },
    { why: "evidence review", state: state({ status: "EVIDENCE_REVIEW" }), action: "accept", message: CLAIM_MESSAGES.evidenceReview },
    { why: "awaiting evidence review", state: state({ status: "AWAITING_EVIDENCE_REVIEW" }), action: "counter", message: CLAIM_MESSAGES.evidenceReview },
    { why: "no charges yet", state: state({ proposals: [] }), action: "accept", message: CLAIM_MESSAGES.noCharges },
    { why: "tenant proposal awaiting the landlord", state: state({ proposals: [r1(), proposal({ round: 2, status: "AWAITING_RESPONSE" })] }), action: "accept", message: "Awaiting response from Acme Lettings" },
    { why: "already accepted", state: state({ proposals: [r1({ status: "AWAITING_PAYMENT" })] }), action: "accept", message: CLAIM_MESSAGES.alreadyAccepted },
    { why: "auto-accepted", state: state({ proposals: [r1({ status: "AWAITING_PAYMENT", autoResponded: true })] }), action: "counter", message: "You must pay immediately" },
    { why: "already disputed", state: state({ proposals: [r1({ status: "DISPUTED" })] }), action: "dispute", message: CLAIM_MESSAGES.alreadyDisputed },
    { why: "settled", state: state({ proposals: [r1({ status: "SETTLED" })] }), action: "accept", message: CLAIM_MESSAGES.settled },
    { why: "past the deadline", state: state({ now: LATE }), action: "counter", message: CLAIM_MESSAGES.deadlinePassed },
    { why: "past the deadline, dispute", state: state({ now: LATE, mediationEnabled: false }), action: "dispute", message: CLAIM_MESSAGES.deadlinePassed },
    { why: "final proposal cannot be countered", state: state({ proposals: [proposal({ round: 3, status: "AWAITING_RESPONSE" })] }), action: "counter", message: CLAIM_MESSAGES.finalNoCounter },
    { why: "mediation disabled", state: state({ mediationEnabled: false }), action: "counter", message: CLAIM_MESSAGES.mediationDisabled },
    { why: "non-final proposal with mediation cannot be disputed", state: state(), action: "reject", message: CLAIM_MESSAGES.counterFirst },
    { why: "non-final proposal with mediation, no-evidence rejection", state: state(), action: "rejectWithNoEvidence", message: CLAIM_MESSAGES.counterFirst },
    { why: "own proposal already in progress", state: state({ proposals: [r1(), draft(VIEWER)] }), action: "counter", message: CLAIM_MESSAGES.ownProposalInProgress },
    { why: "co-tenant's proposal in progress", state: state({ proposals: [r1(), draft(CO_TENANT)] }), action: "counter", message: CLAIM_MESSAGES.coTenantProposalInProgress },
    { why: "no draft to publish", state: state(), action: "publish", message: CLAIM_MESSAGES.noDraft },
    { why: "co-tenant's draft cannot be published by another tenant", state: state({ proposals: [r1(), draft(CO_TENANT)] }), action: "publish", message: CLAIM_MESSAGES.noDraft },
    { why: "Continue only when every item has a tenant proposal", state: state({ proposals: [r1(), draft(VIEWER, ["i1"])] }), action: "publish", message: CLAIM_MESSAGES.incompleteDraft },
    { why: "publishing after the deadline", state: state({ proposals: [r1(), draft(VIEWER)], now: LATE }), action: "publish", message: CLAIM_MESSAGES.deadlinePassed },
    { why: "nothing to go back from", state: state(), action: "unpublish", message: CLAIM_MESSAGES.nothingToGoBackFrom },
    { why: "dispute message outside a dispute", state: state(), action: "updateDisputeMessage", message: CLAIM_MESSAGES.disputeMessageLocked },
    { why: "dispute message after the fee is paid", state: state({ status: "AWAITING_ARBITRATION_ADMIN_FEE", adjudicationFeeOrderStatus: "COMPLETE" }), action: "updateDisputeMessage", message: CLAIM_MESSAGES.disputeMessageLocked },
  ];

  it.each(messages)("part 1 §4.1/§6 a refused action carries a message the tenant can read (API 409) — $why: $action", ({ state: s, action, message }) => {
    expect(checkTenantAction(s, action)).toEqual({ ok: false, message });
  });

  it.each([
    { action: "accept", s: state({ now: LATE }) },
    { action: "updateDisputeMessage", s: state({ status: "AWAITING_ARBITRATION_ADMIN_FEE", adjudicationFeeOrderStatus: null }) },
  ] as { action: TenantAction; s: TenantClaimState }[])(
    "part 1 §4.1 accept stays open after the deadline (charges are treated as accepted anyway); the dispute message is open before any fee order — $action",
    ({ action, s }) => {
      expect(checkTenantAction(s, action)).toEqual({ ok: true });
    },
  );

  it("part 1 §8 the dispute-fee refusal uses the spec's formal dispute warning", () => {
    expect(CLAIM_MESSAGES.disputeFeeDue).toBe(
      "You must complete payment for this dispute to be considered. If payment is not made, these end of tenancy charges will be considered accepted and you will take full liability of the charges.",
    );
  });
});

describe("claims: total proposed (part 1 §4.1)", () => {
  it.each([
    { proposed: 60000, charges: 80000, limit: 50000, kind: "acceptMaximumLiability", why: "above maximum liability" },
    { proposed: 80000, charges: 80000, limit: 50000, kind: "acceptMaximumLiability", why: "equal to charges but above the limit: the limit check comes first" },
    { proposed: 80000, charges: 80000, limit: 100000, kind: "acceptCharges", why: "equal to the charges" },
    { proposed: 50000, charges: 50000, limit: 50000, kind: "acceptCharges", why: "equal to charges and to the limit" },
    { proposed: 0, charges: 80000, limit: 100000, kind: "zeroWarning", why: "£0" },
    { proposed: 0, charges: 0, limit: 100000, kind: "acceptCharges", why: "£0 charges and £0 proposed" },
    { proposed: 19999, charges: 80000, limit: 100000, kind: "lowWarning", why: "below 25% of charges" },
    { proposed: 20000, charges: 80000, limit: 100000, kind: "submitProposal", why: "exactly 25% of charges" },
    { proposed: 50000, charges: 80000, limit: 100000, kind: "submitProposal", why: "otherwise" },
  ])("part 1 §4.1 confirmation by total proposed: above maximum liability, equal to charges, £0, below 25%, otherwise — $why → $kind", ({ proposed, charges, limit, kind }) => {
    expect(proposalConfirmationKind(proposed, charges, limit)).toBe(kind);
  });

  it("part 1 §4.1 confirmation: amounts must be whole pence", () => {
    expect(() => proposalConfirmationKind(1.5, 100, 100)).toThrow(RangeError);
  });

  it.each([
    [60000, 50000, 50000],
    [30000, 50000, 30000],
    [0, 50000, 0],
  ])("part 1 §4.1 'Accept maximum liability' means the tenant pays the limit only — proposed %i, limit %i → upfront %i", (proposed, limit, upfront) => {
    expect(proposalUpfrontPaymentPence(proposed, limit)).toBe(upfront);
  });
});
