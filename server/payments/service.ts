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
import {
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  paymentMethods,
  paymentPlanInstalments,
  paymentPlans,
  outboxEmails,
  tenancyAnniversaries,
  userEvents,
  users,
} from "../db/schema";
import { queueRefundEmail } from "./refund-email";
import { completePaymentAction } from "../claims/money";
import { pounds, recordInstalmentFailed, recordInstalmentPaid } from "../payment-plans/service";
import { PAYMENT_RECEIVED_MESSAGE } from "../domain/payments";
import { ApiError, notFound } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { newId } from "../lib/tokens";

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
  if (existing.status === "succeeded" || existing.status === "processing") throw new ApiError(409, PAYMENT_RECEIVED_MESSAGE);
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
export function createPaymentIntent(
  deps: Deps,
  input: { stripeCustomerId: string; amount: number; purpose: string; replacesIntentId?: unknown; metadata: Record<string, string> },
) {
  const after = typeof input.replacesIntentId === "string" ? `-after-${input.replacesIntentId}` : "";
  return deps.payments.stripe.paymentIntents.create(
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
}

/** Keeps a card the customer used or saved, as their default. */
export async function recordPaymentMethod(deps: Pick<Deps, "db">, customerId: string, pm: Stripe.PaymentMethod) {
  await deps.db.transaction(async (tx) => {
    await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.customerId, customerId));
    await tx
      .insert(paymentMethods)
      .values({
        id: newId(),
        customerId,
        stripePaymentMethodId: pm.id,
        fingerprint: pm.card?.fingerprint ?? null,
        brand: pm.card?.brand ?? null,
        last4: pm.card?.last4 ?? null,
        isDefault: true,
      })
      .onConflictDoUpdate({ target: paymentMethods.stripePaymentMethodId, set: { isDefault: true, customerId } });
  });
}

/**
 * Gives back money a succeeded intent took that no action needs (all of it, or `amount`
 * pence of it): once per intent and purpose, whatever the retries (Stripe's idempotency key).
 * The tenant is told by e-mail, once.
 *
 * Called from the webhook, not through the owed-refunds job (server/payments/refunds.ts): the
 * webhook itself is the retry. Nothing is recorded as refunded before the provider call; if the
 * call or the process fails, the webhook answers an error and the provider sends it again, and
 * the idempotency key makes the retry the same refund.
 */
async function refund(deps: Deps, intent: Stripe.PaymentIntent, why: "unapplied" | "excess", amount?: number) {
  const given = await deps.payments.stripe.refunds.create(
    { payment_intent: intent.id, ...(amount !== undefined ? { amount } : {}), reason: "duplicate", metadata: { why } },
    { idempotencyKey: `refund-${why}-${intent.id}` },
  );
  log.warn("payment refunded", { paymentIntentId: intent.id, refundId: given.id, why, amount: given.amount });
  await tellOfRefund(deps, intent, given);
}

async function tellOfRefund(deps: Deps, intent: Stripe.PaymentIntent, given: Stripe.Refund) {
  const customerId = intent.metadata?.customerId;
  if (!customerId) return;
  const paid = pounds(intent.amount_received);
  const back = pounds(given.amount);
  const why =
    given.amount === intent.amount_received
      ? `Your card payment of ${paid} was not needed, because this payment had already been made. We have refunded the full ${back} to your card.`
      : `Your card payment of ${paid} was more than was left to pay, because another payment came in first. We have refunded the difference of ${back} to your card.`;
  // Once per refund, however often the webhook comes (the reference makes the text unique).
  await queueRefundEmail(deps.db, { customerId, amountPence: given.amount, refundId: given.id, why }, deps.clock.now());
}

/**
 * A successful payment intent completes the action that holds it (the webhook is what
 * completes it). Applied once: a replay of the payment that completed the action is left
 * alone. Money no action needs is refunded rather than kept: a payment for an action that
 * someone else's payment has already settled (a co-tenant cleared the balance, or a second
 * tab paid an older intent), and, for a claim, what was paid above the balance left once the
 * payment arrived (a co-tenant's share came in first). Returns what it did.
 */
export async function applySucceededPayment(deps: Deps, intent: Stripe.PaymentIntent): Promise<string> {
  const actionId = intent.metadata?.orderCustomerActionId;
  if (!actionId) return "ignored: no orderCustomerActionId";
  const [row] = await deps.db
    .select({ action: orderCustomerActions, orderCustomer: orderCustomers, order: orders })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(eq(orderCustomerActions.id, actionId))
    .limit(1);
  // Not one of ours (another environment on the same Stripe account): not ours to refund either.
  if (!row) return "ignored: unknown action";
  if (row.action.details.paidByPaymentIntentId === intent.id) {
    // A retry after a failed refund: the excess is refunded now (the same refund, by its key).
    const excess = intent.amount_received - Number(row.action.details.amountPaid ?? intent.amount_received);
    if (excess > 0) await refund(deps, intent, "excess", excess);
    return "ignored: already applied";
  }
  if (row.action.completedAt) {
    await refund(deps, intent, "unapplied");
    return "refunded: the action was already complete";
  }
  const expected = Number(row.action.details.stripePaymentIntentAmount);
  if (row.action.details.stripePaymentIntentId !== intent.id || intent.amount_received !== expected) {
    log.error("payment does not match its action", {
      actionId,
      paymentIntentId: intent.id,
      amount: intent.amount_received,
      expected,
    });
    await refund(deps, intent, "unapplied");
    return "refunded: amount or intent does not match";
  }

  // The card used is remembered first (a provider call, so outside any transaction).
  const pmId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  if (pmId) {
    try {
      const pm = await deps.payments.stripe.paymentMethods.retrieve(pmId);
      await recordPaymentMethod(deps, row.orderCustomer.customerId, pm);
    } catch (error) {
      log.warn("could not record the payment method", { paymentIntentId: intent.id, ...describeError(error) });
    }
  }

  const now = deps.clock.now();
  const paidBy = { paidByPaymentIntentId: intent.id };
  if (row.order.productId === "CLAIM") {
    // Completed here, or (a race) already settled by another payment in the meantime.
    const applied = await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, actionId)).for("update");
      if (!current || current.completedAt) return null;
      await completePaymentAction(tx as unknown as Database, actionId, now);
      const [done] = await tx.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, actionId));
      await tx
        .update(orderCustomerActions)
        .set({ details: { ...done!.details, ...paidBy } })
        .where(eq(orderCustomerActions.id, actionId));
      return Number(done!.details.amountPaid ?? intent.amount_received);
    });
    if (applied === null) {
      await refund(deps, intent, "unapplied");
      return "refunded: the action was already complete";
    }
    const excess = intent.amount_received - applied;
    if (excess > 0) {
      await refund(deps, intent, "excess", excess);
      return `claim payment applied; ${excess} refunded`;
    }
    return "claim payment applied";
  }

  const applied = await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(orderCustomerActions)
      .set({
        completedAt: now,
        details: { ...row.action.details, amountRemaining: 0, amountPaid: intent.amount_received, ...paidBy },
      })
      .where(and(eq(orderCustomerActions.id, actionId), isNull(orderCustomerActions.completedAt)))
      .returning({ id: orderCustomerActions.id });
    if (done.length === 0) return false;
    // The order is complete once every customer's payment of that kind is made.
    const open = await tx
      .select({ id: orderCustomerActions.id })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(
        and(
          eq(orderCustomers.orderId, row.order.id),
          eq(orderCustomerActions.typeId, row.action.typeId),
          isNull(orderCustomerActions.completedAt),
        ),
      )
      .limit(1);
    if (open.length === 0) {
      await tx.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, row.order.id));
      if (row.order.productId === "TOP_UP") {
        await tx.update(tenancyAnniversaries).set({ paidAt: now }).where(eq(tenancyAnniversaries.orderId, row.order.id));
      }
    }
    return true;
  });
  if (!applied) {
    await refund(deps, intent, "unapplied");
    return "refunded: the action was already complete";
  }
  return "payment applied";
}

/** A failed payment is noted on its action so the tenant can be told and try again. */
export async function applyFailedPayment(deps: Deps, intent: Stripe.PaymentIntent) {
  const actionId = intent.metadata?.orderCustomerActionId;
  if (!actionId) return "ignored: no orderCustomerActionId";
  const [action] = await deps.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.id, actionId)).limit(1);
  if (!action || action.completedAt) return "ignored";
  await deps.db
    .update(orderCustomerActions)
    .set({ details: { ...action.details, lastPaymentError: intent.last_payment_error?.message ?? "An error has occured" } })
    .where(eq(orderCustomerActions.id, actionId));
  return "failure noted";
}

/** The instalment a payment intent was made for, with its plan and the plan's customer (null unless they go together). */
async function instalmentOf(deps: Deps, intent: Stripe.PaymentIntent) {
  const instalmentId = intent.metadata?.paymentPlanInstalmentId;
  if (!instalmentId) return null;
  const [row] = await deps.db
    .select({ instalment: paymentPlanInstalments, plan: paymentPlans, customerId: orderCustomers.customerId })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(eq(paymentPlanInstalments.id, instalmentId))
    .limit(1);
  if (!row || row.plan.id !== intent.metadata?.paymentPlanId) return null;
  return row;
}

/**
 * A successful card payment of a payment plan instalment makes it PAID (recordInstalmentPaid,
 * shared with the back office; paying off the plan pays the claim balance it was for). Applied
 * once: a replay, or another payment of an instalment already paid, changes nothing. The
 * amount must be the instalment's.
 */
export async function applySucceededInstalmentPayment(deps: Deps, intent: Stripe.PaymentIntent): Promise<string> {
  const row = await instalmentOf(deps, intent);
  if (!row) return "ignored: unknown instalment";
  if (row.instalment.status === "PAID") {
    if (row.instalment.stripePaymentIntentId === intent.id) return "ignored: already paid";
    // Paid another way meanwhile (the back office, another payment): this money is given back.
    log.error("instalment paid again", { instalmentId: row.instalment.id, paymentIntentId: intent.id });
    await refund(deps, intent, "unapplied");
    return "refunded: already paid";
  }
  if (intent.currency !== "gbp" || intent.amount_received !== row.instalment.amount) {
    log.error("payment does not match its instalment", {
      instalmentId: row.instalment.id,
      paymentIntentId: intent.id,
      amount: intent.amount_received,
      expected: row.instalment.amount,
    });
    await refund(deps, intent, "unapplied");
    return "refunded: amount does not match";
  }

  // The card used is remembered first (a provider call, so outside any transaction).
  let pmId = typeof intent.payment_method === "string" ? intent.payment_method : (intent.payment_method?.id ?? null);
  if (pmId) {
    try {
      await recordPaymentMethod(deps, row.customerId, await deps.payments.stripe.paymentMethods.retrieve(pmId));
    } catch (error) {
      pmId = null;
      log.warn("could not record the payment method", { paymentIntentId: intent.id, ...describeError(error) });
    }
  }

  const paid = await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, row.plan.id)).for("update");
    return recordInstalmentPaid(tx, plan!, row.instalment.id, deps.clock.now(), {
      stripePaymentIntentId: intent.id,
      stripePaymentMethodId: pmId,
    });
  });
  if (!paid) {
    await refund(deps, intent, "unapplied");
    return "refunded: already paid";
  }
  if (!paid.paidOff) return "instalment paid";
  return `instalment paid; plan paid off${paid.claimPayment ? `; claim payment ${paid.claimPayment.effect}` : ""}`;
}

/** A failed card payment of an instalment makes it FAILED (the manual-payment screen), unless it is PAID. */
export async function applyFailedInstalmentPayment(deps: Deps, intent: Stripe.PaymentIntent): Promise<string> {
  const row = await instalmentOf(deps, intent);
  if (!row) return "ignored: unknown instalment";
  const failed = await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, row.plan.id)).for("update");
    const [instalment] = await tx.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.id, row.instalment.id));
    // Already FAILED: the tenant was told at the first failure.
    if (instalment!.status !== "PENDING") return false;
    return recordInstalmentFailed(tx, plan!, instalment!, deps.clock.now());
  });
  return failed ? "instalment failed" : "ignored: already paid or failed";
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
