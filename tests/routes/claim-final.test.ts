import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

/**
 * Issue 12 scopes 1 and 5 on the claim side: the landlord's final proposal (round 3) on the
 * claim page with the two ways forward, the same choice for charges without mediation, the
 * worked table of what happens to the £60 (common/dispute-fee.ts), accepting the final proposal
 * and paying its order, and what a co-tenant paid.
 */
vi.mock("../../app/lib/env.server", () => ({
  webConfig: {
    isProduction: false,
    sessionSecrets: ["test-session-secret-0123456789-abcdef"],
    maintenanceMode: false,
    stripePublishableKey: "pk_test",
    stripeStandIn: true,
  },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { claimContext } = await import("../../app/routes/claims/+lib/claims.server");
const { flash } = await import("../../app/lib/session.server");
const { claimChoiceView } = await import("../../app/routes/claims/+lib/claim-choice");
const { itemPanelView } = await import("../../app/routes/claims/+lib/claim-item-view");
const { claimPageState } = await import("../../app/routes/claims/+lib/claim-page-url");
const { claimPageView } = await import("../../app/routes/claims/+lib/claim-page-view");
const { disputeFeeTable } = await import("../../app/routes/claims/+lib/dispute-fee-table");
const { coTenantPaidText } = await import("../../app/routes/claims/+lib/claim-pay");
const { DISPUTE_FEE_PENCE, ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS } = await import("#common/dispute-fee");
const accept = await import("../../app/routes/claims/accept");
const pay = await import("../../app/routes/claims/pay");

type Claim = import("../../app/routes/claims/+lib/claims.server").Claim;
type Proposal = Claim["proposals"][number];

const NOW = new Date("2026-11-24T10:00:00Z");
const ITEMS = ["i1", "i2"];

function proposal(id: string, round: 1 | 2 | 3, status: Proposal["status"], amounts: number[], explanations: (string | null)[] = []): Proposal {
  return {
    id,
    claimId: "c1",
    round,
    status,
    type: round === 3 ? "FINAL" : "STANDARD",
    source: round === 2 ? "TENANT" : "SUPPLIER",
    publishedAt: "2026-11-20T10:00:00.000Z",
    orderId: `o-${id}`,
    createdByUserId: null,
    createdByCurrentUser: round === 2,
    responseDeadline: "2026-11-30T23:59:59.999Z",
    autoResponded: false,
    holdExpiresAt: null,
    totalAmount: amounts.reduce((a, b) => a + b, 0),
    itemProposals: amounts.map((amount, i) => ({
      id: `${id}-ip${i}`,
      claimProposalId: id,
      claimItemId: ITEMS[i]!,
      amount,
      explanation: explanations[i] ?? null,
      settled: false,
      settledSource: null as unknown as "SUPPLIER",
      documents: [],
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
    })),
  };
}

const round1 = proposal("p1", 1, "DISPUTED", [30_000, 50_000]);
const round2 = proposal("p2", 2, "DISPUTED", [10_000, 20_000]);
const round3 = proposal("p3", 3, "AWAITING_RESPONSE", [25_000, 40_000], ["Two rooms needed a second coat", null]);

/** final@-like: the tenant's proposal was refused with a final proposal of £650 (limit £960). */
function finalClaim(change: Partial<Claim> = {}): Claim {
  return {
    id: "c1",
    status: "MEDIATION",
    limit: 96_000,
    finalAmount: 65_000,
    details: null,
    mediationEnabled: true,
    tenantDisputeMessage: null,
    organization: { name: "Harbour Lettings" },
    tenancy: {
      id: "t1",
      PPM: 52_000,
      startDate: "2025-01-01",
      endDate: "2026-10-31",
      property: { address: { buildingNumber: "12", street: "Orchard Road", town: "Bristol", postcode: "BS1 1AA" } as never },
    },
    documents: [],
    items: [
      { id: "i1", claimId: "c1", description: "Redecoration", type: "REDECORATION", isSettled: false, chargedAmount: 30_000, currentAmount: 25_000, landlordEvidence: [], tenantEvidence: [] },
      { id: "i2", claimId: "c1", description: "Carpet", type: "DAMAGE", isSettled: false, chargedAmount: 50_000, currentAmount: 40_000, landlordEvidence: [], tenantEvidence: [] },
    ],
    respondents: [{ id: "r1", userId: "u1", firstName: "Finley", lastName: "Shaw", isCurrentUser: true, claimResponse: null }],
    currentRespondent: { id: "r1", claimResponseId: null },
    proposals: [round1, round2, round3],
    responseDocuments: [],
    activities: [],
    evidenceChasers: [],
    adjudicationFeeOrder: null,
    arbitration: null,
    inProgress: true,
    currentProposalId: "p3",
    canRespond: true,
    awaitingTenantResponse: true,
    disputed: false,
    awaitingPayment: false,
    autoResponded: false,
    tenantDraftProposalId: null,
    proposalPayment: null,
    payableOrderId: null,
    payActions: [],
    chargesPayment: null,
    acceptDue: { amount: 65_000, share: 65_000 },
    coTenantPayments: [],
    coTenants: [],
    bindingAnswer: null,
    allowedActions: ["accept", "reject", "dispute", "rejectWithNoEvidence"],
    awaitingResponseFrom: null,
    responseDeadline: "2026-11-30T23:59:59.999Z",
    daysRemaining: 6,
    urgency: "low",
    paymentPlanId: null,
    coTenantOnPaymentPlan: false,
    moreTime: { canAsk: true, waiting: null },
    breathingSpace: null,
    ...change,
  };
}

/** dispute@-like before disputing: mediation off, the round 1 charges waiting for an answer. */
function noMediationClaim(change: Partial<Claim> = {}): Claim {
  return finalClaim({
    mediationEnabled: false,
    status: "AWAITING_RESPONDENTS",
    finalAmount: null,
    proposals: [proposal("p1", 1, "AWAITING_RESPONSE", [30_000, 50_000])],
    items: finalClaim().items.map((item, i) => ({ ...item, currentAmount: [30_000, 50_000][i]! })),
    currentProposalId: "p1",
    acceptDue: { amount: 80_000, share: 80_000 },
    ...change,
  });
}

const url = (query = "?mediationEnabled=true") => new URL(`http://localhost/claims/c1${query}`);
const fee = `£${(DISPUTE_FEE_PENCE / 100).toFixed(2)}`;

describe("the final proposal (round 3) on the claim page", () => {
  it("'Your landlord put forward a final proposal of' per item, with its reasoning, and in total; the item's current amount", () => {
    const view = claimPageView(finalClaim(), url(), NOW);
    expect(view.finalProposal).toEqual({
      lines: [
        { description: "Redecoration", amount: "£250.00", reasoning: "Two rooms needed a second coat" },
        { description: "Carpet", amount: "£400.00", reasoning: null },
      ],
      total: "£650.00",
    });
    expect(view.items.map((i) => [i.amountLabel, i.amount, i.finalProposal])).toEqual([
      ["Item charges", "£250.00", { phrase: "Your landlord put forward a final proposal of", amount: "£250.00", reasoning: "Two rooms needed a second coat" }],
      ["Item charges", "£400.00", { phrase: "Your landlord put forward a final proposal of", amount: "£400.00", reasoning: null }],
    ]);
  });

  it("no Agree, Disagree or Edit on items, and no item asks for an answer: the final proposal is answered as a whole", () => {
    const claim = finalClaim();
    for (const item of claim.items) {
      expect(itemPanelView(claim, item, claimPageState(url()), NOW)).toMatchObject({ actions: null, required: false });
    }
    // No 'Your Proposal' table: the final proposal replaced the tenant's refused one.
    expect(claimPageView(claim, url(), NOW)).toMatchObject({ proposal: null, acceptHref: null });
  });

  it("the two ways forward: accept and pay the final total, or a formal dispute for the £60 (6 weeks, then 3 days to pay)", () => {
    expect(claimChoiceView(finalClaim())).toEqual({
      final: true,
      accept: {
        heading: "Accept the final proposal",
        href: "/claims/c1/accept",
        amount: "£650.00",
        cost: "You pay £650.00 by card now. There is no fee, and once it is paid the charges are settled.",
      },
      dispute: {
        href: "/claims/c1/dispute",
        fee,
        weeks: ADJUDICATION_MAX_WEEKS,
        payDays: ADJUDICATION_PAYMENT_DAYS,
        rejectNoEvidenceHref: "/claims/c1/reject-no-evidence",
      },
      feeTable: disputeFeeTable(65_000, 96_000),
    });
    expect([ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS, DISPUTE_FEE_PENCE]).toEqual([6, 3, 6_000]);
  });

  it("accept costs the limit when it is lower, and the tenant's share when shared (the API's acceptDue)", () => {
    const capped = claimChoiceView(finalClaim({ limit: 60_000, acceptDue: { amount: 60_000, share: 30_000 } }))!;
    expect(capped.accept).toMatchObject({ amount: "£300.00" });
    expect(capped.accept!.cost).toBe(
      "You pay £300.00 by card now. That is your share of £600.00; any tenant can pay the whole amount. £650.00 is more than your maximum liability, so you pay no more than £600.00 in total. There is no fee, and once it is paid the charges are settled.",
    );
  });

  it("no choice once answered, or when the API allows no dispute; no 'Reject with no evidence' unless allowed", () => {
    expect(claimChoiceView(finalClaim({ canRespond: false, allowedActions: [] }))).toBeNull();
    expect(claimChoiceView(finalClaim({ allowedActions: ["accept"] }))).toBeNull();
    expect(claimChoiceView(finalClaim({ allowedActions: ["accept", "dispute"] }))!.dispute.rejectNoEvidenceHref).toBeNull();
    // Mediation, round 1: agree or disagree item by item (issue 11), not this choice.
    const round1Open = noMediationClaim({ mediationEnabled: true, allowedActions: ["accept", "counter"] });
    expect(claimChoiceView(round1Open)).toBeNull();
    expect(claimPageView(round1Open, url(), NOW).acceptHref).toBe("/claims/c1/accept");
  });
});

describe("charges without mediation (round 1): the same choice", () => {
  it("accept the charges, or raise a formal dispute; items ask for no answer", () => {
    const claim = noMediationClaim({ allowedActions: ["accept", "reject", "dispute", "rejectWithNoEvidence"] });
    const view = claimPageView(claim, url(""), NOW);
    expect(view.finalProposal).toBeNull();
    expect(view.choice).toMatchObject({
      final: false,
      accept: { heading: "Accept the charges", amount: "£800.00", href: "/claims/c1/accept" },
      dispute: { href: "/claims/c1/dispute", rejectNoEvidenceHref: "/claims/c1/reject-no-evidence" },
    });
    expect(view.items.every((i) => i.actions === null && !i.required)).toBe(true);
  });
});

describe("the worked table of what happens to the £60 (part 1 §4.1, common/dispute-fee.ts, the sentences of common/wording/fees.ts)", () => {
  it("a final proposal below the maximum liability: everything → not credited or refunded; part → credited; nothing → refunded in full", () => {
    expect(disputeFeeTable(65_000, 96_000)).toEqual([
      { awarded: "Everything (£650.00)", outcome: `The ${fee} is not credited or refunded.` },
      {
        awarded: "Part of it (for example £325.00)",
        outcome: `The ${fee} is credited: it comes off what you owe. If you owe less than ${fee}, the rest is refunded to your card.`,
      },
      { awarded: "Nothing (£0.00)", outcome: `You owe nothing, so the ${fee} is refunded to your card in full.` },
    ]);
  });

  it("a final proposal above the maximum liability: an award reduced but still at or above it is not credited (8 weeks' rent)", () => {
    const rows = disputeFeeTable(120_000, 96_000);
    expect(rows.map((r) => r.awarded)).toEqual([
      "Everything (£1,200.00)",
      "Less than £1,200.00, but £960.00 or more",
      "Part of it (for example £480.00)",
      "Nothing (£0.00)",
    ]);
    expect(rows[1]!.outcome).toBe(
      `The ${fee} is not credited or refunded: you never pay more than your maximum liability of £960.00 (8 weeks' rent), so the award does not lower what you pay.`,
    );
    expect(rows[2]!.outcome).toMatch(/^The £60\.00 is credited/);
  });
});

// ── Accepting the final proposal and paying its order ─────────────────────

type Call = { method: string; path: string; options: { params?: { path?: Record<string, string> } } };

function contextFor(claim: Claim, fail?: InstanceType<typeof ApiFailure>) {
  const calls: Call[] = [];
  const answer = (method: string) => async (path: string, options: Call["options"]) => {
    calls.push({ method, path, options });
    if (fail && method === "POST") throw fail;
    if (path === "/customer") return { id: "cu1" };
    return claim;
  };
  const context = new RouterContextProvider();
  context.set(apiContext, { GET: answer("GET"), POST: answer("POST") } as never);
  context.set(claimContext, claim);
  return { context, calls };
}

const post = (path: string) => new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams({}) });

async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
  const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
  return toast as { message: string; type: string; category?: string } | undefined;
}

const params = { claimId: "c1" };

describe("accepting the final proposal", () => {
  it("the confirmation names the final proposal and its amount, and the tenant's share when shared", () => {
    const shared = finalClaim({
      acceptDue: { amount: 65_000, share: 32_500 },
      respondents: [
        { id: "r1", userId: "u1", firstName: "Finley", lastName: "Shaw", isCurrentUser: true, claimResponse: null },
        { id: "r2", userId: "u2", firstName: "Robin", lastName: "Shaw", isCurrentUser: false, claimResponse: null },
      ],
    });
    expect(accept.loader({ params, context: contextFor(shared).context } as never)).toMatchObject({
      final: true,
      charges: "£650.00",
      due: "£650.00",
      share: "£325.00",
      capped: false,
    });
    expect(accept.loader({ params, context: contextFor(noMediationClaim()).context } as never)).toMatchObject({ final: false, share: null });
  });

  it("Confirm agrees to the round 3 proposal (claim.currentProposalId), then goes to pay", async () => {
    const { context, calls } = contextFor(finalClaim());
    const response = (await accept.action({ params, context, request: post("/claims/c1/accept") } as never)) as Response;
    expect(calls.map((c) => [c.path, c.options.params?.path])).toEqual([
      ["/claims/{claimId}/proposals/{claimProposalId}/agree", { claimId: "c1", claimProposalId: "p3" }],
    ]);
    expect(response.headers.get("location")).toBe("/claims/c1/pay");
  });

  it("a failed accept goes back to the claim page with the API's message under CLAIM/ACCEPT_TENANT_PROPOSAL", async () => {
    const { context } = contextFor(finalClaim(), new ApiFailure(409, "The deadline to respond has passed."));
    const response = (await accept.action({ params, context, request: post("/claims/c1/accept") } as never)) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1?mediationEnabled=true");
    expect(await flashOf(response)).toMatchObject({ type: "error", message: "The deadline to respond has passed.", category: "CLAIM/ACCEPT_TENANT_PROPOSAL" });
  });

  it("paying takes the action the API names: the round 3 order's", async () => {
    const accepted = finalClaim({
      allowedActions: [],
      canRespond: false,
      awaitingPayment: true,
      acceptDue: null,
      proposals: [round1, round2, { ...round3, status: "AWAITING_PAYMENT" }],
      payableOrderId: "o-p3",
      payActions: [
        { id: "b", typeId: "CLAIM_PAY_REMAINING_BALANCE", orderId: "o-p3", amountRemaining: 65_000, completedAt: null },
        { id: "s", typeId: "CLAIM_PAY", orderId: "o-p3", amountRemaining: 65_000, completedAt: null },
      ],
      chargesPayment: { paymentType: "CLAIM", orderId: "o-p3", orderCustomerActionId: "s", amount: 65_000 },
    });
    expect(await pay.loader({ params, context: contextFor(accepted).context } as never)).toMatchObject({
      paymentType: "CLAIM",
      orderId: "o-p3",
      amountText: "£650.00",
      paidByOthers: null,
    });
  });
});

describe("claims paid by someone else (scope 5)", () => {
  const afterCoTenantPaid = (left: number) =>
    finalClaim({
      allowedActions: [],
      canRespond: false,
      awaitingPayment: true,
      acceptDue: null,
      proposals: [round1, round2, { ...round3, status: "AWAITING_PAYMENT" }],
      payableOrderId: "o-p3",
      payActions: [
        { id: "b", typeId: "CLAIM_PAY_REMAINING_BALANCE", orderId: "o-p3", amountRemaining: left, completedAt: left === 0 ? "2026-11-24T09:00:00Z" : null },
        { id: "s", typeId: "CLAIM_PAY", orderId: "o-p3", amountRemaining: left === 0 ? 0 : 32_500, completedAt: left === 0 ? "2026-11-24T09:00:00Z" : null },
      ],
      coTenantPayments: [{ firstName: "Robin", lastName: "Shaw", amount: 65_000 - left }],
      // The API's choice: the remaining balance (a co-tenant paid part), or nothing once it is paid.
      chargesPayment: left === 0 ? null : { paymentType: "CLAIM_REMAINING_BALANCE", orderId: "o-p3", orderCustomerActionId: "b", amount: left },
    });

  it("'{name} has paid £X. £Y is left to pay.' on the claim page and the pay page, which asks for no more than is left", async () => {
    const claim = afterCoTenantPaid(32_500);
    expect(coTenantPaidText(claim)).toBe("Robin Shaw has paid £325.00. £325.00 is left to pay.");
    expect(claimPageView(claim, url(), NOW).coTenantPaid).toBe("Robin Shaw has paid £325.00. £325.00 is left to pay.");
    expect(await pay.loader({ params, context: contextFor(claim).context } as never)).toMatchObject({
      paidByOthers: "Robin Shaw has paid £325.00. £325.00 is left to pay.",
      amount: 32_500,
      amountText: "£325.00",
    });
  });

  it("paid in full by a co-tenant: nothing left to pay (the pay page goes back to the claim); nobody paid: nothing said", async () => {
    expect(coTenantPaidText(afterCoTenantPaid(0))).toBe("Robin Shaw has paid £650.00. Nothing is left to pay.");
    const refused = await Promise.resolve(pay.loader({ params, context: contextFor(afterCoTenantPaid(0)).context } as never)).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(refused?.headers.get("location")).toBe("/claims/c1?mediationEnabled=true");
    expect(coTenantPaidText(finalClaim())).toBeNull();
  });
});
