import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { orderCustomerActions, orderCustomers, outboxEmails, paymentPlanInstalments, stripeEvents } from "../../server/db/schema";
import { startOfLondonDay } from "../../server/domain/london-time";
import { keyfreeFeePence } from "../../server/domain/fees";
import { chargeDueInstalments } from "../../server/jobs/instalment-charges";
import { appLink } from "../../server/lib/app-url";
import { reconcilePayments } from "../../server/payments/reconcile-service";
import { createAnnualFeeOrder } from "../../stand-ins/scenarios/annual-fee";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { decideAdjudication, payClaimAction, raiseClaim, sendToAdjudication } from "../../stand-ins/scenarios/claims";
import { failInstalment, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, type TestApi } from "../helpers/api";
import { atKeyfreePayStep as tenantAtPayStep } from "../helpers/pay-step";

/**
 * A receipt for every card payment received (issue 28, scope 3): each kind of payment, paid
 * through the real paths (the card form's intent and the offline sandbox's webhook, the
 * off-session charge on an instalment's due day, a missed instalment paid by hand), sends its
 * payer one PAYMENT_RECEIPT e-mail, written in the transaction that applied the payment: what it
 * was for in the Keyfree page's words, the amount, the card's ending, the date and time in London,
 * the Keyfree's property, and a link to this payment's receipt on the Keyfree page, which
 * GET /payments/{id}/receipt answers for the payer. Once, however often the news comes; none for
 * money given back whole.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

const START = new Date("2026-11-22T10:00:00Z");
const sandbox = () => t.payments.sandbox!;
const stripe = () => t.payments.stripe;
const deps = () => ({ db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

type Payer = { userId: string; customerId: string; email: string; token: string };

async function card(number: string) {
  return stripe().paymentMethods.create({
    type: "card",
    card: { number, exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name: "Robin Receipt", address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
}

/** What the card form does: the intent of a pay action, confirmed with a card; the webhook follows. */
async function payByCard(payer: Payer, orderId: string, paymentType: string | undefined, number: string) {
  const res = await t.json("POST", `/orders/${orderId}/customers/${payer.customerId}/pay`, paymentType ? { paymentType } : {}, payer.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const confirmed = await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card(number)).id });
  expect(confirmed.status).toBe("succeeded");
  await sandbox().whenWebhooksIdle();
  return { paymentIntentId: res.body.paymentIntentId as string, actionId: res.body.orderCustomerActionId as string, amount: res.body.amount as number };
}

async function receiptsTo(userId: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.userId, userId), eq(outboxEmails.template, "PAYMENT_RECEIPT")))
    .orderBy(outboxEmails.createdAt);
}

/**
 * The payer has exactly one receipt for the payment, saying what the brief asks, and its link is
 * the Keyfree page's receipt of exactly this payment, which the API gives the payer.
 */
async function expectReceipt(
  payer: Payer,
  expected: { paymentId: string; keyfreeOrderId: string; paidFor: string; amount: number; last4: string; date: string; property: string },
) {
  const receiptLink = appLink(`/keyfrees/${expected.keyfreeOrderId}/receipts/${expected.paymentId}`);
  const mine = (await receiptsTo(payer.userId)).filter((e) => e.text.includes(receiptLink));
  expect(mine, `one receipt for ${expected.paidFor}`).toHaveLength(1);
  const [mail] = mine;
  expect(mail!.to).toBe(payer.email);
  expect(mail!.subject).toBe(`Your receipt for ${pounds(expected.amount)}: ${expected.paidFor}`);
  const lines = mail!.text.split("\n");
  expect(lines).toContain(`What it was for: ${expected.paidFor}`);
  expect(lines).toContain(`Amount: ${pounds(expected.amount)}`);
  expect(lines).toContain(`Paid with: the card ending ${expected.last4}`);
  expect(lines).toContain(`Date: ${expected.date} (UK time)`);
  expect(lines).toContain(`Keyfree: ${expected.property}`);
  expect(lines).toContain(receiptLink);
  expect(lines).toContain(appLink(`/keyfrees/${expected.keyfreeOrderId}`));
  // The link downloads this payment's receipt: the API answers it for the payer, for this Keyfree.
  const receipt = await t.json("GET", `/payments/${expected.paymentId}/receipt`, undefined, payer.token);
  expect(receipt.status).toBe(200);
  expect(receipt.body).toMatchObject({ id: expected.paymentId, amount: expected.amount, keyfree: { orderId: expected.keyfreeOrderId } });
  return mail!;
}

/** A tenant at the Keyfree payment step of their checkout (the property is 12 Orchard Road, Bristol BS1 4DJ). */
async function atKeyfreePayStep() {
  const { orderId, tenant, token } = await tenantAtPayStep(t, "Receipt", "Robin");
  const payer: Payer = { ...tenant, token };
  return { orderId, payer, orderCustomerId: tenant.orderCustomerId };
}

/** A finished one- or two-tenant Keyfree on its own property, with its tenants signed in. */
async function finishedKeyfree(tenants: number, address: { buildingNumber: string; street: string; town: string; postcode: string }) {
  const payers: Payer[] = [];
  for (let i = 0; i < tenants; i += 1) payers.push(await t.quickTenant({ firstName: `Payer${i + 1}` }));
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: payers.map((p) => p.userId), address, startDate: "2024-06-01", endDate: null });
  const keyfree = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: payers.map((p) => ({ customerId: p.customerId })),
    status: "COMPLETE",
    completedAt: t.clock.now(),
  });
  return { payers, tenancyId: tenancy.id, keyfreeOrderId: keyfree.orderId, orderCustomerIds: keyfree.orderCustomers.map((o) => o.orderCustomerId) };
}

describe("a receipt for each kind of card payment", () => {
  it("the Keyfree fee (checkout)", async () => {
    t.clock.set(START);
    const { orderId, payer } = await atKeyfreePayStep();
    const paid = await payByCard(payer, orderId, undefined, "4242424242424242");
    expect(paid.amount).toBe(keyfreeFeePence(130_000));
    await expectReceipt(payer, {
      paymentId: paid.actionId,
      keyfreeOrderId: orderId,
      paidFor: "Keyfree fee",
      amount: keyfreeFeePence(130_000),
      last4: "4242",
      date: "Sunday 22 November 2026, 10:00am",
      property: "12 Orchard Road, Bristol BS1 4DJ",
    });
    expect(await receiptsTo(payer.userId)).toHaveLength(1);
  });

  it("the charges: a tenant's own share (CLAIM), and the co-tenant's whole balance (CLAIM_REMAINING_BALANCE)", async () => {
    t.clock.set(new Date("2026-11-23T23:30:00Z"));
    const { payers, tenancyId, keyfreeOrderId } = await finishedKeyfree(2, { buildingNumber: "3", street: "Mill Lane", town: "Bath", postcode: "BA1 1AA" });
    const [me, coTenant] = payers as [Payer, Payer];
    const claim = await raiseClaim(t.db, { tenancyId, items: [{ description: "Clean", type: "CLEANING", amount: 20_000 }], mediationEnabled: true }, t.clock.now());
    expect((await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/agree`, undefined, me.token)).status).toBe(200);

    const share = await payByCard(me, claim.orderId, "CLAIM", "4242424242424242");
    expect(share.amount).toBe(10_000);
    await expectReceipt(me, {
      paymentId: share.actionId,
      keyfreeOrderId,
      paidFor: "Your share of the end of tenancy charges",
      amount: 10_000,
      last4: "4242",
      date: "Monday 23 November 2026, 11:30pm",
      property: "3 Mill Lane, Bath BA1 1AA",
    });

    t.clock.advance(60 * 60_000);
    const rest = await payByCard(coTenant, claim.orderId, "CLAIM_REMAINING_BALANCE", "5555555555554444");
    expect(rest.amount).toBe(10_000);
    await expectReceipt(coTenant, {
      paymentId: rest.actionId,
      keyfreeOrderId,
      paidFor: "End of tenancy charges (the whole balance)",
      amount: 10_000,
      last4: "4444",
      date: "Tuesday 24 November 2026, 12:30am",
      property: "3 Mill Lane, Bath BA1 1AA",
    });
    // Each is told of their own payment only.
    expect(await receiptsTo(me.userId)).toHaveLength(1);
    expect(await receiptsTo(coTenant.userId)).toHaveLength(1);
  });

  it("a proposal's upfront payment (CLAIM_PROPOSAL)", async () => {
    t.clock.set(START);
    const { payers, tenancyId, keyfreeOrderId } = await finishedKeyfree(1, { buildingNumber: "8", street: "Park Row", town: "Leeds", postcode: "LS1 5HD" });
    const me = payers[0]!;
    const claim = await raiseClaim(
      t.db,
      {
        tenancyId,
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
      const res = await t.json("POST", `${path}/counter-proposals`, { claimItemId, amount: [4_000, 8_000][i], explanation: "Fair wear and tear" }, me.token);
      expect(res.status).toBe(201);
      proposalId = res.body.id;
    }
    const published = await t.json("POST", `${path}/proposals/${proposalId}/publish`, undefined, me.token);
    expect(published.status).toBe(200);
    const paid = await payByCard(me, published.body.proposalPayment.orderId, "CLAIM_PROPOSAL", "4000056655665556");
    expect(paid.amount).toBe(12_000);
    await expectReceipt(me, {
      paymentId: paid.actionId,
      keyfreeOrderId,
      paidFor: "Payment made with your proposal on the charges",
      amount: 12_000,
      last4: "5556",
      date: "Sunday 22 November 2026, 10:00am",
      property: "8 Park Row, Leeds LS1 5HD",
    });
  });

  it("the dispute fee (ARBITRATION_FEE), then the adjudicated amount: a share (ARBITRATION) and the whole balance (ARBITRATION_REMAINING_BALANCE)", async () => {
    t.clock.set(START);
    const { payers, tenancyId, keyfreeOrderId } = await finishedKeyfree(2, { buildingNumber: "41", street: "Queen Street", town: "Cardiff", postcode: "CF10 2BU" });
    const [me, coTenant] = payers as [Payer, Payer];
    const claim = await raiseClaim(
      t.db,
      { tenancyId, items: [{ description: "Redecoration", type: "REDECORATION", amount: 50_000 }], mediationEnabled: false },
      t.clock.now(),
    );
    const disputed = await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/dispute`, undefined, me.token);
    expect(disputed.status).toBe(200);
    const fee = await payByCard(me, disputed.body.adjudicationFeeOrder.id, "ARBITRATION_FEE", "4242424242424242");
    expect(fee.amount).toBe(DISPUTE_FEE_PENCE);
    const property = "41 Queen Street, Cardiff CF10 2BU";
    await expectReceipt(me, {
      paymentId: fee.actionId,
      keyfreeOrderId,
      paidFor: "Formal dispute fee",
      amount: DISPUTE_FEE_PENCE,
      last4: "4242",
      date: "Sunday 22 November 2026, 10:00am",
      property,
    });

    await sendToAdjudication(t.db, claim.claimId, t.clock.now());
    t.clock.set(new Date("2026-12-20T14:05:00Z"));
    // £300 awarded, less the £60 credit: £240 due, £120 each.
    const decision = await decideAdjudication(t.db, claim.claimId, { amount: 30_000, reportPdf: false }, t.clock.now());
    expect(decision.amountDue).toBe(24_000);
    const share = await payByCard(me, decision.repaymentOrderId!, "ARBITRATION", "4242424242424242");
    expect(share.amount).toBe(12_000);
    await expectReceipt(me, {
      paymentId: share.actionId,
      keyfreeOrderId,
      paidFor: "Your share of the adjudicated amount",
      amount: 12_000,
      last4: "4242",
      date: "Sunday 20 December 2026, 2:05pm",
      property,
    });
    const rest = await payByCard(coTenant, decision.repaymentOrderId!, "ARBITRATION_REMAINING_BALANCE", "5200828282828210");
    expect(rest.amount).toBe(12_000);
    await expectReceipt(coTenant, {
      paymentId: rest.actionId,
      keyfreeOrderId,
      paidFor: "The adjudicated amount (the whole balance)",
      amount: 12_000,
      last4: "8210",
      date: "Sunday 20 December 2026, 2:05pm",
      property,
    });
    expect(await receiptsTo(me.userId)).toHaveLength(2);
    expect(await receiptsTo(coTenant.userId)).toHaveLength(1);
  });

  it("the annual fee (TOP_UP), paid in summer time: the date is London's, an hour ahead of UTC", async () => {
    t.clock.set(new Date("2027-06-01T23:30:00Z"));
    const { payers, tenancyId, keyfreeOrderId } = await finishedKeyfree(1, { buildingNumber: "5", street: "Castle Street", town: "Exeter", postcode: "EX4 3PT" });
    const me = payers[0]!;
    const created = await createAnnualFeeOrder(t.db, { tenancyId, years: 1 }, t.clock.now());
    const paid = await payByCard(me, created.orderId, "TOP_UP", "4242424242424242");
    expect(paid.amount).toBeGreaterThan(0);
    await expectReceipt(me, {
      paymentId: paid.actionId,
      keyfreeOrderId,
      paidFor: "Annual fee",
      amount: paid.amount,
      last4: "4242",
      date: "Wednesday 2 June 2027, 12:30am",
      property: "5 Castle Street, Exeter EX4 3PT",
    });
  });

  it("payment plan instalments: charged off-session on the due day, and a missed one paid by hand", async () => {
    t.clock.set(START);
    const { payers, orderCustomerIds, keyfreeOrderId } = await finishedKeyfree(1, { buildingNumber: "7", street: "Quay Street", town: "Bristol", postcode: "BS1 5TH" });
    const me = payers[0]!;
    const plan = await offerPaymentPlan(t.db, { orderCustomerId: orderCustomerIds[0]!, amount: 30_000, instalments: 3, firstDueDate: "2026-12-10" }, t.clock.now());
    const id = plan.paymentPlanId;
    const address = { buildingNumber: "22", street: "Harbour Way", town: "Bristol", postcode: "BS1 4DJ", country: "GB", currentlyAtAddress: true };
    expect((await t.json("POST", `/payment-plans/${id}/confirm`, undefined, me.token)).status).toBe(200);
    expect((await t.json("PUT", `/payment-plans/${id}/address`, { addresses: [address] }, me.token)).status).toBe(200);
    const setup = await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, me.token);
    expect(setup.status).toBe(200);
    const saved = await card("4242424242424242");
    expect((await stripe().setupIntents.confirm(setup.body.setupIntentId, { payment_method: saved.id })).status).toBe("succeeded");
    await sandbox().whenWebhooksIdle();
    expect((await t.json("PUT", `/payment-plans/${id}/card-details`, { paymentMethodId: saved.id }, me.token)).body.status).toBe("ACTIVE");
    const [first, second] = plan.instalmentIds as [string, string, string];
    const property = "7 Quay Street, Bristol BS1 5TH";

    // The due day, 9am London: the job charges the saved card without the tenant.
    t.clock.set(new Date(startOfLondonDay("2026-12-10").getTime() + 9 * 3_600_000));
    expect((await chargeDueInstalments(deps())).paid).toEqual([first]);
    await sandbox().whenWebhooksIdle();
    await expectReceipt(me, {
      paymentId: first,
      keyfreeOrderId,
      paidFor: "Payment plan instalment 1",
      amount: 10_000,
      last4: "4242",
      date: "Thursday 10 December 2026, 9:00am",
      property,
    });

    // The second is missed (its charge failed) and the tenant pays it by hand with another card.
    t.clock.set(new Date("2027-01-10T09:00:00Z"));
    await failInstalment(t.db, { paymentPlanId: id, instalmentNumber: 2 }, t.clock.now());
    t.clock.set(new Date("2027-01-12T18:45:00Z"));
    const res = await t.json("POST", `/payment-plans/${id}/instalments/${second}/pay`, undefined, me.token);
    expect(res.status).toBe(200);
    await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("5555555555554444")).id });
    await sandbox().whenWebhooksIdle();
    const [row] = await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.id, second));
    expect(row!.status).toBe("PAID");
    await expectReceipt(me, {
      paymentId: second,
      keyfreeOrderId,
      paidFor: "Payment plan instalment 2",
      amount: 10_000,
      last4: "4444",
      date: "Tuesday 12 January 2027, 6:45pm",
      property,
    });
    expect(await receiptsTo(me.userId)).toHaveLength(2);
  });
});

describe("once per payment", () => {
  it("the webhook held, the page's on-demand check, reconciliation, then the webhook delivered twice, once as if its event row were lost: one receipt", async () => {
    t.clock.set(START);
    const { orderId, payer } = await atKeyfreePayStep();
    const res = await t.json("POST", `/orders/${orderId}/customers/${payer.customerId}/pay`, {}, payer.token);
    expect(res.status).toBe(200);
    sandbox().holdWebhooks(true, payer.customerId);
    try {
      await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
      expect(await receiptsTo(payer.userId)).toEqual([]);
      // The tenant's page asks the provider on demand and applies it: the receipt is written with it.
      expect((await t.json("GET", `/orders/${orderId}/customers/${payer.customerId}`, undefined, payer.token)).status).toBe(200);
      expect(await receiptsTo(payer.userId)).toHaveLength(1);
      await reconcilePayments(deps());
    } finally {
      await sandbox().releaseHeldWebhooks(payer.customerId);
    }
    await sandbox().whenWebhooksIdle();
    const { data: events } = await stripe().events.list({ type: "payment_intent.succeeded", limit: 100 });
    const event = events.find((e) => (e.data.object as { id: string }).id === res.body.paymentIntentId)!;
    expect((await sandbox().redeliver(event.id)).status).toBe(200);
    // As if the event row were lost: the event is applied again, and the ledger says it is done.
    await t.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect((await sandbox().redeliver(event.id)).status).toBe(200);
    await reconcilePayments(deps());
    await expectReceipt(payer, {
      paymentId: res.body.orderCustomerActionId,
      keyfreeOrderId: orderId,
      paidFor: "Keyfree fee",
      amount: res.body.amount,
      last4: "4242",
      date: "Sunday 22 November 2026, 10:00am",
      property: "12 Orchard Road, Bristol BS1 4DJ",
    });
    expect(await receiptsTo(payer.userId)).toHaveLength(1);
  });
});

describe("money not kept", () => {
  it("a payment refunded in full as not needed sends no receipt, only the refund e-mail", async () => {
    t.clock.set(START);
    const { orderId, payer, orderCustomerId } = await atKeyfreePayStep();
    const res = await t.json("POST", `/orders/${orderId}/customers/${payer.customerId}/pay`, {}, payer.token);
    expect(res.status).toBe(200);
    // Completed another way while the card form was open: the money is not needed.
    const [action] = (await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, orderCustomerId))).filter(
      (a) => a.typeId === "KEYFREE_PAY",
    );
    await t.db.update(orderCustomerActions).set({ completedAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(orderCustomerActions.id, action!.id));
    await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
    await sandbox().whenWebhooksIdle();
    const mail = await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, payer.userId));
    expect(mail.filter((e) => e.template === "PAYMENT_REFUNDED")).toHaveLength(1);
    expect(await receiptsTo(payer.userId)).toEqual([]);
  });

  it("a payment partly more than was left to pay: the receipt is for what was kept and says the rest is given back", async () => {
    t.clock.set(START);
    const { payers, tenancyId, keyfreeOrderId } = await finishedKeyfree(2, { buildingNumber: "19", street: "High Street", town: "Oxford", postcode: "OX1 4AP" });
    const [me, coTenant] = payers as [Payer, Payer];
    const claim = await raiseClaim(t.db, { tenancyId, items: [{ description: "Clean", type: "CLEANING", amount: 20_000 }], mediationEnabled: true }, t.clock.now());
    expect((await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/agree`, undefined, me.token)).status).toBe(200);
    const intent = await t.json("POST", `/orders/${claim.orderId}/customers/${me.customerId}/pay`, { paymentType: "CLAIM_REMAINING_BALANCE" }, me.token);
    expect(intent.body.amount).toBe(20_000);
    // Meanwhile the co-tenant's share is recorded paid (not by card here: no receipt for it).
    const [theirs] = await t.db
      .select({ id: orderCustomerActions.id, amountRemaining: sql<number>`(${orderCustomerActions.details} ->> 'amountRemaining')::int` })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(and(eq(orderCustomers.orderId, claim.orderId), eq(orderCustomers.customerId, coTenant.customerId), eq(orderCustomerActions.typeId, "CLAIM_PAY")));
    expect(theirs!.amountRemaining).toBe(10_000);
    await payClaimAction(t.db, theirs!.id, t.clock.now());
    await stripe().paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
    await sandbox().whenWebhooksIdle();
    const mail = await expectReceipt(me, {
      paymentId: intent.body.orderCustomerActionId,
      keyfreeOrderId,
      paidFor: "End of tenancy charges (the whole balance)",
      amount: 10_000,
      last4: "4242",
      date: "Sunday 22 November 2026, 10:00am",
      property: "19 High Street, Oxford OX1 4AP",
    });
    expect(mail.text).toContain("Your card was charged £200.00. £100.00 of it was more than was left to pay, so it is being given back to your card.");
    expect(await receiptsTo(coTenant.userId)).toEqual([]);
  });
});
