/**
 * While a tenant's request for a plan waits for an answer (issue 36, scope 2; decision 0048),
 * nobody asks them for that money and nothing about it escalates. The areas that remind or
 * charge ask here, never the requests' table themselves:
 *  - the claims area's PAYMENT_REMINDER (a claim's balance) and ADJUDICATION_PAYMENT_REMINDER (an
 *    award): `tenantsAwaitingPlanAnswer` names the tenants to leave out;
 *  - the payment plans area's instalment reminders and monthly charges (a missed instalment):
 *    `planAwaitingPlanAnswer` is the SQL condition that holds back every instalment of the plan
 *    (the tenant told us they cannot keep to it; our answer replaces it), `isPlanAwaitingPlanAnswer`
 *    the same for one plan, under its lock;
 *  - a plan offered for a missed instalment pays that instalment once paid off:
 *    `instalmentReplacedByPlan`.
 * Small on purpose: it imports no other area, so any area may call it.
 */
import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { paymentPlanInstalments, paymentPlanRequests } from "../db/schema";

type Reader = Pick<Database, "select">;

export type RemindedDebt = { debtType: "CLAIM_BALANCE"; claimId: string } | { debtType: "ADJUDICATION_AWARD"; arbitrationId: string };

/** The tenants (user ids) among `userIds` waiting for an answer to a plan request for this debt. */
export async function tenantsAwaitingPlanAnswer(db: Reader, debt: RemindedDebt, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const named =
    debt.debtType === "CLAIM_BALANCE" ? eq(paymentPlanRequests.claimId, debt.claimId) : eq(paymentPlanRequests.arbitrationId, debt.arbitrationId);
  const rows = await db
    .select({ userId: paymentPlanRequests.userId })
    .from(paymentPlanRequests)
    .where(
      and(eq(paymentPlanRequests.status, "PENDING"), eq(paymentPlanRequests.debtType, debt.debtType), named, inArray(paymentPlanRequests.userId, [...userIds])),
    );
  return new Set(rows.map((r) => r.userId));
}

/**
 * An SQL condition, true while a PENDING request names a missed instalment of the plan whose id is
 * `paymentPlanId` (a column of the caller's query): its instalments are then neither reminded of
 * nor charged. The inner tables have their own aliases, so the caller's may be the same tables.
 */
export function planAwaitingPlanAnswer(paymentPlanId: AnyColumn): SQL {
  return sql`exists (select 1 from payment_plan_requests ppr_pending inner join payment_plan_instalments ppr_missed on ppr_missed.id = ppr_pending.payment_plan_instalment_id where ppr_pending.status = 'PENDING' and ppr_pending.debt_type = 'MISSED_INSTALMENT' and ppr_missed.payment_plan_id = ${paymentPlanId})`;
}

/** Whether a PENDING request names a missed instalment of this plan. */
export async function isPlanAwaitingPlanAnswer(db: Reader, paymentPlanId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentPlanRequests.id })
    .from(paymentPlanRequests)
    .innerJoin(paymentPlanInstalments, eq(paymentPlanInstalments.id, paymentPlanRequests.paymentPlanInstalmentId))
    .where(
      and(
        eq(paymentPlanRequests.status, "PENDING"),
        eq(paymentPlanRequests.debtType, "MISSED_INSTALMENT"),
        eq(paymentPlanInstalments.paymentPlanId, paymentPlanId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The missed instalment (and its plan) a plan was offered to pay, on a tenant's request; null for any other plan. */
export async function instalmentReplacedByPlan(db: Reader, paymentPlanId: string): Promise<{ instalmentId: string; paymentPlanId: string } | null> {
  const [row] = await db
    .select({ instalmentId: paymentPlanInstalments.id, paymentPlanId: paymentPlanInstalments.paymentPlanId })
    .from(paymentPlanRequests)
    .innerJoin(paymentPlanInstalments, eq(paymentPlanInstalments.id, paymentPlanRequests.paymentPlanInstalmentId))
    .where(
      and(
        eq(paymentPlanRequests.paymentPlanId, paymentPlanId),
        eq(paymentPlanRequests.debtType, "MISSED_INSTALMENT"),
        eq(paymentPlanRequests.status, "OFFERED"),
      ),
    )
    .limit(1);
  return row ?? null;
}
