import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arbitrations, claims, documents, outboxEmails, orderCustomerActions, orderCustomers, orders, paymentPlans } from "../../server/db/schema";
import { adjudicationPaymentDeadline } from "../../server/domain/deadlines";
import { newId } from "../../server/lib/tokens";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { decideAdjudication, payClaimAction, raiseClaim, resolveClaim, sendToAdjudication } from "../../stand-ins/scenarios/claims";
import { samplePdf } from "../../stand-ins/scenarios/claims";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;

/** A claim without mediation, disputed by the first tenant, the fee paid and sent to the adjudicator. */
async function disputedClaim(options: { tenants?: number; liabilities?: number[]; amount?: number; ppm?: number } = {}) {
  const tenants: Tenant[] = [];
  for (let i = 0; i < (options.tenants ?? 2); i += 1) tenants.push(await t.signedInTenant());
  const ppm = options.ppm ?? 130_000;
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: tenants.map((x) => x.userId), ppm });
  await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm,
    customers: tenants.map((x, i) => ({ customerId: x.customerId, tenantLiability: options.liabilities?.[i] ?? 1 })),
    status: "COMPLETE",
  });
  const claim = await raiseClaim(
    t.db,
    { tenancyId: tenancy.id, items: [{ description: "Redecoration", type: "REDECORATION", amount: options.amount ?? 50_000 }], mediationEnabled: false },
    t.clock.now(),
  );
  const path = `/claims/${claim.claimId}`;
  const me = tenants[0]!;
  const disputed = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/dispute`, undefined, me.token);
  expect(disputed.status).toBe(200);
  return { tenants, claim, path, feeActionId: disputed.body.adjudicationFeeOrder.action.id as string };
}

describe("sendToAdjudication and decideAdjudication (scenarios)", () => {
  it("the claim goes to the adjudicator when its fee is paid (issue 38), and only then", async () => {
    const { claim, feeActionId } = await disputedClaim({ tenants: 1 });
    await expect(sendToAdjudication(t.db, claim.claimId, t.clock.now())).rejects.toThrow("dispute fee is paid");
    await expect(decideAdjudication(t.db, claim.claimId, { amount: 1, reportPdf: false }, t.clock.now())).rejects.toThrow("not with the adjudicator");
    await payClaimAction(t.db, feeActionId, t.clock.now());
    const rows = await t.db.select().from(arbitrations).where(eq(arbitrations.claimId, claim.claimId));
    expect(rows).toEqual([expect.objectContaining({ claimId: claim.claimId, arbitratedAmount: null, decidedAt: null })]);
    // The back office's step answers the arbitration the payment made, and makes no other.
    const { arbitrationId } = await sendToAdjudication(t.db, claim.claimId, t.clock.now());
    expect(arbitrationId).toBe(rows[0]!.id);
    expect(await t.db.select().from(arbitrations).where(eq(arbitrations.claimId, claim.claimId))).toHaveLength(1);
    await expect(decideAdjudication(t.db, claim.claimId, { amount: 100 }, t.clock.now())).rejects.toThrow("file store");
  });
});

const ops = (command: string, body: unknown = {}) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });

describe("the adjudicator's reasons and decision document (issue 39)", () => {
  it("stores the reasons per item with the decision and returns them; refuses another claim's item; attaches a PDF as the decision document", async () => {
    const { tenants, claim, feeActionId } = await disputedClaim({ tenants: 1 });
    const other = await disputedClaim({ tenants: 1 });
    await payClaimAction(t.db, feeActionId, t.clock.now());
    const { arbitrationId } = await sendToAdjudication(t.db, claim.claimId, t.clock.now());
    const [itemId] = claim.itemIds;
    const [otherItemId] = other.claim.itemIds;

    // A reason for another claim's item, an empty reason, a control character: refused with a 400 and the decision not made.
    const refused = await ops("decide-adjudication", { claimId: claim.claimId, amount: 30_000, reportPdf: false, reasons: { [otherItemId!]: "Not this claim's" } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(`Item ${otherItemId} is not an item of claim ${claim.claimId}`);
    expect((await ops("decide-adjudication", { claimId: claim.claimId, amount: 30_000, reportPdf: false, reasons: { [itemId!]: "  " } })).status).toBe(400);
    expect((await ops("decide-adjudication", { claimId: claim.claimId, amount: 30_000, reportPdf: false, reasons: { [itemId!]: "bad\u0000" } })).status).toBe(400);
    expect((await ops("decide-adjudication", { claimId: claim.claimId, amount: 30_000, reportPdf: false, reasons: { [itemId!]: "x".repeat(5_001) } })).status).toBe(400);
    // Every item has an amount, and they do not add up to the award.
    const mismatch = await ops("decide-adjudication", { claimId: claim.claimId, amount: 30_000, reportPdf: false, reasons: { [itemId!]: "Why" }, awarded: { [itemId!]: 20_000 } });
    expect(mismatch.status).toBe(400);
    expect((await t.db.select().from(arbitrations).where(eq(arbitrations.id, arbitrationId)))[0]!.decidedAt).toBeNull();

    const reason = "The check-out photographs show marks beyond fair wear and tear.\nThe tenancy was 22 months.";
    const decided = await ops("decide-adjudication", { claimId: claim.claimId, amount: 30_000, reportPdf: false, reasons: { [itemId!]: reason }, awarded: { [itemId!]: 30_000 } });
    expect(decided.status).toBe(200);
    const res = await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, tenants[0]!.token);
    expect(res.body.reasons).toEqual([{ claimItemId: itemId, description: "Redecoration", askedAmount: 50_000, awardedAmount: 30_000, reason }]);
    // The decision's e-mail links to the reasons on the arbitration page.
    const [mail] = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.userId, tenants[0]!.userId), eq(outboxEmails.template, "ADJUDICATION_DECIDED")));
    expect(mail!.text).toMatch(new RegExp(`Read the adjudicator's reasons:\\n\\S+/arbitrations/${arbitrationId}#reasons`));

    // The decision document: a PDF by its content, at most 30 MB; anything else is refused.
    const pdf = Buffer.from(samplePdf("Adjudicator decision")).toString("base64");
    const notPdf = Buffer.from("%PDF-1.4 but not really").toString("base64");
    expect((await ops("attach-decision-document", { claimId: claim.claimId, base64: notPdf, name: "decision.pdf" })).status).toBe(400);
    expect((await ops("attach-decision-document", { claimId: claim.claimId, base64: Buffer.from("hello").toString("base64") })).status).toBe(400);
    expect((await ops("attach-decision-document", { claimId: claim.claimId })).status).toBe(400);
    expect((await ops("attach-decision-document", { claimId: other.claim.claimId, base64: pdf })).status).toBe(400); // no arbitration yet
    const attached = await ops("attach-decision-document", { claimId: claim.claimId, base64: pdf, name: "Adjudicator decision" });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ arbitrationId, name: "Adjudicator decision.pdf" });
    const listed = (await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, tenants[0]!.token)).body.documents;
    expect(listed).toEqual([{ id: expect.any(String), document: { id: attached.body.documentId, url: `/documents/${attached.body.documentId}`, name: "Adjudicator decision.pdf" } }]);
    const [stored] = await t.db.select().from(documents).where(eq(documents.id, attached.body.documentId));
    expect(Buffer.from(t.files.bytes(stored!.storageKey)!).toString("base64")).toBe(pdf);

    // The other claim's tenant sees neither (not found).
    expect((await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, other.tenants[0]!.token)).status).toBe(404);
  });
});

describe("getArbitrationById", () => {
  it("shows the result, the report, the 3-day deadline and each tenant's repayment actions", async () => {
    const { tenants, claim, path, feeActionId } = await disputedClaim({ liabilities: [2, 1] });
    const [me, coTenant] = tenants as [Tenant, Tenant];
    await payClaimAction(t.db, feeActionId, t.clock.now());
    const { arbitrationId } = await sendToAdjudication(t.db, claim.claimId, t.clock.now());

    const pending = await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, me.token);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ arbitratedAmount: null, repaymentOrderId: null, paymentRequired: false, disputeFeeOutcome: null, documents: [] });
    expect((await t.json("GET", path, undefined, me.token)).body).toMatchObject({ status: "AWAITING_ARBITRATION", arbitration: { id: arbitrationId, arbitratedAmount: null } });

    // Awarded £300 of the £500 asked: below finalAmount and the limit, so the £60 is credited.
    const decidedAt = t.clock.now();
    const decision = await decideAdjudication(t.db, claim.claimId, { amount: 30_000 }, decidedAt, t.files);
    expect(decision.amountDue).toBe(24_000);
    const res = await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: arbitrationId,
      claimId: claim.claimId,
      claim: { status: "ARBITRATED", finalAmount: 50_000 },
      arbitratedAmount: 30_000,
      decidedAt: decidedAt.toISOString(),
      paymentDeadline: adjudicationPaymentDeadline(decidedAt).toISOString(),
      daysRemaining: 3,
      repaymentOrderId: decision.repaymentOrderId,
      repaymentOrderStatusId: "PENDING",
      paymentRequired: true,
      paymentChoice: true,
      disputeFeeOutcome: { credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", creditPence: 6_000 },
      paymentPlanId: null,
      // £300 awarded less the £60 credit; this tenant answers for 2 tenants' shares.
      amountDue: 24_000,
      tenantLiability: 2,
    });
    // Liability 2 of 3 shares: £160 of £240.
    expect(res.body.payActions.ownShare).toMatchObject({ typeId: "ARBITRATION_PAY", amountRemaining: 16_000, completedAt: null });
    expect(res.body.payActions.remainingBalance).toMatchObject({ typeId: "ARBITRATION_PAY_REMAINING_BALANCE", amountRemaining: 24_000 });
    expect(res.body.documents).toHaveLength(1);
    const report = res.body.documents[0].document;
    expect(report).toMatchObject({ name: "Adjudication report.pdf", url: `/documents/${report.id}` });
    const [stored] = await t.db.select().from(documents).where(eq(documents.id, report.id));
    expect(Buffer.from(t.files.bytes(stored!.storageKey)!).toString("latin1").startsWith("%PDF-")).toBe(true);

    const theirs = await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, coTenant.token);
    expect(theirs.body.payActions.ownShare.amountRemaining).toBe(8_000);
    expect(theirs.body).toMatchObject({ amountDue: 24_000, tenantLiability: 1 });
    // The dashboard sends each tenant with a repayment to make to the arbitration page (part 2 §2).
    for (const tenant of [me, coTenant]) {
      const dashboard = await t.json("GET", "/dashboard", undefined, tenant.token);
      expect(dashboard.body).toMatchObject({ arbitrationToPay: { id: arbitrationId }, claimToAnswer: null });
    }
    // The claim page now points at the repayment order.
    const view = await t.json("GET", path, undefined, coTenant.token);
    expect(view.body).toMatchObject({ status: "ARBITRATED", payableOrderId: decision.repaymentOrderId, arbitration: { id: arbitrationId, arbitratedAmount: 30_000 } });

    // A payment plan on the repayment order sends the tenant to it.
    const [oc] = await t.db.select().from(orderCustomers).where(eq(orderCustomers.orderId, decision.repaymentOrderId!));
    const planId = newId();
    await t.db.insert(paymentPlans).values({
      id: planId,
      orderCustomerId: oc!.id,
      status: "ACTIVE",
      amount: 24_000,
      offerExpiresAt: new Date(decidedAt.getTime() + 48 * 3600_000),
    });
    const planOwner = oc!.customerId === me.customerId ? me : coTenant;
    expect((await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, planOwner.token)).body.paymentPlanId).toBe(planId);
    await t.db.delete(paymentPlans).where(eq(paymentPlans.id, planId));

    // Paying the remaining balance clears it for everyone and resolves the claim.
    await payClaimAction(t.db, res.body.payActions.remainingBalance.id, t.clock.now());
    const paid = await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, coTenant.token);
    expect(paid.body).toMatchObject({ repaymentOrderStatusId: "COMPLETE", paymentRequired: false, paymentChoice: false, claim: { status: "RESOLVED" } });
    // Nothing left to pay: the dashboard no longer redirects.
    expect((await t.json("GET", "/dashboard", undefined, coTenant.token)).body.arbitrationToPay).toBeNull();
    expect((await t.json("GET", path, undefined, me.token)).body.payableOrderId).toBeNull();
  });

  it("with the award wholly for the landlord there is no credit; with nothing due there is no repayment order", async () => {
    const whole = await disputedClaim({ tenants: 1, amount: 20_000 });
    await payClaimAction(t.db, whole.feeActionId, t.clock.now());
    const sent = await sendToAdjudication(t.db, whole.claim.claimId, t.clock.now());
    const decided = await decideAdjudication(t.db, whole.claim.claimId, { amount: 20_000, reportPdf: false }, t.clock.now());
    expect(decided.amountDue).toBe(20_000);
    const res = await t.json("GET", `/arbitrations/${sent.arbitrationId}`, undefined, whole.tenants[0]!.token);
    expect(res.body).toMatchObject({
      disputeFeeOutcome: { credited: false, reason: "AWARDED_WHOLLY_TO_LANDLORD", creditPence: 0 },
      paymentChoice: false,
      documents: [],
    });
    expect(res.body.payActions.ownShare.amountRemaining).toBe(20_000);

    const none = await disputedClaim({ tenants: 1 });
    await payClaimAction(t.db, none.feeActionId, t.clock.now());
    const sentNone = await sendToAdjudication(t.db, none.claim.claimId, t.clock.now());
    await decideAdjudication(t.db, none.claim.claimId, { amount: 0, reportPdf: false }, t.clock.now());
    const nothing = await t.json("GET", `/arbitrations/${sentNone.arbitrationId}`, undefined, none.tenants[0]!.token);
    expect(nothing.body).toMatchObject({ arbitratedAmount: 0, amountDue: 0, repaymentOrderId: null, paymentRequired: false, payActions: { ownShare: null, remainingBalance: null } });
    // Adjudicated with nothing to pay: the dashboard does not send the tenant to the arbitration.
    expect((await t.json("GET", "/dashboard", undefined, none.tenants[0]!.token)).body).toMatchObject({ arbitrationToPay: null, claimToAnswer: null });
    await resolveClaim(t.db, none.claim.claimId, t.clock.now());
    const [row] = await t.db.select().from(claims).where(eq(claims.id, none.claim.claimId));
    expect(row!.status).toBe("RESOLVED");
    await expect(resolveClaim(t.db, none.claim.claimId, t.clock.now())).rejects.toThrow("already closed");
  });

  it("answers 404 to a tenant who is not a respondent and for a made-up id; 401 without a token", async () => {
    const { claim, feeActionId } = await disputedClaim({ tenants: 1 });
    await payClaimAction(t.db, feeActionId, t.clock.now());
    const { arbitrationId } = await sendToAdjudication(t.db, claim.claimId, t.clock.now());
    const stranger = await t.signedInTenant();
    expect(await t.json("GET", `/arbitrations/${arbitrationId}`, undefined, stranger.token)).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect((await t.json("GET", `/arbitrations/${newId()}`, undefined, stranger.token)).status).toBe(404);
    expect((await t.json("GET", `/arbitrations/${arbitrationId}`)).status).toBe(401);
  });
});

describe("payClaimAction (back-office stand-in)", () => {
  it("refuses an action that is not a claim payment", async () => {
    const tenant = await t.signedInTenant();
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [tenant.userId] });
    const order = await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: tenant.customerId }] });
    const action = order.orderCustomers[0]!.actions[0]!;
    await expect(payClaimAction(t.db, action.id, t.clock.now())).rejects.toThrow("not a claim payment");
    const [row] = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, action.id));
    expect(row!.completedAt).toBeNull();
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(o!.statusId).toBe("PENDING");
  });
});
