import type { Hono } from "hono";
import type { Database } from "../../server/db";
import type { Clock } from "../../server/lib/clock";
import type { StripeSandbox as ProductStripeSandbox } from "../../server/lib/stripe";
import type { DeliverWebhook, DeliveryAttempt } from "./webhook-rows";

/** What `createStripeSandbox` takes, and the sandbox it makes (a superset of the product's `StripeSandbox`, server/lib/stripe.ts). */
export type StripeSandboxOptions = {
  db: Database;
  /** The app's clock: objects' `created`, card expiry, idempotency keys' 24 hours. */
  clock: Clock;
  /** Delivers a signed event to the webhook endpoint (the API passes one calling its own `/webhooks/stripe`). */
  deliver: DeliverWebhook;
  /**
   * Where the browser reaches `browserApp`: a path ("/stripe-sandbox", the default) or an
   * absolute URL. The 3-D Secure page's address in `next_action` is built on it.
   */
  browserUrl?: string;
  /**
   * Delays before each retry of a webhook delivery that was not accepted (default: Stripe's
   * schedule, 1 s, 5 s, 25 s, 2 min … 8 h, then every 12 h; `[]`: no retries). Whatever the list,
   * no retry is made later than three days after the first attempt.
   */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * Multiplies the default schedule: its delays, its three-day window and the delivery lease
   * (down to 3 s), e.g. 0.01 for a crash test on a real server (STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE).
   * Ignored with `webhookRetryDelaysMs` (the delays; the window and lease still scale).
   */
  webhookRetryScale?: number;
  /** How often this instance looks for due webhooks in the database (default 1000 ms; 0: no timer). */
  webhookPollMs?: number;
  /**
   * False: this instance queues its events but never delivers any (no pump): another instance
   * over the same database, or this one restarted, delivers them. Default true.
   */
  deliverWebhooks?: boolean;
  /**
   * The wall clock webhooks are scheduled and signed with (default Date.now): constructEvent's
   * tolerance is measured against it. Never the app's clock.
   */
  wallClock?: () => number;
};

/**
 * What the product accepts (server/lib/stripe.ts: the endpoints, the fixed keys, the webhook hold
 * — kept in the database, so every instance over it holds — and `close()`), and what tests use besides.
 */
export type StripeSandbox = ProductStripeSandbox & {
  /** Every endpoint, at `/v1/…` and `/sandbox/…`: what the SDK's HTTP client calls in-process. */
  app: Hono;
  /** The endpoints Stripe.js may call (publishable key only; the secret key is refused), under `browserBasePath`. */
  browserApp: Hono;
  /** Delivers a stored event once more, at once and whatever the hold (a replayed webhook); logged as attempt 0. */
  redeliver(eventId: string): Promise<{ status: number }>;
  /**
   * Resolves when no event of a non-held owner is left undelivered in the database (due, being
   * delivered, or waiting for a retry, on the wall clock) and no delivery runs in this process.
   */
  whenWebhooksIdle(): Promise<void>;
  /** Delivers what is due now (on the wall clock), once; resolves when done (tests with a fake wall clock). */
  deliverDueWebhooks(): Promise<void>;
  /** Every delivery attempt recorded in the database, oldest first (event id, type, attempt number, status). */
  webhookAttempts(): Promise<DeliveryAttempt[]>;
};
