import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, FUTURE_YEAR, type Harness } from "./harness";

let t: Harness;
beforeAll(async () => {
  t = await createHarness();
});
afterAll(() => t.close());

async function customerWith() {
  return t.stripe.customers.create({ email: "tess@example.test", name: "Tess Tenant" });
}

/** Pays £150 with the card, saved for off-session use, as the checkout does. */
async function pay(number: string) {
  const customer = await customerWith();
  const pm = await t.card(number);
  return t.stripe.paymentIntents.create({
    amount: 15000,
    currency: "gbp",
    customer: customer.id,
    payment_method: pm.id,
    setup_future_usage: "off_session",
    confirm: true,
    metadata: { orderId: "order-1" },
  });
}

async function declined(promise: Promise<unknown>): Promise<Stripe.errors.StripeCardError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
  return error as Stripe.errors.StripeCardError;
}

describe("test cards (issue 4 part 2)", () => {
  it("4242424242424242 succeeds: a charge, the card saved to the customer", async () => {
    const pi = await pay("4242424242424242");
    expect(pi.object).toBe("payment_intent");
    expect(pi.id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_[0-9A-Za-z]+$`));
    expect(pi.status).toBe("succeeded");
    expect(pi.amount_received).toBe(15000);
    expect(pi.currency).toBe("gbp");
    expect(pi.livemode).toBe(false);
    expect(pi.metadata).toEqual({ orderId: "order-1" });
    expect(pi.latest_charge).toMatch(/^ch_/);
    const charge = await t.stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({ object: "charge", status: "succeeded", paid: true, amount: 15000, amount_captured: 15000, payment_intent: pi.id });
    const pm = await t.stripe.paymentMethods.retrieve(pi.payment_method as string);
    expect(pm.customer).toBe(pi.customer);
    expect(pm.card).toMatchObject({ brand: "visa", last4: "4242", funding: "credit", exp_month: 12, exp_year: FUTURE_YEAR });
    expect(pm.card?.checks).toEqual({ cvc_check: "pass", address_postal_code_check: "pass", address_line1_check: "pass" });
  });

  it("4000000000000002 is declined at confirm: card_declined / generic_decline, the intent back to requires_payment_method", async () => {
    const customer = await customerWith();
    const pm = await t.card("4000000000000002");
    const pi = await t.stripe.paymentIntents.create({ amount: 15000, currency: "gbp", customer: customer.id, payment_method: pm.id });
    expect(pi.status).toBe("requires_confirmation");
    const error = await declined(t.stripe.paymentIntents.confirm(pi.id));
    expect(error.statusCode).toBe(402);
    expect(error.code).toBe("card_declined");
    expect(error.decline_code).toBe("generic_decline");
    expect(error.message).toBe("Your card was declined.");
    expect(error.payment_intent?.id).toBe(pi.id);
    expect(error.payment_intent?.status).toBe("requires_payment_method");
    const after = await t.stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.payment_method).toBeNull();
    expect(after.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline" });
    expect(after.last_payment_error?.payment_method?.id).toBe(pm.id);
    const charge = await t.stripe.charges.retrieve(after.latest_charge as string);
    expect(charge).toMatchObject({ status: "failed", paid: false, failure_code: "card_declined" });
  });

  it("4000000000009995 is declined with insufficient_funds", async () => {
    const error = await declined(pay("4000000000009995"));
    expect(error.code).toBe("card_declined");
    expect(error.decline_code).toBe("insufficient_funds");
    expect(error.message).toBe("Your card has insufficient funds.");
  });

  it("4000000000000101 fails the CVC check, and the payment itself succeeds", async () => {
    const pm = await t.card("4000000000000101");
    expect(pm.card?.checks?.cvc_check).toBe("fail");
    expect(pm.card?.checks?.address_postal_code_check).toBe("pass");
    expect((await pay("4000000000000101")).status).toBe("succeeded");
  });

  it("4000000000000036 fails the postcode check (address_postal_code_check 'fail')", async () => {
    const pm = await t.card("4000000000000036");
    expect(pm.card?.checks).toEqual({ cvc_check: "pass", address_postal_code_check: "fail", address_line1_check: "pass" });
  });

  it("checks read 'unchecked' for a detail that was not given", async () => {
    const pm = await t.browser.paymentMethods.create({ type: "card", card: { number: "4000000000000036", exp_month: 1, exp_year: FUTURE_YEAR } });
    expect(pm.card?.checks).toEqual({ cvc_check: "unchecked", address_postal_code_check: "unchecked", address_line1_check: "unchecked" });
    expect(pm.billing_details.address).toEqual({ city: null, country: null, line1: null, line2: null, postal_code: null, state: null });
  });

  it("5105105105105100 is a prepaid Mastercard", async () => {
    const pm = await t.card("5105105105105100");
    expect(pm.card).toMatchObject({ brand: "mastercard", funding: "prepaid", last4: "5100" });
  });

  it("4000000000003220 requires 3-D Secure: requires_action with the sandbox's challenge", async () => {
    const pi = await pay("4000000000003220");
    expect(pi.status).toBe("requires_action");
    expect(pi.latest_charge).toBeNull();
    expect(pi.next_action?.type).toBe("use_stripe_sdk");
    const sdk = pi.next_action?.use_stripe_sdk as { type: string; stripe_js: string };
    expect(sdk.type).toBe("three_d_secure_redirect");
    expect(sdk.stripe_js).toBe(`/stripe-sandbox/sandbox/3ds/${pi.id}?client_secret=${encodeURIComponent(pi.client_secret!)}`);
  });

  it("card.fingerprint is the same for the same number and differs for another", async () => {
    const a = await t.card("4242424242424242");
    const b = await t.card("4242424242424242", { card: { number: "4242 4242 4242 4242", exp_month: 3, exp_year: FUTURE_YEAR + 1, cvc: "999" } });
    const c = await t.card("5555555555554444");
    expect(a.id).not.toBe(b.id);
    expect(a.card?.fingerprint).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(b.card?.fingerprint).toBe(a.card?.fingerprint);
    expect(c.card?.fingerprint).not.toBe(a.card?.fingerprint);
  });

  it("any other Luhn-valid number succeeds", async () => {
    const pi = await pay("4111111111111111");
    expect(pi.status).toBe("succeeded");
    const pm = await t.card("6011111111111117");
    expect(pm.card?.brand).toBe("discover");
  });

  it.each([
    ["4242424242424241", { number: "4242424242424241" }, "invalid_number", "card[number]"],
    ["letters", { number: "4242abcd42424242" }, "invalid_number", "card[number]"],
    ["too short", { number: "4242" }, "invalid_number", "card[number]"],
    ["month 13", { exp_month: 13 }, "invalid_expiry_month", "card[exp_month]"],
    ["a past year", { exp_year: 2020 }, "invalid_expiry_year", "card[exp_year]"],
    ["a past month this year", { exp_month: 10, exp_year: 2026 }, "invalid_expiry_month", "card[exp_month]"],
    ["a 2-digit CVC", { cvc: "12" }, "invalid_cvc", "card[cvc]"],
    ["a letter in the CVC", { cvc: "12a" }, "invalid_cvc", "card[cvc]"],
  ] as const)("refuses %s at creation with %s", async (_name, card, code, param) => {
    const error = await declined(
      t.browser.paymentMethods.create({
        type: "card",
        card: { number: "4242424242424242", exp_month: 12, exp_year: FUTURE_YEAR, cvc: "123", ...card },
      }),
    );
    expect(error.statusCode).toBe(402);
    expect(error.rawType).toBe("card_error");
    expect(error.code).toBe(code);
    expect(error.param).toBe(param);
  });

  it("a two-digit expiry year means 20YY", async () => {
    const pm = await t.browser.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 12, exp_year: 31, cvc: "123" } });
    expect(pm.card?.exp_year).toBe(2031);
  });
});
