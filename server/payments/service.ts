/**
 * Card payments (part 1 §4.3): the tenant API's side of them. Everything card-related goes
 * through the official `stripe` SDK (Stripe with keys, our offline sandbox without). Money
 * is only ever taken by confirming a PaymentIntent in the browser; what completes an action
 * (or pays a payment plan instalment) is the provider's webhook, verified like Stripe's.
 *
 * With the embedded database, Stripe calls are never made inside a database transaction:
 * the sandbox keeps its objects in the same database, which runs one transaction at a time.
 */
import type Stripe from "stripe";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import type { DbOrTx } from "../db";
import { customers, orderCustomers, paymentIntents, paymentMethods, paymentPlanInstalments, paymentPlans, userEvents, users } from "../db/schema";
import { PAYMENT_RECEIVED_MESSAGE } from "../domain/payments";
import { ApiError, notFound } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { newId } from "../lib/tokens";
import { crashPoint } from "../lib/crash-points";
import { saveCard } from "./cards";
import { settleIntent } from "./event-service";
import { purposeOf } from "./purpose-service";

type CustomerRow = typeof customers.$inferSelect;

/** The customer's card provider customer, made once (the idempotency key makes a race harmless). */
export async function ensureStripeCustomer(deps: Deps, customer: CustomerRow): Promise<string> {
  if (customer.stripeCustomerId) return customer.stripeCustomerId;
  const [user] = await deps.db.select().from(users).where(eq(users.id, customer.userId)).limit(1);
  const created = await deps.payments.stripe.customers.create(
    {
      email: user?.email,
      name: user ? `${user.firstName} ${user.lastName}` : undefined,
      metadata: { customerId: customer.id },
    },
    { idempotencyKey: `customer-${customer.id}` },
  );
  await deps.db
    .update(customers)
    .set({ stripeCustomerId: created.id })
    .where(and(eq(customers.id, customer.id), isNull(customers.stripeCustomerId)));
  return created.id;
}

/**
 * A payment method the tenant gave: it must exist and be either unattached (just made by
 * the card form) or already theirs. Anything else is "not found".
 */
export async function tenantPaymentMethod(deps: Deps, customer: CustomerRow, paymentMethodId: string) {
  if (!/^pm_[A-Za-z0-9]{1,100}$/.test(paymentMethodId)) throw notFound("Payment method not found");
  let pm: Stripe.PaymentMethod;
  try {
    pm = await deps.payments.stripe.paymentMethods.retrieve(paymentMethodId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound("Payment method not found");
    throw error;
  }
  const owner = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
  if (owner !== null && owner !== customer.stripeCustomerId) throw notFound("Payment method not found");
  return pm;
}

/** Another tenant has already used a card with this fingerprint (the duplicate-card check). */
export async function isDuplicateCard(db: Database, customerId: string, fingerprint: string | null | undefined) {
  if (!fingerprint) return false;
  const [other] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.fingerprint, fingerprint), ne(paymentMethods.customerId, customerId)))
    .limit(1);
  return other !== undefined;
}

/**
 * Saves a card the tenant gave for off-session use by confirming a setup intent for it here
 * (the server-side path; the card form's own setup intents are confirmed in the browser).
 * A card the provider refuses throws its StripeCardError, which the API answers as a 400 with
 * the provider's message; the caller decides what a setup still needing 3-D Secure means.
 */
export function confirmCardSetup(
  deps: Deps,
  input: { stripeCustomerId: string; paymentMethodId: string; metadata: Record<string, string>; idempotencyKey: string },
) {
  return deps.payments.stripe.setupIntents.create(
    {
      customer: input.stripeCustomerId,
      payment_method: input.paymentMethodId,
      confirm: true,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
}

/**
 * The intent already made for a payment (`intentId`, if any), used again while it can still be
 * confirmed for `amount`: a double submit or a retry never makes a second one. One that has
 * been paid (its webhook still to come) refuses a second payment; otherwise null: make a new one.
 */
export async function reusablePaymentIntent(deps: Deps, intentId: unknown, amount: number): Promise<Stripe.PaymentIntent | null> {
  if (typeof intentId !== "string") return null;
  const existing = await deps.payments.stripe.paymentIntents.retrieve(intentId);
  if (existing.status === "succeeded") {
    // Paid, and its webhook not applied yet (late, or lost to a crash): apply it now, so the
    // page the tenant goes back to shows it paid rather than asking again.
    await settleIntent(deps, existing, "on demand");
    throw new ApiError(409, PAYMENT_RECEIVED_MESSAGE);
  }
  if (existing.status === "processing") throw new ApiError(409, PAYMENT_RECEIVED_MESSAGE);
  return existing.status !== "canceled" && existing.amount === amount ? existing : null;
}

/**
 * The one function that makes a payment intent (a Keyfree fee, a claim or annual fee action, a
 * payment plan instalment): `amount` pence in pounds sterling, by card, for the tenant's card
 * provider customer, kept for off-session use, with our ids in its metadata. The idempotency
 * key is made of our own ids: `<purpose>-<amount>` and, when it replaces an intent that can no
 * longer be used, `-after-<that intent's id>`; so the same payment, amount and attempt always
 * name the same intent, and a double submit never makes a second one.
 */
export async function createPaymentIntent(
  deps: Deps,
  input: { stripeCustomerId: string; amount: number; purpose: string; replacesIntentId?: unknown; metadata: Record<string, string> },
) {
  const after = typeof input.replacesIntentId === "string" ? `-after-${input.replacesIntentId}` : "";
  const intent = await deps.payments.stripe.paymentIntents.create(
    {
      amount: input.amount,
      currency: "gbp",
      customer: input.stripeCustomerId,
      setup_future_usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: input.metadata,
    },
    { idempotencyKey: `${input.purpose}-${input.amount}${after}` },
  );
  await recordIntent(deps, intent, false);
  return intent;
}

/**
 * Charges a saved card now, without the tenant (a payment plan instalment on its due day):
 * confirmed at once, off-session, with `idempotencyKey` made of our own ids, so a run after a
 * crash gets the same intent back instead of a second charge. The intent is put in the ledger
 * whether it succeeded or the card refused it (a refusal's intent comes with the card error),
 * so reconciliation can find it. Throws the provider's error as it came.
 */
export async function chargeSavedCard(
  deps: Deps,
  input: { stripeCustomerId: string; paymentMethodId: string; amount: number; metadata: Record<string, string>; idempotencyKey: string },
): Promise<Stripe.PaymentIntent> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.payments.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: "gbp",
        customer: input.stripeCustomerId,
        payment_method: input.paymentMethodId,
        off_session: true,
        confirm: true,
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
  } catch (error) {
    const refused = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw?.payment_intent;
    if (refused?.id) await recordIntent(deps, refused, true).catch(() => undefined);
    throw error;
  }
  crashPoint("instalment.after-charge");
  await recordIntent(deps, intent, true);
  return intent;
}

/** Puts an intent we made in the ledger (once; a second call changes nothing). */
async function recordIntent(deps: Deps, intent: Stripe.PaymentIntent, offSession: boolean) {
  const metadata = (intent.metadata ?? {}) as Record<string, string>;
  const purpose = purposeOf(metadata);
  if (!purpose || !metadata.customerId) {
    log.error("payment intent with no registered purpose", { paymentIntentId: intent.id });
    return;
  }
  const now = deps.clock.now();
  await deps.db
    .insert(paymentIntents)
    .values({
      id: intent.id,
      purpose: purpose.name,
      customerId: metadata.customerId,
      amount: intent.amount,
      metadata,
      offSession,
      providerStatus: intent.status,
      createdAt: now,
      nextCheckAt: now,
    })
    .onConflictDoNothing();
}

/** Keeps a card the customer used or saved, as their default. */
export async function recordPaymentMethod(deps: Pick<Deps, "db">, customerId: string, pm: Stripe.PaymentMethod) {
  await deps.db.transaction((tx) => saveCard(tx, customerId, pm));
}

/**
 * The follow-up action (part 1 §7): records, as a user event of the tenant's, what their
 * browser said about a payment intent. The intent must be one made for the tenant's own card
 * provider customer, and a plan or instalment named with it the tenant's own: anything else is
 * "not found", as for any other id (payments themselves complete only through the webhook).
 */
export async function recordPaymentFollowUp(
  deps: Deps,
  customer: CustomerRow,
  input: { paymentIntentId: string; paymentPlanId?: string | null; paymentPlanInstalmentId?: string | null },
) {
  if (!customer.stripeCustomerId || !/^pi_[A-Za-z0-9_]{1,200}$/.test(input.paymentIntentId)) throw notFound();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.payments.stripe.paymentIntents.retrieve(input.paymentIntentId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound();
    throw error;
  }
  const owner = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
  if (owner !== customer.stripeCustomerId) throw notFound();
  const planId = input.paymentPlanId ?? null;
  const instalmentId = input.paymentPlanInstalmentId ?? null;
  if (planId !== null || instalmentId !== null) {
    const [own] = await deps.db
      .select({ planId: paymentPlans.id })
      .from(paymentPlans)
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .leftJoin(paymentPlanInstalments, eq(paymentPlanInstalments.paymentPlanId, paymentPlans.id))
      .where(
        and(
          eq(orderCustomers.customerId, customer.id),
          planId !== null ? eq(paymentPlans.id, planId) : undefined,
          instalmentId !== null ? eq(paymentPlanInstalments.id, instalmentId) : undefined,
        ),
      )
      .limit(1);
    if (!own) throw notFound();
  }
  await deps.db.insert(userEvents).values({
    id: newId(),
    userId: customer.userId,
    type: "PAYMENT_FOLLOW_UP",
    details: { paymentIntentId: intent.id, paymentPlanId: planId, paymentPlanInstalmentId: instalmentId },
    createdAt: deps.clock.now(),
  });
}
