import type Stripe from "stripe";
import type { CardBehaviour, ValidCard } from "./cards";

/**
 * Builders of the Stripe objects the sandbox returns, typed with the installed SDK's own
 * types (`Stripe.PaymentIntent`…), so the compiler holds every field to Stripe's shape:
 * fields the sandbox does not model are present with Stripe's empty value (null, [], {}).
 */

export type PaymentMethodInternal = {
  behaviour: CardBehaviour;
  /** 3-D Secure was completed while the card was being saved: off-session payments need no new challenge. */
  authenticated: boolean;
  /** Used without being attached to a customer, or detached: Stripe refuses it from then on. */
  consumed: boolean;
};

export type IntentInternal = {
  /** Where the 3-D Secure page sends the browser back to (redirect_to_url), if confirm gave one. */
  returnUrl: string | null;
};

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function emptyAddress(): Stripe.Address {
  return { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
}

export function customerObject(input: {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  address: Stripe.Address | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
}): Stripe.Customer {
  return {
    id: input.id,
    object: "customer",
    address: input.address,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: input.id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: input.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function paymentMethodObject(input: {
  id: string;
  created: number;
  card: ValidCard;
  billingDetails: Stripe.PaymentMethod.BillingDetails;
  metadata: Record<string, string>;
}): Stripe.PaymentMethod {
  const { card, billingDetails } = input;
  const behaviour = card.profile.behaviour;
  const address = billingDetails.address;
  // Stripe fills `checks` once it has asked the issuer (on attach or first use); the sandbox
  // knows the answer at once, so it fills them at creation: the card checks of part 1 §4.3 run
  // before the payment is confirmed. A detail that was not given reads 'unchecked'.
  const checks: Stripe.PaymentMethod.Card.Checks = {
    cvc_check: card.cvcGiven ? (behaviour.cvcFails ? "fail" : "pass") : "unchecked",
    address_postal_code_check: address?.postal_code ? (behaviour.postalCodeFails ? "fail" : "pass") : "unchecked",
    address_line1_check: address?.line1 ? (behaviour.line1Fails ? "fail" : "pass") : "unchecked",
  };
  return {
    id: input.id,
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: billingDetails,
    card: {
      brand: card.profile.brand,
      checks,
      country: card.profile.country,
      display_brand: card.profile.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint,
      funding: card.profile.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.profile.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: input.created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: input.metadata,
    type: "card",
  };
}

export function paymentIntentObject(input: {
  id: string;
  clientSecret: string;
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  description: string | null;
  receiptEmail: string | null;
  statementDescriptorSuffix: string | null;
  metadata: Record<string, string>;
  automaticPaymentMethods: Stripe.PaymentIntent.AutomaticPaymentMethods | null;
}): Stripe.PaymentIntent {
  return {
    id: input.id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automaticPaymentMethods,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: input.clientSecret,
    confirmation_method: "automatic",
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: input.statementDescriptorSuffix,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
}

export function setupIntentObject(input: {
  id: string;
  clientSecret: string;
  created: number;
  customer: string | null;
  paymentMethod: string | null;
  usage: "off_session" | "on_session";
  description: string | null;
  metadata: Record<string, string>;
  automaticPaymentMethods: Stripe.SetupIntent.AutomaticPaymentMethods | null;
}): Stripe.SetupIntent {
  return {
    id: input.id,
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: input.automaticPaymentMethods,
    cancellation_reason: null,
    client_secret: input.clientSecret,
    created: input.created,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    usage: input.usage,
  };
}

export type ChargeOutcome =
  | { kind: "succeeded" }
  | { kind: "failed"; failureCode: string; declineCode: string; message: string };

export function chargeObject(input: {
  id: string;
  created: number;
  intent: Stripe.PaymentIntent;
  paymentMethod: Stripe.PaymentMethod;
  outcome: ChargeOutcome;
  threeDSecure: boolean;
}): Stripe.Charge {
  const { intent, paymentMethod, outcome } = input;
  const card = paymentMethod.card!;
  const succeeded = outcome.kind === "succeeded";
  return {
    id: input.id,
    object: "charge",
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: "KEYFREE",
    captured: succeeded,
    created: input.created,
    currency: intent.currency,
    customer: typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null),
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: succeeded ? null : outcome.failureCode,
    failure_message: succeeded ? null : outcome.message,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: succeeded
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: "approved_by_network",
          reason: null,
          risk_level: "normal",
          risk_score: 20,
          seller_message: "Payment complete.",
          type: "authorized",
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: "declined_by_network",
          reason: outcome.declineCode,
          risk_level: "normal",
          risk_score: 20,
          seller_message: "The bank did not return any further details with this decline.",
          type: "issuer_declined",
        },
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      type: "card",
      card: {
        amount_authorized: succeeded ? intent.amount : null,
        authorization_code: succeeded ? "123456" : null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        electronic_commerce_indicator: input.threeDSecure ? "05" : null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint ?? null,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_token: { used: false },
        network_transaction_id: succeeded ? input.id.slice(3, 18) : null,
        regulated_status: "unregulated",
        transaction_link_id: null,
        three_d_secure: input.threeDSecure
          ? {
              authentication_flow: "challenge",
              electronic_commerce_indicator: "05",
              exemption_indicator: null,
              result: "authenticated",
              result_reason: null,
              transaction_id: null,
              version: "2.2.0",
            }
          : null,
        wallet: null,
      },
    },
    radar_options: {},
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: intent.statement_descriptor_suffix,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: null,
  };
}

export function refundObject(input: {
  id: string;
  created: number;
  amount: number;
  charge: Stripe.Charge;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
}): Stripe.Refund {
  const { charge } = input;
  return {
    id: input.id,
    object: "refund",
    amount: input.amount,
    balance_transaction: null,
    charge: charge.id,
    created: input.created,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      type: "card",
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
    },
    metadata: input.metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

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
