import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./harness";

let t: Harness;
beforeAll(async () => {
  t = await createHarness();
});
afterAll(() => t.close());

/** Raw POST to the sandbox, to see the headers the SDK does not surface. */
function post(path: string, body: Record<string, string>, headers: Record<string, string>) {
  return t.sandbox.app.fetch(
    new Request(`https://api.stripe.com${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.sandbox.secretKey}`, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body).toString(),
    }),
  );
}

/** The `Idempotent-Replayed` header of an SDK result (with the fetch client, lastResponse is the fetch Response). */
function replayed(result: { lastResponse: { headers: unknown } }): string | null {
  const headers = result.lastResponse.headers;
  return headers instanceof Headers ? headers.get("idempotent-replayed") : ((headers as Record<string, string>)["idempotent-replayed"] ?? null);
}

async function chargesOf(paymentIntentId: string) {
  const events = await t.deliveredEvents();
  return events.filter((e) => e.type === "payment_intent.succeeded" && e.data.object.id === paymentIntentId).length;
}

describe("Idempotency-Key", () => {
  it("the same key with the same parameters replays the first response exactly", async () => {
    const first = await post("/v1/customers", { email: "a@example.test", "metadata[userId]": "u1" }, { "idempotency-key": "customer-u1" });
    const second = await post("/v1/customers", { "metadata[userId]": "u1", email: "a@example.test" }, { "idempotency-key": "customer-u1" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("original-request")).toBe(first.headers.get("request-id"));
    expect(await second.text()).toBe(await first.text());
  });

  it("through the SDK: the same ids come back and nothing is created twice", async () => {
    const a = await t.stripe.customers.create({ email: "b@example.test" }, { idempotencyKey: "customer-b" });
    const b = await t.stripe.customers.create({ email: "b@example.test" }, { idempotencyKey: "customer-b" });
    expect(b.id).toBe(a.id);
    expect(replayed(b)).toBe("true");
  });

  it("a card error is replayed too, with its 402", async () => {
    const pm = await t.card("4000000000000002");
    const params = { amount: 15000, currency: "gbp", payment_method: pm.id, confirm: true };
    const first = await t.stripe.paymentIntents.create(params, { idempotencyKey: "decline-1" }).catch((e: unknown) => e);
    const second = await t.stripe.paymentIntents.create(params, { idempotencyKey: "decline-1" }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
    const [e1, e2] = [first as Stripe.errors.StripeCardError, second as Stripe.errors.StripeCardError];
    expect(e2.payment_intent?.id).toBe(e1.payment_intent?.id);
    expect(e2.charge).toBe(e1.charge);
    expect(e2.headers?.["idempotent-replayed"]).toBe("true");
  });

  it("the same key with different parameters is an idempotency_error (400)", async () => {
    await t.stripe.customers.create({ email: "c@example.test" }, { idempotencyKey: "customer-c" });
    const error = await t.stripe.customers.create({ email: "other@example.test" }, { idempotencyKey: "customer-c" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeIdempotencyError).statusCode).toBe(400);
    expect((error as Stripe.errors.StripeIdempotencyError).message).toContain("same parameters");
  });

  it("the same key on another endpoint is an idempotency_error", async () => {
    await t.stripe.customers.create({}, { idempotencyKey: "shared-key" });
    const error = await t.stripe.setupIntents.create({}, { idempotencyKey: "shared-key" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("a request refused before it ran (bad parameters) is not kept: the key can be used again", async () => {
    const bad = await t.stripe.customers.create({ email: "d@example.test", foo: "bar" } as Stripe.CustomerCreateParams, { idempotencyKey: "customer-d" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const good = await t.stripe.customers.create({ email: "d@example.test" }, { idempotencyKey: "customer-d" });
    expect(replayed(good)).toBeNull();
  });

  it("keys are kept 24 hours: after that the key starts a new request", async () => {
    const first = await t.stripe.customers.create({ email: "e@example.test" }, { idempotencyKey: "customer-e" });
    t.clock.advance(23 * 60 * 60 * 1000);
    expect((await t.stripe.customers.create({ email: "e@example.test" }, { idempotencyKey: "customer-e" })).id).toBe(first.id);
    t.clock.advance(60 * 60 * 1000);
    expect((await t.stripe.customers.create({ email: "e@example.test" }, { idempotencyKey: "customer-e" })).id).not.toBe(first.id);
  });

  it("two parallel confirms with the same key charge once and answer the same", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    const pi = await t.stripe.paymentIntents.create({ amount: 15000, currency: "gbp", customer: customer.id, payment_method: pm.id, setup_future_usage: "off_session" });
    const [a, b] = await Promise.all([
      t.stripe.paymentIntents.confirm(pi.id, {}, { idempotencyKey: `confirm-${pi.id}` }),
      t.stripe.paymentIntents.confirm(pi.id, {}, { idempotencyKey: `confirm-${pi.id}` }),
    ]);
    expect(a.status).toBe("succeeded");
    expect(b.status).toBe("succeeded");
    expect(b.latest_charge).toBe(a.latest_charge);
    expect([replayed(a), replayed(b)].sort()).toEqual([null, "true"].sort());
    expect(await chargesOf(pi.id)).toBe(1);
  });

  it("two parallel confirms with different keys charge once: the second finds it already succeeded", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    const pi = await t.stripe.paymentIntents.create({ amount: 15000, currency: "gbp", customer: customer.id, payment_method: pm.id, setup_future_usage: "off_session" });
    const results = await Promise.allSettled([t.stripe.paymentIntents.confirm(pi.id), t.stripe.paymentIntents.confirm(pi.id)]);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((rejected[0]!.reason as Stripe.errors.StripeInvalidRequestError).code).toBe("payment_intent_unexpected_state");
    expect(await chargesOf(pi.id)).toBe(1);
  });

  it("a double-submitted payment with keys from our own ids creates one intent", async () => {
    const create = () =>
      t.stripe.paymentIntents.create({ amount: 15000, currency: "gbp", metadata: { orderCustomerId: "oc-1" } }, { idempotencyKey: "payment-intent:oc-1:keyfree" });
    const [a, b] = await Promise.all([create(), create()]);
    expect(b.id).toBe(a.id);
  });
});
