import type Stripe from "stripe";

/** The charge and refund objects the sandbox returns (typed with the SDK's own types, as in objects.ts). */

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
