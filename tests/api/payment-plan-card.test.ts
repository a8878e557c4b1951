import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claims,
  customers,
  orderCustomerActions,
  orderCustomers,
  outboxEmails,
  paymentMethods,
  paymentPlanActions,
  paymentPlanInstalments,
  paymentPlans,
  stripeEvents,
} from "../../server/db/schema";
import { INSTALMENT_PAYMENT_MESSAGES, PAYMENT_PLAN_STEP_MESSAGES } from "../../server/domain/payment-plans-rules";
import { issueAccessToken } from "../../server/lib/access-tokens";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { raiseClaim } from "../../stand-ins/scenarios/claims";
import { activatePaymentPlan, markInstalmentPaid, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * The payment plan's card operations (part 2 §2 card-details and manual-payment, §4, §7):
 * the card step through a setup intent, paying an instalment through a payment intent, and
 * the webhook that makes an instalment PAID or FAILED. The offline sandbox plays Stripe.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["quickTenant"]>>;
const sandbox = () => t.payments.sandbox!;
const stripe = () => t.payments.stripe;

/** A signed-in tenant with a completed Keyfree order, and a plan offered to them (3 instalments of £100.00 in all). */
async function offeredPlan() {
  const tenant = await t.quickTenant();
  const { tenancy } = await createTenancy(t.db, {
    tenantUserIds: [tenant.userId],
    address: { buildingNumber: "7", street: "Quay Street", town: "Bristol", postcode: "BS1 5TH" },
  });
  const order = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: [{ customerId: tenant.customerId }],
    status: "COMPLETE",
    completedAt: t.clock.now(),
  });
  const plan = await offerPaymentPlan(
    t.db,
    { orderCustomerId: order.orderCustomers[0]!.orderCustomerId, amount: 10_000, instalments: 3, firstDueDate: "2026-12-01", interestAmount: 400 },
    t.clock.now(),
  );
  return { tenant, plan, orderId: order.orderId, id: plan.paymentPlanId };
}

const goodAddress = { buildingNumber: "22", street: "Harbour Way", town: "Bristol", postcode: "BS1 4DJ", country: "GB", currentlyAtAddress: true };

/** A plan whose Payment Proposal Outline and Address Confirmation steps are done: the card step is next. */
async function atCardStep() {
  const offered = await offeredPlan();
  expect((await t.json("POST", `/payment-plans/${offered.id}/confirm`, undefined, offered.tenant.token)).status).toBe(200);
  expect((await t.json("PUT", `/payment-plans/${offered.id}/address`, { addresses: [goodAddress] }, offered.tenant.token)).status).toBe(200);
  return offered;
}

/** What the card form makes in the browser. */
async function card(number: string) {
  return stripe().paymentMethods.create({
    type: "card",
    card: { number, exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name: "Pat Doyle", address: { line1: "22 Harbour Way", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
}

/** The card form in setup mode: the plan's setup intent confirmed with a new card. */
async function savedCard(planId: string, tenant: Tenant, number = "4242424242424242") {
  const res = await t.json("POST", `/payment-plans/${planId}/setup-intent`, undefined, tenant.token);
  expect(res.status).toBe(200);
  const pm = await card(number);
  const confirmed = await stripe().setupIntents.confirm(res.body.setupIntentId, { payment_method: pm.id });
  expect(confirmed.status).toBe("succeeded");
  await sandbox().whenWebhooksIdle();
  return pm;
}

/** A plan through its card step: ACTIVE, with its card. */
async function activePlan() {
  const offered = await atCardStep();
  const pm = await savedCard(offered.id, offered.tenant);
  const res = await t.json("PUT", `/payment-plans/${offered.id}/card-details`, { paymentMethodId: pm.id }, offered.tenant.token);
  expect(res.status).toBe(200);
  return { ...offered, pm };
}

async function planRow(id: string) {
  const [row] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, id));
  return row!;
}
async function instalmentRow(id: string) {
  const [row] = await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.id, id));
  return row!;
}
async function stripeCustomerOf(customerId: string) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
  return row!.stripeCustomerId;
}
const payPath = (planId: string, instalmentId: string) => `/payment-plans/${planId}/instalments/${instalmentId}/pay`;

/** The browser confirming an instalment's intent with a card; the webhook follows. */
async function payInstalment(planId: string, instalmentId: string, tenant: Tenant, number = "4242424242424242") {
  const res = await t.json("POST", payPath(planId, instalmentId), undefined, tenant.token);
  expect(res.status).toBe(200);
  await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card(number)).id });
  await sandbox().whenWebhooksIdle();
  return res.body as { paymentIntentId: string; amount: number };
}

describe("getSetupIntentSecret", () => {
  it("gives the owner an off-session, card-only setup intent for their provider customer, the same one twice", async () => {
    const { tenant, id } = await atCardStep();
    const first = await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, tenant.token);
    expect(first.status).toBe(200);
    expect(first.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(first.body.clientSecret.startsWith(`${first.body.setupIntentId}_secret_`)).toBe(true);
    const intent = await stripe().setupIntents.retrieve(first.body.setupIntentId);
    expect(intent).toMatchObject({
      customer: await stripeCustomerOf(tenant.customerId),
      usage: "off_session",
      status: "requires_payment_method",
      allowed_payment_method_types: ["card"],
      metadata: { customerId: tenant.customerId, paymentPlanId: id, purpose: "payment-plan-card" },
    });
    const again = await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, tenant.token);
    expect(again.body.setupIntentId).toBe(first.body.setupIntentId);
  });

  it("gives a new intent once the last one has been confirmed (a card can be given again before the step is done)", async () => {
    const { tenant, id } = await atCardStep();
    const first = await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, tenant.token);
    await stripe().setupIntents.confirm(first.body.setupIntentId, { payment_method: (await card("4242424242424242")).id });
    const next = await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, tenant.token);
    expect(next.status).toBe(200);
    expect(next.body.setupIntentId).not.toBe(first.body.setupIntentId);
    expect((await stripe().setupIntents.retrieve(next.body.setupIntentId)).status).toBe("requires_payment_method");
    await sandbox().whenWebhooksIdle();
  });

  it("refuses the card step before the earlier steps (409) and once it is done (409)", async () => {
    const { tenant, id } = await offeredPlan();
    expect(await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.outOfOrder },
    });
    await t.json("POST", `/payment-plans/${id}/confirm`, undefined, tenant.token);
    expect((await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, tenant.token)).status).toBe(409);
    expect((await planRow(id)).stripeSetupIntentId).toBeNull();

    const active = await activePlan();
    expect(await t.json("POST", `/payment-plans/${active.id}/setup-intent`, undefined, active.tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.done },
    });
  });

  it("answers 404 for another tenant's plan and 401 without a token", async () => {
    const { id } = await atCardStep();
    const other = await t.quickTenant();
    expect((await t.json("POST", `/payment-plans/${id}/setup-intent`, undefined, other.token)).status).toBe(404);
    expect((await t.json("POST", `/payment-plans/${id}/setup-intent`)).status).toBe(401);
    expect((await planRow(id)).stripeSetupIntentId).toBeNull();
  });
});

describe("updateCardDetails", () => {
  it("keeps the card the setup intent saved as the customer's default and the plan's, and makes the plan ACTIVE", async () => {
    const { tenant, id } = await atCardStep();
    const pm = await savedCard(id, tenant);
    const res = await t.json("PUT", `/payment-plans/${id}/card-details`, { paymentMethodId: pm.id }, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "ACTIVE", nextAction: null, screen: "active", offerVoid: false });
    // The card the instalments are charged to, as the pages name it.
    expect(res.body.card).toEqual({ brand: "visa", last4: "4242" });
    expect(res.body.actions.every((a: { completedAt: string | null }) => a.completedAt === t.clock.now().toISOString())).toBe(true);
    expect((await t.json("GET", `/payment-plans/${id}/next-action`, undefined, tenant.token)).body).toEqual({ action: null, screen: "active" });

    expect(await planRow(id)).toMatchObject({ status: "ACTIVE", stripePaymentMethodId: pm.id });
    const saved = await t.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, tenant.customerId));
    expect(saved.filter((m) => m.isDefault).map((m) => m.stripePaymentMethodId)).toEqual([pm.id]);
    const stripeCustomerId = await stripeCustomerOf(tenant.customerId);
    expect((await stripe().customers.retrieve(stripeCustomerId!)) as { invoice_settings: { default_payment_method: string } }).toMatchObject({
      invoice_settings: { default_payment_method: pm.id },
    });
    expect((await stripe().paymentMethods.retrieve(pm.id)).customer).toBe(stripeCustomerId);
  });

  it("a double submit completes the step once: the other gets 409, and a later card changes nothing", async () => {
    const { tenant, id } = await atCardStep();
    const pm = await savedCard(id, tenant);
    const path = `/payment-plans/${id}/card-details`;
    const both = await Promise.all([
      t.json("PUT", path, { paymentMethodId: pm.id }, tenant.token),
      t.json("PUT", path, { paymentMethodId: pm.id }, tenant.token),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(PAYMENT_PLAN_STEP_MESSAGES.done);

    const [cardAction] = await t.db
      .select()
      .from(paymentPlanActions)
      .where(and(eq(paymentPlanActions.paymentPlanId, id), eq(paymentPlanActions.typeId, "CARD_DETAILS")));
    const completedAt = cardAction!.completedAt;
    t.clock.advance(60_000);
    const later = await card("5555555555554444");
    expect(await t.json("PUT", path, { paymentMethodId: later.id }, tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.done },
    });
    t.clock.advance(-60_000);
    expect((await planRow(id)).stripePaymentMethodId).toBe(pm.id);
    const [after] = await t.db.select().from(paymentPlanActions).where(eq(paymentPlanActions.id, cardAction!.id));
    expect(after!.completedAt).toEqual(completedAt);
    expect((await stripe().paymentMethods.retrieve(later.id)).customer).toBeNull();
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, later.id))).toEqual([]);
  });

  it("saves a card the form did not set up, as addPaymentMethod does; a declined one is refused with the provider's message", async () => {
    const { tenant, id } = await atCardStep();
    const declined = await t.json("PUT", `/payment-plans/${id}/card-details`, { paymentMethodId: (await card("4000000000000002")).id }, tenant.token);
    expect(declined.status).toBe(400);
    expect(declined.body.message).toMatch(/declined/i);
    expect((await planRow(id)).status).toBe("PENDING");

    const fresh = await card("4000056655665556");
    const res = await t.json("PUT", `/payment-plans/${id}/card-details`, { paymentMethodId: fresh.id }, tenant.token);
    expect(res).toMatchObject({ status: 200, body: { status: "ACTIVE", nextAction: null } });
    expect((await stripe().paymentMethods.retrieve(fresh.id)).customer).toBe(await stripeCustomerOf(tenant.customerId));
    expect((await planRow(id)).stripePaymentMethodId).toBe(fresh.id);
    await sandbox().whenWebhooksIdle();
  });

  it("refuses someone else's card and a made-up one (404), a bad body (400), the step out of order (409)", async () => {
    const mine = await atCardStep();
    const theirs = await atCardStep();
    const theirCard = await savedCard(theirs.id, theirs.tenant);
    const path = `/payment-plans/${mine.id}/card-details`;
    expect((await t.json("PUT", path, { paymentMethodId: theirCard.id }, mine.tenant.token)).status).toBe(404);
    expect((await t.json("PUT", path, { paymentMethodId: "pm_doesnotexist" }, mine.tenant.token)).status).toBe(404);
    expect((await t.json("PUT", path, { paymentMethodId: "" }, mine.tenant.token)).status).toBe(400);
    expect((await t.json("PUT", path, {}, mine.tenant.token)).status).toBe(400);

    const early = await offeredPlan();
    expect(
      await t.json("PUT", `/payment-plans/${early.id}/card-details`, { paymentMethodId: (await card("4242424242424242")).id }, early.tenant.token),
    ).toMatchObject({ status: 409, body: { message: PAYMENT_PLAN_STEP_MESSAGES.outOfOrder } });
    expect((await planRow(mine.id)).status).toBe("PENDING");
    expect((await planRow(early.id)).status).toBe("PENDING");
  });

  it("answers 404 for another tenant's plan (changing nothing) and 401 without a token", async () => {
    const { tenant, id } = await atCardStep();
    const pm = await savedCard(id, tenant);
    const other = await t.quickTenant();
    expect((await t.json("PUT", `/payment-plans/${id}/card-details`, { paymentMethodId: pm.id }, other.token)).status).toBe(404);
    expect((await t.json("PUT", `/payment-plans/${id}/card-details`, { paymentMethodId: pm.id })).status).toBe(401);
    expect(await planRow(id)).toMatchObject({ status: "PENDING", stripePaymentMethodId: null });
  });
});

describe("getInstalmentPaymentIntentSecret and the webhook", () => {
  it("is for the instalment's amount in pence, once; paying it makes the instalment PAID, and a replay changes nothing", async () => {
    const { tenant, id, plan, orderId } = await activePlan();
    const instalmentId = plan.instalmentIds[0]!;
    const [a, b] = await Promise.all([
      t.json("POST", payPath(id, instalmentId), undefined, tenant.token),
      t.json("POST", payPath(id, instalmentId), undefined, tenant.token),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
    expect(a.body).toMatchObject({ amount: 3_334, currency: "gbp", paymentPlanId: id, paymentPlanInstalmentId: instalmentId });
    expect(a.body.paymentIntentSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const intent = await stripe().paymentIntents.retrieve(a.body.paymentIntentId);
    expect(intent).toMatchObject({
      amount: 3_334,
      currency: "gbp",
      customer: await stripeCustomerOf(tenant.customerId),
      setup_future_usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { orderId, customerId: tenant.customerId, paymentPlanId: id, paymentPlanInstalmentId: instalmentId },
    });

    const pm = await card("4000002500003155");
    const confirmed = await stripe().paymentIntents.confirm(a.body.paymentIntentId, { payment_method: pm.id });
    expect(confirmed.amount_received).toBe(3_334);
    // The second tab's confirm of the same intent cannot charge again.
    await expect(stripe().paymentIntents.confirm(b.body.paymentIntentId, { payment_method: pm.id })).rejects.toThrow();
    await sandbox().whenWebhooksIdle();

    const polled = await t.json("GET", `/payment-plans/${id}/instalments/${instalmentId}`, undefined, tenant.token);
    expect(polled.body).toMatchObject({ status: "PAID", paidAt: t.clock.now().toISOString() });
    expect(await instalmentRow(instalmentId)).toMatchObject({ stripePaymentIntentId: a.body.paymentIntentId });
    // The card paid with is kept for the next instalments.
    expect((await planRow(id)).stripePaymentMethodId).toBe(pm.id);
    const view = await t.json("GET", `/payment-plans/${id}`, undefined, tenant.token);
    expect(view.body).toMatchObject({ status: "ACTIVE", screen: "active", amountPaid: 3_334, amountRemaining: 6_666 });

    // Replayed: once as the same event, once as if the event were new; the instalment is paid once.
    const { data: events } = await stripe().events.list({ type: "payment_intent.succeeded", limit: 100 });
    const event = events.find((e) => (e.data.object as { id: string }).id === a.body.paymentIntentId)!;
    expect(event).toBeTruthy();
    t.clock.advance(60_000);
    expect((await sandbox().redeliver(event.id)).status).toBe(200);
    await t.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect((await sandbox().redeliver(event.id)).status).toBe(200);
    t.clock.advance(-60_000);
    expect(await instalmentRow(instalmentId)).toMatchObject({ status: "PAID", paidAt: new Date(polled.body.paidAt) });
    expect((await t.json("GET", `/payment-plans/${id}`, undefined, tenant.token)).body.amountPaid).toBe(3_334);

    // Paying it again is refused.
    expect(await t.json("POST", payPath(id, instalmentId), undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: INSTALMENT_PAYMENT_MESSAGES.paid },
    });
  });

  it("a declined card leaves the instalment FAILED (manual-payment, the tenant told once); the same intent then pays it", async () => {
    const { tenant, id, plan } = await activePlan();
    const instalmentId = plan.instalmentIds[1]!;
    const first = await t.json("POST", payPath(id, instalmentId), undefined, tenant.token);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(
        stripe().paymentIntents.confirm(first.body.paymentIntentId, { payment_method: (await card("4000000000000002")).id }),
      ).rejects.toThrow(/declined/i);
      await sandbox().whenWebhooksIdle();
    }
    expect((await instalmentRow(instalmentId)).status).toBe("FAILED");
    expect((await t.json("GET", `/payment-plans/${id}`, undefined, tenant.token)).body.screen).toBe("manual-payment");
    const mails = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, tenant.userId), eq(outboxEmails.template, "PAYMENT_PLAN_INSTALMENT_FAILED")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/payment-plan/${id}/manual-payment`);

    const retry = await payInstalment(id, instalmentId, tenant, "4000008260000000");
    expect(retry.paymentIntentId).toBe(first.body.paymentIntentId);
    expect((await instalmentRow(instalmentId)).status).toBe("PAID");
    expect((await t.json("GET", `/payment-plans/${id}`, undefined, tenant.token)).body.screen).toBe("active");
  });

  it("a payment whose webhook is late shows as paid at once (asked of the provider on demand) and is not offered again; the late webhook changes nothing", async () => {
    const { tenant, id, plan } = await activePlan();
    const instalmentId = plan.instalmentIds[2]!;
    const res = await t.json("POST", payPath(id, instalmentId), undefined, tenant.token);
    await sandbox().holdWebhooks(true, tenant.customerId);
    try {
      await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
      expect((await t.json("GET", `/payment-plans/${id}/instalments/${instalmentId}`, undefined, tenant.token)).body.status).toBe("PAID");
      expect((await t.json("POST", payPath(id, instalmentId), undefined, tenant.token)).status).toBe(409);
    } finally {
      await sandbox().releaseHeldWebhooks(tenant.customerId);
    }
    expect((await instalmentRow(instalmentId)).status).toBe("PAID");
    expect((await instalmentRow(instalmentId)).stripePaymentIntentId).toBe(res.body.paymentIntentId);
    const pi = await stripe().paymentIntents.retrieve(res.body.paymentIntentId);
    expect((await stripe().charges.retrieve(pi.latest_charge as string)).amount_refunded).toBe(0);
  });

  it("a card payment for an instalment the back office recorded as paid meanwhile is refunded in full", async () => {
    const { tenant, id, plan } = await activePlan();
    const instalmentId = plan.instalmentIds[1]!;
    const res = await t.json("POST", payPath(id, instalmentId), undefined, tenant.token);
    await markInstalmentPaid(t.db, { paymentPlanId: id, instalmentNumber: 2 }, t.clock.now());
    await stripe().paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
    await sandbox().whenWebhooksIdle();
    const pi = await stripe().paymentIntents.retrieve(res.body.paymentIntentId);
    expect((await stripe().charges.retrieve(pi.latest_charge as string)).amount_refunded).toBe(res.body.amount);
    expect((await instalmentRow(instalmentId)).stripePaymentIntentId).not.toBe(res.body.paymentIntentId);
  });

  it("refuses a plan that is not live yet (409), another tenant's plan or another plan's instalment (404), no token (401)", async () => {
    const pending = await atCardStep();
    expect(await t.json("POST", payPath(pending.id, pending.plan.instalmentIds[0]!), undefined, pending.tenant.token)).toMatchObject({
      status: 409,
      body: { message: INSTALMENT_PAYMENT_MESSAGES.notLive },
    });
    const mine = await activePlan();
    const other = await t.quickTenant();
    expect((await t.json("POST", payPath(mine.id, mine.plan.instalmentIds[0]!), undefined, other.token)).status).toBe(404);
    expect((await t.json("POST", payPath(mine.id, pending.plan.instalmentIds[0]!), undefined, mine.tenant.token)).status).toBe(404);
    expect((await t.json("POST", payPath(mine.id, mine.plan.instalmentIds[0]!))).status).toBe(401);
    expect((await instalmentRow(mine.plan.instalmentIds[0]!)).stripePaymentIntentId).toBeNull();
  });
});

describe("paying off a plan for accepted charges", () => {
  let n = 0;
  /** A sole tenant who accepted £240.00 of charges, on a plan for them: 2 instalments, ACTIVE. */
  async function planForCharges() {
    n += 1;
    const scenario = await createCheckoutScenario(
      t.db,
      {
        tenants: [{ email: `planpayer${n}@example.test`, firstName: "Pat", lastName: "Doyle" }],
        ppm: 120_000,
        startDate: "2025-01-01",
        endDate: "2025-12-31",
        isNewTenancy: true,
        topUpEnabled: true,
        orderStatus: "COMPLETE",
      },
      t.clock.now(),
    );
    const me = scenario.tenants[0]!;
    const token = await issueAccessToken(t.db, t.config, me.userId, t.clock.now());
    const claim = await raiseClaim(
      t.db,
      { tenancyId: scenario.tenancyId, items: [{ description: "Carpet", type: "DAMAGE", amount: 24_000 }], mediationEnabled: true },
      t.clock.now(),
      t.files,
    );
    expect((await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/agree`, undefined, token)).status).toBe(200);
    const [oc] = await t.db
      .select({ id: orderCustomers.id })
      .from(orderCustomers)
      .where(and(eq(orderCustomers.orderId, claim.orderId), eq(orderCustomers.customerId, me.customerId)));
    const plan = await offerPaymentPlan(
      t.db,
      { orderCustomerId: oc!.id, claimId: claim.claimId, amount: 24_600, interestAmount: 600, instalments: 2, firstDueDate: "2026-12-01" },
      t.clock.now(),
    );
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    const tenant = { userId: me.userId, customerId: me.customerId, email: me.email, token };
    return { tenant, plan, claim, orderCustomerId: oc!.id };
  }

  async function claimStatus(claimId: string) {
    const [row] = await t.db.select({ status: claims.status }).from(claims).where(eq(claims.id, claimId));
    return row!.status;
  }

  it("the last instalment paid by card pays the charges: the claim is RESOLVED", async () => {
    const { tenant, plan, claim, orderCustomerId } = await planForCharges();
    await payInstalment(plan.paymentPlanId, plan.instalmentIds[0]!, tenant);
    expect(await claimStatus(claim.claimId)).not.toBe("RESOLVED");
    const open = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, orderCustomerId));
    expect(open.every((a) => a.completedAt === null)).toBe(true);

    await payInstalment(plan.paymentPlanId, plan.instalmentIds[1]!, tenant, "5555555555554444");
    expect(await claimStatus(claim.claimId)).toBe("RESOLVED");
    const actions = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, orderCustomerId));
    expect(actions.every((a) => a.completedAt !== null)).toBe(true);
    expect((await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token)).body).toMatchObject({
      amountPaid: 24_600,
      amountRemaining: 0,
    });
  });

  it("the back office recording the last instalment does the same (both paths share recordInstalmentPaid)", async () => {
    const { tenant, plan, claim } = await planForCharges();
    await payInstalment(plan.paymentPlanId, plan.instalmentIds[0]!, tenant);
    const done = await markInstalmentPaid(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 2 }, t.clock.now());
    expect(done).toMatchObject({ paidOff: true, claimPayment: { orderComplete: true, effect: "CHARGES_SETTLED" } });
    expect(await claimStatus(claim.claimId)).toBe("RESOLVED");
  });
});
