import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, fromBrowser, FUTURE_YEAR, sdkFor, type Harness } from "./harness";

let t: Harness;
beforeAll(async () => {
  t = await createHarness();
});
afterAll(() => t.close());

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected the call to be refused");
    },
    (e: unknown) => e as Stripe.errors.StripeError,
  );
}

describe("customers", () => {
  it("create, retrieve and update, in Stripe's shape", async () => {
    const created = await t.stripe.customers.create({ email: "tess@example.test", name: "Tess Tenant", metadata: { userId: "u-1" } });
    expect(created).toMatchObject({
      object: "customer",
      email: "tess@example.test",
      name: "Tess Tenant",
      livemode: false,
      metadata: { userId: "u-1" },
      invoice_settings: { default_payment_method: null },
    });
    expect(created.id).toMatch(/^cus_[0-9A-Za-z]{24}$/);
    expect(created.created).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(await t.stripe.customers.retrieve(created.id)).toEqual(created);

    const pm = await t.card("4242424242424242");
    await t.stripe.paymentMethods.attach(pm.id, { customer: created.id });
    const updated = await t.stripe.customers.update(created.id, {
      invoice_settings: { default_payment_method: pm.id },
      metadata: { userId: "", orderId: "o-1" },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
    expect(updated.metadata).toEqual({ orderId: "o-1" });
    const expanded = await t.stripe.customers.retrieve(created.id, { expand: ["invoice_settings.default_payment_method"] });
    expect(((expanded as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe("4242");
  });

  it("refuses a default payment method not attached to the customer", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    const error = await rejection(t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.param).toBe("invoice_settings[default_payment_method]");
  });

  it("an unknown customer is 404 resource_missing", async () => {
    const error = await rejection(t.stripe.customers.retrieve("cus_doesnotexist"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe("resource_missing");
    expect(error.message).toBe("No such customer: 'cus_doesnotexist'");
  });
});

describe("payment methods", () => {
  it("create (with billing details), attach, list both ways, detach", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    expect(pm).toMatchObject({
      object: "payment_method",
      type: "card",
      customer: null,
      livemode: false,
      billing_details: {
        name: "Tess Tenant",
        email: "tess@example.test",
        address: { line1: "1 High Street", line2: null, city: "London", postal_code: "SW1A 1AA", country: "GB", state: null },
        phone: null,
      },
    });
    expect(pm.id).toMatch(/^pm_/);
    const attached = await t.stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
    const second = await t.card("5555555555554444");
    await t.stripe.paymentMethods.attach(second.id, { customer: customer.id });

    const viaCustomer = await t.stripe.customers.listPaymentMethods(customer.id, { type: "card" });
    expect(viaCustomer).toMatchObject({ object: "list", has_more: false, url: `/v1/customers/${customer.id}/payment_methods` });
    expect(viaCustomer.data.map((p) => p.id)).toEqual([second.id, pm.id]);
    const viaQuery = await t.stripe.paymentMethods.list({ customer: customer.id, type: "card", limit: 1 });
    expect(viaQuery.url).toBe("/v1/payment_methods");
    expect(viaQuery.has_more).toBe(true);
    expect(viaQuery.data.map((p) => p.id)).toEqual([second.id]);
    const page2 = await t.stripe.paymentMethods.list({ customer: customer.id, limit: 1, starting_after: second.id });
    expect(page2.data.map((p) => p.id)).toEqual([pm.id]);
    expect(page2.has_more).toBe(false);
    const all: string[] = [];
    for await (const p of t.stripe.customers.listPaymentMethods(customer.id, { limit: 1 })) all.push(p.id);
    expect(all).toEqual([second.id, pm.id]);
    expect((await t.stripe.customers.retrievePaymentMethod(customer.id, pm.id)).id).toBe(pm.id);

    const detached = await t.stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    expect((await t.stripe.customers.listPaymentMethods(customer.id)).data.map((p) => p.id)).toEqual([second.id]);
    // Stripe does not let a detached card be used again.
    const reuse = await rejection(t.stripe.paymentMethods.attach(pm.id, { customer: customer.id }));
    expect(reuse).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("attaching a card that declines everything is a card error; attaching to a second customer is refused", async () => {
    const a = await t.stripe.customers.create({});
    const b = await t.stripe.customers.create({});
    const declining = await t.card("4000000000000002");
    const error = await rejection(t.stripe.paymentMethods.attach(declining.id, { customer: a.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.decline_code).toBe("generic_decline");
    const pm = await t.card("4242424242424242");
    await t.stripe.paymentMethods.attach(pm.id, { customer: a.id });
    expect(await rejection(t.stripe.paymentMethods.attach(pm.id, { customer: b.id }))).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("an unknown parameter or a missing one is refused as Stripe refuses it", async () => {
    const unknown = await rejection(
      t.browser.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: FUTURE_YEAR, colour: "red" } } as unknown as Stripe.PaymentMethodCreateParams),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.code).toBe("parameter_unknown");
    expect(unknown.param).toBe("card[colour]");
    expect(unknown.message).toBe("Received unknown parameter: card[colour]");
    const missing = await rejection(t.browser.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 1 } }));
    expect(missing.code).toBe("parameter_missing");
    expect(missing.param).toBe("card[exp_year]");
  });
});

describe("payment intents", () => {
  it("create without a card, add one by update, confirm; metadata update after success", async () => {
    const customer = await t.stripe.customers.create({});
    const pi = await t.stripe.paymentIntents.create({
      amount: 15000,
      currency: "gbp",
      customer: customer.id,
      setup_future_usage: "off_session",
      capture_method: "automatic",
      allowed_payment_method_types: ["card"],
      metadata: { orderId: "o-2", orderCustomerId: "oc-2" },
    });
    expect(pi).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      capture_method: "automatic",
      payment_method_types: ["card"],
      allowed_payment_method_types: ["card"],
      setup_future_usage: "off_session",
      amount_received: 0,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
    });
    const pm = await t.card("4242424242424242");
    const withCard = await t.stripe.paymentIntents.update(pi.id, { payment_method: pm.id });
    expect(withCard.status).toBe("requires_confirmation");
    const confirmed = await t.stripe.paymentIntents.confirm(pi.id, { expand: ["latest_charge", "payment_method"] });
    expect(confirmed.status).toBe("succeeded");
    expect((confirmed.latest_charge as Stripe.Charge).object).toBe("charge");
    expect((confirmed.payment_method as Stripe.PaymentMethod).customer).toBe(customer.id);
    const updated = await t.stripe.paymentIntents.update(pi.id, { metadata: { paymentPlanId: "pp-1" } });
    expect(updated.metadata).toEqual({ orderId: "o-2", orderCustomerId: "oc-2", paymentPlanId: "pp-1" });
    const refused = await rejection(t.stripe.paymentIntents.update(pi.id, { amount: 100 }));
    expect(refused.code).toBe("payment_intent_unexpected_state");
    const again = await rejection(t.stripe.paymentIntents.confirm(pi.id));
    expect(again.code).toBe("payment_intent_unexpected_state");
  });

  it("takes gbp only and at least 30p", async () => {
    expect((await rejection(t.stripe.paymentIntents.create({ amount: 1000, currency: "usd" }))).param).toBe("currency");
    expect((await rejection(t.stripe.paymentIntents.create({ amount: 29, currency: "gbp" }))).code).toBe("amount_too_small");
    expect((await rejection(t.stripe.paymentIntents.create({ amount: 1000, currency: "gbp", capture_method: "manual" }))).param).toBe("capture_method");
  });

  it("an off-session payment with the saved card", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    await t.stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    const pi = await t.stripe.paymentIntents.create({ amount: 2500, currency: "gbp", customer: customer.id, payment_method: pm.id, off_session: true, confirm: true });
    expect(pi.status).toBe("succeeded");
  });

  it("a card attached to another customer cannot be used", async () => {
    const owner = await t.stripe.customers.create({});
    const other = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    await t.stripe.paymentMethods.attach(pm.id, { customer: owner.id });
    const error = await rejection(t.stripe.paymentIntents.create({ amount: 2500, currency: "gbp", customer: other.id, payment_method: pm.id, confirm: true }));
    expect(error.param).toBe("payment_method");
  });

  it("a card used without a customer cannot be used again", async () => {
    const pm = await t.card("4242424242424242");
    await t.stripe.paymentIntents.create({ amount: 2500, currency: "gbp", payment_method: pm.id, confirm: true });
    const error = await rejection(t.stripe.paymentIntents.create({ amount: 2500, currency: "gbp", payment_method: pm.id, confirm: true }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.message).toContain("may not be used again");
  });
});

describe("setup intents", () => {
  it("create with confirm saves the card to the customer", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    const si = await t.stripe.setupIntents.create({ customer: customer.id, payment_method: pm.id, usage: "off_session", confirm: true });
    expect(si).toMatchObject({ object: "setup_intent", status: "succeeded", usage: "off_session", payment_method: pm.id, customer: customer.id });
    expect((await t.stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    expect((await t.stripe.setupIntents.retrieve(si.id)).status).toBe("succeeded");
  });

  it("a declining card fails the setup with a card error and setup_intent.setup_failed", async () => {
    const customer = await t.stripe.customers.create({});
    const si = await t.stripe.setupIntents.create({ customer: customer.id });
    const pm = await t.card("4000000000000002");
    const error = await rejection(t.browser.setupIntents.confirm(si.id, fromBrowser(si.client_secret!, { payment_method: pm.id })));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.setup_intent?.status).toBe("requires_payment_method");
    const after = await t.stripe.setupIntents.retrieve(si.id);
    expect(after.last_setup_error).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
    const events = await t.deliveredEvents();
    expect(events.some((e) => e.type === "setup_intent.setup_failed" && e.data.object.id === si.id)).toBe(true);
  });

  it("insufficient funds does not stop a setup (no money is taken)", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4000000000009995");
    const si = await t.stripe.setupIntents.create({ customer: customer.id, payment_method: pm.id, confirm: true });
    expect(si.status).toBe("succeeded");
  });
});

describe("refunds", () => {
  it("a full refund by default, a partial one with amount, never more than was paid", async () => {
    const pm = await t.card("4242424242424242");
    const customer = await t.stripe.customers.create({});
    const pi = await t.stripe.paymentIntents.create({ amount: 10000, currency: "gbp", customer: customer.id, payment_method: pm.id, setup_future_usage: "off_session", confirm: true });
    const partial = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 2500, reason: "requested_by_customer", metadata: { claimId: "cl-1" } });
    expect(partial).toMatchObject({ object: "refund", amount: 2500, currency: "gbp", status: "succeeded", payment_intent: pi.id, charge: pi.latest_charge, reason: "requested_by_customer" });
    expect(await t.stripe.refunds.retrieve(partial.id)).toEqual(partial);
    const tooMuch = await rejection(t.stripe.refunds.create({ payment_intent: pi.id, amount: 9000 }));
    expect(tooMuch.code).toBe("amount_too_large");
    const rest = await t.stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(7500);
    const charge = await t.stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10000, refunded: true });
    expect((await rejection(t.stripe.refunds.create({ payment_intent: pi.id }))).code).toBe("charge_already_refunded");
  });

  it("refuses a payment that has not succeeded", async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 10000, currency: "gbp" });
    expect(await rejection(t.stripe.refunds.create({ payment_intent: pi.id }))).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe("keys", () => {
  it("the publishable key may create a payment method, and retrieve or confirm an intent with its client secret only", async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 1000, currency: "gbp", metadata: { orderId: "secret-ish" } });
    const seen = await t.browser.paymentIntents.retrieve(pi.id, { client_secret: pi.client_secret! });
    expect(seen).toMatchObject({ id: pi.id, amount: 1000, status: "requires_payment_method", client_secret: pi.client_secret });
    expect(seen).not.toHaveProperty("metadata");
    const noSecret = await rejection(t.browser.paymentIntents.retrieve(pi.id));
    expect(noSecret.param).toBe("client_secret");
    const wrong = await rejection(t.browser.paymentIntents.retrieve(pi.id, { client_secret: `${pi.id}_secret_guess` }));
    expect(wrong.code).toBe("payment_intent_invalid_parameter");
    const pm = await t.card("4242424242424242");
    const paid = await t.browser.paymentIntents.confirm(pi.id, fromBrowser(pi.client_secret!, { payment_method: pm.id }));
    expect(paid.status).toBe("succeeded");
  });

  it.each([
    ["create a customer", (s: Stripe) => s.customers.create({})],
    ["create a payment intent", (s: Stripe) => s.paymentIntents.create({ amount: 1000, currency: "gbp" })],
    ["list payment methods", (s: Stripe) => s.paymentMethods.list({ customer: "cus_x" })],
    ["refund", (s: Stripe) => s.refunds.create({ payment_intent: "pi_x" })],
    ["list events", (s: Stripe) => s.events.list()],
  ])("the publishable key may not %s", async (_what, call) => {
    const error = await rejection(call(t.browser));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toContain("publishable API key");
  });

  it("the publishable key may not confirm off-session", async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 1000, currency: "gbp" });
    const error = await rejection(t.browser.paymentIntents.confirm(pi.id, fromBrowser(pi.client_secret!, { off_session: true })));
    expect(error.code).toBe("parameter_unknown");
  });

  it("another key is 401 Invalid API Key; Basic auth with the secret key works", async () => {
    const error = await rejection(sdkFor(t.sandbox, "sk_test_somebody_else_1234").customers.create({}));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
    const basic = await t.sandbox.app.fetch(
      new Request("https://api.stripe.com/v1/customers", {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${t.sandbox.secretKey}:`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
        body: "email=basic%40example.test",
      }),
    );
    expect(basic.status).toBe(200);
    const none = await t.sandbox.app.fetch(new Request("https://api.stripe.com/v1/customers/cus_x"));
    expect(none.status).toBe(401);
  });
});

describe("the browser mount", () => {
  const browserFetch = (path: string, init: RequestInit = {}) => t.sandbox.browserApp.fetch(new Request(`http://localhost:3000${path}`, init));

  it("answers Stripe.js's calls under /stripe-sandbox, with the key as a parameter", async () => {
    const response = await browserFetch("/stripe-sandbox/v1/payment_methods", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `key=${t.publishableKey}&type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=${FUTURE_YEAR}&card[cvc]=123&billing_details[name]=Tess%20Tenant&payment_user_agent=sandbox-stripe-js`,
    });
    expect(response.status).toBe(200);
    const pm = (await response.json()) as Stripe.PaymentMethod;
    expect(pm.card?.last4).toBe("4242");
    expect(pm.billing_details.name).toBe("Tess Tenant");
  });

  it("refuses the secret key and every secret-key endpoint", async () => {
    const withSecret = await browserFetch("/stripe-sandbox/v1/payment_methods", {
      method: "POST",
      headers: { authorization: `Bearer ${t.sandbox.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: "type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2031",
    });
    expect(withSecret.status).toBe(401);
    const customers = await browserFetch("/stripe-sandbox/v1/customers", {
      method: "POST",
      headers: { authorization: `Bearer ${t.publishableKey}` },
    });
    expect(customers.status).toBe(404);
    expect(((await customers.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    // The SDK pointed at the browser mount fails the same way.
    const sdk = sdkFor(t.sandbox, t.sandbox.secretKey, {
      fetch: (request) => {
        const url = new URL(request.url);
        return t.sandbox.browserApp.fetch(new Request(`http://localhost/stripe-sandbox${url.pathname}${url.search}`, request));
      },
    });
    expect(await rejection(sdk.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: FUTURE_YEAR } }))).toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe("the wire format", () => {
  it("takes bracket notation with [] arrays and answers Stripe's headers", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card("4242424242424242");
    const response = await t.sandbox.app.fetch(
      new Request("https://api.stripe.com/v1/payment_intents", {
        method: "POST",
        headers: { authorization: `Bearer ${t.sandbox.secretKey}`, "content-type": "application/x-www-form-urlencoded", "stripe-version": "2026-10-28.endive" },
        body: `amount=4500&currency=gbp&customer=${customer.id}&payment_method=${pm.id}&payment_method_types[]=card&metadata[orderId]=o-9&expand[]=customer&confirm=true&setup_future_usage=off_session`,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    expect(response.headers.get("stripe-version")).toBe("2026-10-28.endive");
    const pi = (await response.json()) as Stripe.PaymentIntent;
    expect(pi.status).toBe("succeeded");
    expect((pi.customer as Stripe.Customer).id).toBe(customer.id);
    expect(pi.metadata).toEqual({ orderId: "o-9" });
    expect(Object.keys(pi).slice(0, 2)).toEqual(["id", "object"]);
  });

  it("refuses a JSON body and an unknown URL in Stripe's error format", async () => {
    const json = await t.sandbox.app.fetch(
      new Request("https://api.stripe.com/v1/customers", {
        method: "POST",
        headers: { authorization: `Bearer ${t.sandbox.secretKey}`, "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(json.status).toBe(400);
    const unknown = await t.sandbox.app.fetch(new Request("https://api.stripe.com/v1/invoices", { headers: { authorization: `Bearer ${t.sandbox.secretKey}` } }));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain("Unrecognized request URL (GET: /v1/invoices)");
  });
});
