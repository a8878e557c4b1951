/**
 * Paying a claim's balances (the money model is the claims area's: server/claims/charges.ts):
 * a payment completes its pay action, lowers or settles the other actions of its CLAIM order
 * (joint and several liability, the domain's balancesAfterPayment), and, when the order is paid
 * in full, the claims area applies what that means to the claim (applyClaimOrderPaid: the
 * charges settled, the tenant proposal sent, the dispute fee paid, the award repaid).
 *
 * Called by this area's payment purpose (a card payment, purpose.ts), by the payment plans area
 * when a plan for a claim's balance is paid off, and by the back office's stand-in
 * (payClaimAction in the scenarios). Locks: the claim row first, as every claim write does.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { orderCustomerActions, orderCustomers, orders } from "../db/schema";
import { balancesAfterPayment } from "../domain/claim-payments";
import { applyClaimOrderPaid, fail, lockClaim, recordActivity, type ClaimOrderPaidEffect } from "../claims";

export type PaymentOutcome = {
  orderId: string;
  claimId: string;
  orderComplete: boolean;
  /** What completing the order did to the claim. */
  effect: ClaimOrderPaidEffect;
};

/**
 * Completes a claim payment action and applies what the payment means (see the money
 * model). Runs inside the caller's transaction, once the card payment succeeded (or the plan
 * was paid off). Throws when the action is already complete or not a claim's.
 */
export async function completePaymentAction(db: DbOrTx, orderCustomerActionId: string, now: Date): Promise<PaymentOutcome> {
  const [found] = await db
    .select({ orderId: orderCustomers.orderId, claimId: orders.claimId, productId: orders.productId })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(eq(orderCustomerActions.id, orderCustomerActionId));
  if (!found) return fail(`No order customer action ${orderCustomerActionId}`);
  if (found.productId !== "CLAIM" || found.claimId === null) return fail("This action is not a claim payment");
  const claim = (await lockClaim(db, found.claimId)) ?? fail(`No claim ${found.claimId}`);
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for("update");
  const rows = await db
    .select({ action: orderCustomerActions })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(eq(orderCustomers.orderId, found.orderId))
    .for("update");
  const all = rows.map((r) => r.action);
  const action = all.find((a) => a.id === orderCustomerActionId)!;
  if (action.completedAt !== null) fail("This payment has already been made");
  const paid = Number(action.details.amountRemaining ?? 0);
  await db
    .update(orderCustomerActions)
    .set({ completedAt: now, details: { ...action.details, amountPaid: paid, amountRemaining: 0 } })
    .where(eq(orderCustomerActions.id, action.id));

  // The balance arithmetic is the domain's pure rule; here it is applied to the rows.
  const others = all.filter((a) => a.id !== action.id && a.completedAt === null);
  const after = balancesAfterPayment(
    action.typeId,
    paid,
    others.map((o) => ({ id: o.id, typeId: o.typeId, amountRemainingPence: Number(o.details.amountRemaining ?? 0) })),
  );
  for (const other of others) {
    const next = after.find((x) => x.id === other.id)!;
    if (next.amountRemainingPence === Number(other.details.amountRemaining ?? 0) && !next.settled) continue;
    await db
      .update(orderCustomerActions)
      .set({
        details: { ...other.details, amountRemaining: next.amountRemainingPence, ...(next.settled ? { settledByActionId: action.id } : {}) },
        ...(next.settled ? { completedAt: now } : {}),
      })
      .where(eq(orderCustomerActions.id, other.id));
  }
  const stillOpen = after.filter((x) => !x.settled);
  const open = stillOpen.length;
  await recordActivity(
    db,
    { claimId: claim.id, activityType: "PAYMENT_RECEIVED", details: { orderId: found.orderId, actionType: action.typeId, amount: paid } },
    now,
  );
  const outcome: PaymentOutcome = { orderId: found.orderId, claimId: claim.id, orderComplete: open === 0, effect: "NONE" };
  if (open > 0) return outcome;
  await db.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, found.orderId));
  return { ...outcome, effect: await applyClaimOrderPaid(db, claim, found.orderId, now) };
}
