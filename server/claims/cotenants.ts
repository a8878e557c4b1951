/**
 * Your co-tenants on a claim (issue 38, decision 0061): the panel's facts, from the claim view's
 * one read (no query of its own). Reminding one is ./cotenant-reminders.ts.
 */
import { claimCoTenants } from "../domain/cotenants";
import type { ClaimForView } from "./queries";

/** The panel's co-tenants and the answer that binds the claim, from what the claim view read. */
export function claimCoTenantsOf(
  loaded: Pick<ClaimForView, "respondents" | "respondentCustomers" | "activities" | "orderActions" | "claim">,
  userId: string,
  payableOrderId: string | null,
  awaitingAnswer: boolean,
) {
  return claimCoTenants({
    meUserId: userId,
    respondents: loaded.respondents,
    customers: loaded.respondentCustomers,
    activities: loaded.activities,
    actions: loaded.orderActions.map((a) => ({
      customerId: a.customerId,
      orderId: a.orderId,
      typeId: a.typeId,
      completedAt: a.completedAt,
      amountRemaining: Number(a.details.amountRemaining ?? 0),
    })),
    payableOrderId,
    feeOrderId: loaded.claim.adjudicationFeeOrderId,
    awaitingAnswer,
  });
}
