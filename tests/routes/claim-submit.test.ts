import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

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
const { submitView } = await import("../../app/routes/claims/+lib/claim-pay");
const submit = await import("../../app/routes/claims/submit");
const proposalPayment = await import("../../app/routes/claims/proposal-payment");
const accept = await import("../../app/routes/claims/accept");
const pay = await import("../../app/routes/claims/pay");

type Claim = import("../../app/routes/claims/+lib/claims.server").Claim;

const LIMIT = 100_000;

/** A claim of two items charged £600 and £400 (£1,000, the limit), with the tenant's draft at `amounts`. */
function claimWith(amounts: number[] | null, change: Partial<Claim> = {}): Claim {
  const items = [
    { id: "i1", currentAmount: 60_000 },
    { id: "i2", currentAmount: 40_000 },
  ];
  const draft = amounts && {
    id: "p2",
    round: 2,
    status: "DRAFT",
    orderId: null,
    totalAmount: amounts.reduce((a, b) => a + b, 0),
    itemProposals: amounts.map((amount, i) => ({ id: `ip${i}`, claimItemId: items[i]!.id, amount })),
  };
  return {
    id: "c1",
    limit: LIMIT,
    organization: { name: "Acme Lettings" },
    items: items.map((i) => ({ ...i, chargedAmount: i.currentAmount })),
    proposals: [{ id: "p1", round: 1, status: "AWAITING_RESPONSE", orderId: "o1", totalAmount: 100_000, itemProposals: [] }, ...(draft ? [draft] : [])],
    tenantDraftProposalId: draft ? "p2" : null,
    currentProposalId: "p1",
    proposalPayment: null,
    payableOrderId: null,
    payActions: [],
    acceptDue: null,
    coTenantPayments: [],
    coTenants: [],
    bindingAnswer: null,
    allowedActions: draft ? ["accept", "publish"] : ["accept", "counter"],
    respondents: [{ id: "r1", userId: "u1", firstName: "Ann", lastName: "Lee", isCurrentUser: true, claimResponse: null }],
    responseDeadline: "2026-11-30T23:59:59.999Z",
    autoResponded: false,
    ...change,
  } as unknown as Claim;
}

describe("the confirmation that fits the proposal's total (part 1 §4.1, common/claim-confirmation.ts)", () => {
  it.each([
    ["above the maximum liability: 'Accept maximum liability'", [60_000, 40_000], { limit: 99_999 }, "acceptMaximumLiability"],
    ["at the maximum liability exactly, below the charges: not above it", [59_999, 40_000], { limit: 99_999 }, "submitProposal"],
    ["equal to the charges: 'Accept charges'", [60_000, 40_000], {}, "acceptCharges"],
    ["£0: the zero warning", [0, 0], {}, "zeroWarning"],
    ["just below 25% of the charges: the low warning", [24_999, 0], {}, "lowWarning"],
    ["25% of the charges exactly: 'Submit proposal'", [25_000, 0], {}, "submitProposal"],
    ["between: 'Submit proposal'", [30_000, 20_000], {}, "submitProposal"],
  ] as const)("%s", (_rule, amounts, change, kind) => {
    expect(submitView(claimWith([...amounts], change))?.kind).toBe(kind);
  });

  it("quotes the totals in pounds, and the upfront payment is the total capped at the limit (the API's rule)", () => {
    expect(submitView(claimWith([60_000, 40_000], { limit: 80_000 }))).toMatchObject({
      proposed: "£1,000.00",
      charges: "£1,000.00",
      limit: "£800.00",
      upfront: "£800.00",
      upfrontPence: 80_000,
      holdDays: 7,
    });
    expect(submitView(claimWith([0, 0]))?.upfrontPence).toBe(0);
  });

  it("no draft, or a draft missing an item: no confirmation", () => {
    expect(submitView(claimWith(null))).toBeNull();
    expect(submitView(claimWith([10_000]))).toBeNull();
  });
});

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

async function thrown(fn: () => unknown): Promise<Response> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a redirect");
}

describe("the submit page", () => {
  const params = { claimId: "c1" };

  it("without a proposal for every item: back to the claim page with an error flash (CLAIM/PUBLISH_PROPOSAL)", async () => {
    const { context } = contextFor(claimWith([10_000]));
    const response = await thrown(() => submit.loader({ params, context } as never));
    expect(response.headers.get("location")).toBe("/claims/c1");
    expect(await flashOf(response)).toMatchObject({
      type: "error",
      message: "Give a proposal for every item before you continue.",
      category: "CLAIM/PUBLISH_PROPOSAL",
    });
  });

  it("a complete draft that can no longer be published (the deadline passed): the claim page, which says where things stand", async () => {
    const claim = claimWith([30_000, 20_000], { allowedActions: ["accept"] });
    const response = await thrown(() => submit.loader({ params, context: contextFor(claim).context } as never));
    expect(response.headers.get("location")).toBe("/claims/c1");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("keyfree_flash="))).toBe(false);
  });

  it("the page for a complete draft: its kind and totals", async () => {
    const view = await submit.loader({ params, context: contextFor(claimWith([30_000, 20_000])).context } as never);
    expect(view).toMatchObject({ claimPage: "/claims/c1", organisation: "Acme Lettings", view: { kind: "submitProposal", upfront: "£500.00" } });
  });

  it("a proposal already at its payment step goes to the payment screen", async () => {
    const claim = claimWith(null, { proposalPayment: { claimProposalId: "p2", orderId: "o2", orderCustomerActionId: "a1", amount: 5000 } });
    const response = await thrown(() => submit.loader({ params, context: contextFor(claim).context } as never));
    expect(response.headers.get("location")).toBe("/claims/c1/proposal-payment");
  });

  it("Confirm publishes the draft, then goes to its payment", async () => {
    const { context, calls } = contextFor(claimWith([30_000, 20_000]));
    const response = (await submit.action({ params, context, request: post("/claims/c1/submit") } as never)) as Response;
    expect(calls.map((c) => [c.method, c.path, c.options.params?.path])).toEqual([
      ["POST", "/claims/{claimId}/proposals/{claimProposalId}/publish", { claimId: "c1", claimProposalId: "p2" }],
    ]);
    expect(response.headers.get("location")).toBe("/claims/c1/proposal-payment");
  });

  it("a £0 proposal needs no payment: back to the claim page with a success flash", async () => {
    const { context } = contextFor(claimWith([0, 0]));
    const response = (await submit.action({ params, context, request: post("/claims/c1/submit") } as never)) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1");
    expect(await flashOf(response)).toMatchObject({ type: "success", message: "Your proposal has been sent to Acme Lettings.", category: "CLAIM/PUBLISH_PROPOSAL" });
  });

  it.each([
    [new ApiFailure(409, "The deadline to respond has passed, so the charges are treated as accepted."), "The deadline to respond has passed, so the charges are treated as accepted."],
    [new ApiFailure(500, "boom"), "Something went wrong. Please try again."],
  ])("a failed publish shows the API's message under CLAIM/PUBLISH_PROPOSAL (%#)", async (failure, message) => {
    const { context } = contextFor(claimWith([30_000, 20_000]), failure);
    const response = (await submit.action({ params, context, request: post("/claims/c1/submit") } as never)) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1");
    expect(await flashOf(response)).toMatchObject({ type: "error", message, category: "CLAIM/PUBLISH_PROPOSAL" });
  });
});

describe("the proposal payment screen", () => {
  const params = { claimId: "c1" };
  const atPayment = (change: Partial<Claim> = {}) =>
    claimWith(null, {
      proposals: [
        { id: "p1", round: 1, status: "AWAITING_RESPONSE", orderId: "o1", totalAmount: 100_000, itemProposals: [] },
        { id: "p2", round: 2, status: "AWAITING_PAYMENT", orderId: "o2", totalAmount: 120_000, itemProposals: [] },
      ] as never,
      proposalPayment: { claimProposalId: "p2", orderId: "o2", orderCustomerActionId: "a1", amount: 100_000 },
      ...change,
    });

  it("pays the upfront amount (capped at the limit) by card, as CLAIM_PROPOSAL on the proposal's order", async () => {
    const view = await proposalPayment.loader({ params, context: contextFor(atPayment()).context } as never);
    expect(view).toMatchObject({ orderId: "o2", customerId: "cu1", amount: 100_000, amountText: "£1,000.00", proposed: "£1,200.00", cappedAtLimit: true });
  });

  it("no proposal at its payment step: the claim page", async () => {
    const response = await thrown(() => proposalPayment.loader({ params, context: contextFor(claimWith(null)).context } as never));
    expect(response.headers.get("location")).toBe("/claims/c1");
  });

  it("Back unpublishes the proposal and returns to the claim page", async () => {
    const { context, calls } = contextFor(atPayment());
    const response = (await proposalPayment.action({ params, context, request: post("/claims/c1/proposal-payment") } as never)) as Response;
    expect(calls.map((c) => [c.path, c.options.params?.path])).toEqual([
      ["/claims/{claimId}/proposals/{claimProposalId}/unpublish", { claimId: "c1", claimProposalId: "p2" }],
    ]);
    expect(response.headers.get("location")).toBe("/claims/c1");
  });

  it("a failed Back shows the API's message under CLAIM/UNPUBLISH_PROPOSAL", async () => {
    const { context } = contextFor(atPayment(), new ApiFailure(409, "There is no proposal payment to go back from."));
    const response = (await proposalPayment.action({ params, context, request: post("/claims/c1/proposal-payment") } as never)) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1");
    expect(await flashOf(response)).toMatchObject({
      type: "error",
      message: "There is no proposal payment to go back from.",
      category: "CLAIM/UNPUBLISH_PROPOSAL",
    });
  });
});

describe("accepting the charges", () => {
  const params = { claimId: "c1" };

  it("the confirmation says what is due (the API's acceptDue, capped at the limit), by when, and who else it answers for", () => {
    const claim = claimWith(null, {
      limit: 80_000,
      acceptDue: { amount: 80_000, share: 40_000 },
      respondents: [
        { id: "r1", userId: "u1", firstName: "Ann", lastName: "Lee", isCurrentUser: true, claimResponse: null },
        { id: "r2", userId: "u2", firstName: "Bo", lastName: "Lee", isCurrentUser: false, claimResponse: null },
      ],
    });
    expect(accept.loader({ params, context: contextFor(claim).context } as never)).toMatchObject({
      charges: "£1,000.00",
      due: "£800.00",
      share: "£400.00",
      capped: true,
      deadline: "30th Nov 2026",
      coTenants: ["Bo Lee"],
    });
  });

  it("Confirm accepts the current proposal, then goes to pay", async () => {
    const { context, calls } = contextFor(claimWith(null));
    const response = (await accept.action({ params, context, request: post("/claims/c1/accept") } as never)) as Response;
    expect(calls.map((c) => [c.path, c.options.params?.path])).toEqual([
      ["/claims/{claimId}/proposals/{claimProposalId}/agree", { claimId: "c1", claimProposalId: "p1" }],
    ]);
    expect(response.headers.get("location")).toBe("/claims/c1/pay");
  });

  it("a failed accept shows the API's message under CLAIM/ACCEPT_TENANT_PROPOSAL", async () => {
    const { context } = contextFor(claimWith(null), new ApiFailure(409, "You have already disputed these charges."));
    const response = (await accept.action({ params, context, request: post("/claims/c1/accept") } as never)) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1");
    expect(await flashOf(response)).toMatchObject({
      type: "error",
      message: "You have already disputed these charges.",
      category: "CLAIM/ACCEPT_TENANT_PROPOSAL",
    });
  });

  it("when nothing can be accepted, the claim page; once accepted, the pay page", async () => {
    const none = claimWith(null, { allowedActions: [] });
    expect((await thrown(() => accept.loader({ params, context: contextFor(none).context } as never))).headers.get("location")).toBe("/claims/c1");
    // Nor when the API gives no amount that accepting makes payable.
    const noDue = claimWith(null, { acceptDue: null });
    expect((await thrown(() => accept.loader({ params, context: contextFor(noDue).context } as never))).headers.get("location")).toBe("/claims/c1");
    const accepted = claimWith(null, {
      allowedActions: [],
      payableOrderId: "o1",
      payActions: [{ id: "a1", typeId: "CLAIM_PAY", orderId: "o1", amountRemaining: 100_000, completedAt: null }],
    });
    expect((await thrown(() => accept.loader({ params, context: contextFor(accepted).context } as never))).headers.get("location")).toBe(
      "/claims/c1/pay",
    );
  });
});

describe("the pay page takes the action the API names (chargesPayment: CLAIM or the remaining balance)", () => {
  const action = (id: string, typeId: string, amountRemaining: number, completedAt: string | null = null) => ({
    id,
    typeId,
    orderId: "o1",
    amountRemaining,
    completedAt,
  });
  /** Accepted charges with the tenant's pay actions and the API's choice among them (server/domain/claim-payments.ts chargesPayment). */
  const accepted = (payActions: ReturnType<typeof action>[], chargesPayment: Claim["chargesPayment"]) =>
    claimWith(null, {
      payableOrderId: "o1",
      proposals: [{ id: "p1", round: 1, status: "AWAITING_PAYMENT", orderId: "o1", totalAmount: 100_000, itemProposals: [] }] as never,
      payActions,
      chargesPayment,
    });

  it("nothing left to pay: the pay page sends to the claim page", async () => {
    const claim = accepted([action("s", "CLAIM_PAY", 0, "2026-11-24T10:00:00Z")], null);
    const response = await thrown(() => pay.loader({ params: { claimId: "c1" }, context: contextFor(claim).context } as never));
    expect(response.headers.get("location")).toBe("/claims/c1");
  });

  it("the pay page names the amount: a share, or the remaining balance", async () => {
    const share = await pay.loader({
      params: { claimId: "c1" },
      context: contextFor(
        accepted([action("s", "CLAIM_PAY", 100_000), action("b", "CLAIM_PAY_REMAINING_BALANCE", 100_000)], {
          paymentType: "CLAIM",
          orderId: "o1",
          orderCustomerActionId: "s",
          amount: 100_000,
        }),
      ).context,
    } as never);
    expect(share).toMatchObject({ paymentType: "CLAIM", orderId: "o1", amountText: "£1,000.00", title: "The amount to pay for these charges is", customerId: "cu1" });
    const balance = await pay.loader({
      params: { claimId: "c1" },
      context: contextFor(
        accepted([action("b", "CLAIM_PAY_REMAINING_BALANCE", 30_000)], {
          paymentType: "CLAIM_REMAINING_BALANCE",
          orderId: "o1",
          orderCustomerActionId: "b",
          amount: 30_000,
        }),
      ).context,
    } as never);
    expect(balance).toMatchObject({ paymentType: "CLAIM_REMAINING_BALANCE", amountText: "£300.00", title: "The remaining balance for these charges is" });
  });
});

