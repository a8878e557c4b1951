import type { Api } from "../app";
import type { Database } from "../db";
import type { Clock } from "../lib/clock";
import { createStripeClient, readStripeConfig, type StripeClient, type StripeSandbox, type StripeSandboxFactory } from "../lib/stripe";

/**
 * The card provider for an API that is about to be made: the sandbox (no keys) delivers its
 * webhooks to that API's own /webhooks/stripe, in-process — the same route Stripe posts to.
 */
export function createPayments<S extends StripeSandbox = StripeSandbox>(
  input: {
    db: Database;
    clock: Clock;
    env?: Record<string, string | undefined>;
    webhookRetryDelaysMs?: readonly number[];
    /** The offline sandbox, when a composition root wired one in (needed only without Stripe keys). */
    stripeSandbox?: StripeSandboxFactory<S>;
  },
  api: () => Api | undefined,
): StripeClient<S> {
  return createStripeClient(readStripeConfig(input.env ?? process.env), {
    db: input.db,
    clock: input.clock,
    webhookRetryDelaysMs: input.webhookRetryDelaysMs,
    deliver: async (payload, signature) => {
      const target = api();
      if (!target) return { status: 503 };
      const res = await target.request("/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      return { status: res.status };
    },
  }, input.stripeSandbox);
}
