// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StandInStripe } from "../../stand-ins/stripe-sandbox/browser/stripe";
import "../../stand-ins/stripe-sandbox/browser/confirm";

/**
 * The stand-in Stripe.js's confirm flow against a fake fetch, without its elements or a page:
 * what it posts to the sandbox and how it answers, as Stripe.js does.
 */
type Call = { method: string; url: string; body: URLSearchParams; headers: Headers };

const SECRET = "pi_123_secret_abc";
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { method: init.method ?? "GET", url, body: new URLSearchParams(String(init.body ?? "")), headers: new Headers(init.headers) };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stripe = (): any => new (StandInStripe as any)("pk_test_keyfree_sandbox", {});

describe("confirmCardPayment with a saved card's id", () => {
  it("posts the confirm form-encoded with the publishable key and answers { paymentIntent }", async () => {
    answer = () => ({ status: 200, body: { id: "pi_123", object: "payment_intent", status: "succeeded" } });
    const result = await stripe().confirmCardPayment(SECRET, { payment_method: "pm_456", receipt_email: "a@example.test", other: "dropped" });
    expect(result).toEqual({ paymentIntent: { id: "pi_123", object: "payment_intent", status: "succeeded" } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url).toBe("/stripe-sandbox/v1/payment_intents/pi_123/confirm");
    expect(calls[0]!.headers.get("authorization")).toBe("Bearer pk_test_keyfree_sandbox");
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ client_secret: SECRET, payment_method: "pm_456", receipt_email: "a@example.test" });
  });

  it("answers a card error as { error } with Stripe's fields, never throwing", async () => {
    const error = { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." };
    answer = () => ({ status: 402, body: { error } });
    const result = await stripe().confirmCardPayment(SECRET, { payment_method: "pm_456" });
    expect(result.error).toMatchObject(error);
  });

  it("answers an intent the issuer refused (requires_payment_method) with its last payment error", async () => {
    const last = { type: "card_error", code: "card_declined", message: "Your card was declined." };
    answer = () => ({ status: 200, body: { id: "pi_123", status: "requires_payment_method", last_payment_error: last } });
    const result = await stripe().confirmCardPayment(SECRET, { payment_method: "pm_456" });
    expect(result.error).toMatchObject({ ...last, payment_intent: { id: "pi_123", status: "requires_payment_method" } });
  });

  it("refuses a client secret of the wrong shape before any request", async () => {
    await expect(stripe().confirmCardPayment("seti_1_secret_2", { payment_method: "pm_456" })).rejects.toThrow(/clientSecret should be a PaymentIntent client secret/);
    expect(calls).toHaveLength(0);
  });

  it("words a network failure as Stripe.js does", async () => {
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    const result = await stripe().confirmCardPayment(SECRET, { payment_method: "pm_456" });
    expect(result.error).toMatchObject({ type: "api_connection_error", message: "We could not reach the payment service. Check your connection and try again." });
  });
});

describe("confirmCardSetup", () => {
  it("confirms the setup intent and answers { setupIntent }", async () => {
    answer = () => ({ status: 200, body: { id: "seti_9", object: "setup_intent", status: "succeeded" } });
    const result = await stripe().confirmCardSetup("seti_9_secret_x", { payment_method: "pm_1" });
    expect(result).toEqual({ setupIntent: { id: "seti_9", object: "setup_intent", status: "succeeded" } });
    expect(calls[0]!.url).toBe("/stripe-sandbox/v1/setup_intents/seti_9/confirm");
  });
});
