// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUBLISHABLE_KEY, loadStandIn, standInConstructor } from "./harness";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the page loads the stand-in before the app's scripts", () => {
  it("makes @stripe/stripe-js's loadStripe use window.Stripe: no js.stripe.com script, no network, no version warning", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const warn = vi.spyOn(console, "warn");
    // The order of the page: the classic <script src> runs first, then the app's modules import @stripe/stripe-js.
    loadStandIn();
    const { loadStripe } = await import("@stripe/stripe-js");
    const stripe = await loadStripe(PUBLISHABLE_KEY);

    expect(stripe).not.toBeNull();
    for (const method of ["elements", "createToken", "createPaymentMethod", "confirmCardPayment", "confirmPayment", "confirmSetup"] as const) {
      expect(typeof stripe?.[method]).toBe("function");
    }
    expect(document.querySelector('script[src^="https://js.stripe.com"]')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(standInConstructor()?.keyfreeStandIn).toBe(true);
  });

  it("refuses a secret key and an empty key, as Stripe() does", () => {
    loadStandIn();
    const Stripe = standInConstructor()!;
    expect(() => Stripe("sk_test_keyfree_sandbox")).toThrow("You should not use your secret key with Stripe.js");
    expect(() => Stripe("")).toThrow("Please call Stripe() with your publishable key");
  });

  it("refuses Elements options Stripe would refuse in deferred mode", () => {
    loadStandIn();
    const stripe = standInConstructor()!(PUBLISHABLE_KEY);
    expect(() => stripe.elements({ mode: "payment", currency: "gbp" } as never)).toThrow(/amount should be a whole number/);
    expect(() => stripe.elements({ mode: "subscription", amount: 100 } as never)).toThrow(/currency should be a string/);
    expect(() => stripe.elements({ mode: "setup", currency: "gbp" })).not.toThrow();
    // Stripe.js endive dropped paymentMethodTypes for deferred-intent Elements; allowedPaymentMethodTypes replaces it.
    expect(() =>
      stripe.elements({ mode: "payment", amount: 15000, currency: "gbp", paymentMethodTypes: ["card"] } as never),
    ).toThrow(/use allowedPaymentMethodTypes: \['card'\] instead/);
    const elements = stripe.elements({ mode: "payment", amount: 15000, currency: "gbp", allowedPaymentMethodTypes: ["card"] });
    expect(() => elements.update({ paymentMethodTypes: ["card"] } as never)).toThrow(/allowedPaymentMethodTypes/);
  });
});
