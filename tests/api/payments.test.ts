import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderCustomerActions, orderCustomers, orders, outboxEmails, stripeEvents, userEvents } from "../../server/db/schema";
import { keyfreeFeePence, splitByLiability } from "../../server/domain/fees";
import { BELOW_CARD_MINIMUM_MESSAGE, DUPLICATE_CARD_MESSAGE } from "../../server/domain/payments";
import { issueAccessToken } from "../../server/lib/access-tokens";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { payClaimAction, raiseClaim } from "../../stand-ins/scenarios/claims";
import { CHECKOUT_ACTION_TYPES } from "../../server/domain/statuses";
import { PAYMENT_RECEIVED_MESSAGE } from "../../server/domain/payments";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * Card payments through the API (issue 4): the intent for a pay action, the card checks, the
 * webhook that completes the action, and the refusals. The offline sandbox plays Stripe.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let n = 0;
const beforePay = CHECKOUT_ACTION_TYPES.filter((a) => a !== "KEYFREE_PAY");

/** A tenant (or two) at the Keyfree payment step, signed in. */
async function atPayStep(options: { tenants?: number; ppm?: number } = {}) {
  n += 1;
  const count = options.tenants ?? 1;
  const scenario = await createCheckoutScenario(
    t.db,
    {
      tenants: Array.from({ length: count }, (_, i) => ({ email: `payer${n}-${i}@example.test`, firstName: "Jo", lastName: `Payer${n}` })),
      ppm: options.ppm ?? 130_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: Array.from({ length: count }, () => beforePay),
    },
    t.clock.now(),
  );
  const tenants = await Promise.all(
    scenario.tenants.map(async (tenant) => ({
      ...tenant,
      token: await issueAccessToken(t.db, t.config, tenant.userId, t.clock.now()),
    })),
  );
  return { scenario, tenants, orderId: scenario.orderId };
}

const sandbox = () => t.payments.sandbox!;

/** What the card form does in the browser: make the card, then confirm the intent with it. */
async function card(number: string, name = "Jo Payer") {
  return t.payments.stripe.paymentMethods.create({
    type: "card",
    card: { number, exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name, address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
}

function payPath(orderId: string, customerId: string) {
  return `/orders/${orderId}/customers/${customerId}/pay`;
}

async function payAction(orderCustomerId: string) {
  const all = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, orderCustomerId));
  return all.find((a) => a.typeId === "KEYFREE_PAY")!;
}

describe("pay (the payment intent)", () => {
  it("is for the tenant's share of the fee in pence, once; paying completes the action through the webhook", async () => {
    const { tenants, orderId } = await atPayStep({ ppm: 130_000 });
    const me = tenants[0]!;
    const res = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: keyfreeFeePence(130_000), currency: "gbp", paymentType: "KEYFREE" });
    expect(res.body.paymentIntentSecret).toMatch(/^pi_\w+_secret_\w+$/);

    const pm = await card("4242424242424242");
    const confirmed = await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: pm.id });
    expect(confirmed.status).toBe("succeeded");
    expect(confirmed.amount_received).toBe(keyfreeFeePence(130_000));
    await sandbox().whenWebhooksIdle();

    const action = await payAction(me.orderCustomerId);
    expect(action.completedAt).not.toBeNull();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.statusId).toBe("COMPLETE");
    // Polling sees it: the order customer's pay action is complete.
    const oc = await t.json("GET", `/orders/${orderId}/customers/${me.customerId}`, undefined, me.token);
    expect(oc.body.actions.find((a: { typeId: string }) => a.typeId === "KEYFREE_PAY").completedAt).not.toBeNull();
    // And paying again is refused.
    expect((await t.json("POST", payPath(orderId, me.customerId), {}, me.token)).status).toBe(409);
  });

  it("a double submit gets the same intent, so the card is charged once", async () => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const [a, b] = await Promise.all([
      t.json("POST", payPath(orderId, me.customerId), {}, me.token),
      t.json("POST", payPath(orderId, me.customerId), {}, me.token),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
    const pm = await card("4242424242424242");
    await t.payments.stripe.paymentIntents.confirm(a.body.paymentIntentId, { payment_method: pm.id });
    // The second tab's confirm of the same intent cannot charge again.
    await expect(t.payments.stripe.paymentIntents.confirm(b.body.paymentIntentId, { payment_method: pm.id })).rejects.toThrow();
    await sandbox().whenWebhooksIdle();
    const again = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    expect(again.status).toBe(409);
  });

  it("splits a shared fee in pence and each tenant pays their own share; the order completes with the last", async () => {
    const { tenants, orderId } = await atPayStep({ tenants: 2, ppm: 150_000 });
    const shares = splitByLiability(keyfreeFeePence(150_000), tenants.map((x) => ({ id: x.orderCustomerId, tenantLiability: 1 })));
    for (const tenant of tenants) {
      const res = await t.json("POST", payPath(orderId, tenant.customerId), {}, tenant.token);
      expect(res.body.amount).toBe(shares.find((s) => s.tenantId === tenant.orderCustomerId)!.amountPence);
      const pm = await card(tenant === tenants[0] ? "4242424242424242" : "5555555555554444");
      await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: pm.id });
      await sandbox().whenWebhooksIdle();
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.statusId).toBe(tenant === tenants[0] ? "PENDING" : "COMPLETE");
    }
  });

  it("refuses another tenant's order (404), a step not reached (409), no token (401) and a bad body (400)", async () => {
    const { tenants, orderId } = await atPayStep();
    const stranger = await t.signedInTenant();
    expect((await t.json("POST", payPath(orderId, tenants[0]!.customerId), {}, stranger.token)).status).toBe(404);
    expect((await t.json("POST", payPath(orderId, stranger.customerId), {}, stranger.token)).status).toBe(404);
    expect((await t.json("POST", payPath(orderId, tenants[0]!.customerId), {})).status).toBe(401);
    expect((await t.json("POST", payPath(orderId, tenants[0]!.customerId), { paymentType: "NOPE" }, tenants[0]!.token)).status).toBe(400);

    n += 1;
    const early = await createCheckoutScenario(
      t.db,
      { tenants: [{ email: `early${n}@example.test`, firstName: "Ed", lastName: "Early" }], ppm: 100_000, startDate: "2027-01-01", endDate: null, isNewTenancy: true, topUpEnabled: true },
      t.clock.now(),
    );
    const token = await issueAccessToken(t.db, t.config, early.tenants[0]!.userId, t.clock.now());
    const res = await t.json("POST", payPath(early.orderId, early.tenants[0]!.customerId), {}, token);
    expect(res).toMatchObject({ status: 409, body: { message: "Complete the earlier steps of your checkout first." } });
  });
});

/** A finished tenancy (its tenants signed in) whose charges of `amount` pence the first tenant has accepted. */
async function acceptedCharges(names: Array<{ firstName: string; lastName: string }>, amount: number) {
  n += 1;
  const scenario = await createCheckoutScenario(
    t.db,
    {
      tenants: names.map((name, i) => ({ email: `claimpayer${n}-${i}@example.test`, ...name })),
      ppm: 120_000,
      startDate: "2025-01-01",
      endDate: "2025-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    },
    t.clock.now(),
  );
  const tenants = scenario.tenants;
  const token = await issueAccessToken(t.db, t.config, tenants[0]!.userId, t.clock.now());
  const claim = await raiseClaim(
    t.db,
    { tenancyId: scenario.tenancyId, items: [{ description: "Clean", type: "CLEANING", amount }], mediationEnabled: true },
    t.clock.now(),
    t.files,
  );
  await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/agree`, undefined, token);
  return { tenants, token, claim };
}

describe("claim payments", () => {
  it("paying the remaining balance of accepted charges settles the claim through the webhook", async () => {
    const { tenants, token, claim } = await acceptedCharges([{ firstName: "Cy", lastName: "Payer" }], 12_345);
    const me = tenants[0]!;
    const res = await t.json("POST", payPath(claim.orderId, me.customerId), { paymentType: "CLAIM_REMAINING_BALANCE" }, token);
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(12_345);
    await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4000003720000278")).id });
    await sandbox().whenWebhooksIdle();
    const after = await t.json("GET", `/claims/${claim.claimId}`, undefined, token);
    expect(after.body.status).toBe("RESOLVED");
  });
});

/** The refund e-mails a user has been sent. */
async function refundEmails(userId: string) {
  const all = await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, userId));
  return all.filter((e) => e.template === "PAYMENT_REFUNDED");
}

/** What has been refunded of a payment, in pence. */
async function refunded(paymentIntentId: string) {
  const pi = await t.payments.stripe.paymentIntents.retrieve(paymentIntentId);
  const charge = await t.payments.stripe.charges.retrieve(pi.latest_charge as string);
  return charge.amount_refunded;
}

let resent = 0;
/** A payment_intent.succeeded for the intent as it is now, under a new event id, signed as Stripe signs. */
async function resend(paymentIntentId: string) {
  resent += 1;
  const pi = await t.payments.stripe.paymentIntents.retrieve(paymentIntentId);
  const payload = JSON.stringify({ id: `evt_resent_${resent}_${pi.id}`, object: "event", type: "payment_intent.succeeded", data: { object: pi } });
  const signature = t.payments.stripe.webhooks.generateTestHeaderString({ payload, secret: t.payments.webhookSecret });
  return t.api.request("/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": signature, "content-type": "application/json" },
  });
}

describe("money no action needs is refunded, not kept", () => {
  it("a co-tenant's share paid while the tenant's remaining-balance payment was on its way: the difference comes back", async () => {
    const { tenants, token, claim } = await acceptedCharges(
      [
        { firstName: "Al", lastName: "Stale" },
        { firstName: "Bea", lastName: "Stale" },
      ],
      20_000,
    );
    const [a, b] = tenants;
    const res = await t.json("POST", payPath(claim.orderId, a!.customerId), { paymentType: "CLAIM_REMAINING_BALANCE" }, token);
    expect(res.body.amount).toBe(20_000);

    // Meanwhile the co-tenant's own share is paid, which lowers the remaining balance.
    const [bOc] = await t.db
      .select()
      .from(orderCustomers)
      .where(and(eq(orderCustomers.orderId, claim.orderId), eq(orderCustomers.customerId, b!.customerId)));
    const bShare = (await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, bOc!.id))).find(
      (x) => x.typeId === "CLAIM_PAY",
    )!;
    const bAmount = Number(bShare.details.amountRemaining);
    expect(bAmount).toBeGreaterThan(0);
    await payClaimAction(t.db, bShare.id, t.clock.now());

    // The tenant's card is charged the older, larger amount; the difference is refunded.
    await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4000056655665556", "Al Stale")).id });
    await sandbox().whenWebhooksIdle();
    expect(await refunded(res.body.paymentIntentId)).toBe(bAmount);
    const [told] = await refundEmails(a!.userId);
    expect(told!.subject).toBe(`We have refunded £${(bAmount / 100).toFixed(2)} to your card`);
    expect(told!.text).toContain("more than was left to pay");
    const balance = (await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, res.body.orderCustomerActionId)))[0]!;
    expect(balance.completedAt).not.toBeNull();
    expect(balance.details.amountPaid).toBe(20_000 - bAmount);
    const after = await t.json("GET", `/claims/${claim.claimId}`, undefined, token);
    expect(after.body.status).toBe("RESOLVED");
  });

  it("a payment for an action already completed another way is refunded in full, and a replay refunds nothing more", async () => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const res = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    const action = await payAction(me.orderCustomerId);
    const completedAt = new Date(t.clock.now().getTime() - 1000);
    await t.db.update(orderCustomerActions).set({ completedAt }).where(eq(orderCustomerActions.id, action.id));
    await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4000008260000000")).id });
    await sandbox().whenWebhooksIdle();
    expect(await refunded(res.body.paymentIntentId)).toBe(res.body.amount);
    expect((await payAction(me.orderCustomerId)).completedAt).toEqual(completedAt);
    // The same news again under a new event id: the refund is the same one, not a second.
    expect((await resend(res.body.paymentIntentId)).status).toBe(200);
    expect(await refunded(res.body.paymentIntentId)).toBe(res.body.amount);
    // Told once, with the full amount.
    const told = await refundEmails(me.userId);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("We have refunded the full");
  });

  it("the payment that completed its action is never refunded when its webhook comes again", async () => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const res = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
    await sandbox().whenWebhooksIdle();
    expect((await payAction(me.orderCustomerId)).completedAt).not.toBeNull();
    // The same news under a new event id (as after a lost acknowledgement): applied already, kept.
    expect((await resend(res.body.paymentIntentId)).status).toBe(200);
    expect(await refunded(res.body.paymentIntentId)).toBe(0);
  });
});

describe("what the card provider cannot take", () => {
  it("an amount below the provider's £0.30 minimum is refused with a way forward, not a failure", async () => {
    const { tenants, token, claim } = await acceptedCharges([{ firstName: "Min", lastName: "Imum" }], 25);
    const res = await t.json("POST", payPath(claim.orderId, tenants[0]!.customerId), { paymentType: "CLAIM_REMAINING_BALANCE" }, token);
    expect(res).toMatchObject({ status: 409, body: { message: BELOW_CARD_MINIMUM_MESSAGE } });
  });

  it("a provider error is a 502 saying the provider is unavailable, never a 500", async () => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const action = await payAction(me.orderCustomerId);
    const amount = (await t.json("POST", payPath(orderId, me.customerId), {}, me.token)).body.amount;
    // The intent on record no longer exists at the provider.
    await t.db
      .update(orderCustomerActions)
      .set({ details: { ...action.details, stripePaymentIntentId: "pi_gone", stripePaymentIntentAmount: amount } })
      .where(eq(orderCustomerActions.id, action.id));
    const res = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    expect(res).toMatchObject({
      status: 502,
      body: { message: "We could not reach our card payment provider. Please try again in a moment." },
    });
  });
});

describe("the webhook", () => {
  it("refuses a bad signature with 400 and changes nothing", async () => {
    const res = await t.api.request("/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      body: JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: {} } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Invalid webhook signature");
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).toEqual([]);
  });

  it("applies a replayed event once", async () => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const res = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
    await sandbox().whenWebhooksIdle();
    const first = (await payAction(me.orderCustomerId)).completedAt;
    const event = (await sandbox().webhookAttempts()).find((a) => a.type === "payment_intent.succeeded" && a.status === 200 && a.eventId);
    expect(event).toBeTruthy();
    t.clock.advance(60_000);
    const replay = await sandbox().redeliver(event!.eventId);
    expect(replay.status).toBe(200);
    expect((await payAction(me.orderCustomerId)).completedAt).toEqual(first);
    t.clock.advance(-60_000);
  });

  it("a payment that takes longer (webhook held) completes when the webhook arrives", async () => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const res = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
    await sandbox().holdWebhooks(true);
    try {
      await t.payments.stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: (await card("4242424242424242")).id });
      expect((await payAction(me.orderCustomerId)).completedAt).toBeNull();
      // Meanwhile (the tenant reloads the page) paying again is refused: the money is on its way.
      const again = await t.json("POST", payPath(orderId, me.customerId), {}, me.token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(PAYMENT_RECEIVED_MESSAGE);
    } finally {
      await sandbox().releaseHeldWebhooks();
    }
    expect((await payAction(me.orderCustomerId)).completedAt).not.toBeNull();
  });
});

describe("card checks and the duplicate-card check", () => {
  it.each([
    ["4242424242424242", "Jo Payer", []],
    ["4000000000000101", "Jo Payer", ["The security code check failed. Please ensure you've entered the correct security code for this card."]],
    ["4000000000000036", "Jo Payer", ["The postal code check failed. Please ensure you've entered the correct billing address."]],
    ["5105105105105100", "Jo Payer", ["We are unable to accept prepaid cards. Please try again with a credit or debit card."]],
    [
      "4242424242424242",
      "Sam Other",
      ["The cardholder's name does not match the name you provided during registration. Your payment card must be in your own name."],
    ],
  ])("card %s in the name %s fails %j", async (number, name, failed) => {
    const { tenants, orderId } = await atPayStep();
    const me = tenants[0]!;
    const pm = await card(number, name === "Jo Payer" ? `Jo Payer${n}` : name);
    const res = await t.json(
      "POST",
      `/orders/${orderId}/customers/${me.customerId}/card-checks`,
      { paymentMethodId: pm.id, customerActionType: "KEYFREE_PAY" },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual(failed);
  });

  it("a card another tenant has paid with is a duplicate, with the spec's message; your own is not", async () => {
    const first = await atPayStep();
    const a = first.tenants[0]!;
    const paid = await t.json("POST", payPath(first.orderId, a.customerId), {}, a.token);
    await t.payments.stripe.paymentIntents.confirm(paid.body.paymentIntentId, { payment_method: (await card("4000056655665556")).id });
    await sandbox().whenWebhooksIdle();

    const second = await atPayStep();
    const b = second.tenants[0]!;
    const shared = await card("4000056655665556");
    const res = await t.json("POST", `/orders/${second.orderId}/duplicate-payment-method-check`, { paymentMethodId: shared.id }, b.token);
    expect(res.body).toEqual({ isDuplicate: true, message: DUPLICATE_CARD_MESSAGE });
    const own = await card("4000002500003155");
    const ok = await t.json("POST", `/orders/${second.orderId}/duplicate-payment-method-check`, { paymentMethodId: own.id }, b.token);
    expect(ok.body).toEqual({ isDuplicate: false, message: null });
    // Not your order: not found.
    expect((await t.json("POST", `/orders/${first.orderId}/duplicate-payment-method-check`, { paymentMethodId: own.id }, b.token)).status).toBe(404);
  });
});

describe("addPaymentMethod (Update your details)", () => {
  it("saves the card and clears 'must add a new payment method'", async () => {
    const tenant = await t.signedInTenant({ requiresNewPaymentMethod: true });
    // A card no other tenant in this file has used (4242… has been, so it would be a duplicate).
    const pm = await card("4000008260000000");
    const res = await t.json("POST", "/customer/payment-methods", { paymentMethodId: pm.id }, tenant.token);
    expect(res).toMatchObject({ status: 200, body: { status: "succeeded" } });
    expect((await t.json("GET", "/customer", undefined, tenant.token)).body.requiresNewPaymentMethod).toBe(false);
  });

  it("with 3-D Secure, asks for it first, then saves the card once it is completed", async () => {
    const tenant = await t.signedInTenant({ hasDuplicatePaymentMethod: true });
    const pm = await card("4000000000003220");
    const first = await t.json("POST", "/customer/payment-methods", { paymentMethodId: pm.id }, tenant.token);
    expect(first.body.status).toBe("requires_action");
    const answer = await sandbox().browserApp.fetch(
      new Request(`http://localhost/stripe-sandbox/sandbox/3ds/${first.body.setupIntentId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ key: t.payments.publishableKey, client_secret: first.body.clientSecret, result: "complete" }).toString(),
      }),
    );
    expect(answer.status).toBe(200);
    const second = await t.json(
      "POST",
      "/customer/payment-methods",
      { paymentMethodId: pm.id, setupIntentId: first.body.setupIntentId },
      tenant.token,
    );
    expect(second.body.status).toBe("succeeded");
    expect((await t.json("GET", "/customer", undefined, tenant.token)).body.hasDuplicatePaymentMethod).toBe(false);
  });

  it("refuses a declined card with the provider's message, and someone else's card as not found", async () => {
    const tenant = await t.signedInTenant({ requiresNewPaymentMethod: true });
    const declined = await t.json("POST", "/customer/payment-methods", { paymentMethodId: (await card("4000000000000002")).id }, tenant.token);
    expect(declined.status).toBe(400);
    expect(declined.body.message).toMatch(/declined/i);
    expect((await t.json("POST", "/customer/payment-methods", { paymentMethodId: "pm_doesnotexist" }, tenant.token)).status).toBe(404);
    expect((await t.json("POST", "/customer/payment-methods", { paymentMethodId: "" }, tenant.token)).status).toBe(400);
  });
});

describe("the follow-up (part 1 §7)", () => {
  it("records the tenant's own payment intent as a user event; another tenant's intent, or an unknown one, is not found", async () => {
    const mine = await atPayStep();
    const other = await atPayStep();
    const me = mine.tenants[0]!;
    const them = other.tenants[0]!;
    const myIntent = (await t.json("POST", payPath(mine.orderId, me.customerId), {}, me.token)).body.paymentIntentId;
    const theirIntent = (await t.json("POST", payPath(other.orderId, them.customerId), {}, them.token)).body.paymentIntentId;

    expect((await t.json("POST", "/payments/follow-up", { paymentIntentId: myIntent }, me.token)).status).toBe(204);
    const events = await t.db.select().from(userEvents).where(and(eq(userEvents.userId, me.userId), eq(userEvents.type, "PAYMENT_FOLLOW_UP")));
    expect(events.map((e) => e.details.paymentIntentId)).toEqual([myIntent]);

    expect((await t.json("POST", "/payments/follow-up", { paymentIntentId: theirIntent }, me.token)).status).toBe(404);
    expect((await t.json("POST", "/payments/follow-up", { paymentIntentId: "pi_unknown123" }, me.token)).status).toBe(404);
    expect((await t.json("POST", "/payments/follow-up", { paymentIntentId: myIntent, paymentPlanId: "nope" }, me.token)).status).toBe(404);
    const after = await t.db.select().from(userEvents).where(eq(userEvents.type, "PAYMENT_FOLLOW_UP"));
    expect(after.filter((e) => e.userId === me.userId || e.userId === them.userId)).toHaveLength(1);
  });
});
