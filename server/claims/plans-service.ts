/**
 * The payment plans on a claim (part 1 §2.5): the tenant's own plan that still counts (the
 * claim and arbitration pages send them to it) and whether a co-tenant has one ('Payment plan
 * in progress'). A read the arbitrations area uses too, so it is one of the claims area's
 * service modules (docs/decisions/0007).
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "../db";
import { orderCustomers, orders, paymentPlanActions, paymentPlanInstalments, paymentPlans } from "../db/schema";
import { paymentPlanCountsForRedirect } from "../domain/payment-plans";
import type { PaymentPlanActionType, PaymentPlanStatus } from "../domain/statuses";

/** This tenant's active payment plan on the claim, and whether a co-tenant has one. */
export async function claimPaymentPlans(db: Database, claimId: string, customerIds: { mine: string; others: string[] }, now: Date) {
  const claimOrderIds = (await db.select({ id: orders.id }).from(orders).where(eq(orders.claimId, claimId))).map((o) => o.id);
  const rows = await db
    .select({ plan: paymentPlans, customerId: orderCustomers.customerId })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(
      claimOrderIds.length > 0
        ? or(eq(paymentPlans.claimId, claimId), inArray(orderCustomers.orderId, claimOrderIds))
        : eq(paymentPlans.claimId, claimId),
    )
    .orderBy(asc(paymentPlans.createdAt));
  const planIds = rows.map((r) => r.plan.id);
  const actions = planIds.length
    ? await db.select().from(paymentPlanActions).where(inArray(paymentPlanActions.paymentPlanId, planIds))
    : [];
  // A paid-off plan (every instalment PAID) no longer counts (docs/decisions/0026).
  const instalments = planIds.length
    ? await db
        .select({ id: paymentPlanInstalments.id, paymentPlanId: paymentPlanInstalments.paymentPlanId, status: paymentPlanInstalments.status })
        .from(paymentPlanInstalments)
        .where(inArray(paymentPlanInstalments.paymentPlanId, planIds))
    : [];
  return claimPlanFacts(
    rows.map((r) => ({
      id: r.plan.id,
      status: r.plan.status,
      createdAt: r.plan.createdAt,
      customerId: r.customerId,
      actions: actions.filter((a) => a.paymentPlanId === r.plan.id),
      instalments: instalments.filter((i) => i.paymentPlanId === r.plan.id),
    })),
    customerIds,
    now,
  );
}

/** A plan on the claim as claimPlanFacts reads it: the plan, whose order customer it is, its steps and instalments. */
export type ClaimPlanRow = {
  id: string;
  status: string;
  createdAt: Date;
  customerId: string;
  actions: { id: string; typeId: string; completedAt: Date | null }[];
  instalments: { id: string; status: string }[];
};

/**
 * From the claim's plans (oldest first): this tenant's newest plan that still counts (neither
 * default nor cancelled, nor a void offer, nor paid off: docs/decisions/0026), and whether a
 * co-tenant has one. The claim's screen reads the plans in its one query and calls this too.
 */
export function claimPlanFacts(rows: readonly ClaimPlanRow[], customerIds: { mine: string; others: string[] }, now: Date) {
  const counting = rows.filter((r) =>
    paymentPlanCountsForRedirect(
      {
        id: r.id,
        status: r.status as PaymentPlanStatus,
        createdAt: r.createdAt,
        actions: r.actions.map((a) => ({ id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt })),
        instalments: r.instalments.map((i) => ({ id: i.id, status: i.status })),
      },
      now,
    ),
  );
  const mine = counting.filter((r) => r.customerId === customerIds.mine).pop();
  return {
    paymentPlanId: mine?.id ?? null,
    coTenantOnPaymentPlan: counting.some((r) => customerIds.others.includes(r.customerId)),
  };
}
