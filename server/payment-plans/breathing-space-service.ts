/**
 * The payment plans' part of Breathing Space (issue 36, decision 0047): a tenant's live plans'
 * instalments still to be charged, and moving one's due date. Which move where is the
 * breathing-space area's (the whole remaining schedule shifts: server/domain/breathing-space.ts).
 * A moved instalment's reminders are sent again before its new date; the active page, the
 * schedule's calendar file and the monthly charge all read the stored due date.
 */
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db";
import { customers, orderCustomers, paymentPlanInstalments, paymentPlans } from "../db/schema";
import { INSTALMENT_CHARGE_LEASE_MS } from "../domain/payment-plans-rules";

export type PendingInstalment = { id: string; paymentPlanId: string; instalmentNumber: number; dueDate: string };

/** Not being charged right now, nor charged already (a charge in flight is left to finish). */
function notCharging(now: Date) {
  return and(
    eq(paymentPlanInstalments.status, "PENDING"),
    isNull(paymentPlanInstalments.chargePaymentIntentId),
    or(isNull(paymentPlanInstalments.chargeStartedAt), lte(paymentPlanInstalments.chargeStartedAt, new Date(now.getTime() - INSTALMENT_CHARGE_LEASE_MS))),
  );
}

/** The tenant's ACTIVE plans' instalments still to be charged, each plan's in order. */
export async function pendingInstalmentsOf(db: Pick<Database, "select">, userId: string, now: Date): Promise<PendingInstalment[][]> {
  const plans = (
    await db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
      .where(and(eq(customers.userId, userId), eq(paymentPlans.status, "ACTIVE")))
      .orderBy(asc(paymentPlans.id))
  ).map((p) => p.id);
  if (plans.length === 0) return [];
  const rows = await db
    .select({
      id: paymentPlanInstalments.id,
      paymentPlanId: paymentPlanInstalments.paymentPlanId,
      instalmentNumber: paymentPlanInstalments.instalmentNumber,
      dueDate: paymentPlanInstalments.dueDate,
    })
    .from(paymentPlanInstalments)
    .where(and(inArray(paymentPlanInstalments.paymentPlanId, plans), notCharging(now)))
    .orderBy(asc(paymentPlanInstalments.paymentPlanId), asc(paymentPlanInstalments.instalmentNumber));
  return plans.map((id) => rows.filter((r) => r.paymentPlanId === id)).filter((list) => list.length > 0);
}

/**
 * Moves an instalment's due date, only if it is still what was read and not being charged (an
 * UPDATE waits for the monthly charge's lease transaction, then finds its lease and leaves it);
 * its week and day reminders go again before the new date.
 */
export async function moveInstalment(db: Database, instalment: PendingInstalment, toDueDate: string, now: Date): Promise<boolean> {
  const moved = await db
    .update(paymentPlanInstalments)
    .set({ dueDate: toDueDate, reminderWeekSentAt: null, reminderDaySentAt: null })
    .where(and(eq(paymentPlanInstalments.id, instalment.id), eq(paymentPlanInstalments.dueDate, instalment.dueDate), notCharging(now)))
    .returning({ id: paymentPlanInstalments.id });
  return moved.length > 0;
}
