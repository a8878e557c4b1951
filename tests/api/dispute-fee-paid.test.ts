import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { disputeFeeView } from "../../app/routes/arbitrations/+lib/arbitration-view";
import { arbitrations, claims, outboxEmails, stripeEvents } from "../../server/db/schema";
import { appLink } from "../../server/lib/app-url";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { raiseClaim } from "../../stand-ins/scenarios/claims";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

/**
 * Issue 38 (decision 0059), the dispute fee in one voice:
 * - paying it sends the dispute to the adjudicator in the same transaction (the success page's
 *   "has been sent" is true), and tells every tenant once: the payer that it is with the
 *   adjudicator, the co-tenant who paid and that the charges are not treated as accepted, however
 *   often the provider's news comes;
 * - when nothing is awarded, the refund e-mail says what the Result card says, in its words.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;
const sandbox = () => t.payments.sandbox!;
const stripe = () => t.payments.stripe;
const ops = (command: string, body: unknown = {}) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });

async function mailTo(tenant: Tenant, template: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.userId, tenant.userId), eq(outboxEmails.template, template)));
}

/** Two tenants on a claim of £500; Ana disputes it, so the £60 fee is hers to pay. */
async function disputedByAna() {
  const ana = await t.signedInTenant({ firstName: "Ana", lastName: "Fee" });
  const ben = await t.signedInTenant({ firstName: "Ben", lastName: "Fee" });
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ana.userId, ben.userId] });
  await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: [{ customerId: ana.customerId }, { customerId: ben.customerId }],
    status: "COMPLETE",
  });
  const claim = await raiseClaim(
    t.db,
    { tenancyId: tenancy.id, items: [{ description: "Redecoration", type: "REDECORATION", amount: 50_000 }], mediationEnabled: false },
    t.clock.now(),
  );
  const disputed = await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/dispute`, undefined, ana.token);
  expect(disputed.status).toBe(200);
  return { ana, ben, claimId: claim.claimId, feeOrderId: disputed.body.adjudicationFeeOrder.id as string };
}

/** The card form: the fee's intent confirmed with a card; the sandbox's webhook follows. */
async function payFeeByCard(ana: Tenant, feeOrderId: string) {
  const res = await t.json("POST", `/orders/${feeOrderId}/customers/${ana.customerId}/pay`, { paymentType: "ARBITRATION_FEE" }, ana.token);
  expect(res.status).toBe(200);
  expect(res.body.amount).toBe(DISPUTE_FEE_PENCE);
  const pm = await stripe().paymentMethods.create({
    type: "card",
    card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name: "Ana Fee", address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
  expect((await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: pm.id })).status).toBe("succeeded");
  await sandbox().whenWebhooksIdle();
  return res.body.paymentIntentId as string;
}

describe("the dispute fee paid (issue 38)", () => {
  it("sends the dispute to the adjudicator with the payment and tells each tenant once, though the webhook comes twice", async () => {
    const { ana, ben, claimId, feeOrderId } = await disputedByAna();
    const paymentIntentId = await payFeeByCard(ana, feeOrderId);
    const { data: events } = await stripe().events.list({ type: "payment_intent.succeeded", limit: 100 });
    const event = events.find((e) => (e.data.object as { id: string }).id === paymentIntentId)!;
    expect((await sandbox().redeliver(event.id)).status).toBe(200);
    // As if the event row were lost: applied again, and the payment's own record says it is done.
    await t.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect((await sandbox().redeliver(event.id)).status).toBe(200);

    const withAdjudicator = await t.db.select().from(arbitrations).where(eq(arbitrations.claimId, claimId));
    expect(withAdjudicator).toHaveLength(1);
    const [claim] = await t.db.select({ status: claims.status }).from(claims).where(eq(claims.id, claimId));
    expect(claim!.status).toBe("AWAITING_ARBITRATION");
    const link = appLink(`/arbitrations/${withAdjudicator[0]!.id}`);

    const told = await mailTo(ben, "DISPUTE_FEE_PAID");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("Ana Fee paid the £60.00 dispute fee");
    expect(told[0]!.text).toContain("so the end of tenancy charges are not treated as accepted.");
    expect(told[0]!.text.trim().split("\n").at(-1)).toBe(link);
    const sent = await mailTo(ana, "SENT_TO_ADJUDICATION");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text.trim().split("\n").at(-1)).toBe(link);
    expect(await mailTo(ana, "DISPUTE_FEE_PAID")).toEqual([]);
    expect(await mailTo(ben, "SENT_TO_ADJUDICATION")).toEqual([]);
    // The arbitration page answers both tenants at once.
    expect((await t.json("GET", `/arbitrations/${withAdjudicator[0]!.id}`, undefined, ben.token)).status).toBe(200);
  });

  it("nothing awarded: the refund e-mail says what the Result card says, and so does the decision's notice", async () => {
    const { ana, claimId, feeOrderId } = await disputedByAna();
    await payFeeByCard(ana, feeOrderId);
    const decided = await ops("decide-adjudication", { claimId, amount: 0, reportPdf: false });
    expect(decided.status).toBe(200);
    expect(decided.body.amountDue).toBe(0);
    const [arbitration] = await t.db.select().from(arbitrations).where(eq(arbitrations.claimId, claimId));
    const page = await t.json("GET", `/arbitrations/${arbitration!.id}`, undefined, ana.token);
    expect(page.status).toBe(200);
    const card = disputeFeeView(page.body)!;
    expect(card.headline).toBe("Dispute fee refunded.");
    expect(card.text).toBe("The adjudicator awarded nothing, so you owe nothing and your £60.00 dispute fee is refunded to your card in full.");

    const refund = await mailTo(ana, "PAYMENT_REFUNDED");
    expect(refund).toHaveLength(1);
    expect(refund[0]!.subject).toBe("We have refunded £60.00 to your card");
    expect(refund[0]!.text.split("\n")).toContain(card.text);
    expect(refund[0]!.text).not.toContain("reduced the charges");
    const [notice] = await mailTo(ana, "ADJUDICATION_DECIDED");
    expect(notice!.text.split("\n")).toContain(card.text);
  });

  it("£25 awarded: the refund e-mail's sentence is the Result card's (£25 off what is owed, £35 back)", async () => {
    const { ana, claimId, feeOrderId } = await disputedByAna();
    await payFeeByCard(ana, feeOrderId);
    expect((await ops("decide-adjudication", { claimId, amount: 2_500, reportPdf: false })).status).toBe(200);
    const [arbitration] = await t.db.select().from(arbitrations).where(eq(arbitrations.claimId, claimId));
    const card = disputeFeeView((await t.json("GET", `/arbitrations/${arbitration!.id}`, undefined, ana.token)).body)!;
    expect(card.text).toContain("£25.00 of it comes off what you owe, and the other £35.00 is refunded to your card.");
    const [refund] = await mailTo(ana, "PAYMENT_REFUNDED");
    expect(refund!.text.split("\n")).toContain(card.text);
  });
});
