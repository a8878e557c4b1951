import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimProposals, orderCustomerActions, outboxEmails, owedRefunds } from "../../server/db/schema";
import { proposalHoldExpiresAt } from "../../server/domain/deadlines";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { runDueJobs } from "../../server/jobs/sweeper";
import { createPayments } from "../../server/payments/wiring";
import { OWED_REFUND_LEASE_MS, payOwedRefunds } from "../../server/payments/refund-service";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { raiseClaim, sendToAdjudication } from "../../stand-ins/scenarios/claims";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";
import { createStripeSandbox, migrateWithStandIns } from "../helpers/stand-ins";

/**
 * Refunds that happen (issue 8): a tenant proposal paid by card and then refused (the agent's
 * final proposal) or left to run out its 7-day hold is refunded through the card provider, once,
 * and the tenant is told by e-mail, once; an unused dispute fee credit goes back to the card the
 * same way. The offline sandbox plays Stripe. The refund is owed in the refusing transaction and
 * paid by the owed-refunds job, so a crash or a provider failure in between loses nothing.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;
const DAY = 24 * 3600_000;
const sandbox = () => t.payments.sandbox!;
const ops = (command: string, body: unknown = {}) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });

let cards = 0;
/** A different card number per payment (the duplicate-card check refuses another tenant's card). */
const CARD_NUMBERS = ["4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "5200828282828210", "4000002500003155"];
async function card(name: string) {
  const number = CARD_NUMBERS[cards % CARD_NUMBERS.length]!;
  cards += 1;
  return t.payments.stripe.paymentMethods.create({
    type: "card",
    card: { number, exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name, address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
}

/** What the card form does: ask the API for the intent of a pay action, then confirm it with a card. */
async function payByCard(tenant: Tenant, orderId: string, paymentType: string, name = "Rhian Refund") {
  const res = await t.json("POST", `/orders/${orderId}/customers/${tenant.customerId}/pay`, { paymentType }, tenant.token);
  expect(res.status).toBe(200);
  const pm = await card(name);
  const confirmed = await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: pm.id });
  expect(confirmed.status).toBe("succeeded");
  await sandbox().whenWebhooksIdle();
  return { paymentIntentId: res.body.paymentIntentId as string, amount: res.body.amount as number };
}

/** A one-tenant claim (two items, £100 and £200) whose tenant has published a counter-proposal and paid it by card. */
async function paidProposal(amounts: [number, number] = [4_000, 8_000]) {
  const me = await t.signedInTenant({ firstName: "Rhian", lastName: "Refund" });
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [me.userId] });
  await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: me.customerId }], status: "COMPLETE" });
  const claim = await raiseClaim(
    t.db,
    {
      tenancyId: tenancy.id,
      items: [
        { description: "Cleaning", type: "CLEANING", amount: 10_000 },
        { description: "Paint", type: "REDECORATION", amount: 20_000 },
      ],
      mediationEnabled: true,
    },
    t.clock.now(),
  );
  const path = `/claims/${claim.claimId}`;
  let proposalId = "";
  for (const [i, claimItemId] of claim.itemIds.entries()) {
    const res = await t.json("POST", `${path}/counter-proposals`, { claimItemId, amount: amounts[i], explanation: "Fair wear and tear" }, me.token);
    expect(res.status).toBe(201);
    proposalId = res.body.id;
  }
  const published = await t.json("POST", `${path}/proposals/${proposalId}/publish`, undefined, me.token);
  expect(published.status).toBe(200);
  const payment = await payByCard(me, published.body.proposalPayment.orderId, "CLAIM_PROPOSAL");
  expect(payment.amount).toBe(amounts[0] + amounts[1]);
  const [submitted] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, proposalId));
  expect(submitted!.status).toBe("AWAITING_RESPONSE");
  return { me, claim, path, proposalId, ...payment };
}

/** The refunds the card provider holds for a payment intent. */
async function providerRefunds(paymentIntentId: string) {
  const list = await t.payments.stripe.refunds.list({ payment_intent: paymentIntentId });
  return list.data.map((r) => ({ id: r.id, amount: r.amount, paymentIntent: r.payment_intent, status: r.status }));
}

async function refundEmails(userId: string) {
  const all = await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, userId));
  return all.filter((e) => e.template === "PAYMENT_REFUNDED");
}

async function owedFor(paymentIntentId: string) {
  return t.db.select().from(owedRefunds).where(eq(owedRefunds.stripePaymentIntentId, paymentIntentId));
}

describe("a refused tenant proposal paid by card", () => {
  it("the agent's final proposal refunds the payment through the card provider at once, and the tenant is told once", async () => {
    const { me, claim, paymentIntentId, amount } = await paidProposal();
    const res = await ops("agent-final-proposal", { claimId: claim.claimId, amounts: { [claim.itemIds[0]!]: 9_000, [claim.itemIds[1]!]: 15_000 } });
    expect(res.status).toBe(200);
    expect(res.body.refunds.paid.map((p: { amount: number }) => p.amount)).toContain(amount);

    const refunds = await providerRefunds(paymentIntentId);
    expect(refunds).toEqual([{ id: expect.stringMatching(/^re_/), amount, paymentIntent: paymentIntentId, status: "succeeded" }]);
    const [owed] = await owedFor(paymentIntentId);
    expect(owed).toMatchObject({ amount, reason: "PROPOSAL_REFUSED", customerId: me.customerId, stripeRefundId: refunds[0]!.id, attempts: 1 });
    expect(owed!.paidAt).not.toBeNull();
    const told = await refundEmails(me.userId);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`We have refunded £${(amount / 100).toFixed(2)} to your card`);
    expect(told[0]!.text).toContain("did not accept your proposal");
    expect(told[0]!.text).toContain(`Reference: ${refunds[0]!.id}`);

    // The sweep afterwards pays nothing more and tells nobody again.
    await runDueJobs(t);
    expect(await providerRefunds(paymentIntentId)).toHaveLength(1);
    expect(await refundEmails(me.userId)).toHaveLength(1);
  });

  it("a hold that runs out refunds the payment in the sweep, once", async () => {
    const { me, proposalId, paymentIntentId, amount } = await paidProposal([1_000, 2_500]);
    const [proposal] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, proposalId));
    expect(proposal!.holdExpiresAt).toEqual(proposalHoldExpiresAt(t.clock.now()));
    t.clock.set(new Date(proposal!.holdExpiresAt!.getTime() + 60_000));
    const run = await runDueJobs(t);
    expect(run.claims.proposalsRefused.map((p) => p.claimProposalId)).toContain(proposalId);
    expect(run.refunds.paid.map((p) => p.amount)).toContain(amount);
    expect(await providerRefunds(paymentIntentId)).toEqual([expect.objectContaining({ amount, paymentIntent: paymentIntentId })]);
    const [owed] = await owedFor(paymentIntentId);
    expect(owed).toMatchObject({ reason: "PROPOSAL_HOLD_EXPIRED", amount });
    const told = await refundEmails(me.userId);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("within 7 days");
    // The paid action records the refund and which owed refund paid it.
    const [action] = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, owed!.orderCustomerActionId!));
    expect(action!.details).toMatchObject({ refunded: true, refundAmount: amount, owedRefundId: owed!.id });

    await runDueJobs(t);
    expect(await providerRefunds(paymentIntentId)).toHaveLength(1);
    expect(await refundEmails(me.userId)).toHaveLength(1);
  });
});

describe("an owed refund survives a crash or a provider failure", () => {
  it("a provider failure leaves it owed; a restarted instance's job pays it exactly once", async () => {
    const { me, claim, paymentIntentId, amount } = await paidProposal([3_000, 3_000]);
    // The provider fails once: the refusal is committed all the same and the refund stays owed.
    const realCreate = t.payments.stripe.refunds.create.bind(t.payments.stripe.refunds);
    let failures = 0;
    t.payments.stripe.refunds.create = (async () => {
      failures += 1;
      throw new Error("We could not reach our card payment provider");
    }) as typeof t.payments.stripe.refunds.create;
    try {
      const res = await ops("agent-final-proposal", { claimId: claim.claimId, amounts: { [claim.itemIds[0]!]: 9_000, [claim.itemIds[1]!]: 15_000 } });
      expect(res.status).toBe(200);
      expect(res.body.refunds).toEqual({ paid: [], failed: 1 });
    } finally {
      t.payments.stripe.refunds.create = realCreate;
    }
    expect(failures).toBe(1);
    expect(await providerRefunds(paymentIntentId)).toEqual([]);
    const [owed] = await owedFor(paymentIntentId);
    expect(owed).toMatchObject({ paidAt: null, attempts: 1, lastError: "We could not reach our card payment provider" });
    expect(await refundEmails(me.userId)).toEqual([]);

    // A restart: a new card integration over the same database (the sandbox keeps its state there).
    const restarted = createPayments({ db: t.db, clock: t.clock, env: {}, stripeSandbox: createStripeSandbox, webhookRetryDelaysMs: [10, 50] }, () => t.api);
    // Before the retry time nothing is tried again; after it, the job pays it.
    expect(await payOwedRefunds({ db: t.db, clock: t.clock, payments: restarted })).toEqual({ paid: [], failed: 0 });
    t.clock.advance(2 * 60_000);
    const run = await payOwedRefunds({ db: t.db, clock: t.clock, payments: restarted });
    expect(run.paid).toEqual([{ id: owed!.id, stripeRefundId: expect.stringMatching(/^re_/), amount }]);
    expect(await payOwedRefunds({ db: t.db, clock: t.clock, payments: restarted })).toEqual({ paid: [], failed: 0 });
    expect(await providerRefunds(paymentIntentId)).toEqual([expect.objectContaining({ amount })]);
    expect(await refundEmails(me.userId)).toHaveLength(1);
  });

  it("a crash after the commit, before the provider call (row leased, never paid): paid once the lease has passed", async () => {
    const { me, claim, paymentIntentId, amount } = await paidProposal([2_000, 2_000]);
    // The refusal commits, and the instance that took the row dies before calling the provider.
    const { agentRejectWithFinalProposal } = await import("../../stand-ins/scenarios/claims");
    await agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [claim.itemIds[0]!]: 9_000, [claim.itemIds[1]!]: 15_000 } }, t.clock.now());
    const [owed] = await owedFor(paymentIntentId);
    await t.db
      .update(owedRefunds)
      .set({ claimedUntil: new Date(t.clock.now().getTime() + OWED_REFUND_LEASE_MS), attempts: 1 })
      .where(eq(owedRefunds.id, owed!.id));
    // Another instance leaves a leased row alone...
    expect((await payOwedRefunds(t)).paid.map((p) => p.id)).not.toContain(owed!.id);
    expect(await providerRefunds(paymentIntentId)).toEqual([]);
    // ...and takes it over once the lease has run out.
    t.clock.advance(OWED_REFUND_LEASE_MS + 1_000);
    expect((await payOwedRefunds(t)).paid).toContainEqual(expect.objectContaining({ id: owed!.id, amount }));
    expect(await providerRefunds(paymentIntentId)).toHaveLength(1);
    expect(await refundEmails(me.userId)).toHaveLength(1);
  });

  it("a crash after the provider call, before marking it paid: the retry gets the same refund (idempotency key), one e-mail", async () => {
    const { me, claim, paymentIntentId, amount } = await paidProposal([2_500, 2_500]);
    const { agentRejectWithFinalProposal } = await import("../../stand-ins/scenarios/claims");
    await agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [claim.itemIds[0]!]: 9_000, [claim.itemIds[1]!]: 15_000 } }, t.clock.now());
    const [owed] = await owedFor(paymentIntentId);
    // What the dead instance had done: the provider call with the owed refund's key, then nothing.
    const first = await t.payments.stripe.refunds.create(
      { payment_intent: paymentIntentId, amount, reason: "requested_by_customer", metadata: { owedRefundId: owed!.id, reason: owed!.reason } },
      { idempotencyKey: `owed-refund-${owed!.id}` },
    );
    const run = await payOwedRefunds(t);
    expect(run.paid).toContainEqual({ id: owed!.id, stripeRefundId: first.id, amount });
    expect(await providerRefunds(paymentIntentId)).toEqual([expect.objectContaining({ id: first.id, amount })]);
    expect(await refundEmails(me.userId)).toHaveLength(1);
  });

  it("two job runs at once refund once and tell the tenant once", async () => {
    const { me, claim, paymentIntentId, amount } = await paidProposal([1_500, 1_500]);
    const { agentRejectWithFinalProposal } = await import("../../stand-ins/scenarios/claims");
    await agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [claim.itemIds[0]!]: 9_000, [claim.itemIds[1]!]: 15_000 } }, t.clock.now());
    const [a, b] = await Promise.all([payOwedRefunds(t), payOwedRefunds(t)]);
    expect([...a.paid, ...b.paid].filter((p) => p.amount === amount)).toHaveLength(1);
    expect(a.failed + b.failed).toBe(0);
    expect(await providerRefunds(paymentIntentId)).toEqual([expect.objectContaining({ amount })]);
    expect(await refundEmails(me.userId)).toHaveLength(1);
  });
});

describe("the dispute fee credit", () => {
  it("an award below £60 gives the unused credit back to the card that paid the fee", async () => {
    const me = await t.signedInTenant({ firstName: "Rhian", lastName: "Refund" });
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [me.userId] });
    await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: me.customerId }], status: "COMPLETE" });
    const claim = await raiseClaim(
      t.db,
      { tenancyId: tenancy.id, items: [{ description: "Redecoration", type: "REDECORATION", amount: 50_000 }], mediationEnabled: false },
      t.clock.now(),
    );
    const disputed = await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/dispute`, undefined, me.token);
    expect(disputed.status).toBe(200);
    const fee = await payByCard(me, disputed.body.adjudicationFeeOrder.id, "ARBITRATION_FEE");
    expect(fee.amount).toBe(DISPUTE_FEE_PENCE);
    await sendToAdjudication(t.db, claim.claimId, t.clock.now());
    // £25 awarded: the £60 credit covers it (nothing to pay) and £35 of the fee comes back.
    const decided = await ops("decide-adjudication", { claimId: claim.claimId, amount: 2_500, reportPdf: false });
    expect(decided.status).toBe(200);
    expect(decided.body.amountDue).toBe(0);
    expect(await providerRefunds(fee.paymentIntentId)).toEqual([expect.objectContaining({ amount: DISPUTE_FEE_PENCE - 2_500, paymentIntent: fee.paymentIntentId })]);
    const [owed] = await t.db
      .select()
      .from(owedRefunds)
      .where(and(eq(owedRefunds.stripePaymentIntentId, fee.paymentIntentId), eq(owedRefunds.reason, "DISPUTE_FEE_CREDIT")));
    expect(owed!.paidAt).not.toBeNull();
    const told = await refundEmails(me.userId);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("dispute fee");
  });
});

/**
 * On a real PostgreSQL (TEST_DATABASE_URL) two instances, each with its own connection pool and
 * card integration, pay the owed refunds at the same time: `FOR UPDATE SKIP LOCKED` for real.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("on PostgreSQL, two instances paying owed refunds at once", () => {
  const { open } = usePostgresInstances(pgUrl!, "owed_refunds");

  it("each owed refund is paid once, and each tenant told once", async () => {
    const { createTenant } = await import("../../stand-ins/scenarios/tenants");
    const { recordOwedRefund } = await import("../../server/payments/refund-service");
    const { FixedClock } = await import("../../server/lib/clock");
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
    const payA = createPayments({ db: a.db, clock, env: {}, stripeSandbox: createStripeSandbox, webhookRetryDelaysMs: [] }, () => undefined);
    const payB = createPayments({ db: b.db, clock, env: {}, stripeSandbox: createStripeSandbox, webhookRetryDelaysMs: [] }, () => undefined);
    const owed: { userId: string; paymentIntentId: string; amount: number }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const tenant = await createTenant(a.db, { email: `pg-refund-${i}@example.test`, firstName: "Pat", lastName: "Gres" });
      const pm = await payA.stripe.paymentMethods.create({
        type: "card",
        card: { number: CARD_NUMBERS[i]!, exp_month: 12, exp_year: 2030, cvc: "123" },
        billing_details: { name: "Pat Gres" },
      });
      const amount = 1_000 + i * 100;
      const pi = await payA.stripe.paymentIntents.create({ amount, currency: "gbp", payment_method: pm.id, confirm: true });
      expect(pi.status).toBe("succeeded");
      await a.db.transaction((tx) =>
        recordOwedRefund(tx, { customerId: tenant.customerId, stripePaymentIntentId: pi.id, amount, reason: "PROPOSAL_REFUSED" }, clock.now()),
      );
      owed.push({ userId: tenant.userId, paymentIntentId: pi.id, amount });
    }
    const [x, y] = await Promise.all([payOwedRefunds({ db: a.db, clock, payments: payA }), payOwedRefunds({ db: b.db, clock, payments: payB })]);
    expect([...x.paid, ...y.paid].map((p) => p.amount).sort()).toEqual(owed.map((o) => o.amount).sort());
    for (const o of owed) {
      const refunds = await payA.stripe.refunds.list({ payment_intent: o.paymentIntentId });
      expect(refunds.data.map((r) => r.amount)).toEqual([o.amount]);
      const emails = (await a.db.select().from(outboxEmails).where(eq(outboxEmails.userId, o.userId))).filter((e) => e.template === "PAYMENT_REFUNDED");
      expect(emails).toHaveLength(1);
    }
    payA.sandbox?.close();
    payB.sandbox?.close();
  });
});
