import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, fromBrowser, type Harness } from "./harness";

let t: Harness;
beforeAll(async () => {
  t = await createHarness();
});
afterAll(() => t.close());

const THREE_DS = "4000000000003220";

/** An intent waiting for 3-D Secure, confirmed from the browser with the publishable key (as Stripe.js does). */
async function waitingPayment(options: { returnUrl?: string; setupFutureUsage?: boolean } = {}) {
  const customer = await t.stripe.customers.create({ email: "tess@example.test" });
  const pi = await t.stripe.paymentIntents.create({
    amount: 3000,
    currency: "gbp",
    customer: customer.id,
    ...(options.setupFutureUsage === false ? {} : { setup_future_usage: "off_session" as const }),
  });
  const pm = await t.card(THREE_DS);
  const confirmed = await t.browser.paymentIntents.confirm(
    pi.id,
    fromBrowser(pi.client_secret!, { payment_method: pm.id, ...(options.returnUrl ? { return_url: options.returnUrl } : {}) }),
  );
  return { customer, pi: confirmed, pm };
}

/** The browser's answer to the challenge, through the web app's mount of the sandbox. */
function answer(intentId: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return t.sandbox.browserApp.fetch(
    new Request(`http://localhost:3000/stripe-sandbox/sandbox/3ds/${intentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body).toString(),
    }),
  );
}

describe("3-D Secure (4000000000003220)", () => {
  it("confirm gives requires_action with next_action use_stripe_sdk / three_d_secure_redirect", async () => {
    const { pi } = await waitingPayment();
    expect(pi.status).toBe("requires_action");
    expect(pi.next_action).toEqual({
      type: "use_stripe_sdk",
      use_stripe_sdk: {
        type: "three_d_secure_redirect",
        stripe_js: `/stripe-sandbox/sandbox/3ds/${pi.id}?client_secret=${encodeURIComponent(pi.client_secret!)}`,
      },
    });
    // A publishable key sees only the fields Stripe.js may see.
    expect(pi).not.toHaveProperty("customer");
    expect(pi).not.toHaveProperty("metadata");
  });

  it("completing the challenge takes the payment, saves the card and sends payment_intent.succeeded", async () => {
    const { pi, customer, pm } = await waitingPayment();
    const response = await answer(pi.id, { result: "complete", client_secret: pi.client_secret!, key: t.publishableKey });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Stripe.PaymentIntent;
    expect(body.status).toBe("succeeded");
    const after = await t.stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe("succeeded");
    expect(after.next_action).toBeNull();
    const charge = await t.stripe.charges.retrieve(after.latest_charge as string);
    expect(charge.payment_method_details?.card?.three_d_secure?.result).toBe("authenticated");
    expect((await t.stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    const events = await t.deliveredEvents();
    expect(events.filter((e) => e.type === "payment_intent.succeeded" && e.data.object.id === pi.id)).toHaveLength(1);
  });

  it("failing it returns the intent to requires_payment_method with payment_intent_authentication_failure", async () => {
    const { pi } = await waitingPayment();
    const response = await answer(pi.id, { result: "fail", client_secret: pi.client_secret!, key: t.publishableKey });
    expect(response.status).toBe(200);
    const after = await t.stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.payment_method).toBeNull();
    expect(after.latest_charge).toBeNull();
    expect(after.last_payment_error).toMatchObject({ code: "payment_intent_authentication_failure", type: "invalid_request_error" });
    const events = await t.deliveredEvents();
    expect(events.filter((e) => e.type === "payment_intent.payment_failed" && e.data.object.id === pi.id)).toHaveLength(1);
  });

  it("the challenge answer needs the intent's client secret and the publishable key", async () => {
    const { pi } = await waitingPayment();
    const wrongSecret = await answer(pi.id, { result: "complete", client_secret: `${pi.id}_secret_wrong`, key: t.publishableKey });
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { error: { code: string } }).error.code).toBe("payment_intent_invalid_parameter");
    const noKey = await answer(pi.id, { result: "complete", client_secret: pi.client_secret! });
    expect(noKey.status).toBe(401);
    const secretKey = await answer(pi.id, { result: "complete", client_secret: pi.client_secret! }, { authorization: `Bearer ${t.sandbox.secretKey}` });
    expect(secretKey.status).toBe(401);
    expect((await t.stripe.paymentIntents.retrieve(pi.id)).status).toBe("requires_action");
  });

  it("answering twice is refused: the second finds nothing waiting", async () => {
    const { pi } = await waitingPayment();
    expect((await answer(pi.id, { result: "complete", client_secret: pi.client_secret!, key: t.publishableKey })).status).toBe(200);
    const again = await answer(pi.id, { result: "fail", client_secret: pi.client_secret!, key: t.publishableKey });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("payment_intent_unexpected_state");
    expect((await t.stripe.paymentIntents.retrieve(pi.id)).status).toBe("succeeded");
  });

  it("with a return_url: next_action redirect_to_url, an HTML challenge page and a redirect back", async () => {
    const returnUrl = "http://localhost:3000/checkout/o1/c1/pay?step=3ds";
    const { pi } = await waitingPayment({ returnUrl });
    expect(pi.next_action?.type).toBe("redirect_to_url");
    const url = pi.next_action!.redirect_to_url!.url!;
    expect(pi.next_action!.redirect_to_url!.return_url).toBe(returnUrl);

    const page = await t.sandbox.browserApp.fetch(new Request(`http://localhost:3000${url}`, { headers: { accept: "text/html" } }));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("<h1>Confirm it's you</h1>");
    expect(html).toContain("£30.00");
    expect(html).toContain(`action="/stripe-sandbox/sandbox/3ds/${pi.id}"`);
    expect(html).toContain('name="result" value="complete"');
    expect(html).toContain('name="result" value="fail"');

    // The form post a browser sends without JavaScript.
    const submitted = await answer(pi.id, { client_secret: pi.client_secret!, key: t.publishableKey, result: "complete" }, { accept: "text/html" });
    expect(submitted.status).toBe(303);
    const location = new URL(submitted.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:3000/checkout/o1/c1/pay");
    expect(location.searchParams.get("step")).toBe("3ds");
    expect(location.searchParams.get("payment_intent")).toBe(pi.id);
    expect(location.searchParams.get("payment_intent_client_secret")).toBe(pi.client_secret);
    expect(location.searchParams.get("redirect_status")).toBe("succeeded");
  });

  it("the challenge page refuses a wrong client secret", async () => {
    const { pi } = await waitingPayment();
    const page = await t.sandbox.browserApp.fetch(
      new Request(`http://localhost:3000/stripe-sandbox/sandbox/3ds/${pi.id}?client_secret=${pi.id}_secret_nope`),
    );
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("This check could not be opened");
    expect(html).not.toContain('name="result"');
  });

  it("a card authenticated while being saved pays off-session without a new challenge", async () => {
    const { pi, customer, pm } = await waitingPayment();
    await answer(pi.id, { result: "complete", client_secret: pi.client_secret!, key: t.publishableKey });
    const instalment = await t.stripe.paymentIntents.create({
      amount: 5000,
      currency: "gbp",
      customer: customer.id,
      payment_method: pm.id,
      off_session: true,
      confirm: true,
    });
    expect(instalment.status).toBe("succeeded");
  });

  it("off-session with a card never authenticated fails with authentication_required", async () => {
    const customer = await t.stripe.customers.create({});
    const pm = await t.card(THREE_DS);
    await t.stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    const error = await t.stripe.paymentIntents
      .create({ amount: 5000, currency: "gbp", customer: customer.id, payment_method: pm.id, off_session: true, confirm: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe("authentication_required");
    expect((error as Stripe.errors.StripeCardError).payment_intent?.status).toBe("requires_payment_method");
  });

  it("a setup intent with the card needs the challenge too; completing it saves the card and sends setup_intent.succeeded", async () => {
    const customer = await t.stripe.customers.create({ email: "newcard@keyfree.example" });
    const si = await t.stripe.setupIntents.create({ customer: customer.id, usage: "off_session" });
    expect(si.id).toMatch(/^seti_/);
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));
    const pm = await t.card(THREE_DS);
    const confirmed = await t.browser.setupIntents.confirm(si.id, fromBrowser(si.client_secret!, { payment_method: pm.id }));
    expect(confirmed.status).toBe("requires_action");
    expect(confirmed.next_action?.type).toBe("use_stripe_sdk");
    const response = await answer(si.id, { result: "complete", client_secret: si.client_secret!, key: t.publishableKey });
    expect(response.status).toBe(200);
    expect((await t.stripe.setupIntents.retrieve(si.id)).status).toBe("succeeded");
    expect((await t.stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    const events = await t.deliveredEvents();
    expect(events.filter((e) => e.type === "setup_intent.succeeded" && e.data.object.id === si.id)).toHaveLength(1);
  });

  it("failing a setup intent's challenge gives setup_intent_authentication_failure", async () => {
    const customer = await t.stripe.customers.create({});
    const si = await t.stripe.setupIntents.create({ customer: customer.id });
    const pm = await t.card(THREE_DS);
    await t.browser.setupIntents.confirm(si.id, fromBrowser(si.client_secret!, { payment_method: pm.id }));
    await answer(si.id, { result: "fail", client_secret: si.client_secret!, key: t.publishableKey });
    const after = await t.stripe.setupIntents.retrieve(si.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_setup_error).toMatchObject({ code: "setup_intent_authentication_failure" });
    expect((await t.stripe.paymentMethods.retrieve(pm.id)).customer).toBeNull();
  });
});

describe("off-session payments with a saved card (payment plan instalments)", () => {
  /** A card saved through a setup intent, as the payment plan's card step does (3-D Secure answered when asked). */
  async function savedCard(number: string) {
    const customer = await t.stripe.customers.create({});
    const si = await t.stripe.setupIntents.create({ customer: customer.id, usage: "off_session" });
    const pm = await t.card(number);
    const confirmed = await t.browser.setupIntents.confirm(si.id, fromBrowser(si.client_secret!, { payment_method: pm.id }));
    if (confirmed.status === "requires_action") {
      await answer(si.id, { result: "complete", client_secret: si.client_secret!, key: t.publishableKey });
    }
    expect((await t.stripe.setupIntents.retrieve(si.id)).status).toBe("succeeded");
    return { customer, pm };
  }

  const offSession = (customer: string, pm: string) =>
    t.stripe.paymentIntents.create({ amount: 4000, currency: "gbp", customer, payment_method: pm, off_session: true, confirm: true });

  it("4242424242424242 saved by a setup intent pays off-session", async () => {
    const { customer, pm } = await savedCard("4242424242424242");
    expect((await offSession(customer.id, pm.id)).status).toBe("succeeded");
  });

  it("4000002760003184 fails off-session with authentication_required even once authenticated while saved", async () => {
    const { customer, pm } = await savedCard("4000002760003184");
    const error = await offSession(customer.id, pm.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe("authentication_required");
  });

  it("4000000000000341 attaches and sets up fine, and every payment is declined (generic_decline), off-session too", async () => {
    const { customer, pm } = await savedCard("4000000000000341");
    expect((await t.stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    const error = await offSession(customer.id, pm.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe("card_declined");
    expect((error as Stripe.errors.StripeCardError).decline_code).toBe("generic_decline");
    expect((error as Stripe.errors.StripeCardError).message).toBe("Your card was declined.");
    const attached = await t.card("4000000000000341");
    await t.stripe.paymentMethods.attach(attached.id, { customer: customer.id });
  });
});
