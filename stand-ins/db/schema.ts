/**
 * The stand-ins' own tables (decision 0052): what the offline Stripe sandbox, the embedded
 * development identity provider and the analytics stand-in keep. Never the product's: the
 * product's schema (server/db/schema.ts) has none of them, and these are created by the
 * stand-ins' own migrations (stand-ins/db/migrations, their own drizzle config and migrations
 * table), run after the product's and only where stand-ins are in use — never on a production
 * start with real keys.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The offline Stripe sandbox (stand-ins/stripe-sandbox): every Stripe object it holds, one row
 * each. `data` keeps `{ object, internal }`: `object` exactly as the sandbox's Stripe API
 * returns it, `internal` what only the sandbox needs (the test card's behaviour, a pending
 * 3-D Secure challenge...). Never a full card number.
 */
export const stripeSandboxObjects = pgTable(
  "stripe_sandbox_objects",
  {
    id: text("id").primaryKey(),
    /** Stripe's `object` value: customer, payment_method, payment_intent, setup_intent, charge, refund, event. */
    type: text("type").notNull(),
    data: jsonb("data").$type<{ object: Record<string, unknown>; internal: Record<string, unknown> }>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("stripe_sandbox_objects_type_created_idx").on(t.type, t.createdAt)],
);

/** The sandbox's `Idempotency-Key`s: the first response to each key, replayed for 24 hours. */
export const stripeSandboxIdempotencyKeys = pgTable("stripe_sandbox_idempotency_keys", {
  key: text("key").primaryKey(),
  /** The method, path and parameters of the first request (sha256), so a reuse with others is refused. */
  requestHash: text("request_hash").notNull(),
  /** The request id of the first request (Stripe's `Original-Request` header on a replay). */
  requestId: text("request_id").notNull(),
  status: integer("status").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * The sandbox's webhook queue (issue 21): one row per event, written in the transaction that
 * stores the event, so an event that exists is always queued. A pump (stripe-sandbox/webhooks.ts)
 * leases due rows (`claimed_until`, FOR UPDATE SKIP LOCKED), delivers each outside any
 * transaction and records the outcome: delivered, a retry at `next_attempt_at` (Stripe's
 * back-off, measured on the wall clock), or given up three days after the first attempt.
 */
export const stripeSandboxWebhookDeliveries = pgTable(
  "stripe_sandbox_webhook_deliveries",
  {
    eventId: text("event_id")
      .primaryKey()
      .references(() => stripeSandboxObjects.id),
    /** Creation order: events are delivered oldest first. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    type: text("type").notNull(),
    /** Our customer id (the event object's metadata.customerId), which a hold may name; null when the object has none. */
    owner: text("owner"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    /** Leased by a pump until then: no other pump takes the row meanwhile. */
    claimedUntil: ts("claimed_until"),
    firstAttemptAt: ts("first_attempt_at"),
    deliveredAt: ts("delivered_at"),
    givenUpAt: ts("given_up_at"),
    /** The endpoint's status at the last attempt; 0 when the delivery threw. */
    lastStatus: integer("last_status"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("stripe_sandbox_webhook_deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.givenUpAt} is null`),
    index("stripe_sandbox_webhook_deliveries_owner_idx").on(t.owner, t.seq),
  ],
);

/** Every delivery attempt of a sandbox webhook (`webhookAttempts()`): attempt 0 is a redelivery by hand. */
export const stripeSandboxWebhookAttempts = pgTable(
  "stripe_sandbox_webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    attempt: integer("attempt").notNull(),
    status: integer("status").notNull(),
    ok: boolean("ok").notNull(),
    at: ts("at").notNull(),
  },
  (t) => [index("stripe_sandbox_webhook_attempts_event_idx").on(t.eventId)],
);

/**
 * Held webhooks (a payment that "takes longer than 30 s"): while a row exists, events whose
 * owner it names wait undelivered; the owner `*` holds every event. In the database so that
 * every instance over it agrees.
 */
export const stripeSandboxWebhookHolds = pgTable("stripe_sandbox_webhook_holds", {
  owner: text("owner").primaryKey(),
  createdAt: ts("created_at").notNull(),
});

/**
 * The embedded development identity provider's storage (server/dev-idp, outside production
 * only): what `oidc-provider` keeps between requests (interactions, sessions, grants,
 * authorization codes, access tokens...), one row per model and id, so two instances behind
 * one load balancer carry on each other's sign-ins. `payload` is the provider's own object; the
 * indexed columns are the lookups its adapter interface asks for. Expired rows are the sweep's.
 */
export const devIdpRecords = pgTable(
  "dev_idp_records",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    uid: text("uid"),
    userCode: text("user_code"),
    consumedAt: ts("consumed_at"),
    expiresAt: ts("expires_at"),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("dev_idp_records_grant_idx").on(t.grantId),
    index("dev_idp_records_uid_idx").on(t.model, t.uid),
    index("dev_idp_records_user_code_idx").on(t.model, t.userCode),
    index("dev_idp_records_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Outside production only: the events the analytics stand-in received (issue 26), where PostHog
 * would have stored them, so the browser tests can read what the web app sent from another
 * process (GET /ops/analytics-events). The event's own uuid is the key, so an event sent twice
 * is stored once, as PostHog counts it once.
 */
export const devAnalyticsEvents = pgTable(
  "dev_analytics_events",
  {
    uuid: text("uuid").primaryKey(),
    event: text("event").notNull(),
    distinctId: text("distinct_id").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull(),
    /** When the event happened, as the sender said. */
    timestamp: ts("timestamp"),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [index("dev_analytics_events_distinct_idx").on(t.distinctId, t.receivedAt)],
);
