/**
 * What a card payment is for (issue 21, decision 0029). The payments module owns card money but
 * knows no area: each area that takes money registers a purpose, saying which intents are its
 * own (by the ids it put in their metadata) and what happens, inside the transaction that
 * records the provider's event, when one succeeds or fails. The payments module records the
 * event, the intent's ledger row and any refund the purpose says is owed in that same
 * transaction, and pays the refund afterwards.
 *
 * Registered once by the API's composition root (server/app.ts).
 */
import type Stripe from "stripe";
import type { Tx } from "../db";

/** Why money a purpose gives back was taken: the tenant is told so in the refund e-mail. */
export type UnneededPaymentReason = "PAYMENT_NOT_NEEDED" | "PAYMENT_EXCESS";

export type PaymentEffect = {
  /** One line for the log and the webhook's answer: what was done. */
  outcome: string;
  /** Our customer whose card paid, when the card should be remembered as their default. */
  rememberCardFor?: string;
  /** Money this payment took that nothing needs: recorded as owed, then refunded. */
  refund?: { amount: number; reason: UnneededPaymentReason; customerId: string; orderCustomerActionId?: string | null };
};

/**
 * What the payments module knows of a succeeded payment that the area does not: the card it was
 * paid with, read from the provider before the transaction (null when it could not be read). The
 * area puts it on the payment's receipt (issue 28), which it queues in the same transaction.
 */
export type PaidWith = { cardLast4: string | null };

export type PaymentPurpose = {
  /** Stable name, stored with each intent (payment_intents.purpose). */
  name: string;
  /** True when an intent with this metadata is one of this purpose's payments. */
  owns(metadata: Record<string, string>): boolean;
  /**
   * The intent succeeded: apply it, once (a second call for the same intent changes nothing),
   * and, when it was money received (not given back whole), queue its receipt to the payer.
   */
  succeeded(tx: Tx, intent: Stripe.PaymentIntent, now: Date, paidWith: PaidWith): Promise<PaymentEffect>;
  /** An attempt to pay failed: note it so the tenant can be told and try again. */
  failed(tx: Tx, intent: Stripe.PaymentIntent, now: Date): Promise<PaymentEffect>;
};

const purposes = new Map<string, PaymentPurpose>();

/** Adds a purpose (the same one again is a no-op, so a second API in one process is harmless). */
export function registerPaymentPurpose(purpose: PaymentPurpose): void {
  const known = purposes.get(purpose.name);
  if (known && known !== purpose) throw new Error(`Payment purpose ${purpose.name} is registered twice`);
  purposes.set(purpose.name, purpose);
}

/** The purpose an intent is for: by the name in its metadata, else the first that owns it. */
export function purposeOf(metadata: Record<string, string> | null | undefined): PaymentPurpose | undefined {
  if (!metadata) return undefined;
  const named = metadata.purpose ? purposes.get(metadata.purpose) : undefined;
  if (named) return named;
  for (const purpose of purposes.values()) if (purpose.owns(metadata)) return purpose;
  return undefined;
}

export function paymentPurpose(name: string): PaymentPurpose {
  const found = purposes.get(name);
  if (!found) throw new Error(`No payment purpose ${name} is registered`);
  return found;
}
