/**
 * Payment plans (part 2 §2 payment plan screens, §3 PaymentPlan, §4, §5, §7) and the
 * tenant's tenancy anniversaries for the annual fee (part 2 §3, §7): the reads and views. The
 * writes, the transactions and the card provider calls are service.ts's.
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
import { and, asc, eq } from "drizzle-orm";
import { breathingSpaceStatusOfCustomer } from "../lib/breathing-space-reads";
import type { Database } from "../db";
import { orderPropertyAddress } from "../orders";
import {
  addresses,
  orderCustomers,
  orders,
  paymentMethods,
  paymentPlanActions,
  paymentPlanInstalments,
  paymentPlans,
  tenancyAnniversaries,
  tenancyTenants
} from "../db/schema";
import {
  isPaymentPlanLive,
  paymentPlanOfferRanOut,
  isPaymentPlanPaidOff,
  paymentPlanNextAction,
  paymentPlanScreen,
  type PaymentPlan as DomainPaymentPlan,
} from "../domain/payment-plans";
import { paymentPlanStepRefusal } from "../domain/payment-plans-rules";
import {
  type PaymentPlanActionType,
  type PaymentPlanStatus
} from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { propertyAddressView } from "../lib/schemas";
import { INSTALMENT_STATUSES } from "./schemas";

// ── Reading a plan ──────────────────────────────────────────────────────────

/**
 * The plan with the given id if it belongs to the customer, its actions and
 * instalments; 404 otherwise (another tenant's plan and a made-up id alike).
 */
export async function loadOwnedPlan(db: Database, paymentPlanId: string, customerId: string, forUpdate = false) {
  const query = db
    .select({ plan: paymentPlans, orderCustomer: orderCustomers })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(and(eq(paymentPlans.id, paymentPlanId), eq(orderCustomers.customerId, customerId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update", { of: paymentPlans }) : await query;
  if (!row) throw notFound();
  const loadActions = () =>
    db.select().from(paymentPlanActions).where(eq(paymentPlanActions.paymentPlanId, row.plan.id)).orderBy(asc(paymentPlanActions.position));
  const loadInstalments = () =>
    db
      .select()
      .from(paymentPlanInstalments)
      .where(eq(paymentPlanInstalments.paymentPlanId, row.plan.id))
      .orderBy(asc(paymentPlanInstalments.instalmentNumber));
  // Locked (forUpdate) means inside a transaction, one connection: one query at a time there.
  const [actions, instalments] = forUpdate
    ? [await loadActions(), await loadInstalments()]
    : await Promise.all([loadActions(), loadInstalments()]);
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

export async function planView(db: Database, loaded: LoadedPlan, now: Date) {
  const { plan, orderCustomer, actions, instalments, domain } = loaded;
  // The three reads at once: the postal address given, the property's address, the plan's card.
  const [[address], property, [card], breathingSpace] = await Promise.all([
    plan.addressId ? db.select().from(addresses).where(eq(addresses.id, plan.addressId)).limit(1) : Promise.resolve([]),
    orderPropertyAddress(db, orderCustomer.orderId),
    plan.stripePaymentMethodId
      ? db
          .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
          .from(paymentMethods)
          .where(eq(paymentMethods.stripePaymentMethodId, plan.stripePaymentMethodId))
          .limit(1)
      : Promise.resolve([]),
    // The plan's tenant's Breathing Space (issue 36): the plan's pages show it.
    breathingSpaceStatusOfCustomer(db, orderCustomer.customerId, now),
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
    live: isPaymentPlanLive(domain),
    offerExpiresAt: plan.offerExpiresAt.toISOString(),
    offerVoid: paymentPlanOfferRanOut(domain, now),
    paidOff: isPaymentPlanPaidOff(domain),
    orderCustomerId: orderCustomer.id,
    orderCustomer: { id: orderCustomer.id, orderId: orderCustomer.orderId, customerId: orderCustomer.customerId },
    claimId: plan.claimId,
    address: address ? addressView(address) : null,
    propertyAddress: property ? propertyAddressView(property) : null,
    card: card ?? (plan.stripePaymentMethodId ? { brand: null, last4: null } : null),
    createdAt: plan.createdAt.toISOString(),
    breathingSpace,
  };
}

/** Refuses (409) a step that may not be done now: checked before calling the card provider, and again by completeStep. */
export function refuseStep(loaded: LoadedPlan, step: PaymentPlanActionType, now: Date) {
  const refusal = paymentPlanStepRefusal(loaded.domain, step, now);
  if (refusal !== null) throw new ApiError(409, refusal);
}

// ── The plan's pages ────────────────────────────────────────────────────────

/** The customer's plan as the plan pages show it (404 unless theirs). */
export async function ownedPlanView(db: Database, paymentPlanId: string, customerId: string, now: Date) {
  return planView(db, await loadOwnedPlan(db, paymentPlanId, customerId), now);
}

/** The address of the property the plan's order is for (404 unless the plan is theirs and there is one). */
export async function planPropertyAddressView(db: Database, paymentPlanId: string, customerId: string) {
  const { orderCustomer } = await loadOwnedPlan(db, paymentPlanId, customerId);
  const address = await orderPropertyAddress(db, orderCustomer.orderId);
  if (!address) throw notFound();
  return { address: addressView(address) };
}

/** The plan's next step and the screen it is on. */
export async function planActionView(db: Database, paymentPlanId: string, customerId: string, now: Date) {
  const loaded = await loadOwnedPlan(db, paymentPlanId, customerId);
  const next = paymentPlanNextAction(loaded.domain.actions);
  const action = next === null ? null : loaded.actions.find((a) => a.id === next.id)!;
  return { action: action ? actionView(action) : null, screen: paymentPlanScreen(loaded.domain, now) };
}

/** One instalment of the customer's plan (404 unless theirs). */
export async function planInstalmentView(db: Database, paymentPlanId: string, instalmentId: string, customerId: string) {
  const { instalments } = await loadOwnedPlan(db, paymentPlanId, customerId);
  const instalment = instalments.find((i) => i.id === instalmentId);
  if (!instalment) throw notFound();
  return instalmentView(instalment);
}

/** The anniversaries of the tenant's tenancies, oldest first, with whether each year's annual fee is paid. */
export async function tenancyAnniversariesOf(db: Database, userId: string) {
  const rows = await db
    .select({ anniversary: tenancyAnniversaries, orderStatusId: orders.statusId })
    .from(tenancyTenants)
    .innerJoin(tenancyAnniversaries, eq(tenancyAnniversaries.tenancyId, tenancyTenants.tenancyId))
    .leftJoin(orders, eq(orders.id, tenancyAnniversaries.orderId))
    .where(eq(tenancyTenants.userId, userId))
    .orderBy(asc(tenancyAnniversaries.anniversaryDate), asc(tenancyAnniversaries.tenancyId));
  return {
    tenancyAnniversaries: rows.map(({ anniversary: a, orderStatusId }) => ({
      id: a.id,
      tenancyId: a.tenancyId,
      date: a.anniversaryDate,
      year: a.yearNumber,
      // Reading chosen: a year is paid once its top-up order is complete (every tenant paid),
      // or when the back office recorded it as paid.
      paid: a.paidAt !== null || orderStatusId === "COMPLETE",
      paidAt: a.paidAt?.toISOString() ?? null,
      orderId: a.orderId,
      orderStatusId: (orderStatusId as "PENDING" | "COMPLETE" | null) ?? null,
    })),
  };
}
