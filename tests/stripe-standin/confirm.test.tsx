// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PaymentIntentResult, SetupIntentResult } from "@stripe/stripe-js";
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

const payButton = () => screen.getByRole("button", { name: "Pay" });
const outcome = () => screen.getByTestId("outcome").textContent;

function clickPay() {
  act(() => payButton().focus());
  fireEvent.click(payButton());
}

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

describe("confirmCardPayment", () => {
  it("confirms the PaymentIntent with the new payment method and answers { paymentIntent }", async () => {
    await renderForm({ onPay: payWithCard(sandbox) });
    await fillCardForm();
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Payment succeeded"));
    const [create, confirm] = sandbox.calls;
    expect(create?.path).toBe("/stripe-sandbox/v1/payment_methods");
    expect(confirm?.method).toBe("POST");
    expect(confirm?.path).toMatch(/^\/stripe-sandbox\/v1\/payment_intents\/pi_\w+\/confirm$/);
    expect(confirm?.headers.get("authorization")).toBe(`Bearer ${PUBLISHABLE_KEY}`);
    const clientSecret = confirm!.body.get("client_secret")!;
    expect(confirm?.path).toBe(`/stripe-sandbox/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`);
    expect(Object.fromEntries(confirm!.body)).toEqual({ client_secret: clientSecret, payment_method: expect.stringMatching(/^pm_/) });
    expect(sandbox.calls).toHaveLength(2);
  });

  it("with payment_method: { card: element, billing_details } creates the payment method from the element first", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm();
    const clientSecret = sandbox.paymentIntent(2500);
    let result: PaymentIntentResult | undefined;
    await act(async () => {
      result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: elements.getElement("payment") as never, billing_details: { email: "ada@example.com" } },
      });
    });
    expect(result?.paymentIntent?.status).toBe("succeeded");
    const [create, confirm] = sandbox.calls;
    expect(create?.body.get("billing_details[name]")).toBe("Ada Lovelace");
    expect(create?.body.get("billing_details[email]")).toBe("ada@example.com");
    expect(confirm?.body.get("payment_method")).toBe(result?.paymentIntent?.payment_method);
  });

  it("refuses a client secret that is not one, as Stripe.js does", async () => {
    const { stripe } = await renderForm();
    await expect(stripe.confirmCardPayment("pm_123", { payment_method: "pm_123" })).rejects.toThrow(/client secret of the form/);
    expect(sandbox.calls).toHaveLength(0);
  });
});

describe("confirmPayment", () => {
  it("with elements: creates the payment method from the form, then confirms (redirect: 'if_required')", async () => {
    let result: PaymentIntentResult | undefined;
    await renderForm({
      onPay: async ({ stripe, elements }) => {
        const { error } = await elements.submit();
        if (error) return error.message ?? "";
        result = await stripe.confirmPayment({
          elements,
          clientSecret: sandbox.paymentIntent(15000),
          confirmParams: { return_url: "http://localhost:3000/done" },
          redirect: "if_required",
        });
        return result.error ? (result.error.message ?? "") : `Payment ${result.paymentIntent.status}`;
      },
    });
    await fillCardForm();
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Payment succeeded"));
    expect(sandbox.calls.map((call) => call.path)).toEqual([
      "/stripe-sandbox/v1/payment_methods",
      expect.stringMatching(/^\/stripe-sandbox\/v1\/payment_intents\/pi_\w+\/confirm$/),
    ]);
    expect(sandbox.calls[1]!.body.get("payment_method")).toBe(result?.paymentIntent?.payment_method);
    expect(sandbox.calls[1]!.body.get("return_url")).toBe("http://localhost:3000/done");
    expect(result?.paymentIntent).toMatchObject({ object: "payment_intent", status: "succeeded", amount: 15000, currency: "gbp" });
  });

  it("with a payment method id: confirms only", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm();
    let paymentMethodId = "";
    await act(async () => {
      await elements.submit();
      paymentMethodId = (await stripe.createPaymentMethod({ elements })).paymentMethod!.id;
    });
    const clientSecret = sandbox.paymentIntent(3000);
    const result = await stripe.confirmPayment({ clientSecret, confirmParams: { payment_method: paymentMethodId }, redirect: "if_required" });
    expect(result.paymentIntent?.status).toBe("succeeded");
    expect(Object.fromEntries(sandbox.calls[1]!.body)).toEqual({ client_secret: clientSecret, payment_method: paymentMethodId });
  });

  it("needs a return_url unless redirect is 'if_required'", async () => {
    const { stripe } = await renderForm();
    await expect(
      stripe.confirmPayment({ clientSecret: sandbox.paymentIntent(100), confirmParams: { payment_method: "pm_1" } } as never),
    ).rejects.toThrow(/return_url is required/);
  });
});

describe("3-D Secure", () => {
  it("shows the challenge, and on 'Complete authentication' answers { paymentIntent } succeeded", async () => {
    await renderForm({ onPay: payWithCard(sandbox, 15000) });
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    clickPay();

    const dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    expect(dialog.textContent).toContain("This is a test of 3-D Secure authentication.");
    expect(within(dialog).getByText("Amount: £150.00")).toBeTruthy();
    expect(within(dialog).getByText("Card ending 3220")).toBeTruthy();
    const complete = within(dialog).getByRole("button", { name: "Complete authentication" });
    expect(within(dialog).getByRole("button", { name: "Fail authentication" })).toBeTruthy();
    expect(document.activeElement).toBe(complete);

    fireEvent.click(complete);
    await waitFor(() => expect(outcome()).toBe("Payment succeeded"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(payButton());

    const threeDs = sandbox.callsTo("/sandbox/3ds/")[0]!;
    const clientSecret = threeDs.body.get("client_secret")!;
    expect(threeDs.method).toBe("POST");
    expect(threeDs.path).toBe(`/stripe-sandbox/sandbox/3ds/${intentIdOf(clientSecret)}`);
    expect(threeDs.headers.get("authorization")).toBe(`Bearer ${PUBLISHABLE_KEY}`);
    expect(Object.fromEntries(threeDs.body)).toEqual({ client_secret: clientSecret, result: "complete" });
    const reread = sandbox.calls.at(-1)!;
    expect(reread.method).toBe("GET");
    expect(reread.path).toBe(`/stripe-sandbox/v1/payment_intents/${intentIdOf(clientSecret)}`);
    expect(reread.query.get("client_secret")).toBe(clientSecret);
  });

  it("on 'Fail authentication' answers Stripe's payment_intent_authentication_failure error", async () => {
    let result: PaymentIntentResult | undefined;
    const onPay: PayFlow = async ({ stripe, elements }) => {
      await elements.submit();
      const { paymentMethod } = await stripe.createPaymentMethod({ elements });
      result = await stripe.confirmCardPayment(sandbox.paymentIntent(15000), { payment_method: paymentMethod!.id });
      return result.error ? (result.error.message ?? "An error has occured") : "paid";
    };
    await renderForm({ onPay });
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    clickPay();
    const dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Fail authentication" }));
    await waitFor(() => expect(result).toBeDefined());
    expect(result?.paymentIntent).toBeUndefined();
    expect(result?.error).toMatchObject({
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      payment_intent: { status: "requires_payment_method" },
    });
    expect(outcome()).toBe(result?.error?.message);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(payButton());
    expect(sandbox.callsTo("/sandbox/3ds/")[0]!.body.get("result")).toBe("fail");
  });

  it("treats Escape as failing the authentication", async () => {
    await renderForm({ onPay: payWithCard(sandbox) });
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    clickPay();
    const dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(outcome()).toMatch(/failed authentication/));
    expect(sandbox.callsTo("/sandbox/3ds/")[0]!.body.get("result")).toBe("fail");
  });

  it("answers only once however often the tenant clicks", async () => {
    await renderForm({ onPay: payWithCard(sandbox) });
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    clickPay();
    const dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    const complete = within(dialog).getByRole("button", { name: "Complete authentication" });
    fireEvent.click(complete);
    fireEvent.click(complete);
    fireEvent.click(within(dialog).getByRole("button", { name: "Fail authentication" }));
    await waitFor(() => expect(outcome()).toBe("Payment succeeded"));
    expect(sandbox.callsTo("/sandbox/3ds/")).toHaveLength(1);
  });

  it("handleActions: false leaves the action to handleNextAction({ clientSecret })", async () => {
    const { stripe, elements } = await renderForm();
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    let paymentMethodId = "";
    await act(async () => {
      await elements.submit();
      paymentMethodId = (await stripe.createPaymentMethod({ elements })).paymentMethod!.id;
    });
    const clientSecret = sandbox.paymentIntent(4200);
    const first = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId }, { handleActions: false });
    expect(first.paymentIntent?.status).toBe("requires_action");
    expect(screen.queryByRole("dialog")).toBeNull();

    let next: Awaited<ReturnType<typeof stripe.handleNextAction>> | undefined;
    const pending = stripe.handleNextAction({ clientSecret }).then((answer) => (next = answer));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    expect(within(dialog).getByText("Amount: £42.00")).toBeTruthy();
    expect(within(dialog).getByText("Card ending 3220")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete authentication" }));
    await act(async () => {
      await pending;
    });
    expect(next?.paymentIntent?.status).toBe("succeeded");

    const again = await stripe.handleNextAction({ clientSecret });
    expect(again.error).toMatchObject({ type: "invalid_request_error", code: "payment_intent_unexpected_state" });
  });
});

describe("setup mode", () => {
  it("confirmSetup with elements saves the card and answers { setupIntent }", async () => {
    let result: SetupIntentResult | undefined;
    await renderForm({
      mode: "setup",
      onPay: async ({ stripe, elements }) => {
        const { error } = await elements.submit();
        if (error) return error.message ?? "";
        result = await stripe.confirmSetup({
          elements,
          clientSecret: sandbox.setupIntent(),
          confirmParams: { return_url: "http://localhost:3000/add-payment-method-success" },
          redirect: "if_required",
        });
        return result.error ? (result.error.message ?? "") : `Card ${result.setupIntent.status}`;
      },
    });
    await fillCardForm();
    clickPay();
    await waitFor(() => expect(outcome()).toBe("Card succeeded"));
    expect(sandbox.calls[1]!.path).toMatch(/^\/stripe-sandbox\/v1\/setup_intents\/seti_\w+\/confirm$/);
    expect(result?.setupIntent).toMatchObject({ object: "setup_intent", status: "succeeded" });
  });

  it("confirmCardSetup with 3-D Secure shows 'Confirm your card' and answers { setupIntent } once completed", async () => {
    let result: SetupIntentResult | undefined;
    await renderForm({
      mode: "setup",
      onPay: async ({ stripe, elements }) => {
        await elements.submit();
        const { paymentMethod } = await stripe.createPaymentMethod({ elements });
        result = await stripe.confirmCardSetup(sandbox.setupIntent(), { payment_method: paymentMethod!.id });
        return result.error ? (result.error.message ?? "") : `Card ${result.setupIntent.status}`;
      },
    });
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    clickPay();
    const dialog = await screen.findByRole("dialog", { name: "Confirm your card" });
    expect(within(dialog).queryByText(/^Amount/)).toBeNull();
    expect(within(dialog).getByText("Card ending 3220")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete authentication" }));
    await waitFor(() => expect(outcome()).toBe("Card succeeded"));
    expect(sandbox.callsTo("/sandbox/3ds/seti_")).toHaveLength(1);
    expect(sandbox.calls.at(-1)!.path).toMatch(/^\/stripe-sandbox\/v1\/setup_intents\/seti_\w+$/);
  });

  it("a failed setup authentication answers setup_intent_authentication_failure with the SetupIntent", async () => {
    const { stripe, elements } = await renderForm({ mode: "setup" });
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    let paymentMethodId = "";
    await act(async () => {
      await elements.submit();
      paymentMethodId = (await stripe.createPaymentMethod({ elements })).paymentMethod!.id;
    });
    let result: SetupIntentResult | undefined;
    const pending = stripe.confirmCardSetup(sandbox.setupIntent(), { payment_method: paymentMethodId }).then((r) => (result = r));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your card" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Fail authentication" }));
    await act(async () => {
      await pending;
    });
    expect(result?.error).toMatchObject({ code: "setup_intent_authentication_failure", setup_intent: { status: "requires_payment_method" } });
  });
});

describe("retrieving intents", () => {
  it("retrievePaymentIntent and retrieveSetupIntent read with the client secret", async () => {
    const { stripe } = await renderForm();
    const paymentSecret = sandbox.paymentIntent(15000);
    const setupSecret = sandbox.setupIntent();
    const payment = await stripe.retrievePaymentIntent(paymentSecret);
    const setup = await stripe.retrieveSetupIntent(setupSecret);
    expect(payment.paymentIntent).toMatchObject({ id: intentIdOf(paymentSecret), status: "requires_payment_method", amount: 15000 });
    expect(setup.setupIntent).toMatchObject({ id: intentIdOf(setupSecret), status: "requires_payment_method" });
    expect(sandbox.calls.map((call) => `${call.method} ${call.path}?${call.query}`)).toEqual([
      `GET /stripe-sandbox/v1/payment_intents/${intentIdOf(paymentSecret)}?client_secret=${paymentSecret}`,
      `GET /stripe-sandbox/v1/setup_intents/${intentIdOf(setupSecret)}?client_secret=${setupSecret}`,
    ]);
    const missing = await stripe.retrievePaymentIntent("pi_Missing_secret_Nope");
    expect(missing.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
  });
});
