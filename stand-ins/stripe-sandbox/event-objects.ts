import type Stripe from "stripe";

/** The event objects the sandbox sends, what a publishable key may read, and Stripe's key order. */

/** The event types the sandbox sends. */
export type SandboxEventType =
  | "payment_intent.succeeded"
  | "payment_intent.payment_failed"
  | "setup_intent.succeeded"
  | "setup_intent.setup_failed"
  | "charge.refunded";

export function eventObject(input: {
  id: string;
  created: number;
  apiVersion: string;
  type: SandboxEventType;
  object: object;
  previousAttributes?: Record<string, unknown>;
  requestId: string | null;
  idempotencyKey: string | null;
}): Stripe.EventBase & { type: SandboxEventType } {
  return {
    id: input.id,
    object: "event",
    api_version: input.apiVersion,
    created: input.created,
    data: {
      object: input.object,
      ...(input.previousAttributes ? { previous_attributes: input.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: input.requestId, idempotency_key: input.idempotencyKey },
    type: input.type,
  };
}

/** What a publishable key may read of a PaymentIntent (the fields Stripe marks "retrievable with publishable key"). */
const PI_PUBLISHABLE_FIELDS = [
  "id",
  "object",
  "amount",
  "amount_details",
  "automatic_payment_methods",
  "canceled_at",
  "cancellation_reason",
  "capture_method",
  "client_secret",
  "confirmation_method",
  "created",
  "currency",
  "description",
  "excluded_payment_method_types",
  "last_payment_error",
  "livemode",
  "next_action",
  "payment_method",
  "payment_method_configuration_details",
  "payment_method_types",
  "processing",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "source",
  "status",
] as const;

const SI_PUBLISHABLE_FIELDS = [
  "id",
  "object",
  "automatic_payment_methods",
  "cancellation_reason",
  "client_secret",
  "created",
  "description",
  "excluded_payment_method_types",
  "last_setup_error",
  "livemode",
  "next_action",
  "payment_method",
  "payment_method_configuration_details",
  "payment_method_types",
  "status",
  "usage",
] as const;

export function publishableView(object: Record<string, unknown>): Record<string, unknown> {
  const fields: readonly string[] = object.object === "setup_intent" ? SI_PUBLISHABLE_FIELDS : PI_PUBLISHABLE_FIELDS;
  return Object.fromEntries(fields.filter((f) => f in object).map((f) => [f, object[f]]));
}

/**
 * Stripe's key order: `id` and `object` first, then the rest alphabetically, at every level.
 * Objects come back from jsonb in the database's own order; every response and webhook
 * payload goes through this, so the same object always serialises the same way (a
 * redelivered event is byte for byte the first delivery).
 */
export function stripeOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripeOrder);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort((a, b) => {
    const rank = (k: string) => (k === "id" ? 0 : k === "object" ? 1 : 2);
    return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
  });
  return Object.fromEntries(keys.map((k) => [k, stripeOrder(record[k])]));
}
