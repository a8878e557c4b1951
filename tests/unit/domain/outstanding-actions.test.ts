import { describe, expect, it } from "vitest";
import type { OrderedProposal } from "../../../server/domain/claim-responses";
import {
  arbitrationToPay,
  claimToAnswer,
  outstandingActionKind,
  outstandingActions,
  type OutstandingActionsInput,
} from "../../../server/domain/outstanding-actions";
import type { PaymentPlan } from "../../../server/domain/payment-plans";

const NOW = new Date("2026-11-22T10:00:00Z");
const ME = "user-me";
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

const proposal = (
  p: Partial<OrderedProposal> & Pick<OrderedProposal, "round" | "status">,
): OrderedProposal => ({
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

const none: OutstandingActionsInput = { orders: [], claims: [] };
const next = (
  typeId: NonNullable<
    OutstandingActionsInput["orders"][number]["nextAction"]
  >["typeId"],
  actionable = true,
) => ({
  nextAction: { typeId, actionable },
});
const claimPay = next("CLAIM_PAY_REMAINING_BALANCE");

describe("outstandingActions: every thing the tenant can do now (part 2 §2 heading)", () => {
  it.each<
    [
      string,
      Partial<OutstandingActionsInput>,
      number,
      Partial<Record<string, number>>,
    ]
  >([
    ["nothing at all", {}, 0, {}],
    ["an order with nothing open", { orders: [{ nextAction: null }] }, 0, {}],
    [
      "a checkout step to do",
      { orders: [next("KEYFREE_ABOUT_YOU")] },
      1,
      { checkout: 1 },
    ],
    [
      "paying, but waiting for a co-tenant",
      { orders: [next("KEYFREE_PAY", false)] },
      0,
      {},
    ],
    [
      "a claim payment",
      { orders: [next("CLAIM_PAY_REMAINING_BALANCE")] },
      1,
      { claim: 1 },
    ],
    [
      "a tenant proposal's payment",
      { orders: [next("CLAIM_PROPOSAL_PAY_REMAINING_BALANCE")] },
      1,
      { claim: 1 },
    ],
    [
      "the £60 dispute fee",
      { orders: [next("ARBITRATION_ADMIN_PAY")] },
      1,
      { arbitration: 1 },
    ],
    [
      "an adjudicated amount",
      { orders: [next("ARBITRATION_PAY")] },
      1,
      { arbitration: 1 },
    ],
    ["the annual fee", { orders: [next("TOP_UP_PAY")] }, 1, { annualFee: 1 }],
    [
      "a claim whose charges await the tenant's answer",
      {
        claims: [
          {
            status: "AWAITING_RESPONDENTS",
            proposals: [proposal({ round: 1, status: "AWAITING_RESPONSE" })],
          },
        ],
      },
      1,
      { claim: 1 },
    ],
    [
      "a final proposal in mediation",
      {
        claims: [
          {
            status: "MEDIATION",
            proposals: [
              proposal({ round: 1, status: "SETTLED" }),
              proposal({ round: 3, status: "AWAITING_RESPONSE" }),
            ],
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
            proposals: [
              proposal({ round: 1, status: "DISPUTED" }),
              proposal({ round: 2, status: "DRAFT", createdByUserId: "other" }),
            ],
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
            proposals: [
              proposal({ round: 1, status: "DISPUTED" }),
              proposal({
                round: 2,
                status: "AWAITING_RESPONSE",
                createdByUserId: ME,
              }),
            ],
          },
        ],
      },
      0,
      {},
    ],
    [
      "a claim awaiting arbitration",
      {
        claims: [
          {
            status: "AWAITING_ARBITRATION",
            proposals: [proposal({ round: 1, status: "AWAITING_RESPONSE" })],
          },
        ],
      },
      0,
      {},
    ],
    [
      "a resolved claim",
      {
        claims: [
          {
            status: "RESOLVED",
            proposals: [proposal({ round: 1, status: "SETTLED" })],
          },
        ],
      },
      0,
      {},
    ],
    [
      "a plan offer with no step done: the plan, not also the balance",
      { orders: [{ ...claimPay, paymentPlans: [plan({})] }] },
      1,
      { paymentPlan: 1 },
    ],
    [
      "a void plan offer (48 hours passed): the balance is to pay",
      {
        orders: [
          { ...claimPay, paymentPlans: [plan({ createdAt: hoursAgo(49) })] },
        ],
      },
      1,
      { claim: 1 },
    ],
    [
      "a live plan pays the balance: nothing to do",
      {
        orders: [
          {
            ...claimPay,
            paymentPlans: [plan({ status: "ACTIVE", actions: done() })],
          },
        ],
      },
      0,
      {},
    ],
    [
      "a live plan with a failed instalment",
      {
        orders: [
          {
            ...claimPay,
            paymentPlans: [
              plan({
                status: "ACTIVE",
                actions: done(),
                instalments: [{ id: "i1", status: "FAILED" }],
              }),
            ],
          },
        ],
      },
      1,
      { paymentPlan: 1 },
    ],
    [
      "a cancelled plan: the balance is to pay",
      {
        orders: [
          { ...claimPay, paymentPlans: [plan({ status: "CANCELLED" })] },
        ],
      },
      1,
      { claim: 1 },
    ],
    [
      "a defaulted plan: the balance is to pay",
      {
        orders: [
          {
            ...claimPay,
            paymentPlans: [plan({ status: "DEFAULT", actions: done() })],
          },
        ],
      },
      1,
      { claim: 1 },
    ],
    [
      "one of each, all counted",
      {
        orders: [
          next("KEYFREE_SIGN"),
          next("CLAIM_PAY"),
          next("ARBITRATION_PAY_REMAINING_BALANCE"),
          next("TOP_UP_PAY"),
          { nextAction: null },
          { ...claimPay, paymentPlans: [plan({})] },
        ],
        claims: [
          {
            status: "AWAITING_RESPONDENTS",
            proposals: [proposal({ round: 1, status: "AWAITING_RESPONSE" })],
          },
        ],
      },
      6,
      { checkout: 1, claim: 2, arbitration: 1, annualFee: 1, paymentPlan: 1 },
    ],
  ])("%s", (_name, input, count, kinds) => {
    const result = outstandingActions({ ...none, ...input }, ME, NOW);
    expect(result.count).toBe(count);
    expect(result.byKind).toEqual({
      checkout: 0,
      claim: 0,
      arbitration: 0,
      annualFee: 0,
      paymentPlan: 0,
      ...kinds,
    });
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

describe("claimToAnswer: the dashboard's claims/{id} redirect (part 2 §2)", () => {
  const claim = (c: Partial<Parameters<typeof claimToAnswer>[0][number]>) => ({
    id: "claim-1",
    status: "AWAITING_RESPONDENTS" as const,
    mediationEnabled: true,
    onLivePaymentPlan: false,
    ...c,
  });
  it.each(["AWAITING_RESPONDENTS", "MEDIATION", "AWAITING_ARBITRATION", "AWAITING_ARBITRATION_ADMIN_FEE", "AWAITING_SUBSTANTIATION", "AWAITING_EVIDENCE_REVIEW", "EVIDENCE_REVIEW"] as const)(
    "an in-progress claim (%s) is the one to answer, with its mediation flag",
    (status) => {
      expect(claimToAnswer([claim({ status, mediationEnabled: false })], false)).toEqual({ id: "claim-1", mediationEnabled: false });
    },
  );
  it.each(["RESOLVED", "DECLINED", "DEACTIVATED"] as const)("a finished claim (%s) is not", (status) => {
    expect(claimToAnswer([claim({ status })], false)).toBeNull();
  });
  it("not while a checkout step is outstanding (there are outstanding actions)", () => {
    expect(claimToAnswer([claim({})], true)).toBeNull();
  });
  it("not an ARBITRATED claim, nor one the tenant pays through a live payment plan (those redirects come first)", () => {
    expect(claimToAnswer([claim({ status: "ARBITRATED" })], false)).toBeNull();
    expect(claimToAnswer([claim({ onLivePaymentPlan: true })], false)).toBeNull();
    expect(claimToAnswer([claim({ onLivePaymentPlan: true }), claim({ id: "claim-2" })], false)).toEqual({ id: "claim-2", mediationEnabled: true });
  });
});

describe("arbitrationToPay: the dashboard's arbitrations/{id} redirect (part 2 §2, decision 0024)", () => {
  const claim = (c: Partial<Parameters<typeof arbitrationToPay>[0][number]>) => ({
    id: "claim-1",
    status: "ARBITRATED" as const,
    mediationEnabled: false,
    onLivePaymentPlan: false,
    arbitrationId: "arb-1",
    arbitrationPaymentOpen: true,
    ...c,
  });
  it("an adjudicated claim whose repayment the tenant still has to make sends them to its arbitration", () => {
    expect(arbitrationToPay([claim({})], false)).toEqual({ id: "arb-1" });
    expect(arbitrationToPay([claim({ arbitrationPaymentOpen: false }), claim({ id: "claim-2", arbitrationId: "arb-2" })], false)).toEqual({ id: "arb-2" });
  });
  it("not with nothing left to pay, before the decision, through a live plan, or while a checkout step is open", () => {
    expect(arbitrationToPay([claim({ arbitrationPaymentOpen: false })], false)).toBeNull();
    expect(arbitrationToPay([claim({ status: "AWAITING_ARBITRATION" })], false)).toBeNull();
    expect(arbitrationToPay([claim({ onLivePaymentPlan: true })], false)).toBeNull();
    expect(arbitrationToPay([claim({})], true)).toBeNull();
  });
});
