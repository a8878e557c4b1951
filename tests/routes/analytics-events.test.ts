import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The journey's key events sent from the actions that mark them (issue 26, scope 4): charges
 * accepted, a payment refused (the Payment Failed modal, an intent the API refused), a plan set up,
 * each only with PostHog configured and the tenant's consent.
 */
vi.stubEnv("POSTHOG_KEY", "phc_route_test_key");
vi.stubEnv("POSTHOG_HOST", "http://127.0.0.1:9/__stand-ins/posthog");
vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { analyticsQueue } = await import("../../app/lib/analytics.server");
const { saveConsent } = await import("../../app/lib/consent.server");
const { commitSession, sessionStorage } = await import("../../app/lib/session.server");
const { apiContext } = await import("../../app/lib/api.server");
const { claimContext } = await import("../../app/routes/claims/+lib/claims.server");
const accept = await import("../../app/routes/claims/accept");
const paymentStep = await import("../../app/routes/resources/payment-step");
const planCard = await import("../../app/routes/resources/payment-plan-card");

type PostHogEvent = import("../../app/lib/analytics.server").PostHogEvent;
const USER_ID = "user-route-test";

let queued: PostHogEvent[] = [];
beforeEach(() => {
  queued = [];
  vi.spyOn(analyticsQueue, "add").mockImplementation((_tool, event) => {
    queued.push(event);
  });
});

async function post(path: string, fields: Record<string, string>, consent: boolean | "unanswered" = true) {
  const session = await sessionStorage.getSession(null);
  session.set("accessToken", "token");
  session.set("userId", USER_ID);
  const cookies = [(await commitSession(session)).split(";")[0]!];
  if (consent !== "unanswered") cookies.push((await saveConsent({}, { analytics: consent })).split(";")[0]!);
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { cookie: cookies.join("; ") } });
}

const rawAnswer = (status: number, data?: unknown) => ({ data: status < 300 ? data : undefined, error: status < 300 ? undefined : { message: "No" }, response: new Response(null, { status }) });

function contextWith(raw: { POST?: unknown; PUT?: unknown }, typed: Record<string, unknown> = {}) {
  const context = new RouterContextProvider();
  context.set(apiContext, { raw, ...typed } as never);
  return context;
}

describe("charges accepted", () => {
  const claim = { id: "c1", currentProposalId: "p1", status: "AWAITING_RESPONSE", claimPageKind: "claim" } as never;

  it("once the API agreed: one event, its uuid the same however often it is sent", async () => {
    const context = contextWith({}, { POST: async () => ({}) });
    context.set(claimContext, claim);
    const args = async () => ({ request: await post("/claims/c1/accept", {}), params: { claimId: "c1" }, context }) as never;
    await accept.action(await args());
    await accept.action(await args());
    expect(queued.map((e) => [e.event, e.distinct_id])).toEqual([
      ["charges accepted", USER_ID],
      ["charges accepted", USER_ID],
    ]);
    expect(queued[0]!.uuid).toBe(queued[1]!.uuid);
  });

  it("without consent: nothing", async () => {
    const context = contextWith({}, { POST: async () => ({}) });
    context.set(claimContext, claim);
    await accept.action({ request: await post("/claims/c1/accept", {}, false), params: { claimId: "c1" }, context } as never);
    await accept.action({ request: await post("/claims/c1/accept", {}, "unanswered"), params: { claimId: "c1" }, context } as never);
    expect(queued).toEqual([]);
  });
});

describe("payment failed (the card steps)", () => {
  const fields = { orderId: "o1", customerId: "cu1", paymentMethodId: "pm_1", customerActionType: "CLAIM_PAY", paymentType: "CLAIM" };

  it("card checks failed: 'payment failed' at the card checks, with the payment type and nothing else", async () => {
    const context = contextWith({ POST: async () => rawAnswer(200, { failed: ["The card's postcode does not match"] }) });
    const answer = (await paymentStep.action({ request: await post("/payments/card-checks", fields), params: { step: "card-checks" }, context } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(queued).toEqual([expect.objectContaining({ event: "payment failed", distinct_id: USER_ID })]);
    expect(queued[0]!.properties).toEqual({ $lib: "keyfree-web-server", paymentType: "CLAIM", stage: "card checks" });
  });

  it("card checks passed, or an intent made: nothing", async () => {
    const passed = contextWith({ POST: async () => rawAnswer(200, { failed: [] }) });
    await paymentStep.action({ request: await post("/payments/card-checks", fields), params: { step: "card-checks" }, context: passed } as never);
    const made = contextWith({ POST: async () => rawAnswer(200, { paymentIntentSecret: "s", paymentIntentId: "pi" }) });
    await paymentStep.action({ request: await post("/payments/intent", fields), params: { step: "intent" }, context: made } as never);
    expect(queued).toEqual([]);
  });

  it("the intent refused by the API: 'payment failed' at the payment; a session that ended (401) is not a failed payment", async () => {
    const refused = contextWith({ POST: async () => rawAnswer(409) });
    await paymentStep.action({ request: await post("/payments/intent", fields), params: { step: "intent" }, context: refused } as never);
    const expired = contextWith({ POST: async () => rawAnswer(401) });
    await paymentStep.action({ request: await post("/payments/intent", fields), params: { step: "intent" }, context: expired } as never);
    expect(queued.map((e) => [e.event, e.properties.stage])).toEqual([["payment failed", "payment"]]);
  });
});

describe("plan set up", () => {
  it("the card saved to the plan: once per plan", async () => {
    const context = contextWith({ PUT: async () => rawAnswer(200, {}) });
    const args = async () => ({ request: await post("/payment-plan/pp1/card-details/save", { paymentMethodId: "pm_1" }), params: { paymentPlanId: "pp1", step: "save" }, context }) as never;
    await planCard.action(await args());
    expect(queued.map((e) => e.event)).toEqual(["plan set up"]);
    const failed = contextWith({ PUT: async () => rawAnswer(409) });
    await planCard.action({ request: await post("/payment-plan/pp1/card-details/save", { paymentMethodId: "pm_1" }), params: { paymentPlanId: "pp1", step: "save" }, context: failed } as never);
    expect(queued).toHaveLength(1);
  });
});
