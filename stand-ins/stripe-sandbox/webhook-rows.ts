/**
 * The webhook queue's rows (see webhooks.ts for how they move): Stripe's signature and body, the
 * row an event is queued as, the retry schedule, and which rows are due, pending or held.
 */
import { createHmac } from "node:crypto";
import { and, asc, count, eq, gt, isNull, lte, min, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../server/db";
import { stripeSandboxWebhookAttempts, stripeSandboxWebhookDeliveries, stripeSandboxWebhookHolds } from "../db/schema";
import { describeError, log } from "../../server/lib/log";
import { stripeOrder } from "./event-objects";
import type { Tx } from "./store";

const d = stripeSandboxWebhookDeliveries;
const holds = stripeSandboxWebhookHolds;

/** Hands a signed event to the webhook endpoint; the API passes one that calls its own `/webhooks/stripe`. */
export type DeliverWebhook = (payload: string, signature: string) => Promise<{ status: number }>;

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`
 * keyed with the endpoint's signing secret (`whsec_…`, used as is, as Stripe does).
 */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The body Stripe posts: the event as pretty-printed JSON, in Stripe's key order. */
export function webhookPayload(event: { id: string }): string {
  return JSON.stringify(stripeOrder(event), null, 2);
}

export type DeliveryAttempt = {
  eventId: string;
  type: string;
  /** 1 for the first delivery, 2 for the first retry…; 0 for a redelivery by hand. */
  attempt: number;
  /** The endpoint's HTTP status; 0 when `deliver` threw. */
  status: number;
  ok: boolean;
  at: Date;
};

export type SandboxEvent = { id: string; type: string; data?: unknown };

/** The hold row that holds every event. */
export const ALL = "*";

/** How many due deliveries one lease takes. */
export const BATCH = 20;

/** Our own customer id, which the API puts in the metadata of the objects it creates. */
export function ownerOfEvent(event: SandboxEvent): string | null {
  const object = (event.data as { object?: { metadata?: Record<string, string> | null } } | undefined)?.object;
  const owner = object?.metadata?.customerId;
  return typeof owner === "string" && owner !== ALL ? owner : null;
}

/** Queues an event for delivery, in the transaction that stores it; due at once. */
export async function queueWebhook(tx: Tx, event: SandboxEvent, now: Date): Promise<void> {
  await tx.insert(stripeSandboxWebhookDeliveries).values({
    eventId: event.id,
    type: event.type,
    owner: ownerOfEvent(event),
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * When to try again after attempt number `attempt` failed at `failedAt`: after the attempt's
 * delay in the schedule, unless the schedule has run out or that would be later than the window
 * after the first attempt (then null: given up).
 */
export function nextAttemptAfterFailure(input: {
  attempt: number;
  firstAttemptAt: Date;
  failedAt: Date;
  retryDelaysMs: readonly number[];
  retryWindowMs: number;
}): Date | null {
  const delay = input.retryDelaysMs[input.attempt - 1];
  if (delay === undefined) return null;
  const next = input.failedAt.getTime() + delay;
  if (next > input.firstAttemptAt.getTime() + input.retryWindowMs) return null;
  return new Date(next);
}

/** Rows no hold names. */
export function notHeld(db: Database): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(holds)
      .where(or(eq(holds.owner, ALL), eq(holds.owner, d.owner))),
  );
}

export function held(db: Database): SQL {
  return sql`not ${notHeld(db)}`;
}

/** Not delivered, not given up. */
export function pending(): SQL {
  return and(isNull(d.deliveredAt), isNull(d.givenUpAt))!;
}

/** The queue's backlog for /metrics (issue 41): events not yet delivered nor given up, and when the oldest was made. */
export async function webhookBacklog(db: Database): Promise<{ events: number; oldestCreatedAt: Date | null }> {
  const [row] = await db.select({ events: count(), oldest: min(d.createdAt) }).from(d).where(pending());
  return { events: row?.events ?? 0, oldestCreatedAt: row?.oldest ?? null };
}

/** What a pump may take at `now`. */
export function due(db: Database, now: Date): SQL {
  const earlier = alias(d, "earlier");
  return and(
    pending(),
    lte(d.nextAttemptAt, now),
    or(isNull(d.claimedUntil), lte(d.claimedUntil, now)),
    notHeld(db),
    // In creation order per owner: not while an earlier event of the same owner is being delivered elsewhere.
    notExists(
      db
        .select({ one: sql`1` })
        .from(earlier)
        .where(
          and(
            eq(earlier.owner, d.owner),
            sql`${earlier.seq} < ${d.seq}`,
            isNull(earlier.deliveredAt),
            isNull(earlier.givenUpAt),
            gt(earlier.claimedUntil, now),
          ),
        ),
    ),
  )!;
}

/** Signs and hands one event to the endpoint (on the wall clock); the attempt, whatever happened. */
export async function sendWebhook(
  options: { deliver: DeliverWebhook; secret: string; wallClock: () => number },
  event: SandboxEvent,
  attemptNumber: number,
): Promise<DeliveryAttempt> {
  const payload = webhookPayload(event);
  const signature = signWebhookPayload(payload, options.secret, Math.floor(options.wallClock() / 1000));
  let status = 0;
  try {
    status = (await options.deliver(payload, signature)).status;
  } catch (error) {
    log.warn("stripe sandbox webhook delivery threw", { eventId: event.id, ...describeError(error) });
  }
  const attempt: DeliveryAttempt = {
    eventId: event.id,
    type: event.type,
    attempt: attemptNumber,
    status,
    ok: status >= 200 && status < 300,
    at: new Date(options.wallClock()),
  };
  if (!attempt.ok) log.info("stripe sandbox webhook not accepted", { eventId: event.id, attempt: attemptNumber, status });
  return attempt;
}

export type AttemptedRow = { eventId: string; type: string; attempts: number; firstAttemptAt: Date | null };

/**
 * Records an attempt's outcome in a short transaction of its own: delivered, the next attempt's
 * time (the schedule, within the window after the first attempt), or given up (`next` null).
 */
export async function recordAttempt(
  options: { db: Database; retryDelaysMs: readonly number[]; retryWindowMs: number },
  row: AttemptedRow,
  attempt: DeliveryAttempt,
  leaseEnds: Date,
): Promise<{ next: Date | null; firstAttemptAt: Date }> {
  const firstAttemptAt = row.firstAttemptAt ?? attempt.at;
  const next = attempt.ok
    ? null
    : nextAttemptAfterFailure({
        attempt: attempt.attempt,
        firstAttemptAt,
        failedAt: attempt.at,
        retryDelaysMs: options.retryDelaysMs,
        retryWindowMs: options.retryWindowMs,
      });
  await options.db.transaction(async (tx) => {
    await tx
      .update(d)
      .set({
        attempts: attempt.attempt,
        lastStatus: attempt.status,
        firstAttemptAt,
        // Ours only if the lease is still ours: a pump that took the row after it ran out now owns it.
        claimedUntil: sql`case when ${d.claimedUntil} = ${leaseEnds.toISOString()}::timestamptz then null else ${d.claimedUntil} end`,
        ...(attempt.ok ? { deliveredAt: attempt.at } : next ? { nextAttemptAt: next } : { givenUpAt: attempt.at }),
      })
      .where(eq(d.eventId, row.eventId));
    await tx.insert(stripeSandboxWebhookAttempts).values(attempt);
  });
  return { next, firstAttemptAt };
}

/** Every delivery attempt recorded in the database, oldest first. */
export async function listAttempts(db: Database): Promise<DeliveryAttempt[]> {
  const rows = await db.select().from(stripeSandboxWebhookAttempts).orderBy(asc(stripeSandboxWebhookAttempts.id));
  return rows.map(({ eventId, type, attempt, status, ok, at }) => ({ eventId, type, attempt, status, ok, at }));
}

export type WebhookQueueOptions = {
  db: Database;
  deliver: DeliverWebhook;
  secret: string;
  retryDelaysMs: readonly number[];
  retryWindowMs: number;
  leaseMs: number;
  /** How often to look for due rows; 0: never on a timer. */
  pollMs: number;
  /** False: this instance only queues (its events wait for another instance, or a restart). */
  deliverWebhooks: boolean;
  /** Scheduling and signatures: the wall clock, never the app's test clock. */
  wallClock: () => number;
};
