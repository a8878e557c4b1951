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
