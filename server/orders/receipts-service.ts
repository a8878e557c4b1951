/**
 * The payments a tenant made on one of their Keyfrees, and each one's receipt (issue 27, scope 6):
 * reads only. A payment belongs to a Keyfree when it was made on an order of the same tenancy
 * (the Keyfree fee, an annual fee, the charges, a proposal, the dispute fee, the adjudicated
 * amount) or is an instalment of a payment plan on one; it is the tenant's when their own order
 * customer made it. Two queries whatever the Keyfree holds (one for the order actions, one for
 * the instalments), each with the Keyfree, its address and the payer; another tenant's ids find
 * nothing, so they are the same 404 as ids that do not exist.
 */
import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import {
  addresses,
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  paymentPlanInstalments,
  paymentPlans,
  properties,
  tenancies,
  users,
} from "../db/schema";
import { tenantDisplayName } from "../domain/checkout";
import { byPaidAtDescending, paymentMadeByAction, paymentMadeByInstalment, type PaymentKind } from "../domain/receipts";
import { notFound } from "../lib/errors";
import { propertyAddressView, type PropertyAddress } from "../lib/schemas";
import { ownOrder } from "./reads-service";

type Reader = Pick<Database, "select">;

export type PaymentMade = {
  id: string;
  kind: PaymentKind;
  /** Pence. */
  amount: number;
  paidAt: Date;
  /** The instalment's number, for a payment plan instalment. */
  instalmentNumber: number | null;
  /** The claim the payment was for, if any. */
  claimId: string | null;
  /** Pence given back to the card for this payment (a refused proposal's payment, an overpayment), and whether all of it has gone. */
  refundedAmount: number;
  refundPending: boolean;
  keyfree: { orderId: string; customerId: string; address: PropertyAddress };
  payer: { name: string; email: string };
};

const keyfreeOrders = alias(orders, "keyfree_order");
const keyfreeOrderCustomers = alias(orderCustomers, "keyfree_order_customer");

type Filter = { keyfreeOrderId: string } | { paymentId: string };

async function paymentsMade(db: Reader, customerId: string, filter: Filter): Promise<PaymentMade[]> {
  const byKeyfree = "keyfreeOrderId" in filter ? eq(keyfreeOrders.id, filter.keyfreeOrderId) : null;
  const common = {
    keyfreeOrderId: keyfreeOrders.id,
    address: addresses,
    user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
  };
  // Both reads go from the payment to the Keyfree of its tenancy that this same customer is on.
  const actionRows = await db
    .select({
      ...common,
      id: orderCustomerActions.id,
      typeId: orderCustomerActions.typeId,
      completedAt: orderCustomerActions.completedAt,
      details: orderCustomerActions.details,
      fee: orderCustomers.fee,
      claimId: orders.claimId,
      refunded: sql<{ amount: number; pending: boolean }>`(
        select json_build_object('amount', coalesce(sum(r.amount), 0), 'pending', coalesce(bool_or(r.paid_at is null), false))
        from owed_refunds r where r.order_customer_action_id = ${orderCustomerActions.id})`,
    })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(keyfreeOrders, and(eq(keyfreeOrders.tenancyId, orders.tenancyId), eq(keyfreeOrders.productId, "KEYFREE")))
    .innerJoin(
      keyfreeOrderCustomers,
      and(eq(keyfreeOrderCustomers.orderId, keyfreeOrders.id), eq(keyfreeOrderCustomers.customerId, orderCustomers.customerId)),
    )
    .innerJoin(tenancies, eq(tenancies.id, keyfreeOrders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(
      and(
        eq(orderCustomers.customerId, customerId),
        isNotNull(orderCustomerActions.completedAt),
        byKeyfree ?? eq(orderCustomerActions.id, (filter as { paymentId: string }).paymentId),
      ) as SQL,
    );
  const instalmentRows = await db
    .select({
      ...common,
      id: paymentPlanInstalments.id,
      status: paymentPlanInstalments.status,
      paidAt: paymentPlanInstalments.paidAt,
      amount: paymentPlanInstalments.amount,
      instalmentNumber: paymentPlanInstalments.instalmentNumber,
      claimId: paymentPlans.claimId,
    })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(keyfreeOrders, and(eq(keyfreeOrders.tenancyId, orders.tenancyId), eq(keyfreeOrders.productId, "KEYFREE")))
    .innerJoin(
      keyfreeOrderCustomers,
      and(eq(keyfreeOrderCustomers.orderId, keyfreeOrders.id), eq(keyfreeOrderCustomers.customerId, orderCustomers.customerId)),
    )
    .innerJoin(tenancies, eq(tenancies.id, keyfreeOrders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(
      and(
        eq(orderCustomers.customerId, customerId),
        eq(paymentPlanInstalments.status, "PAID"),
        byKeyfree ?? eq(paymentPlanInstalments.id, (filter as { paymentId: string }).paymentId),
      ) as SQL,
    );

  const made: PaymentMade[] = [];
  const shared = (r: { keyfreeOrderId: string; address: typeof addresses.$inferSelect; user: { email: string; firstName: string; lastName: string } }) => ({
    keyfree: { orderId: r.keyfreeOrderId, customerId, address: propertyAddressView(r.address) },
    payer: { name: tenantDisplayName(r.user), email: r.user.email },
  });
  for (const r of actionRows) {
    const payment = paymentMadeByAction({ typeId: r.typeId, completedAt: r.completedAt, details: r.details, fee: r.fee });
    if (payment === null || r.completedAt === null) continue;
    made.push({
      id: r.id,
      kind: payment.paymentType,
      amount: payment.amount,
      paidAt: r.completedAt,
      instalmentNumber: null,
      claimId: r.claimId,
      refundedAmount: Number(r.refunded?.amount ?? 0),
      refundPending: Boolean(r.refunded?.pending),
      ...shared(r),
    });
  }
  for (const r of instalmentRows) {
    const payment = paymentMadeByInstalment(r);
    if (payment === null || r.paidAt === null) continue;
    made.push({
      id: r.id,
      kind: "PAYMENT_PLAN_INSTALMENT",
      amount: payment.amount,
      paidAt: r.paidAt,
      instalmentNumber: r.instalmentNumber,
      claimId: r.claimId,
      refundedAmount: 0,
      refundPending: false,
      ...shared(r),
    });
  }
  return made.sort(byPaidAtDescending);
}

/** Every payment the tenant made on one of their Keyfrees, newest first; 404 unless the Keyfree is theirs. */
export async function keyfreePayments(db: Reader, orderId: string, customerId: string): Promise<PaymentMade[]> {
  const { order } = await ownOrder(db, orderId, customerId);
  if (order.productId !== "KEYFREE") throw notFound();
  return paymentsMade(db, customerId, { keyfreeOrderId: orderId });
}

/** One payment the tenant made, as its receipt; 404 unless it is a payment of theirs. */
export async function paymentReceipt(db: Reader, paymentId: string, customerId: string): Promise<PaymentMade> {
  const [payment] = await paymentsMade(db, customerId, { paymentId });
  if (!payment) throw notFound();
  return payment;
}
