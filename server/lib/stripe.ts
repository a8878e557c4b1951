import Stripe from "stripe";
import { z } from "zod";
import type { Database } from "../db";
import type { Clock } from "./clock";
import { cardCallName, tracingEnabled, withSpan } from "./tracing";

/**
 * One card integration, two backends. Everything card-related goes through the official
 * `stripe` SDK. With STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (and STRIPE_WEBHOOK_SECRET)
 * it is Stripe; without them it is an offline sandbox, reached through the SDK's fetch HTTP
 * client in-process: no network, the same SDK calls, the same errors, and webhooks verified by
 * the same `stripe.webhooks.constructEvent`.
 *
 * The product never imports the sandbox (a stand-in, stand-ins/stripe-sandbox): it declares
 * here what it accepts (`StripeSandbox`, made by a `StripeSandboxFactory`), and the composition
 * roots pass a factory in, loading the stand-in only when no Stripe keys are set (decision 0052).
 *
 * With the embedded database (PGlite) never call Stripe inside a database transaction: the
 * sandbox runs its own transaction on the same database, and PGlite runs one at a time.
 */

const StripeEnv = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** `on` lets a production start run on the offline sandbox (a public demo); without it production needs Stripe keys. */
  STRIPE_SANDBOX: z.enum(["on", "off"]).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_\w+$/, "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Offline only, never in production: multiplies the sandbox's webhook retry schedule (and its
   * three-day window and delivery lease), e.g. 0.01, so a crash test on a real server waits seconds.
   */
  STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      const scale = Number(value);
      if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
        ctx.addIssue({ code: "custom", message: "STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1 (e.g. 0.01)" });
        return z.NEVER;
      }
      return scale;
    }),
});

export type StripeConfig =
  | { mode: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string; livemode: boolean }
  | {
      mode: "sandbox";
      /** STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE (outside production): the webhook retry schedule compressed. */
      webhookRetryScale?: number;
    };

/** Reads and checks the Stripe settings; throws a clear message when they are half set or mixed up. */
export function readStripeConfig(source: Record<string, string | undefined> = process.env): StripeConfig {
  const parsed = StripeEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message).join("; ");
    throw new Error(`Invalid Stripe settings: ${problems}`);
  }
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = parsed.data;
  if (!secretKey && !publishableKey) {
    if (webhookSecret) throw new Error("Invalid Stripe settings: STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY");
    // A production server taking "payments" with test cards would be worse than one that does not start.
    if (parsed.data.NODE_ENV === "production" && parsed.data.STRIPE_SANDBOX !== "on") {
      throw new Error(
        "Invalid Stripe settings: production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (or STRIPE_SANDBOX=on for a demo on the offline sandbox)",
      );
    }
    const scale = parsed.data.STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE;
    return scale !== undefined && parsed.data.NODE_ENV !== "production" ? { mode: "sandbox", webhookRetryScale: scale } : { mode: "sandbox" };
  }
  if (parsed.data.STRIPE_SANDBOX === "on") throw new Error("Invalid Stripe settings: STRIPE_SANDBOX=on is set together with Stripe keys");
  if (!secretKey || !publishableKey) {
    throw new Error(
      "Invalid Stripe settings: set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to use Stripe, or neither to use the offline sandbox",
    );
  }
  // Payments are completed by Stripe's webhook: without its signing secret none would ever complete.
  if (!webhookSecret) throw new Error("Invalid Stripe settings: STRIPE_WEBHOOK_SECRET is required with Stripe keys");
  const livemode = secretKey.includes("_live_");
  if (livemode !== publishableKey.startsWith("pk_live_")) {
    throw new Error("Invalid Stripe settings: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be live keys or both test keys");
  }
  return { mode: "stripe", secretKey, publishableKey, webhookSecret, livemode };
}

/** Hands a signed event to the API's `/webhooks/stripe` as Stripe would post it; answers the endpoint's status. */
export type DeliverWebhook = (payload: string, signature: string) => Promise<{ status: number }>;

type Fetcher = { fetch(request: Request): Response | Promise<Response> };

/**
 * What the product uses of an offline card provider (the stand-in's own type has more, for tests):
 * its SDK endpoints, the endpoints Stripe.js calls in the browser, its fixed keys, the webhook
 * hold the ops tools work, and `close()`.
 */
export type StripeSandbox = {
  /** Every endpoint (`/v1/…`, `/sandbox/…`): what the SDK's HTTP client calls in-process. */
  app: Fetcher;
  /** The endpoints Stripe.js may call (publishable key only), for the web to forward `${browserBasePath}/*` to unchanged. */
  browserApp: Fetcher;
  browserBasePath: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * While on, events wait undelivered (a payment that "takes longer than 30 s"): all, or with
   * `customerId` only those about that customer's objects. `npm run ops -- stripe-webhooks`.
   */
  holdWebhooks(on: boolean, customerId?: string): Promise<void>;
  /** Stops holding (all, or one customer's) and delivers what was held, in order; resolves when each was tried. */
  releaseHeldWebhooks(customerId?: string): Promise<void>;
  /** Ids of the undelivered events a hold keeps back, oldest first. */
  heldWebhookEventIds(): Promise<string[]>;
  /** Events made and not yet delivered nor given up, and when the oldest was made: for /metrics (issue 41). */
  webhookBacklog(): Promise<{ events: number; oldestCreatedAt: Date | null }>;
  /** Stops this instance's timers; what is queued stays in the database. */
  close(): void;
};

/** Makes the offline sandbox (a composition root passes stand-ins/stripe-sandbox's `createStripeSandbox`). */
export type StripeSandboxFactory<S extends StripeSandbox = StripeSandbox> = (
  options: StripeSandboxDeps & { webhookRetryScale?: number },
) => S;

/** True when these settings mean the offline sandbox (no Stripe keys): only then may a root load it. */
export function usesStripeSandbox(source: Record<string, string | undefined> = process.env): boolean {
  return readStripeConfig(source).mode === "sandbox";
}

/** What the sandbox needs when there are no Stripe keys (ignored with them). */
export type StripeSandboxDeps = {
  db: Database;
  clock: Clock;
  /** Hands a signed event to the API's `/webhooks/stripe`, as Stripe would post it. */
  deliver: DeliverWebhook;
  /** Where the browser reaches the sandbox's browser endpoints (default "/stripe-sandbox"). */
  browserUrl?: string;
  webhookRetryDelaysMs?: readonly number[];
  /** How often the sandbox looks for due webhooks (default 1 s; 0: no timer). */
  webhookPollMs?: number;
};

export type StripeClient<S extends StripeSandbox = StripeSandbox> = {
  stripe: Stripe;
  /** For Stripe.js in the browser (the sandbox's own publishable key offline). */
  publishableKey: string;
  /** What `stripe.webhooks.constructEvent` checks `Stripe-Signature` against. */
  webhookSecret: string;
  /** Present offline: the sandbox itself (its browser endpoints, webhook hold/release/redeliver for tests). */
  sandbox?: S;
};

/** The SDK's retries of a connection error or 409/5xx, each with the same idempotency key. */
const MAX_NETWORK_RETRIES = 2;

export function createStripeClient<S extends StripeSandbox = StripeSandbox>(
  config: StripeConfig,
  sandboxDeps: StripeSandboxDeps,
  createSandbox?: StripeSandboxFactory<S>,
): StripeClient<S> {
  if (config.mode === "stripe") {
    return {
      stripe: new Stripe(config.secretKey, {
        maxNetworkRetries: MAX_NETWORK_RETRIES,
        appInfo: { name: "Keyfree tenant API" },
        // With tracing on, each call is one span (server/lib/tracing.ts): the SDK's fetch client, timed.
        ...(tracingEnabled() ? { httpClient: Stripe.createFetchHttpClient((url, init) => withSpan(cardCallName(init?.method, url), {}, () => fetch(url, init))) } : {}),
      }),
      publishableKey: config.publishableKey,
      webhookSecret: config.webhookSecret,
    };
  }
  if (!createSandbox) {
    throw new Error(
      "No Stripe keys are set and the offline Stripe sandbox is not wired in: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or start through a composition root that loads the stand-ins",
    );
  }
  const sandbox = createSandbox({
    ...sandboxDeps,
    ...(config.webhookRetryScale !== undefined ? { webhookRetryScale: config.webhookRetryScale } : {}),
  });
  const stripe = new Stripe(sandbox.secretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    appInfo: { name: "Keyfree tenant API" },
    // In-process: the SDK's requests go straight to the sandbox's Hono app, never to the network.
    // Each call one span when tracing is on (server/lib/tracing.ts), as with Stripe itself.
    httpClient: Stripe.createFetchHttpClient(async (url, init) => withSpan(cardCallName(init?.method, url), {}, async () => sandbox.app.fetch(new Request(url, init)))),
  });
  return { stripe, publishableKey: sandbox.publishableKey, webhookSecret: sandbox.webhookSecret, sandbox };
}
