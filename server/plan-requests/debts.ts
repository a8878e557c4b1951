/**
 * A tenant's own open debts (issue 36, scope 2): what a plan worked out from their budget can be
 * asked for. Three kinds, each the tenant's own part, in pence:
 *  - CLAIM_BALANCE: charges accepted (or treated as accepted) and unpaid, on the claim's payable
 *    order (the latest round's AWAITING_PAYMENT proposal, its order PENDING): their own share, or
 *    the remaining balance when they have no share of their own (ownPaymentOpen, as the payment
 *    reminders read it). Not once the adjudicator has decided (the award is then what is owed).
 *  - ADJUDICATION_AWARD: an adjudicator's decision with an amount due (its repayment order
 *    PENDING): their own share, the same way.
 *  - MISSED_INSTALMENT: an instalment of their live plan (ACTIVE or DEFAULT) that FAILED.
 * A debt a payment plan is already paying is not listed: a claim's balance or an award whose
 * order customer has a live plan or a plan offer still open, a missed instalment whose request
 * was answered with a plan that is live or still open.
 * Reads only: the service (./service.ts) writes.
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../db";
import {
  addresses,
  arbitrations,
  claimProposals,
  claimRespondents,
  claims,
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  paymentPlanInstalments,
  paymentPlanRequests,
  paymentPlans,
  properties,
  tenancies,
} from "../db/schema";
import { DEBT_TYPES, type DebtType } from "../domain/budget";
import { ownPaymentOpen } from "../domain/deadline-reminders";
import { propertyLine } from "../domain/notices";
import { isClaimFinished, normaliseClaimStatus } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";

type Reader = Pick<Database, "select">;

export { DEBT_TYPES, type DebtType };

/** Which debt: its type and the id of its own record (the claim, the arbitration, the instalment). */
export type DebtRef = {
  debtType: DebtType;
  claimId?: string | null | undefined;
  arbitrationId?: string | null | undefined;
  paymentPlanInstalmentId?: string | null | undefined;
};

export type Debt = {
  debtType: DebtType;
  /** The debt's own record: the claim (a balance), the arbitration (an award), the instalment. */
  recordId: string;
  claimId: string | null;
  arbitrationId: string | null;
  paymentPlanInstalmentId: string | null;
  /** A missed instalment's plan and number. */
  paymentPlanId: string | null;
  instalmentNumber: number | null;
  /** Whose plan an offer for it is: the order customer owing it. */
  orderCustomerId: string;
  amountPence: number;
  property: string;
};

export type LatestRequest = typeof paymentPlanRequests.$inferSelect;

/** The record a debt of this type is named by. */
export function recordIdOf(ref: DebtRef): string | null {
  if (ref.debtType === "CLAIM_BALANCE") return ref.claimId ?? null;
  if (ref.debtType === "ADJUDICATION_AWARD") return ref.arbitrationId ?? null;
  return ref.paymentPlanInstalmentId ?? null;
}

const placeColumns = { address: addresses };

/** The tenant's open debts, oldest record first within each kind, from three reads. */
export async function ownDebts(db: Reader, userId: string, now: Date): Promise<Debt[]> {
  const plans = await db
    .select({ id: paymentPlans.id, orderCustomerId: paymentPlans.orderCustomerId, status: paymentPlans.status, offerExpiresAt: paymentPlans.offerExpiresAt })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .where(eq(customers.userId, userId));
  // A plan that pays what its order customer owes: live, or an offer still open.
  const paying = (p: (typeof plans)[number]) => p.status === "ACTIVE" || (p.status === "PENDING" && p.offerExpiresAt.getTime() > now.getTime());
  const onPlans = new Set(plans.filter(paying).map((p) => p.orderCustomerId));
  const payingPlanIds = new Set(plans.filter(paying).map((p) => p.id));

  const debts: Debt[] = [];

  // Charges accepted and unpaid: the latest round's order, while the adjudicator has not decided.
  const balanceRows = await db
    .select({
      claimId: claims.id,
      claimStatus: claims.status,
      round: claimProposals.round,
      orderId: orders.id,
      orderCustomerId: orderCustomers.id,
      action: { typeId: orderCustomerActions.typeId, completedAt: orderCustomerActions.completedAt, details: orderCustomerActions.details },
      decided: arbitrations.decidedAt,
      ...placeColumns,
    })
    .from(claimRespondents)
    .innerJoin(claims, eq(claims.id, claimRespondents.claimId))
    .innerJoin(claimProposals, and(eq(claimProposals.claimId, claims.id), inArray(claimProposals.round, [1, 3]), eq(claimProposals.status, "AWAITING_PAYMENT")))
    .innerJoin(orders, and(eq(orders.id, claimProposals.orderId), eq(orders.statusId, "PENDING")))
    .innerJoin(orderCustomers, eq(orderCustomers.orderId, orders.id))
    .innerJoin(customers, and(eq(customers.id, orderCustomers.customerId), eq(customers.userId, userId)))
    .innerJoin(orderCustomerActions, eq(orderCustomerActions.orderCustomerId, orderCustomers.id))
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .leftJoin(arbitrations, eq(arbitrations.claimId, claims.id))
    .where(eq(claimRespondents.userId, userId))
    .orderBy(claims.createdAt, claims.id);
  for (const claimId of new Set(balanceRows.map((r) => r.claimId))) {
    const rows = balanceRows.filter((r) => r.claimId === claimId);
    const first = rows[0]!;
    const status = normaliseClaimStatus(first.claimStatus);
    if (status === null || isClaimFinished(status) || first.decided !== null) continue;
    // The payable order: the latest round's (payableOrderId's rule for the proposals).
    const round = Math.max(...rows.map((r) => r.round));
    const mine = rows.filter((r) => r.round === round);
    const owed = openAmount(mine.map((r) => r.action));
    if (owed === null || onPlans.has(mine[0]!.orderCustomerId)) continue;
    debts.push({
      debtType: "CLAIM_BALANCE",
      recordId: claimId,
      claimId,
      arbitrationId: null,
      paymentPlanInstalmentId: null,
      paymentPlanId: null,
      instalmentNumber: null,
      orderCustomerId: mine[0]!.orderCustomerId,
      amountPence: owed,
      property: propertyLine(first.address),
    });
  }

  // What the adjudicator decided, unpaid.
  const awardRows = await db
    .select({
      arbitrationId: arbitrations.id,
      claimId: claims.id,
      orderCustomerId: orderCustomers.id,
      action: { typeId: orderCustomerActions.typeId, completedAt: orderCustomerActions.completedAt, details: orderCustomerActions.details },
      ...placeColumns,
    })
    .from(arbitrations)
    .innerJoin(claims, eq(claims.id, arbitrations.claimId))
    .innerJoin(claimRespondents, and(eq(claimRespondents.claimId, claims.id), eq(claimRespondents.userId, userId)))
    .innerJoin(orders, and(eq(orders.id, arbitrations.repaymentOrderId), eq(orders.statusId, "PENDING")))
    .innerJoin(orderCustomers, eq(orderCustomers.orderId, orders.id))
    .innerJoin(customers, and(eq(customers.id, orderCustomers.customerId), eq(customers.userId, userId)))
    .innerJoin(orderCustomerActions, eq(orderCustomerActions.orderCustomerId, orderCustomers.id))
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(isNotNull(arbitrations.decidedAt))
    .orderBy(arbitrations.createdAt, arbitrations.id);
  for (const arbitrationId of new Set(awardRows.map((r) => r.arbitrationId))) {
    const rows = awardRows.filter((r) => r.arbitrationId === arbitrationId);
    const first = rows[0]!;
    const owed = openAmount(rows.map((r) => r.action));
    if (owed === null || onPlans.has(first.orderCustomerId)) continue;
    debts.push({
      debtType: "ADJUDICATION_AWARD",
      recordId: arbitrationId,
      claimId: first.claimId,
      arbitrationId,
      paymentPlanInstalmentId: null,
      paymentPlanId: null,
      instalmentNumber: null,
      orderCustomerId: first.orderCustomerId,
      amountPence: owed,
      property: propertyLine(first.address),
    });
  }

  // A live plan's instalment that failed, unless a plan offered for it (on a request) pays it.
  const missedRows = await db
    .select({
      instalmentId: paymentPlanInstalments.id,
      instalmentNumber: paymentPlanInstalments.instalmentNumber,
      amount: paymentPlanInstalments.amount,
      paymentPlanId: paymentPlans.id,
      claimId: paymentPlans.claimId,
      orderCustomerId: paymentPlans.orderCustomerId,
      ...placeColumns,
    })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .innerJoin(customers, and(eq(customers.id, orderCustomers.customerId), eq(customers.userId, userId)))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(and(eq(paymentPlanInstalments.status, "FAILED"), inArray(paymentPlans.status, ["ACTIVE", "DEFAULT"])))
    .orderBy(paymentPlanInstalments.dueDate, paymentPlanInstalments.id);
  const replacing = missedRows.length
    ? await db
        .select({ instalmentId: paymentPlanRequests.paymentPlanInstalmentId, paymentPlanId: paymentPlanRequests.paymentPlanId })
        .from(paymentPlanRequests)
        .where(
          and(
            eq(paymentPlanRequests.userId, userId),
            eq(paymentPlanRequests.status, "OFFERED"),
            inArray(paymentPlanRequests.paymentPlanInstalmentId, missedRows.map((r) => r.instalmentId)),
          ),
        )
    : [];
  for (const row of missedRows) {
    if (row.amount <= 0) continue;
    if (replacing.some((r) => r.instalmentId === row.instalmentId && r.paymentPlanId !== null && payingPlanIds.has(r.paymentPlanId))) continue;
    debts.push({
      debtType: "MISSED_INSTALMENT",
      recordId: row.instalmentId,
      claimId: row.claimId,
      arbitrationId: null,
      paymentPlanInstalmentId: row.instalmentId,
      paymentPlanId: row.paymentPlanId,
      instalmentNumber: row.instalmentNumber,
      orderCustomerId: row.orderCustomerId,
      amountPence: row.amount,
      property: propertyLine(row.address),
    });
  }
  return debts;
}

/** What the tenant still owes of their own among their actions on an order (ownPaymentOpen), or null. */
function openAmount(actions: { typeId: string; completedAt: Date | null; details: Record<string, unknown> }[]): number | null {
  return ownPaymentOpen(actions.map((a) => ({ typeId: a.typeId, completedAt: a.completedAt, amountRemainingPence: Number(a.details.amountRemaining ?? 0) })));
}

/** The latest request of the tenant for each debt (by its record id). */
export async function latestRequests(db: Reader, userId: string): Promise<Map<string, LatestRequest>> {
  const rows = await db
    .select()
    .from(paymentPlanRequests)
    .where(eq(paymentPlanRequests.userId, userId))
    .orderBy(desc(paymentPlanRequests.createdAt), desc(paymentPlanRequests.id));
  const latest = new Map<string, LatestRequest>();
  for (const row of rows) {
    const key = recordIdOf({ ...row, debtType: row.debtType as DebtType });
    if (key !== null && !latest.has(key)) latest.set(key, row);
  }
  return latest;
}

export const DEBT_MESSAGES = {
  name: "Choose what you want a plan for",
  nothingToPlan: "There is nothing left to pay on this that a plan could spread: it has been paid, or a payment plan is already paying it.",
} as const;

/**
 * The tenant's debt a request names, or the refusal: another tenant's record (any of the ids
 * given) is not found (404), as an unknown id is; a body that does not name the debt by its own
 * id is a 400; a record of theirs with nothing owed on it now (paid, or on a plan) is a 409.
 */
export async function resolveOwnDebt(db: Reader, userId: string, ref: DebtRef, now: Date): Promise<Debt> {
  if (ref.claimId) {
    const [own] = await db
      .select({ id: claimRespondents.id })
      .from(claimRespondents)
      .where(and(eq(claimRespondents.claimId, ref.claimId), eq(claimRespondents.userId, userId)))
      .limit(1);
    if (!own) throw notFound();
  }
  if (ref.arbitrationId) {
    const [own] = await db
      .select({ id: arbitrations.id })
      .from(arbitrations)
      .innerJoin(claimRespondents, and(eq(claimRespondents.claimId, arbitrations.claimId), eq(claimRespondents.userId, userId)))
      .where(eq(arbitrations.id, ref.arbitrationId))
      .limit(1);
    if (!own) throw notFound();
  }
  if (ref.paymentPlanInstalmentId) {
    const [own] = await db
      .select({ id: paymentPlanInstalments.id })
      .from(paymentPlanInstalments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .innerJoin(customers, and(eq(customers.id, orderCustomers.customerId), eq(customers.userId, userId)))
      .where(eq(paymentPlanInstalments.id, ref.paymentPlanInstalmentId))
      .limit(1);
    if (!own) throw notFound();
  }
  const recordId = recordIdOf(ref);
  const named = [ref.claimId, ref.arbitrationId, ref.paymentPlanInstalmentId].filter(Boolean).length;
  if (recordId === null || named !== 1) throw new ApiError(400, `Invalid request: debtType: ${DEBT_MESSAGES.name}`);
  const debt = (await ownDebts(db, userId, now)).find((d) => d.debtType === ref.debtType && d.recordId === recordId);
  if (!debt) throw new ApiError(409, DEBT_MESSAGES.nothingToPlan);
  return debt;
}
