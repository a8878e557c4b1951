import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import Stripe from "stripe";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db";
import { FixedClock } from "../../server/lib/clock";
import { createStripeClient } from "../../server/lib/stripe";
import { createStripeSandbox, type DeliverWebhook, type StripeSandbox, type StripeSandboxOptions } from "../../stand-ins/stripe-sandbox";

export const FUTURE_YEAR = 2031;

/**
 * Confirm parameters as Stripe.js sends them with the publishable key: the intent's
 * client_secret rides along (the server SDK's types leave it out, Stripe.js adds it).
 */
export function fromBrowser<T extends Stripe.PaymentIntentConfirmParams | Stripe.SetupIntentConfirmParams>(clientSecret: string, params: T): T {
  return { ...params, client_secret: clientSecret } as T;
}

export type Delivered = { payload: string; signature: string };

/** A Stripe SDK client talking to `sandbox` in-process with `key`. */
export function sdkFor(sandbox: StripeSandbox, key: string, app: { fetch: (request: Request) => Response | Promise<Response> } = sandbox.app) {
  return new Stripe(key, {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(async (url, init) => app.fetch(new Request(url, init))),
  });
}

/**
 * A fresh database (a copy of the migrated template) with a sandbox over it, reached through
 * the official SDK exactly as the API reaches it (`createStripeClient` without keys), and a
 * webhook endpoint stand-in that records what it receives and answers `webhookStatus`.
 */
export async function createHarness(options: { retryDelaysMs?: number[] } = {}) {
  const template = readFileSync(inject("dbTemplate"));
  const client = new PGlite({ loadDataDir: new Blob([template]) });
  const database = await openDatabase({ kind: "pglite", client });
  const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
  const delivered: Delivered[] = [];
  /** How the stand-in endpoint answers each delivery (200 unless a test says otherwise). */
  const state = { respond: (_payload: string): number => 200 };
  const deliver: DeliverWebhook = async (payload, signature) => {
    delivered.push({ payload, signature });
    return { status: state.respond(payload) };
  };
  const { stripe, sandbox, publishableKey, webhookSecret } = createStripeClient(
    { mode: "sandbox" },
    // No polling timer: each sandbox delivers what its own requests emit (and what its idle waits drive),
    // so two sandboxes over this database never take each other's events in a test.
    { db: database.db, clock, deliver, webhookRetryDelaysMs: options.retryDelaysMs ?? [5, 10, 20], webhookPollMs: 0 },
    createStripeSandbox,
  );
  if (!sandbox) throw new Error("expected the sandbox");
  const browser = sdkFor(sandbox, publishableKey);
  // Its start-up look for queued events, done now rather than in the middle of a test.
  await sandbox.deliverDueWebhooks();

  /** Events delivered so far, parsed (after waiting for pending deliveries). */
  async function deliveredEvents(): Promise<Stripe.Event[]> {
    await sandbox!.whenWebhooksIdle();
    return delivered.map((d) => JSON.parse(d.payload) as Stripe.Event);
  }

  /** A new sandbox over the same database (a restarted server). */
  function reopen(extra: Partial<Omit<StripeSandboxOptions, "db" | "clock">> = {}) {
    const again = createStripeSandbox({ db: database.db, clock, deliver, webhookRetryDelaysMs: [5, 10, 20], webhookPollMs: 0, ...extra });
    return { sandbox: again, stripe: sdkFor(again, again.secretKey) };
  }

  async function card(number: string, extra: Partial<Stripe.PaymentMethodCreateParams> = {}, via: Stripe = browser) {
    return via.paymentMethods.create({
      type: "card",
      card: { number, exp_month: 12, exp_year: FUTURE_YEAR, cvc: "123" },
      billing_details: {
        name: "Tess Tenant",
        email: "tess@example.test",
        address: { line1: "1 High Street", city: "London", postal_code: "SW1A 1AA", country: "GB" },
      },
      ...extra,
    });
  }

  return {
    db: database.db as Database,
    clock,
    stripe,
    browser,
    sandbox,
    publishableKey,
    webhookSecret,
    delivered,
    state,
    deliveredEvents,
    reopen,
    card,
    close: async () => {
      sandbox.close();
      await database.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
