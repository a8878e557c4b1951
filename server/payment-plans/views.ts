/**
 * Payment plans (part 2 §2 payment plan screens, §3 PaymentPlan, §4, §5, §7) and the
 * tenant's tenancy anniversaries for the annual fee (part 2 §3, §7).
 *
 * A plan is shown only to its owning customer (part 1 §6): any other id answers 404.
 * The card step is a setup intent (getSetupIntentSecret) confirmed by the card form, then
 * updateCardDetails, which checks the card with the provider, keeps it as the customer's
 * default and the plan's card and makes the plan ACTIVE. An instalment is paid by card
 * through a payment intent (getInstalmentPaymentIntentSecret); the provider's webhook makes
 * it PAID or FAILED (payments/service.ts). Stripe is never called inside a transaction.
 * createOneTimeSessionToken is not offered: it sent the browser to an external plan portal
 * that these screens replace.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Deps } from "../context";
import type { Database } from "../db";
import {
  addresses,
  orderCustomers,
  orders,
  paymentMethods,
  paymentPlanActions,
  paymentPlanInstalments,
  paymentPlans,
  properties,
  tenancies
} from "../db/schema";
import {
  isPaymentPlanOfferVoid,
  isPaymentPlanPaidOff,
  paymentPlanNextAction,
  paymentPlanScreen,
  type PaymentPlan as DomainPaymentPlan,
} from "../domain/payment-plans";
import {
  PAYMENT_PLAN_STEP_MESSAGES,
  paymentPlanStepRefusal
} from "../domain/payment-plans-rules";
import {
  type PaymentPlanActionType,
  type PaymentPlanStatus
} from "../domain/statuses";
import { currentCustomer } from "../lib/auth";
import { ApiError, notFound } from "../lib/errors";
import { propertyAddressView } from "../lib/schemas";
import { confirmCardSetup, ensureStripeCustomer, tenantPaymentMethod } from "../payments/service";
import { INSTALMENT_STATUSES } from "./schemas";
import { type Tx } from "./service";

// ── Reading a plan ──────────────────────────────────────────────────────────

/**
 * The plan with the given id if it belongs to the customer, its actions and
 * instalments; 404 otherwise (another tenant's plan and a made-up id alike).
 */
export async function loadOwnedPlan(db: Database | Tx, paymentPlanId: string, customerId: string, forUpdate = false) {
  const query = db
    .select({ plan: paymentPlans, orderCustomer: orderCustomers })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(and(eq(paymentPlans.id, paymentPlanId), eq(orderCustomers.customerId, customerId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update", { of: paymentPlans }) : await query;
  if (!row) throw notFound();
  const [actions, instalments] = await Promise.all([
    db.select().from(paymentPlanActions).where(eq(paymentPlanActions.paymentPlanId, row.plan.id)).orderBy(asc(paymentPlanActions.position)),
    db
      .select()
      .from(paymentPlanInstalments)
      .where(eq(paymentPlanInstalments.paymentPlanId, row.plan.id))
      .orderBy(asc(paymentPlanInstalments.instalmentNumber)),
  ]);
  const domain: DomainPaymentPlan = {
    id: row.plan.id,
    status: row.plan.status as PaymentPlanStatus,
    createdAt: row.plan.createdAt,
    actions: actions.map((a) => ({ id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt })),
    instalments: instalments.map((i) => ({ id: i.id, status: i.status })),
  };
  return { ...row, actions, instalments, domain };
}

export type LoadedPlan = Awaited<ReturnType<typeof loadOwnedPlan>>;

export function actionView(a: LoadedPlan["actions"][number]) {
  return { id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt?.toISOString() ?? null };
}

export function instalmentView(i: LoadedPlan["instalments"][number]) {
  return {
    id: i.id,
    paymentPlanId: i.paymentPlanId,
    instalmentNumber: i.instalmentNumber,
    dueDate: i.dueDate,
    amount: i.amount,
    status: i.status as (typeof INSTALMENT_STATUSES)[number],
    paidAt: i.paidAt?.toISOString() ?? null,
  };
}

export function addressView(a: typeof addresses.$inferSelect) {
  return { id: a.id, externalId: a.externalId, ...propertyAddressView(a) };
}

/** The address of the property the order's tenancy is for (null when the order has no tenancy). */
export async function orderPropertyAddress(db: Database | Tx, orderId: string) {
  const [row] = await db
    .select({ address: addresses })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.address ?? null;
}

export async function planView(db: Database, loaded: LoadedPlan, now: Date) {
  const { plan, orderCustomer, actions, instalments, domain } = loaded;
  // The three reads at once: the postal address given, the property's address, the plan's card.
  const [[address], property, [card]] = await Promise.all([
    plan.addressId ? db.select().from(addresses).where(eq(addresses.id, plan.addressId)).limit(1) : Promise.resolve([]),
    orderPropertyAddress(db, orderCustomer.orderId),
    plan.stripePaymentMethodId
      ? db
          .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
          .from(paymentMethods)
          .where(eq(paymentMethods.stripePaymentMethodId, plan.stripePaymentMethodId))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const next = paymentPlanNextAction(domain.actions);
  const amountPaid = instalments.filter((i) => i.status === "PAID").reduce((sum, i) => sum + i.amount, 0);
  const instalmentTotal = instalments.reduce((sum, i) => sum + i.amount, 0);
  return {
    id: plan.id,
    status: domain.status,
    amount: plan.amount,
    interestAmount: plan.interestAmount,
    outstandingBalance: plan.amount,
    instalmentCount: instalments.length,
    amountPaid,
    amountRemaining: instalmentTotal - amountPaid,
    instalments: instalments.map(instalmentView),
    actions: actions.map(actionView),
    nextAction: next === null ? null : { paymentPlanActionIds: [next.id] },
    screen: paymentPlanScreen(domain, now),
    offerExpiresAt: plan.offerExpiresAt.toISOString(),
    offerVoid: isPaymentPlanOfferVoid(domain, now),
    paidOff: isPaymentPlanPaidOff(domain),
    orderCustomerId: orderCustomer.id,
    orderCustomer: { id: orderCustomer.id, orderId: orderCustomer.orderId, customerId: orderCustomer.customerId },
    claimId: plan.claimId,
    address: address ? addressView(address) : null,
    propertyAddress: property ? propertyAddressView(property) : null,
    card: card ?? (plan.stripePaymentMethodId ? { brand: null, last4: null } : null),
    createdAt: plan.createdAt.toISOString(),
  };
}

/**
 * Completes a step of the plan in a transaction that holds the plan's row: refused
 * (409) unless it is the plan's next step, on a live offer. A second identical
 * request finds the step done and gets 409, never a second effect.
 */
export async function completeStep(
  deps: Deps,
  paymentPlanId: string,
  customerId: string,
  step: PaymentPlanActionType,
  write: (tx: Tx, loaded: LoadedPlan, now: Date) => Promise<void>,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const loaded = await loadOwnedPlan(tx, paymentPlanId, customerId, true);
    const refusal = paymentPlanStepRefusal(loaded.domain, step, now);
    if (refusal !== null) throw new ApiError(409, refusal);
    const action = loaded.actions.find((a) => a.typeId === step)!;
    const done = await tx
      .update(paymentPlanActions)
      .set({ completedAt: now })
      .where(and(eq(paymentPlanActions.id, action.id), isNull(paymentPlanActions.completedAt)))
      .returning({ id: paymentPlanActions.id });
    if (done.length === 0) throw new ApiError(409, PAYMENT_PLAN_STEP_MESSAGES.done);
    await write(tx, loaded, now);
  });
  return planView(deps.db, await loadOwnedPlan(deps.db, paymentPlanId, customerId), now);
}

/** Refuses (409) a step that may not be done now: checked before calling the card provider, and again by completeStep. */
export function refuseStep(loaded: LoadedPlan, step: PaymentPlanActionType, now: Date) {
  const refusal = paymentPlanStepRefusal(loaded.domain, step, now);
  if (refusal !== null) throw new ApiError(409, refusal);
}

export const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** A setup intent in these states can still be confirmed by the card form. */
export const OPEN_SETUP_STATUSES = new Set<Stripe.SetupIntent.Status>(["requires_payment_method", "requires_confirmation", "requires_action"]);

export const CARD_NEEDS_AUTHENTICATION = "Your bank needs you to confirm this card. Please enter your card details again.";

/**
 * The card the tenant gave at the card step, checked with the card provider: it must be
 * theirs (tenantPaymentMethod, else 404). A card saved to their provider customer has been
 * set up for off-session use (confirming the card step's setup intent saves it there); one
 * not saved yet is saved as addPaymentMethod does, with a setup intent confirmed here.
 */
export async function savedPlanCard(deps: Deps, customer: Awaited<ReturnType<typeof currentCustomer>>, paymentPlanId: string, paymentMethodId: string) {
  const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
  const stripeCustomerId = await ensureStripeCustomer(deps, customer);
  if (idOf(pm.customer) === stripeCustomerId) return { pm, stripeCustomerId };
  const intent = await confirmCardSetup(deps, {
    stripeCustomerId,
    paymentMethodId: pm.id,
    metadata: { customerId: customer.id, paymentPlanId, purpose: "payment-plan-card" },
    idempotencyKey: `plan-card-${paymentPlanId}-${pm.id}`,
  });
  if (intent.status === "requires_action") throw new ApiError(400, CARD_NEEDS_AUTHENTICATION);
  if (intent.status !== "succeeded") throw new ApiError(400, intent.last_setup_error?.message ?? "An error has occured");
  return { pm: await deps.payments.stripe.paymentMethods.retrieve(pm.id), stripeCustomerId };
}

