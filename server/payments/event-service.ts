/**
 * Applying what the card provider says happened to a payment (issue 21, decision 0030): its
 * webhook events, and what reconciliation finds by asking. One path for both, and for Stripe
 * and the sandbox alike:
 *
 *  1. Provider reads the effect needs (the card, to remember it and for the receipt) happen first, outside any
 *     transaction (with the embedded database the sandbox shares the one connection).
 *  2. One transaction records the event (webhooks), locks the intent's ledger row, runs the
 *     registered purpose's effect, records any refund the purpose says is owed, and marks the
 *     ledger row settled. A crash before the commit leaves nothing recorded, so the provider's
 *     redelivery, or reconciliation, applies it; after the commit a redelivery is a no-op.
 *  3. After the commit, owed refunds are paid (payOwedRefunds; the sweeper is the safety net).
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { Tx } from "../db";
import { customers, paymentIntents, stripeEvents } from "../db/schema";
import { crashPoint } from "../lib/crash-points";
import { describeError, log } from "../lib/log";
import { cardPayments } from "../lib/metrics";
import { saveCard } from "./cards";
import { purposeOf, type PaymentEffect } from "./purpose-service";
import { payOwedRefunds, recordOwedRefund } from "./refund-service";

/** `payment`: a card payment applied (its success, or a failed attempt), counted for /metrics once committed. */
type Applied = { outcome: string; refundOwed: boolean; payment?: { purpose: string; result: "succeeded" | "failed" } };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The card a succeeded payment or setup used, read from the provider (null when it cannot be read). */
async function cardOf(deps: Deps, object: { id: string; payment_method?: string | Stripe.PaymentMethod | null }) {
  const pmId = idOf(object.payment_method);
  if (!pmId) return null;
  try {
    return await deps.payments.stripe.paymentMethods.retrieve(pmId);
  } catch (error) {
    log.warn("could not read the payment method", { objectId: object.id, ...describeError(error) });
    return null;
  }
}

/** Our customer named in an object's metadata, if they exist here (an intent of another environment is not ours). */
async function ourCustomer(tx: Tx, metadata: Stripe.Metadata | null | undefined): Promise<string | null> {
  const id = metadata?.customerId;
  if (typeof id !== "string") return null;
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return row?.id ?? null;
}

/**
 * Applies a payment intent's success or failure inside `tx`, once: the ledger row (made here if
 * the intent came from before the ledger) is locked first, so the webhook, reconciliation and an
 * on-demand check never apply the same success twice.
 */
async function applyIntent(
  deps: Deps,
  tx: Tx,
  intent: Stripe.PaymentIntent,
  kind: "succeeded" | "failed",
  card: Stripe.PaymentMethod | null,
): Promise<Applied> {
  const metadata = (intent.metadata ?? {}) as Record<string, string>;
  const purpose = purposeOf(metadata);
  if (!purpose) return { outcome: "ignored: not a payment of ours", refundOwed: false };
  const customerId = await ourCustomer(tx, metadata);
  if (!customerId) return { outcome: "ignored: unknown customer", refundOwed: false };
  const now = deps.clock.now();
  await tx
    .insert(paymentIntents)
    .values({
      id: intent.id,
      purpose: purpose.name,
      customerId,
      amount: intent.amount,
      metadata,
      offSession: false,
      providerStatus: intent.status,
      createdAt: now,
      nextCheckAt: now,
    })
    .onConflictDoNothing();
  const [ledger] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id)).for("update");
  if (ledger!.outcome === "SUCCEEDED") return { outcome: "ignored: already applied", refundOwed: false };

  let effect: PaymentEffect;
  if (kind === "succeeded") {
    effect = await purpose.succeeded(tx, intent, now, { cardLast4: card?.card?.last4 ?? null });
    if (effect.rememberCardFor && card) await saveCard(tx, effect.rememberCardFor, card);
    await tx
      .update(paymentIntents)
      .set({ settledAt: now, outcome: "SUCCEEDED", providerStatus: intent.status, checkedAt: now })
      .where(eq(paymentIntents.id, intent.id));
  } else {
    effect = await purpose.failed(tx, intent, now);
    await tx
      .update(paymentIntents)
      .set({ providerStatus: failedStatus(intent), checkedAt: now })
      .where(eq(paymentIntents.id, intent.id));
  }
  let refundOwed = false;
  if (effect.refund && effect.refund.amount > 0) {
    const owed = await recordOwedRefund(
      tx,
      {
        customerId: effect.refund.customerId,
        stripePaymentIntentId: intent.id,
        amount: effect.refund.amount,
        reason: effect.refund.reason,
        orderCustomerActionId: effect.refund.orderCustomerActionId ?? null,
        paymentAmount: intent.amount_received,
      },
      now,
    );
    refundOwed = owed !== null;
    log.warn("payment not needed: refund owed", { paymentIntentId: intent.id, amount: effect.refund.amount, reason: effect.refund.reason });
  }
  return { outcome: effect.outcome, refundOwed, payment: { purpose: purpose.name, result: kind } };
}

/** The ledger's word for an intent whose last attempt failed (so the same failure is applied once). */
export function failedStatus(intent: Stripe.PaymentIntent): string {
  const attempt = intent.last_payment_error?.payment_method?.id ?? intent.last_payment_error?.code ?? "";
  return `${intent.status}:failed:${attempt}`.slice(0, 200);
}

async function afterCommit(deps: Deps, applied: Applied | null) {
  if (applied?.payment) cardPayments.inc(applied.payment);
  if (!applied?.refundOwed) return;
  // The refund is owed (committed); paying it now is a courtesy the sweeper repeats if this fails.
  try {
    await payOwedRefunds(deps);
  } catch (error) {
    log.error("owed refunds not paid after a payment", describeError(error));
  }
}

/**
 * A verified provider event: recorded and applied in one transaction, or neither. Answers
 * `duplicate` for an event already applied (a redelivery).
 */
export async function receiveProviderEvent(deps: Deps, event: Stripe.Event): Promise<{ duplicate: boolean; outcome?: string }> {
  const [seen] = await deps.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { duplicate: true };
  const object = event.data.object as { id: string; payment_method?: string | Stripe.PaymentMethod | null };
  const needsCard = event.type === "payment_intent.succeeded" || event.type === "setup_intent.succeeded";
  const card = needsCard ? await cardOf(deps, object) : null;

  const applied = await deps.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (fresh.length === 0) return null;
    crashPoint("webhook.after-event-row");
    return applyEvent(deps, tx, event, card);
  });
  if (applied === null) return { duplicate: true };
  await afterCommit(deps, applied);
  return { duplicate: false, outcome: applied.outcome };
}

async function applyEvent(deps: Deps, tx: Tx, event: Stripe.Event, card: Stripe.PaymentMethod | null): Promise<Applied> {
  switch (event.type) {
    case "payment_intent.succeeded":
      return applyIntent(deps, tx, event.data.object, "succeeded", card);
    case "payment_intent.payment_failed":
      return applyIntent(deps, tx, event.data.object, "failed", null);
    case "setup_intent.succeeded": {
      const customerId = await ourCustomer(tx, event.data.object.metadata);
      if (!customerId || !card) return { outcome: "ignored", refundOwed: false };
      await saveCard(tx, customerId, card);
      return { outcome: "payment method saved", refundOwed: false };
    }
    default:
      return { outcome: "ignored", refundOwed: false };
  }
}

/**
 * Applies what the provider says of an intent (reconciliation, or a page that found it paid):
 * a success is applied as its webhook would be, a new failure noted. `why` goes in the log.
 */
export async function settleIntent(deps: Deps, intent: Stripe.PaymentIntent, why: string): Promise<string> {
  const kind = intent.status === "succeeded" ? "succeeded" : intent.last_payment_error ? "failed" : null;
  if (kind === null) return "nothing to apply";
  const card = kind === "succeeded" ? await cardOf(deps, intent) : null;
  const applied = await deps.db.transaction((tx) => applyIntent(deps, tx, intent, kind, card));
  await afterCommit(deps, applied);
  if (!applied.outcome.startsWith("ignored")) {
    log.warn("payment reconciled", { paymentIntentId: intent.id, status: intent.status, why, outcome: applied.outcome });
  }
  return applied.outcome;
}
