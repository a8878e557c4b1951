/**
 * The dispute goes to the adjudicator when its fee is paid (issue 38, decision 0059): the
 * arbitration is created in the transaction that applied the payment, so the success page's "your
 * dispute has been sent to an independent adjudicator" is true when it is shown, and every tenant
 * is told with it: the tenant who paid by SENT_TO_ADJUDICATION, every other tenant by
 * DISPUTE_FEE_PAID, which names who paid and says the charges are not treated as accepted (their
 * DISPUTE_FEE_DUE said an unpaid fee would mean that). Once: the payment that completes the fee
 * order completes it once (completePaymentAction refuses a second), and an arbitration already
 * there (the claim's one, unique) is left as it is.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { arbitrations, claims, customers, orderCustomers } from "../db/schema";
import { queueNotice } from "../lib/notices";
import { newId } from "../lib/tokens";
import { claimAudience, claimLinks, tenantName } from "./notices";
import { recordActivity, type ClaimRow } from "./records";

/** The claim's arbitration, created if it has none; its tenants told. Called with the claim's row locked. */
export async function sendDisputeToAdjudicator(db: Database, claim: Pick<ClaimRow, "id">, feeOrderId: string, now: Date): Promise<string> {
  const [existing] = await db.select({ id: arbitrations.id }).from(arbitrations).where(eq(arbitrations.claimId, claim.id));
  if (existing) return existing.id;
  const arbitrationId = newId();
  await db.insert(arbitrations).values({ id: arbitrationId, claimId: claim.id, createdAt: now });
  await db.update(claims).set({ status: "AWAITING_ARBITRATION" }).where(eq(claims.id, claim.id));
  await recordActivity(db, { claimId: claim.id, activityType: "SENT_TO_ADJUDICATION", details: { arbitrationId } }, now);
  // Only the tenant who disputed pays the fee (openDisputeFee): the fee order's one customer.
  const [payer] = await db
    .select({ userId: customers.userId })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .where(eq(orderCustomers.orderId, feeOrderId))
    .limit(1);
  const audience = await claimAudience(db, claim.id);
  const about = { property: audience.property, link: claimLinks.arbitration(arbitrationId) };
  const others = audience.tenants.filter((t) => t.userId !== payer?.userId).map((t) => t.userId);
  if (payer) await queueNotice(db, { kind: "SENT_TO_ADJUDICATION", facts: about }, [payer.userId], now);
  await queueNotice(db, { kind: "DISPUTE_FEE_PAID", facts: { ...about, paidBy: tenantName(audience, payer?.userId) } }, others, now);
  return arbitrationId;
}
