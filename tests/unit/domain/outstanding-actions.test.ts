import { describe, expect, it } from "vitest";
import type { OrderedProposal } from "../../../server/domain/claim-responses";
import {
  outstandingActionKind,
  outstandingActions,
  type OutstandingActionsInput,
} from "../../../server/domain/outstanding-actions";
import type { PaymentPlan } from "../../../server/domain/payment-plans";

const NOW = new Date("2026-11-22T10:00:00Z");
const ME = "user-me";
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

const proposal = (p: Partial<OrderedProposal> & Pick<OrderedProposal, "round" | "status">): OrderedProposal => ({
  id: `p${p.round}-${p.status}`,
  source: p.round === 2 ? "TENANT" : "SUPPLIER",
  itemProposals: [],
  createdAt: hoursAgo(10 - p.round),
  ...p,
});

const plan = (p: Partial<PaymentPlan>): PaymentPlan => ({
  id: "plan",
  status: "PENDING",
  createdAt: hoursAgo(1),
  actions: [
    { id: "a1", typeId: "CONFIRM", completedAt: null },
    { id: "a2", typeId: "ADDRESS", completedAt: null },
    { id: "a3", typeId: "CARD_DETAILS", completedAt: null },
  ],
  instalments: [],
  ...p,
});

const done = (at = hoursAgo(1)) => [
  { id: "a1", typeId: "CONFIRM" as const, completedAt: at },
  { id: "a2", typeId: "ADDRESS" as const, completedAt: at },
  { id: "a3", typeId: "CARD_DETAILS" as const, completedAt: at },
];

const none: OutstandingActionsInput = { nextActions: [], claims: [], paymentPlans: [] };

describe("outstandingActions: every thing the tenant can do now (part 2 §2 heading)", () => {
  it.each<[string, Partial<OutstandingActionsInput>, number, Partial<Record<string, number>>]>([
    ["nothing at all", {}, 0, {}],
    ["an order with nothing open", { nextActions: [null] }, 0, {}],
    ["a checkout step to do", { nextActions: [{ typeId: "KEYFREE_ABOUT_YOU", actionable: true }] }, 1, { checkout: 1 }],
    ["paying, but waiting for a co-tenant", { nextActions: [{ typeId: "KEYFREE_PAY", actionable: false }] }, 0, {}],
    ["a claim payment", { nextActions: [{ typeId: "CLAIM_PAY_REMAINING_BALANCE", actionable: true }] }, 1, { claim: 1 }],
    ["a tenant proposal's payment", { nextActions: [{ typeId: "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE", actionable: true }] }, 1, { claim: 1 }],
    ["the £60 dispute fee", { nextActions: [{ typeId: "ARBITRATION_ADMIN_PAY", actionable: true }] }, 1, { arbitration: 1 }],
    ["an adjudicated amount", { nextActions: [{ typeId: "ARBITRATION_PAY", actionable: true }] }, 1, { arbitration: 1 }],
    ["the annual fee", { nextActions: [{ typeId: "TOP_UP_PAY", actionable: true }] }, 1, { annualFee: 1 }],
    [
      "a claim whose charges await the tenant's answer",
      { claims: [{ status: "AWAITING_RESPONDENTS", proposals: [proposal({ round: 1, status: "AWAITING_RESPONSE" })] }] },
      1,
      { claim: 1 },
    ],
    [
      "a final proposal in mediation",
      {
        claims: [
          {
            status: "MEDIATION",
            proposals: [proposal({ round: 1, status: "SETTLED" }), proposal({ round: 3, status: "AWAITING_RESPONSE" })],
          },
        ],
      },
      1,
      { claim: 1 },
    ],
    [
      "the tenant's own draft counter-proposal",
      {
        claims: [
          {
            status: "MEDIATION",
            proposals: [
              proposal({ round: 1, status: "DISPUTED" }),
              proposal({ round: 2, status: "DRAFT", createdByUserId: ME }),
            ],
          },
        ],
      },
      1,
      { claim: 1 },
    ],
    [
      "a co-tenant's draft is not the tenant's to do",
      {
        claims: [
          {
            status: "MEDIATION",
            proposals: [proposal({ round: 1, status: "DISPUTED" }), proposal({ round: 2, status: "DRAFT", createdByUserId: "other" })],
          },
        ],
      },
      0,
      {},
    ],
    [
      "the landlord answering the tenant's proposal",
      {
        claims: [
          {
            status: "MEDIATION",
            proposals: [proposal({ round: 1, status: "DISPUTED" }), proposal({ round: 2, status: "AWAITING_RESPONSE", createdByUserId: ME })],
          },
        ],
      },
      0,
      {},
    ],
    [
      "a claim awaiting arbitration",
      { claims: [{ status: "AWAITING_ARBITRATION", proposals: [proposal({ round: 1, status: "AWAITING_RESPONSE" })] }] },
      0,
      {},
    ],
    ["a resolved claim", { claims: [{ status: "RESOLVED", proposals: [proposal({ round: 1, status: "SETTLED" })] }] }, 0, {}],
    ["a plan offer with no step done", { paymentPlans: [plan({})] }, 1, { paymentPlan: 1 }],
    ["a void plan offer (48 hours passed)", { paymentPlans: [plan({ createdAt: hoursAgo(49) })] }, 0, {}],
    ["a live plan", { paymentPlans: [plan({ status: "ACTIVE", actions: done() })] }, 0, {}],
    [
      "a live plan with a failed instalment",
      { paymentPlans: [plan({ status: "ACTIVE", actions: done(), instalments: [{ id: "i1", status: "FAILED" }] })] },
      1,
      { paymentPlan: 1 },
    ],
    ["a cancelled plan", { paymentPlans: [plan({ status: "CANCELLED" })] }, 0, {}],
    ["a defaulted plan", { paymentPlans: [plan({ status: "DEFAULT", actions: done() })] }, 0, {}],
    [
      "one of each, all counted",
      {
        nextActions: [
          { typeId: "KEYFREE_SIGN", actionable: true },
          { typeId: "CLAIM_PAY", actionable: true },
          { typeId: "ARBITRATION_PAY_REMAINING_BALANCE", actionable: true },
          { typeId: "TOP_UP_PAY", actionable: true },
          null,
        ],
        claims: [{ status: "AWAITING_RESPONDENTS", proposals: [proposal({ round: 1, status: "AWAITING_RESPONSE" })] }],
        paymentPlans: [plan({})],
      },
      6,
      { checkout: 1, claim: 2, arbitration: 1, annualFee: 1, paymentPlan: 1 },
    ],
  ])("%s", (_name, input, count, kinds) => {
    const result = outstandingActions({ ...none, ...input }, ME, NOW);
    expect(result.count).toBe(count);
    expect(result.byKind).toEqual({ checkout: 0, claim: 0, arbitration: 0, annualFee: 0, paymentPlan: 0, ...kinds });
  });

  it.each([
    ["KEYFREE_ADDRESS_HISTORY", "checkout"],
    ["KEYFREE_PAY", "checkout"],
    ["CLAIM_PAY", "claim"],
    ["ARBITRATION_ADMIN_PAY", "arbitration"],
    ["TOP_UP_PAY", "annualFee"],
  ] as const)("classes %s as %s", (typeId, kind) => {
    expect(outstandingActionKind(typeId)).toBe(kind);
  });
});
