import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeSandbox, signWebhookPayload } from "../../stand-ins/stripe-sandbox";
import { createHarness, sdkFor, type Harness } from "./harness";

let t: Harness;
beforeAll(async () => {
  t = await createHarness({ retryDelaysMs: [5, 10, 20] });
});
afterAll(() => t.close());

async function succeededPayment(amount = 15000, metadata: Record<string, string> = {}) {
  const customer = await t.stripe.customers.create({});
  const pm = await t.card("4242424242424242");
  return t.stripe.paymentIntents.create({
    amount,
    currency: "gbp",
    customer: customer.id,
    payment_method: pm.id,
    setup_future_usage: "off_session",
    confirm: true,
    metadata: { orderId: "o-webhooks", ...metadata },
  });
}

/** The deliveries of events about one object (an intent, a charge). */
function deliveriesFor(objectId: string) {
  return t.delivered.filter((d) => (JSON.parse(d.payload) as { data: { object: { id: string } } }).data.object.id === objectId);
}

describe("webhooks", () => {
  it("a succeeded payment sends payment_intent.succeeded, signed so that constructEvent accepts it", async () => {
    const pi = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    const [delivery] = deliveriesFor(pi.id);
    expect(delivery).toBeDefined();
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = t.stripe.webhooks.constructEvent(delivery!.payload, delivery!.signature, t.webhookSecret);
    expect(event.id).toMatch(/^evt_/);
    expect(event.object).toBe("event");
    expect(event.type).toBe("payment_intent.succeeded");
    expect(event.api_version).toBe(Stripe.API_VERSION);
    expect(event.livemode).toBe(false);
    expect(event.created).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(event.request?.id).toMatch(/^req_/);
    const object = event.data.object as Stripe.PaymentIntent;
    expect(object).toMatchObject({ id: pi.id, status: "succeeded", amount: 15000, metadata: { orderId: "o-webhooks" } });
    // The same event is what the API would read back.
    expect((await t.stripe.events.retrieve(event.id)).id).toBe(event.id);
  });

  it("constructEvent rejects a tampered payload and a wrong secret", async () => {
    const pi = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    const [delivery] = deliveriesFor(pi.id);
    const tampered = delivery!.payload.replace('"amount": 15000', '"amount": 1');
    expect(tampered).not.toBe(delivery!.payload);
    expect(() => Stripe.webhooks.constructEvent(tampered, delivery!.signature, t.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => Stripe.webhooks.constructEvent(delivery!.payload, delivery!.signature, "whsec_someone_else")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it("signs as Stripe documents: HMAC-SHA256 of `${t}.${payload}`", () => {
    const payload = JSON.stringify({ id: "evt_test", object: "event" });
    const header = signWebhookPayload(payload, t.webhookSecret, 1_700_000_000);
    const expected = Stripe.webhooks.generateTestHeaderString({ payload, secret: t.webhookSecret, timestamp: 1_700_000_000 });
    expect(header).toBe(expected);
  });

  it("is delivered after the payment is committed: the endpoint reads the intent already succeeded", async () => {
    const seen: string[] = [];
    const { sandbox } = t.reopen({
      deliver: async (payload) => {
        const event = JSON.parse(payload) as Stripe.Event;
        const pi = await sdk.paymentIntents.retrieve((event.data.object as Stripe.PaymentIntent).id);
        seen.push(pi.status);
        return { status: 200 };
      },
    });
    const sdk = sdkFor(sandbox, sandbox.secretKey);
    const pm = await sdk.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: 2031, cvc: "123" } });
    await sdk.paymentIntents.create({ amount: 500, currency: "gbp", payment_method: pm.id, confirm: true });
    await sandbox.whenWebhooksIdle();
    expect(seen).toEqual(["succeeded"]);
    sandbox.close();
  });

  it("a declined payment sends payment_intent.payment_failed with last_payment_error", async () => {
    const pm = await t.card("4000000000009995");
    const error = (await t.stripe.paymentIntents.create({ amount: 15000, currency: "gbp", payment_method: pm.id, confirm: true }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    const events = await t.deliveredEvents();
    const failed = events.find((e) => e.type === "payment_intent.payment_failed" && e.data.object.id === error.payment_intent?.id);
    expect(failed).toBeDefined();
    expect((failed!.data.object as Stripe.PaymentIntent).last_payment_error).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
  });

  it("a refund sends charge.refunded with the charge and its previous attributes", async () => {
    const pi = await succeededPayment(20000);
    const refund = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 5000 });
    const events = await t.deliveredEvents();
    const refunded = events.find((e) => e.type === "charge.refunded" && e.data.object.id === pi.latest_charge);
    expect(refunded).toBeDefined();
    expect(refunded!.data.object).toMatchObject({ object: "charge", amount: 20000, amount_refunded: 5000, refunded: false, payment_intent: pi.id });
    expect(refunded!.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    expect(refund.id).toMatch(/^re_/);
  });

  it("a delivery that is not accepted is retried with backoff until it is", async () => {
    const failuresLeft = new Map<string, number>();
    t.state.respond = (payload) => {
      const id = (JSON.parse(payload) as Stripe.Event).id;
      const left = failuresLeft.get(id) ?? 2;
      failuresLeft.set(id, left - 1);
      return left > 0 ? 500 : 200;
    };
    const pi = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    t.state.respond = () => 200;
    const eventId = (JSON.parse(deliveriesFor(pi.id)[0]!.payload) as Stripe.Event).id;
    const attempts = (await t.sandbox.webhookAttempts()).filter((a) => a.eventId === eventId);
    expect(attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    // Every attempt carries the same event, each freshly signed.
    expect(new Set(deliveriesFor(pi.id).map((d) => d.payload)).size).toBe(1);
  });

  it("gives up after the last retry", async () => {
    t.state.respond = () => 503;
    const pi = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    t.state.respond = () => 200;
    expect(deliveriesFor(pi.id)).toHaveLength(4);
  });

  it("held webhooks are queued, not lost, and delivered in order on release", async () => {
    await t.sandbox.holdWebhooks(true);
    const first = await succeededPayment();
    const second = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    expect(deliveriesFor(first.id)).toHaveLength(0);
    expect(deliveriesFor(second.id)).toHaveLength(0);
    expect(await t.sandbox.heldWebhookEventIds()).toHaveLength(2);
    // Meanwhile the payment itself has succeeded: only the news of it is late.
    expect((await t.stripe.paymentIntents.retrieve(first.id)).status).toBe("succeeded");
    const before = t.delivered.length;
    await t.sandbox.releaseHeldWebhooks();
    expect(deliveriesFor(first.id)).toHaveLength(1);
    expect(deliveriesFor(second.id)).toHaveLength(1);
    const order = t.delivered.slice(before).map((d) => (JSON.parse(d.payload) as { data: { object: { id: string } } }).data.object.id);
    expect(order).toEqual([first.id, second.id]);
    expect(await t.sandbox.heldWebhookEventIds()).toEqual([]);
  });

  it("webhooks can be held for one customer only (by metadata.customerId), the others still delivered", async () => {
    await t.sandbox.holdWebhooks(true, "customer-held");
    const held = await succeededPayment(15000, { customerId: "customer-held" });
    const other = await succeededPayment(15000, { customerId: "customer-other" });
    const unowned = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    expect(deliveriesFor(held.id)).toHaveLength(0);
    expect(deliveriesFor(other.id)).toHaveLength(1);
    expect(deliveriesFor(unowned.id)).toHaveLength(1);
    expect(await t.sandbox.heldWebhookEventIds()).toHaveLength(1);
    // Releasing someone else's hold leaves this one queued.
    await t.sandbox.releaseHeldWebhooks("customer-other");
    expect(deliveriesFor(held.id)).toHaveLength(0);
    await t.sandbox.releaseHeldWebhooks("customer-held");
    expect(deliveriesFor(held.id)).toHaveLength(1);
    expect(await t.sandbox.heldWebhookEventIds()).toEqual([]);
  });

  it("an event can be redelivered (the same event, freshly signed)", async () => {
    const pi = await succeededPayment();
    await t.sandbox.whenWebhooksIdle();
    const [original] = deliveriesFor(pi.id);
    const event = JSON.parse(original!.payload) as Stripe.Event;
    expect(await t.sandbox.redeliver(event.id)).toEqual({ status: 200 });
    const both = deliveriesFor(pi.id);
    expect(both).toHaveLength(2);
    expect(both[1]!.payload).toBe(original!.payload);
    expect(t.stripe.webhooks.constructEvent(both[1]!.payload, both[1]!.signature, t.webhookSecret).id).toBe(event.id);
    await expect(t.sandbox.redeliver("evt_missing")).rejects.toThrow("No such event");
  });

  it("events can be listed by type, newest first", async () => {
    const pi = await succeededPayment();
    const list = await t.stripe.events.list({ type: "payment_intent.succeeded", limit: 1 });
    expect(list.object).toBe("list");
    expect(list.has_more).toBe(true);
    expect((list.data[0]!.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
  });
});

describe("persistence", () => {
  it("a new sandbox over the same database sees the objects", async () => {
    const customer = await t.stripe.customers.create({ email: "persist@example.test" });
    const pi = await succeededPayment();
    const { sandbox, stripe } = t.reopen();
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const again = await stripe.paymentIntents.retrieve(pi.id);
    expect(again.status).toBe("succeeded");
    expect(again.client_secret).toBe(pi.client_secret);
    // Lists keep their order across sandboxes, even with the clock standing still.
    const pm = await stripe.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: 2031 } });
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    const second = await stripe.paymentMethods.create({ type: "card", card: { number: "5555555555554444", exp_month: 1, exp_year: 2031 } });
    await stripe.paymentMethods.attach(second.id, { customer: customer.id });
    const list = await t.stripe.customers.listPaymentMethods(customer.id);
    expect(list.data.map((p) => p.id)).toEqual([second.id, pm.id]);
    sandbox.close();
  });

  it("a sandbox without a `deliver` answer still answers the API (delivery failures never reach the caller)", async () => {
    const failing = createStripeSandbox({
      db: t.db,
      clock: t.clock,
      deliver: async () => {
        throw new Error("endpoint down");
      },
      webhookRetryDelaysMs: [],
    });
    const sdk = sdkFor(failing, failing.secretKey);
    const pm = await sdk.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: 2031 } });
    const pi = await sdk.paymentIntents.create({ amount: 1000, currency: "gbp", payment_method: pm.id, confirm: true });
    expect(pi.status).toBe("succeeded");
    await failing.whenWebhooksIdle();
    const [event] = (await sdk.events.list({ type: "payment_intent.succeeded", limit: 1 })).data;
    expect((event!.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    expect((await failing.webhookAttempts()).filter((a) => a.eventId === event!.id)).toEqual([
      expect.objectContaining({ status: 0, ok: false, attempt: 1 }),
    ]);
    failing.close();
  });
});
