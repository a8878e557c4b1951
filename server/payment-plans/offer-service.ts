/**
 * Offering a payment plan (part 2 §3 PaymentPlan; §4 "the tenant must do actions in order
 * confirm, address, card-details"; §9 "Payment plan offer window: 48 hours for three steps"): a
 * PENDING plan whose offer expires 48 hours from now, its three actions CONFIRM, ADDRESS,
 * CARD_DETAILS, and N instalments that split the amount exactly (remainder pennies on the first),
 * due monthly from firstDueDate; the tenant is told by e-mail (PAYMENT_PLAN_OFFERED). The back
 * office's offer (server/scenarios/plans.ts) and a plan offered on a tenant's request
 * (server/plan-requests/, issue 36) both make it here, inside the caller's transaction.
 * Reading chosen: `amount` is the balance spread over the instalments and includes
 * `interestAmount`, which is shown for information.
 */
import { eq } from "drizzle-orm";
import { addresses, orderCustomers, orders, paymentPlanActions, paymentPlanInstalments, paymentPlans, properties, tenancies, customers } from "../db/schema";
import { paymentPlanOfferExpiresAt } from "../domain/deadlines";
import { propertyLine } from "../domain/notices";
import { instalmentSchedule } from "../domain/payment-plans-rules";
import { PAYMENT_PLAN_ACTION_TYPES, type PaymentPlanActionType } from "../domain/statuses";
import { appUrl } from "../lib/app-url";
import { queueNotice } from "../lib/notices";
import { newId } from "../lib/tokens";
import type { Tx } from "./service";

export type PaymentPlanOffer = {
  orderCustomerId: string;
  claimId: string | null;
  amount: number;
  instalments: number;
  firstDueDate: string;
  interestAmount: number;
};

export async function createPaymentPlanOffer(tx: Tx, data: PaymentPlanOffer, now: Date) {
  const owner = await offerOwner(tx, data.orderCustomerId);
  if (!owner) throw new Error(`No order customer ${data.orderCustomerId}`);
  const paymentPlanId = newId();
  const actionIds = Object.fromEntries(PAYMENT_PLAN_ACTION_TYPES.map((t) => [t, newId()])) as Record<PaymentPlanActionType, string>;
  const instalments = instalmentSchedule(data.amount, data.instalments, data.firstDueDate).map((s) => ({ ...s, id: newId() }));
  const offerExpiresAt = paymentPlanOfferExpiresAt(now);

  await tx.insert(paymentPlans).values({
    id: paymentPlanId,
    orderCustomerId: data.orderCustomerId,
    claimId: data.claimId,
    status: "PENDING",
    amount: data.amount,
    interestAmount: data.interestAmount,
    offerExpiresAt,
    createdAt: now,
  });
  await tx.insert(paymentPlanActions).values(
    PAYMENT_PLAN_ACTION_TYPES.map((typeId, position) => ({ id: actionIds[typeId], paymentPlanId, typeId, position, createdAt: now })),
  );
  await tx.insert(paymentPlanInstalments).values(
    instalments.map((i) => ({
      id: i.id,
      paymentPlanId,
      instalmentNumber: i.instalmentNumber,
      dueDate: i.dueDate,
      amount: i.amount,
      status: "PENDING",
      createdAt: now,
    })),
  );
  await queueNotice(
    tx,
    {
      kind: "PAYMENT_PLAN_OFFERED",
      facts: { ...(await offerAbout(tx, data.orderCustomerId, paymentPlanId)), amountPence: data.amount, instalments: data.instalments, offerExpiresAt },
    },
    [owner.userId],
    now,
  );
  return { paymentPlanId, offerExpiresAt, actionIds, instalmentIds: instalments.map((i) => i.id) };
}

/** The tenant an offer is made to: the user of its order customer. */
async function offerOwner(tx: Tx, orderCustomerId: string) {
  const [owner] = await tx
    .select({ userId: customers.userId })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .where(eq(orderCustomers.id, orderCustomerId))
    .limit(1);
  return owner;
}

/** An offer's property on one line and its page (absolute), as its notices name them. */
async function offerAbout(tx: Tx, orderCustomerId: string, paymentPlanId: string) {
  const [place] = await tx
    .select({ address: addresses })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(orderCustomers.id, orderCustomerId))
    .limit(1);
  return { property: place ? propertyLine(place.address) : "your tenancy", link: `${appUrl()}/payment-plan/${paymentPlanId}` };
}

/** The dedupe key of an offer's reminder (issue 38): one per offer, recipient and channel, in the outbox. */
export const offerEndingKey = (paymentPlanId: string) => `payment-plan-offer-ending:${paymentPlanId}`;

/**
 * The reminder 12 hours before an offer lapses (issue 38, decision 0059; the offer sweep,
 * server/jobs/payment-plan-offers.ts, calls it with the plan locked and its steps not all done):
 * PAYMENT_PLAN_OFFER_ENDING to the plan's tenant, once (the outbox's dedupe key). Held during a
 * Breathing Space (the catalogue's "hold"): nothing is queued, so it goes if the space ends first.
 */
export async function queueOfferEndingReminder(
  tx: Tx,
  plan: { id: string; orderCustomerId: string; amount: number; offerExpiresAt: Date },
  now: Date,
): Promise<boolean> {
  const owner = await offerOwner(tx, plan.orderCustomerId);
  if (!owner) return false;
  const instalments = await tx.select({ id: paymentPlanInstalments.id }).from(paymentPlanInstalments).where(eq(paymentPlanInstalments.paymentPlanId, plan.id));
  const queued = await queueNotice(
    tx,
    {
      kind: "PAYMENT_PLAN_OFFER_ENDING",
      facts: { ...(await offerAbout(tx, plan.orderCustomerId, plan.id)), amountPence: plan.amount, instalments: instalments.length, offerExpiresAt: plan.offerExpiresAt },
    },
    [owner.userId],
    now,
    { dedupeKey: offerEndingKey(plan.id) },
  );
  return queued.emails > 0;
}
