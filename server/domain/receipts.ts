/**
 * The payments a tenant has made on a Keyfree (issue 27, scope 6): which completed actions and
 * instalments were money the tenant's card paid, and how much, so the Keyfree page can list them
 * and each can have a receipt.
 */
import { paymentTypeForActionType, type PaymentKind, type PaymentType } from "#common/payments";
import { normaliseOrderCustomerActionType } from "./statuses.js";

export type { PaymentKind };

const wholePence = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;

/**
 * A completed order-customer action as a payment the tenant made, or null when it was none:
 * not a pay action, not completed, settled by another payment (the tenant's whole-balance
 * payment or a co-tenant's: `settledByActionId`; or by a payment plan's instalments:
 * `paidByPaymentPlanId`), or nothing paid. The amount is what was paid
 * (`amountPaid`); a Keyfree fee completed without one (an order set up as paid) was the
 * tenant's share of the fee.
 */
export function paymentMadeByAction(action: {
  typeId: string;
  completedAt: Date | null;
  details: Record<string, unknown>;
  fee: number;
}): { paymentType: PaymentType; amount: number } | null {
  if (action.completedAt === null) return null;
  const typeId = normaliseOrderCustomerActionType(action.typeId);
  const paymentType = typeId === null ? null : paymentTypeForActionType(typeId);
  if (paymentType === null) return null;
  if (typeof action.details.settledByActionId === "string") return null;
  // Paid off by a payment plan: its instalments are the payments (issue 28).
  if (typeof action.details.paidByPaymentPlanId === "string") return null;
  const paid = wholePence(action.details.amountPaid) ?? (paymentType === "KEYFREE" ? action.fee : null);
  if (paid === null || paid === 0) return null;
  return { paymentType, amount: paid };
}

/** An instalment is a payment made once it is PAID (with the time it was paid). */
export function paymentMadeByInstalment(instalment: { status: string; paidAt: Date | null; amount: number }): { amount: number } | null {
  if (instalment.status !== "PAID" || instalment.paidAt === null || instalment.amount <= 0) return null;
  return { amount: instalment.amount };
}

/** Newest first; the same instant by id, so the order never changes between two reads. */
export function byPaidAtDescending<T extends { paidAt: Date; id: string }>(a: T, b: T): number {
  return b.paidAt.getTime() - a.paidAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
