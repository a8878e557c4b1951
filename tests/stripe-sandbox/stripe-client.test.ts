import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { Database } from "../../server/db";
import { FixedClock } from "../../server/lib/clock";
import { createStripeClient, readStripeConfig } from "../../server/lib/stripe";
import { createStripeSandbox, SANDBOX_PUBLISHABLE_KEY, SANDBOX_WEBHOOK_SECRET } from "../../stand-ins/stripe-sandbox";
import { canonicalForm, parseStripeForm } from "../../stand-ins/stripe-sandbox/form";

const noDatabase = {} as Database;
const deps = { db: noDatabase, clock: new FixedClock(new Date("2026-11-22T10:00:00Z")), deliver: async () => ({ status: 200 }) };

describe("readStripeConfig", () => {
  it("no keys: the offline sandbox", () => {
    expect(readStripeConfig({})).toEqual({ mode: "sandbox" });
    expect(readStripeConfig({ STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "" })).toEqual({ mode: "sandbox" });
    expect(readStripeConfig({ NODE_ENV: "test" })).toEqual({ mode: "sandbox" });
  });

  it("production without keys refuses to start, unless the sandbox is asked for", () => {
    expect(() => readStripeConfig({ NODE_ENV: "production" })).toThrow("production needs STRIPE_SECRET_KEY");
    expect(readStripeConfig({ NODE_ENV: "production", STRIPE_SANDBOX: "on" })).toEqual({ mode: "sandbox" });
  });

  it("both keys and the webhook secret: Stripe", () => {
    expect(
      readStripeConfig({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" }),
    ).toEqual({ mode: "stripe", secretKey: "sk_test_abc123", publishableKey: "pk_test_abc123", webhookSecret: "whsec_abc123", livemode: false });
  });

  it("STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE compresses the sandbox's webhook retries, never in production", () => {
    expect(readStripeConfig({ STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "0.01" })).toEqual({ mode: "sandbox", webhookRetryScale: 0.01 });
    expect(readStripeConfig({ STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "" })).toStrictEqual({ mode: "sandbox" });
    expect(readStripeConfig({ NODE_ENV: "production", STRIPE_SANDBOX: "on", STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "0.01" })).toStrictEqual({ mode: "sandbox" });
    expect(() => readStripeConfig({ STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "fast" })).toThrow("STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE must be a number");
    expect(() => readStripeConfig({ STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: "0" })).toThrow("STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE must be a number");
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "sk_test_abc123" }, "set both"],
    [{ STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" }, "set both"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" }, "STRIPE_WEBHOOK_SECRET is required"],
    [{ STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_x1" }, "both be live keys or both test keys"],
    [{ STRIPE_SECRET_KEY: "pk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_x1" }, "must be a Stripe secret key"],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_abc123" }, "without STRIPE_SECRET_KEY"],
    [{ STRIPE_SANDBOX: "on", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_x1" }, "together with Stripe keys"],
  ])("refuses %o with a clear message", (env, message) => {
    expect(() => readStripeConfig(env)).toThrow(message);
  });
});

describe("createStripeClient", () => {
  it("with keys: the real SDK client, no sandbox", () => {
    const client = createStripeClient(
      { mode: "stripe", secretKey: "sk_test_abc123", publishableKey: "pk_test_abc123", webhookSecret: "whsec_abc123", livemode: false },
      deps,
    );
    expect(client.stripe).toBeInstanceOf(Stripe);
    expect(client.sandbox).toBeUndefined();
    expect(client.publishableKey).toBe("pk_test_abc123");
    expect(client.webhookSecret).toBe("whsec_abc123");
  });

  it("without: the SDK over the sandbox, with the sandbox's keys", () => {
    const client = createStripeClient({ mode: "sandbox" }, deps, createStripeSandbox);
    expect(client.stripe).toBeInstanceOf(Stripe);
    expect(client.sandbox).toBeDefined();
    expect(client.publishableKey).toBe(SANDBOX_PUBLISHABLE_KEY);
    expect(client.webhookSecret).toBe(SANDBOX_WEBHOOK_SECRET);
    expect(client.sandbox?.browserBasePath).toBe("/stripe-sandbox");
    client.sandbox?.close();
  });

  it("without keys and without a sandbox wired in: a clear error, never a silent fallback", () => {
    expect(() => createStripeClient({ mode: "sandbox" }, deps)).toThrow("the offline Stripe sandbox is not wired in");
  });

  it("the browser mount follows browserUrl, a path or an absolute URL", () => {
    const client = createStripeClient({ mode: "sandbox" }, { ...deps, browserUrl: "http://localhost:3000/pay/sandbox/" }, createStripeSandbox);
    expect(client.sandbox?.browserBasePath).toBe("/pay/sandbox");
    client.sandbox?.close();
  });
});

describe("Stripe's form encoding", () => {
  it("reads bracket notation, [] and indexed arrays, and empty values", () => {
    expect(
      parseStripeForm(
        "amount=100&card[number]=4242&billing_details[address][line1]=1%20High%20St&expand[]=a&expand[]=b&payment_method_types[0]=card&metadata[orderId]=o-1&metadata[note]=&description=",
      ),
    ).toEqual({
      amount: "100",
      card: { number: "4242" },
      billing_details: { address: { line1: "1 High St" } },
      expand: ["a", "b"],
      payment_method_types: ["card"],
      metadata: { orderId: "o-1", note: "" },
      description: "",
    });
  });

  it("refuses a name used both as a value and as a hash", () => {
    expect(() => parseStripeForm("card=1&card[number]=2")).toThrow();
    expect(() => parseStripeForm("a]b=1")).toThrow();
  });

  it("compares parameters whatever their order", () => {
    expect(canonicalForm(parseStripeForm("a=1&b[c]=2&b[d]=3"))).toBe(canonicalForm(parseStripeForm("b[d]=3&a=1&b[c]=2")));
    expect(canonicalForm(parseStripeForm("e[]=1&e[]=2"))).not.toBe(canonicalForm(parseStripeForm("e[]=2&e[]=1")));
  });
});
