import { contactPath } from "~/lib/contact";

/** The contact page for a payment plan (issue 26): about the plan's charges (its claim), or its order when it has none. */
export function planContactPath(plan: { claimId: string | null; orderCustomer: { orderId: string; customerId: string } }): string {
  return contactPath({
    topic: "PAYMENT_PLAN",
    claimId: plan.claimId,
    order: plan.claimId ? null : { orderId: plan.orderCustomer.orderId, customerId: plan.orderCustomer.customerId },
  });
}
