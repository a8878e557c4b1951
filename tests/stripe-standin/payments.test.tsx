// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { PaymentIntentResult, PaymentMethodResult } from "@stripe/stripe-js";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CardForm,
  type FakeSandbox,
  type PayFlow,
  PUBLISHABLE_KEY,
  type StripeHandles,
  TEST_CARDS,
  createFakeSandbox,
  fillCardForm,
  futureExpiry,
  loadStandIn,
  payWithCard,
} from "./harness";

let sandbox: FakeSandbox;

beforeAll(loadStandIn);
beforeEach(() => {
  sandbox = createFakeSandbox();
  vi.stubGlobal("fetch", sandbox.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForm(props: Parameters<typeof CardForm>[0] = {}) {
  let handles: StripeHandles | undefined;
  render(<CardForm expose={(h) => (handles = h)} {...props} />);
  await screen.findByLabelText("Card number");
  await waitFor(() => expect(handles).toBeDefined());
  return handles!;
}

const outcome = () => screen.getByTestId("outcome").textContent;

function clickPay() {
  const button = screen.getByRole("button", { name: "Pay" });
  act(() => button.focus());
  fireEvent.click(button);
}

function errorTextOf(label: string) {
  const field = screen.getByLabelText(label);
  return document.getElementById(`${field.id}-error`)?.textContent ?? "";
}

describe("createPaymentMethod({ elements, params })", () => {
  it("sends the card and billing address form-encoded with the publishable key, and answers { paymentMethod }", async () => {
    let created: PaymentMethodResult | undefined;
    const onPay: PayFlow = async ({ stripe, elements }) => {
      await elements.submit();
      created = await stripe.createPaymentMethod({ elements, params: { billing_details: { email: "ada@example.com" } } });
      return created.paymentMethod ? `Card ending ${created.paymentMethod.card?.last4} saved` : "failed";
    };
    await renderForm({ onPay });
    await fillCardForm({ postcode: "sw1a 2aa" });
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Card ending 4242 saved"));

    expect(sandbox.calls).toHaveLength(1);
    const call = sandbox.calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/stripe-sandbox/v1/payment_methods");
    expect(call.headers.get("authorization")).toBe(`Bearer ${PUBLISHABLE_KEY}`);
    expect(call.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    // Stripe's bracket notation, not percent-encoded brackets.
    expect(call.rawBody).toContain("card[number]=4242424242424242");
    expect(call.rawBody).toContain("billing_details[address][postal_code]=SW1A%202AA");
    expect(Object.fromEntries(call.body)).toEqual({
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": String(futureExpiry().year),
      "card[cvc]": "123",
      "billing_details[name]": "Ada Lovelace",
      "billing_details[email]": "ada@example.com",
      "billing_details[address][line1]": "10 Downing Street",
      "billing_details[address][city]": "London",
      "billing_details[address][postal_code]": "SW1A 2AA",
      "billing_details[address][country]": "GB",
    });
    expect(created?.error).toBeUndefined();
    expect(created?.paymentMethod).toMatchObject({
      object: "payment_method",
      type: "card",
      card: { last4: "4242", exp_month: 12, exp_year: futureExpiry().year },
      billing_details: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    expect(created?.paymentMethod?.id).toMatch(/^pm_/);
  });

  it("sends address line 2 and a non-UK country when the tenant gives them", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm({ line2: "Flat 2", postcode: "D02 X285" });
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "IE" } });
    await act(async () => {
      expect((await elements.submit()).error).toBeUndefined();
      await stripe.createPaymentMethod({ elements });
    });
    expect(Object.fromEntries(sandbox.calls[0]!.body)).toMatchObject({
      "billing_details[address][line2]": "Flat 2",
      "billing_details[address][postal_code]": "D02 X285",
      "billing_details[address][country]": "IE",
    });
  });

  it("stops at the tenant's own mistakes without calling the sandbox", async () => {
    await renderForm({ onPay: payWithCard(sandbox) });
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Check your card: Your card number is incomplete."));
    expect(sandbox.calls).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText("Card number"));
  });

  it("refuses to run before elements.submit(), as Stripe.js does", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm();
    await expect(stripe.createPaymentMethod({ elements })).rejects.toThrow("elements.submit() must be called before");
    expect(sandbox.calls).toHaveLength(0);
  });

  it("needs submit() again after the card is changed", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm();
    await act(async () => {
      await elements.submit();
    });
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "5555555555554444" } });
    await expect(stripe.createPaymentMethod({ elements })).rejects.toThrow("elements.submit() must be called before");
  });
});

describe("errors from the sandbox", () => {
  it("passes a card_error through unchanged, shows it to the tenant and marks the field it names", async () => {
    await renderForm({ onPay: payWithCard(sandbox) });
    await fillCardForm();
    sandbox.refuseNextPaymentMethod({
      type: "card_error",
      code: "incorrect_cvc",
      message: "Your card's security code is incorrect.",
      param: "cvc",
    });
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Your card's security code is incorrect."));
    expect(screen.getByLabelText("Security code").getAttribute("aria-invalid")).toBe("true");
    expect(errorTextOf("Security code")).toBe("Error: Your card's security code is incorrect.");
    expect(document.querySelector(".kf-stripe-element--payment [aria-live]")?.textContent).toBe(
      "Your card's security code is incorrect.",
    );
  });

  it("answers { error } with Stripe's fields for a card error when creating the payment method", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm();
    sandbox.refuseNextPaymentMethod({ type: "card_error", code: "incorrect_number", message: "Your card number is incorrect.", param: "number" });
    let result: PaymentMethodResult | undefined;
    await act(async () => {
      await elements.submit();
      result = await stripe.createPaymentMethod({ elements });
    });
    expect(result).toEqual({
      error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect.", param: "number" },
    });
    expect(errorTextOf("Card number")).toBe("Error: Your card number is incorrect.");
  });

  it("answers a decline at confirmation with the card_error and the PaymentIntent", async () => {
    let result: PaymentIntentResult | undefined;
    await renderForm({
      onPay: async ({ stripe, elements }) => {
        await elements.submit();
        const { paymentMethod } = await stripe.createPaymentMethod({ elements });
        result = await stripe.confirmCardPayment(sandbox.paymentIntent(15000), { payment_method: paymentMethod!.id });
        return result.error?.message ?? "paid";
      },
    });
    await fillCardForm({ number: TEST_CARDS.declined });
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Your card was declined."));
    expect(result?.error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      payment_intent: { status: "requires_payment_method" },
    });
  });

  it("answers api_connection_error when the sandbox cannot be reached", async () => {
    const { stripe } = await renderForm();
    sandbox.goOffline();
    const result = await stripe.retrievePaymentIntent("pi_123_secret_456");
    expect(result.error).toMatchObject({ type: "api_connection_error" });
    expect(result.error?.message).toMatch(/could not reach the payment service/);
  });
});
