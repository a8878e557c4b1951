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
const { flash, getSession, commitSession } = await import("../../app/lib/session.server");
const { disputeSchema, disputeStage, backsLeft, goBack, goForward, FRESH_STEPS, GO_BACK_REFUSED, FORMAL_DISPUTE_WARNING, REJECT_NO_EVIDENCE_MESSAGE } =
  await import("../../app/routes/claims/+lib/dispute");
const { DISPUTE_FEE_PENCE, DISPUTE_GO_BACK_LIMIT } = await import("#common/dispute-fee");
const { feeCaseSentence, feeRuleInAdvance } = await import("#common/wording");
const dispute = await import("../../app/routes/claims/dispute");
const disputeFee = await import("../../app/routes/claims/dispute-fee");
const rejectNoEvidence = await import("../../app/routes/claims/reject-no-evidence");
const supportingInformation = await import("../../app/routes/claims/supporting-information");

type Claim = import("../../app/routes/claims/+lib/claims.server").Claim;
type Steps = import("../../app/routes/claims/+lib/dispute").DisputeSteps;
type Call = { method: string; path: string; options: { params?: { path?: Record<string, string> }; body?: unknown } };

/** A final proposal awaiting the tenant's answer (round 3), mediation on: a dispute is allowed. */
function finalClaim(change: Partial<Claim> = {}): Claim {
  return {
    id: "c1",
    status: "MEDIATION",
    mediationEnabled: true,
    limit: 100_000,
    organization: { name: "Harbour Lettings" },
    allowedActions: ["accept", "reject", "dispute", "rejectWithNoEvidence"],
    currentProposalId: "p3",
    proposals: [{ id: "p3", round: 3, totalAmount: 65_000 }],
    tenantDisputeMessage: null,
    adjudicationFeeOrder: null,
    responseDocuments: [],
    currentRespondent: { id: "r1", claimResponseId: "cr1" },
    coTenants: [],
    bindingAnswer: null,
    ...change,
  } as unknown as Claim;
}

/** The dispute raised: the claim awaits the £60 fee, its order PENDING with this tenant's action. */
function awaitingFee(message: string | null, change: Partial<Claim> = {}): Claim {
  return finalClaim({
    status: "AWAITING_ARBITRATION_ADMIN_FEE",
    allowedActions: ["updateDisputeMessage"],
    tenantDisputeMessage: message,
    adjudicationFeeOrder: {
      id: "fee-order",
      statusId: "PENDING",
      action: { id: "a1", typeId: "ARBITRATION_ADMIN_PAY", orderId: "fee-order", amountRemaining: DISPUTE_FEE_PENCE, completedAt: null },
    },
    ...change,
  } as Partial<Claim>);
}

function contextFor(claim: Claim, fail?: { method: string; error: InstanceType<typeof ApiFailure> }) {
  const calls: Call[] = [];
  const answer = (method: string) => async (path: string, options: Call["options"]) => {
    calls.push({ method, path, options });
    if (fail && fail.method === method) throw fail.error;
    if (path === "/customer") return { id: "cu1" };
    return claim;
  };
  const context = new RouterContextProvider();
  context.set(apiContext, { GET: answer("GET"), POST: answer("POST"), PUT: answer("PUT") } as never);
  context.set(claimContext, claim);
  return { context, calls };
}

/** A session cookie holding the tenant's dispute steps for claim c1. */
async function cookieWith(steps: Steps | null): Promise<string> {
  if (!steps) return "";
  const session = await getSession(new Request("http://localhost/"));
  session.set("disputeSteps", { c1: steps });
  return (await commitSession(session)).split(";")[0]!;
}

async function request(path: string, steps: Steps | null, form?: Record<string, string>) {
  const cookie = await cookieWith(steps);
  const headers = cookie ? { cookie } : undefined;
  return form
    ? new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) })
    : new Request(`http://localhost${path}`, { headers });
}

/** The dispute steps a response saved in the session for claim c1. */
async function savedSteps(response: Response): Promise<Steps | undefined> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_session="));
  if (!cookie) return undefined;
  const session = await getSession(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
  return session.get("disputeSteps")?.c1;
}

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

/** An action's data() answer: its status and data. */
function answered(result: unknown) {
  const r = result as { init?: { status?: number }; data: { result: { error?: Record<string, string[] | null> }; category?: string } };
  return { status: r.init?.status, errors: r.data.result.error, category: r.data.category };
}

const args = (req: Request, context: RouterContextProvider) =>
  ({ request: req, context, params: { claimId: "c1" }, url: new URL(req.url) }) as never;

describe("the formal dispute message (part 1 §5)", () => {
  it("is required: 'Message is required', also when only spaces", () => {
    expect(disputeSchema.safeParse({}).error?.issues[0]?.message).toBe("Message is required");
    expect(disputeSchema.safeParse({ message: "   " }).error?.issues[0]?.message).toBe("Message is required");
    expect(disputeSchema.parse({ message: " The carpet was worn already. " })).toEqual({ message: "The carpet was worn already." });
  });

  it("an empty message is answered with the error and nothing is sent to the API", async () => {
    const { context, calls } = contextFor(finalClaim());
    const result = await dispute.action(args(await request("/claims/c1/dispute", null, { message: "" }), context));
    expect(answered(result)).toMatchObject({ status: 400, errors: { message: ["Message is required"] } });
    expect(calls).toEqual([]);
  });
});

describe("which step a dispute is at (part 1 §2.5's condition for the fee payment)", () => {
  it("a claim that may be disputed: the form (raise)", () => {
    expect(disputeStage(finalClaim(), FRESH_STEPS)).toBe("raise");
  });

  it("the fee page: AWAITING_ARBITRATION_ADMIN_FEE, a message exists, not gone back, the order PENDING", () => {
    expect(disputeStage(awaitingFee("My reason"), FRESH_STEPS)).toBe("fee");
    expect(disputeStage(awaitingFee("My reason"), { backs: 1, back: false })).toBe("fee");
  });

  it("no message yet, or gone back: the form again (message)", () => {
    expect(disputeStage(awaitingFee(null), FRESH_STEPS)).toBe("message");
    expect(disputeStage(awaitingFee("  "), FRESH_STEPS)).toBe("message");
    expect(disputeStage(awaitingFee("My reason"), { backs: 1, back: true })).toBe("message");
  });

  it("the fee paid (order COMPLETE), or nothing to dispute: neither page", () => {
    const paid = awaitingFee("My reason", { adjudicationFeeOrder: { id: "fee-order", statusId: "COMPLETE", action: null } } as Partial<Claim>);
    expect(disputeStage(paid, FRESH_STEPS)).toBe("none");
    expect(disputeStage(finalClaim({ allowedActions: ["accept", "counter"] }), FRESH_STEPS)).toBe("none");
  });
});

describe("the go-back counter: at most 2 steps back from the fee payment to the dispute form (part 1 §2.5, §9)", () => {
  it("counts each Back, and refuses the third", () => {
    expect(DISPUTE_GO_BACK_LIMIT).toBe(2);
    const first = goBack(FRESH_STEPS)!;
    expect(first).toEqual({ backs: 1, back: true });
    const second = goBack(goForward(first))!;
    expect(second).toEqual({ backs: 2, back: true });
    expect(backsLeft(goForward(second))).toBe(0);
    expect(goBack(goForward(second))).toBeNull();
  });

  it("Back from the fee page goes to the form, counted in the session", async () => {
    const { context } = contextFor(awaitingFee("My reason"));
    const response = (await disputeFee.action(args(await request("/claims/c1/dispute-fee", { backs: 1, back: false }, { intent: "back" }), context))) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1/dispute");
    expect(await savedSteps(response)).toEqual({ backs: 2, back: true });
  });

  it("a third Back (forged: the page no longer offers it) is refused with a clear message, and the count is unchanged", async () => {
    const { context } = contextFor(awaitingFee("My reason"));
    const response = (await disputeFee.action(args(await request("/claims/c1/dispute-fee", { backs: 2, back: false }, { intent: "back" }), context))) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1/dispute-fee");
    expect(await savedSteps(response)).toBeUndefined();
    expect(await flashOf(response)).toMatchObject({ type: "error", message: GO_BACK_REFUSED });
    expect(GO_BACK_REFUSED).toContain("already gone back 2 times");
  });

  it("the fee page offers Back while the counter allows, and says how many are left", async () => {
    const { context } = contextFor(awaitingFee("My reason"));
    const fresh = await disputeFee.loader(args(await request("/claims/c1/dispute-fee", null), context));
    expect(fresh).toMatchObject({ backsLeft: 2, orderId: "fee-order", customerId: "cu1", amount: DISPUTE_FEE_PENCE, amountText: "£60.00", warning: FORMAL_DISPUTE_WARNING });
    const spent = await disputeFee.loader(args(await request("/claims/c1/dispute-fee", { backs: 2, back: false }), context));
    expect(spent.backsLeft).toBe(0);
  });

  it("after a Back the fee page waits for the form: it sends the tenant there", async () => {
    const { context } = contextFor(awaitingFee("My reason"));
    const response = await thrown(async () => disputeFee.loader(args(await request("/claims/c1/dispute-fee", { backs: 1, back: true }), context)));
    expect(response.headers.get("location")).toBe("/claims/c1/dispute");
  });

  it("no message yet: the form, not the fee page; with a message and not gone back: the fee page, not the form", async () => {
    const noMessage = contextFor(awaitingFee(null));
    expect((await thrown(async () => disputeFee.loader(args(await request("/claims/c1/dispute-fee", null), noMessage.context)))).headers.get("location")).toBe(
      "/claims/c1/dispute",
    );
    const withMessage = contextFor(awaitingFee("My reason"));
    expect((await thrown(async () => dispute.loader(args(await request("/claims/c1/dispute", null), withMessage.context)))).headers.get("location")).toBe(
      "/claims/c1/dispute-fee",
    );
  });

  it("the fee paid: both pages send the tenant to the claim page", async () => {
    const paid = contextFor(awaitingFee("My reason", { adjudicationFeeOrder: { id: "fee-order", statusId: "COMPLETE", action: null } } as Partial<Claim>));
    for (const page of [dispute, disputeFee]) {
      const response = await thrown(async () => page.loader(args(await request("/claims/c1/x", null), paid.context)));
      expect(response.headers.get("location")).toBe("/claims/c1?mediationEnabled=true");
    }
  });
});

describe("Proceed To Payment", () => {
  it("raises the dispute, then saves the message, then the fee page with a fresh counter", async () => {
    const { context, calls } = contextFor(finalClaim());
    const response = (await dispute.action(args(await request("/claims/c1/dispute", null, { message: "The carpet was worn already" }), context))) as Response;
    expect(calls.map((c) => [c.method, c.path, c.options.params?.path, c.options.body])).toEqual([
      ["POST", "/claims/{claimId}/proposals/{claimProposalId}/dispute", { claimId: "c1", claimProposalId: "p3" }, undefined],
      ["PUT", "/claims/{claimId}/dispute-message", { claimId: "c1" }, { message: "The carpet was worn already" }],
    ]);
    expect(response.headers.get("location")).toBe("/claims/c1/dispute-fee");
    expect(await savedSteps(response)).toEqual(FRESH_STEPS);
  });

  it("after a Back: only the message is saved (the dispute is not raised twice), and the count is kept", async () => {
    const { context, calls } = contextFor(awaitingFee("Old reason"));
    const response = (await dispute.action(args(await request("/claims/c1/dispute", { backs: 1, back: true }, { message: "New reason" }), context))) as Response;
    expect(calls.map((c) => c.method)).toEqual(["PUT"]);
    expect(response.headers.get("location")).toBe("/claims/c1/dispute-fee");
    expect(await savedSteps(response)).toEqual({ backs: 1, back: false });
  });

  it("a failed dispute: the form again with the typed message and the API's message, under CLAIM/REJECT_TENANT_PROPOSAL", async () => {
    const { context, calls } = contextFor(finalClaim(), { method: "POST", error: new ApiFailure(409, "The deadline to respond has passed.") });
    const result = await dispute.action(args(await request("/claims/c1/dispute", null, { message: "Keep me" }), context));
    expect(answered(result)).toMatchObject({ status: 400, category: "CLAIM/REJECT_TENANT_PROPOSAL", errors: { "": ["The deadline to respond has passed."] } });
    expect((result as { data: { result: { initialValue: Record<string, string> } } }).data.result.initialValue).toMatchObject({ message: "Keep me" });
    expect(calls.map((c) => c.method)).toEqual(["POST"]);
  });

  it("a failed message save: the form again under CLAIM/UPDATE_ITEM_PROPOSAL (part 1 §8); a server error says 'Something went wrong.'", async () => {
    const { context } = contextFor(awaitingFee(null), { method: "PUT", error: new ApiFailure(500, "boom") });
    const result = await dispute.action(args(await request("/claims/c1/dispute", null, { message: "Keep me" }), context));
    const a = answered(result);
    expect(a).toMatchObject({ status: 502, category: "CLAIM/UPDATE_ITEM_PROPOSAL" });
    expect(a.errors?.[""]?.[0]).toMatch(/^Something went wrong/);
  });

  it("the form explains the dispute with the fee, 6 weeks and 3 calendar days from the constants", async () => {
    const { context } = contextFor(finalClaim({ responseDocuments: [{ id: "d1", name: "photo.jpg", url: "/documents/d1" }] } as Partial<Claim>));
    const d = await dispute.loader(args(await request("/claims/c1/dispute", null), context));
    expect(d).toMatchObject({
      stage: "raise",
      figures: { fee: "£60.00", adjudicationWeeks: 6, paymentDays: 3 },
      evidenceHref: "/claims/c1/supporting-information?from=dispute",
      documents: [{ id: "d1", name: "photo.jpg", url: "/documents/d1" }],
      wentBack: false,
    });
    // What happens to the £60, in the one set of sentences: the rule's cases for £650 asked, limit £1,000.
    expect(d.feeRule).toEqual(feeRuleInAdvance({ fee: "£60.00", limit: "£1,000.00", canExceedLimit: false }).map(feeCaseSentence));
  });
});

describe("evidence: Supporting Information opened from the dispute form", () => {
  it("its way back returns to the form, and its uploads keep that way back", async () => {
    const { context } = contextFor(finalClaim());
    const fromDispute = await supportingInformation.loader(args(new Request("http://localhost/claims/c1/supporting-information?from=dispute"), context));
    expect(fromDispute).toMatchObject({ back: "/claims/c1/dispute", backText: "Back to your dispute", self: "/claims/c1/supporting-information?from=dispute" });
    const fromClaim = await supportingInformation.loader(args(new Request("http://localhost/claims/c1/supporting-information"), context));
    expect(fromClaim).toMatchObject({ back: "/claims/c1?mediationEnabled=true", backText: "Back to the claim", self: "/claims/c1/supporting-information" });
  });
});

describe("Reject with no evidence (part 1 §4.1)", () => {
  it("Confirm calls updateClaimResponse with the tenant's respondent and response, then the fee page", async () => {
    const { context, calls } = contextFor(finalClaim());
    const response = (await rejectNoEvidence.action(args(await request("/claims/c1/reject-no-evidence", null, {}), context))) as Response;
    expect(calls.map((c) => [c.method, c.path, c.options.params?.path, c.options.body])).toEqual([
      [
        "PUT",
        "/claims/{claimId}/respondents/{claimRespondentId}/responses/{claimResponseId}",
        { claimId: "c1", claimRespondentId: "r1", claimResponseId: "cr1" },
        { message: REJECT_NO_EVIDENCE_MESSAGE },
      ],
    ]);
    expect(response.headers.get("location")).toBe("/claims/c1/dispute-fee");
  });

  it("a failure shows the API's message under CLAIM/REJECT_TENANT_PROPOSAL", async () => {
    const { context } = contextFor(finalClaim(), { method: "PUT", error: new ApiFailure(409, "The deadline to respond has passed.") });
    const response = (await rejectNoEvidence.action(args(await request("/claims/c1/reject-no-evidence", null, {}), context))) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1/reject-no-evidence");
    expect(await flashOf(response)).toMatchObject({ type: "error", message: "The deadline to respond has passed.", category: "CLAIM/REJECT_TENANT_PROPOSAL" });
  });

  it("not allowed: the claim page; already disputed: the fee page", async () => {
    const notAllowed = contextFor(finalClaim({ allowedActions: ["accept", "counter"] }));
    expect((await thrown(() => rejectNoEvidence.loader(args(new Request("http://localhost/claims/c1/reject-no-evidence"), notAllowed.context)))).headers.get("location")).toBe(
      "/claims/c1?mediationEnabled=true",
    );
    const disputed = contextFor(awaitingFee("My reason"));
    expect((await thrown(() => rejectNoEvidence.loader(args(new Request("http://localhost/claims/c1/reject-no-evidence"), disputed.context)))).headers.get("location")).toBe(
      "/claims/c1/dispute-fee",
    );
  });

  it("the confirmation quotes the fee and the arbitration figures", () => {
    const { context } = contextFor(finalClaim());
    expect(rejectNoEvidence.loader(args(new Request("http://localhost/claims/c1/reject-no-evidence"), context))).toMatchObject({
      figures: { fee: "£60.00", adjudicationWeeks: 6, paymentDays: 3 },
      organisation: "Harbour Lettings",
      feeRule: [
        "If the adjudicator awards everything that was asked for, the £60.00 is not credited or refunded.",
        "If they award less than was asked for, the £60.00 is credited: it comes off what you owe. If you owe less than £60.00, the rest is refunded to your card.",
        "If they award nothing, you owe nothing, so the £60.00 is refunded to your card in full.",
      ],
    });
  });

  it("a proposal above the maximum liability: the confirmation also says an award still at or above it gives nothing back", () => {
    const { context } = contextFor(finalClaim({ limit: 50_000 }));
    const d = rejectNoEvidence.loader(args(new Request("http://localhost/claims/c1/reject-no-evidence"), context));
    expect(d.feeRule).toEqual([
      "If the adjudicator awards everything that was asked for, the £60.00 is not credited or refunded.",
      "If they award less than was asked for, but still £500.00 or more, the £60.00 is not credited or refunded: you never pay more than your maximum liability of £500.00 (8 weeks' rent), so the award does not lower what you pay.",
      "If they award less than was asked for, and less than your maximum liability, the £60.00 is credited: it comes off what you owe. If you owe less than £60.00, the rest is refunded to your card.",
      "If they award nothing, you owe nothing, so the £60.00 is refunded to your card in full.",
    ]);
  });
});
