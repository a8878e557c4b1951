import { describe, expect, it } from "vitest";
import { counterProposalCeilingMessage } from "#common/claim-proposal";
import { poundsText } from "#common/wording";
import {
  CLAIM_RESPONSE_MESSAGES,
  adjudicationRepayment,
  agentAmountForItem,
  checkEditTenantDraft,
  checkResponseDocumentChange,
  claimScreenFacts,
  currentProposal,
  notOpenProposalMessage,
  openSupplierProposal,
  orderProposals,
  ownUnpublishedProposal,
  payableChargesPence,
  proposalTotalPence,
  type OrderedProposal,
} from "../../../server/domain/claim-responses.js";
import { CLAIM_MESSAGES, type TenantClaimState } from "../../../server/domain/claims.js";
import type { ProposalRound, ProposalStatus } from "../../../server/domain/statuses.js";

const ME = "user-1";
const CO = "user-2";
const NOW = "2024-04-02T10:00:00Z";

function p(id: string, round: ProposalRound, status: ProposalStatus, over: Partial<OrderedProposal> = {}): OrderedProposal {
  return {
    id,
    round,
    status,
    source: round === 2 ? "TENANT" : "SUPPLIER",
    publishedAt: status === "DRAFT" ? null : "2024-03-30T10:00:00Z",
    createdAt: "2024-03-30T10:00:00Z",
    itemProposals: [
      { claimItemId: "i1", amount: 10_000, settled: false },
      { claimItemId: "i2", amount: 5_000, settled: false },
    ],
    ...over,
  };
}

function state(proposals: OrderedProposal[], over: Partial<TenantClaimState> = {}): TenantClaimState {
  return {
    status: "AWAITING_RESPONDENTS",
    mediationEnabled: true,
    itemIds: ["i1", "i2"],
    proposals,
    organisationName: "Harbour Lettings",
    viewer: { userId: ME, isRespondent: true },
    now: NOW,
    ...over,
  };
}

describe("claim responses: which proposal is current (part 1 §4.1)", () => {
  it("orders by round, then oldest first within a round", () => {
    const list = [
      p("b", 2, "DRAFT", { createdAt: "2024-03-31T10:00:00Z" }),
      p("c", 3, "AWAITING_RESPONSE"),
      p("a", 1, "AWAITING_RESPONSE"),
      p("b0", 2, "DISPUTED", { createdAt: "2024-03-30T09:00:00Z" }),
    ];
    expect(orderProposals(list).map((x) => x.id)).toEqual(["a", "b0", "b", "c"]);
  });

  it("the current proposal is the latest published; an unpublished tenant proposal does not count", () => {
    const round1 = p("r1", 1, "AWAITING_RESPONSE");
    expect(currentProposal([round1, p("d", 2, "DRAFT", { createdByUserId: ME })])?.id).toBe("r1");
    expect(currentProposal([round1, p("d", 2, "AWAITING_PAYMENT", { createdByUserId: ME })])?.id).toBe("r1");
    expect(currentProposal([round1, p("s", 2, "AWAITING_RESPONSE")])?.id).toBe("s");
    expect(currentProposal([round1, p("f", 3, "DRAFT")])?.id).toBe("r1");
    expect(currentProposal([])).toBeUndefined();
  });

  it("the open landlord proposal is the current one when it is round 1 or 3 awaiting response", () => {
    expect(openSupplierProposal([p("r1", 1, "AWAITING_RESPONSE")])?.id).toBe("r1");
    expect(openSupplierProposal([p("r1", 1, "AWAITING_PAYMENT")])).toBeUndefined();
    expect(openSupplierProposal([p("r1", 1, "AWAITING_RESPONSE"), p("s", 2, "AWAITING_RESPONSE")])).toBeUndefined();
    expect(openSupplierProposal([p("r1", 1, "AWAITING_RESPONSE"), p("s", 2, "DISPUTED"), p("f", 3, "AWAITING_RESPONSE")])?.id).toBe("f");
  });

  it("a tenant's unpublished proposal is found for its author only", () => {
    const draft = p("d", 2, "DRAFT", { createdByUserId: ME });
    expect(ownUnpublishedProposal([draft], ME)?.id).toBe("d");
    expect(ownUnpublishedProposal([draft], CO)).toBeUndefined();
    expect(ownUnpublishedProposal([draft], ME, "AWAITING_PAYMENT")).toBeUndefined();
    expect(ownUnpublishedProposal([p("s", 2, "AWAITING_RESPONSE", { createdByUserId: ME })], ME)).toBeUndefined();
  });
});

describe("claim responses: amounts (part 1 §5, §9)", () => {
  it("the agent's current amount for an item is the latest published landlord proposal's", () => {
    const list = [p("r1", 1, "DISPUTED"), p("s", 2, "DISPUTED"), p("f", 3, "AWAITING_RESPONSE", { itemProposals: [{ claimItemId: "i1", amount: 7_000, settled: false }] })];
    expect(agentAmountForItem(list, "i1")).toBe(7_000);
    expect(agentAmountForItem(list, "i2")).toBe(5_000);
    expect(agentAmountForItem([p("f", 3, "DRAFT")], "i1")).toBeNull();
    expect(agentAmountForItem(list, "unknown")).toBeNull();
  });

  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [12_000, "120.00"],
    [123_456, "1,234.56"],
    [100_000_000, "1,000,000.00"],
  ])("formats %i pence as £%s", (pence, pounds) => {
    expect(poundsText(pence)).toBe(pounds);
  });

  it("says 'New offer cannot exceed the charges raised (£X).'", () => {
    expect(counterProposalCeilingMessage(12_000)).toBe("New offer cannot exceed the charges raised (£120.00).");
  });

  it("caps what is payable at the limit", () => {
    expect(proposalTotalPence(p("r1", 1, "AWAITING_RESPONSE"))).toBe(15_000);
    expect(payableChargesPence(15_000, 10_000)).toBe(10_000);
    expect(payableChargesPence(9_000, 10_000)).toBe(9_000);
  });

  it("sets the dispute fee credit against what is owed after adjudication, refunding what is left of it", () => {
    expect(adjudicationRepayment(30_000, 100_000, 6_000)).toEqual({ amountDuePence: 24_000, creditUsedPence: 6_000, creditRefundPence: 0 });
    expect(adjudicationRepayment(4_000, 100_000, 6_000)).toEqual({ amountDuePence: 0, creditUsedPence: 4_000, creditRefundPence: 2_000 });
    expect(adjudicationRepayment(200_000, 100_000, 0)).toEqual({ amountDuePence: 100_000, creditUsedPence: 0, creditRefundPence: 0 });
  });
});

describe("claim responses: checks", () => {
  it("a tenant may edit their own draft while the charges await them and the deadline has not passed", () => {
    const round1 = p("r1", 1, "AWAITING_RESPONSE", { responseDeadline: "2024-04-06T22:59:59.999Z" });
    expect(checkEditTenantDraft(state([round1, p("d", 2, "DRAFT", { createdByUserId: ME })])).ok).toBe(true);
    expect(checkEditTenantDraft(state([round1, p("d", 2, "DRAFT", { createdByUserId: CO })]))).toEqual({ ok: false, message: CLAIM_MESSAGES.noDraft });
    expect(checkEditTenantDraft(state([round1, p("d", 2, "AWAITING_PAYMENT", { createdByUserId: ME })]))).toEqual({
      ok: false,
      message: CLAIM_RESPONSE_MESSAGES.goBackToEdit,
    });
    expect(checkEditTenantDraft(state([round1, p("d", 2, "DRAFT", { createdByUserId: ME })], { now: "2024-04-07T00:00:00Z" }))).toEqual({
      ok: false,
      message: CLAIM_MESSAGES.deadlinePassed,
    });
    expect(checkEditTenantDraft(state([round1], { status: "AWAITING_ARBITRATION" })).ok).toBe(false);
  });

  it("explains why a proposal that is not the open one cannot be answered", () => {
    expect(notOpenProposalMessage({ round: 1, status: "AWAITING_PAYMENT", autoResponded: true })).toBe(CLAIM_MESSAGES.payImmediately);
    expect(notOpenProposalMessage({ round: 1, status: "AWAITING_PAYMENT" })).toBe(CLAIM_MESSAGES.alreadyAccepted);
    expect(notOpenProposalMessage({ round: 3, status: "DISPUTED" })).toBe(CLAIM_MESSAGES.alreadyDisputed);
    expect(notOpenProposalMessage({ round: 1, status: "SETTLED" })).toBe(CLAIM_MESSAGES.settled);
    expect(notOpenProposalMessage({ round: 1, status: "AWAITING_RESPONSE" })).toBe(CLAIM_RESPONSE_MESSAGES.notTheOpenProposal);
    expect(notOpenProposalMessage({ round: 2, status: "AWAITING_RESPONSE" })).toBe(CLAIM_RESPONSE_MESSAGES.notLandlordProposal);
  });

  it("claim response documents change only before the claim is with the adjudicator", () => {
    expect(checkResponseDocumentChange("AWAITING_RESPONDENTS").ok).toBe(true);
    expect(checkResponseDocumentChange("AWAITING_ARBITRATION_ADMIN_FEE").ok).toBe(true);
    expect(checkResponseDocumentChange("AWAITING_ARBITRATION")).toEqual({ ok: false, message: CLAIM_MESSAGES.withAdjudicator });
    expect(checkResponseDocumentChange("ARBITRATED")).toEqual({ ok: false, message: CLAIM_MESSAGES.adjudicated });
    expect(checkResponseDocumentChange("RESOLVED")).toEqual({ ok: false, message: CLAIM_MESSAGES.closed });
  });
});

describe("claim responses: what the claim screen shows (part 1 §2.5, §4.1)", () => {
  const deadline = "2024-04-06T22:59:59.999Z"; // end of 6 April, London (BST)

  it("charges awaiting the tenant: can respond, deadline and urgency", () => {
    const facts = claimScreenFacts(state([p("r1", 1, "AWAITING_RESPONSE", { responseDeadline: deadline })]));
    expect(facts).toMatchObject({
      currentProposalId: "r1",
      canRespond: true,
      awaitingTenantResponse: true,
      disputed: false,
      awaitingPayment: false,
      allowedActions: ["accept", "counter"],
      awaitingResponseFrom: null,
      daysRemaining: 4,
      urgency: "low",
    });
    expect(facts.responseDeadline?.toISOString()).toBe(deadline);
  });

  it("charges accepted for the tenant after the deadline: must pay immediately", () => {
    const facts = claimScreenFacts(state([p("r1", 1, "AWAITING_PAYMENT", { responseDeadline: "2024-04-01T22:59:59.999Z", autoResponded: true })]));
    expect(facts).toMatchObject({ canRespond: false, awaitingPayment: true, autoResponded: true, daysRemaining: -1, urgency: "high", allowedActions: [] });
  });

  it("a submitted tenant proposal waits on the organisation, with no tenant deadline", () => {
    const facts = claimScreenFacts(state([p("r1", 1, "AWAITING_RESPONSE", { responseDeadline: deadline }), p("s", 2, "AWAITING_RESPONSE")]));
    expect(facts).toMatchObject({ awaitingResponseFrom: "Harbour Lettings", awaitingTenantResponse: false, canRespond: false, responseDeadline: null });
  });

  it("the tenant's own draft and payment step are named for them only", () => {
    const withDraft = [p("r1", 1, "AWAITING_RESPONSE", { responseDeadline: deadline }), p("d", 2, "DRAFT", { createdByUserId: ME })];
    expect(claimScreenFacts(state(withDraft))).toMatchObject({ tenantDraftProposalId: "d", canRespond: true });
    expect(claimScreenFacts(state(withDraft, { viewer: { userId: CO, isRespondent: true } }))).toMatchObject({
      tenantDraftProposalId: null,
      allowedActions: ["accept"],
    });
    const atPayment = [p("r1", 1, "AWAITING_RESPONSE", { responseDeadline: deadline }), p("d", 2, "AWAITING_PAYMENT", { createdByUserId: ME })];
    expect(claimScreenFacts(state(atPayment))).toMatchObject({ tenantDraftProposalId: null, tenantProposalAwaitingPaymentId: "d" });
  });

  it("a dispute whose fee is unpaid keeps its deadline; once paid it has none", () => {
    const disputed = [p("r1", 1, "DISPUTED", { responseDeadline: deadline })];
    const unpaid = claimScreenFacts(state(disputed, { status: "AWAITING_ARBITRATION_ADMIN_FEE", mediationEnabled: false }), { disputeFeePaid: false });
    expect(unpaid).toMatchObject({ disputed: true, daysRemaining: 4, allowedActions: ["updateDisputeMessage"] });
    const paid = claimScreenFacts(state(disputed, { status: "AWAITING_ARBITRATION", mediationEnabled: false }), { disputeFeePaid: true });
    expect(paid).toMatchObject({ disputed: true, responseDeadline: null, allowedActions: [] });
  });
});
