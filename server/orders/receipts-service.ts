/**
 * The payments a tenant made on one of their Keyfrees, and each one's receipt (issue 27, scope 6):
 * reads only. A payment belongs to a Keyfree when it was made on an order of the same tenancy
 * (the Keyfree fee, an annual fee, the charges, a proposal, the dispute fee, the adjudicated
 * amount) or is an instalment of a payment plan on one; it is the tenant's when their own order
 * customer made it. Two queries whatever the Keyfree holds (one for the order actions, one for
 * the instalments), each with the Keyfree, its address and the payer by the same joins
 * (ofTheCustomersKeyfree); another tenant's ids find
 * nothing, so they are the same 404 as ids that do not exist.
 */
import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { paymentLabel } from "#common/payments";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
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
import { propertyLine } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { notFound } from "../lib/errors";
import { log } from "../lib/log";
import { queueNotice } from "../lib/notices";
import { propertyAddressView, type PropertyAddress } from "../lib/schemas";
import { ownOrder } from "./reads-service";

type Reader = Pick<Database, "select">;
type Writer = Pick<Database, "select" | "insert">;

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

type Filter = { keyfreeOrderId: string } | { paymentId: string } | { claimId: string };

/**
 * The one join both reads share: from a payment's order customer (already joined) to its order,
 * the Keyfree of that tenancy which this same customer is on, its address, and the payer; only
 * the customer's own payments, `made` (completed, paid), and those `chosen` (of the Keyfree, or
 * the one asked for). The callers' select lists name the columns, so the rows' type is theirs (the
 * joins are all inner: none makes a column nullable, so the cast to T loses nothing the rows use).
 */
function ofTheCustomersKeyfree<T extends PgSelect>(query: T, customerId: string, made: SQL, chosen: SQL): T {
  return query
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
    .where(and(eq(orderCustomers.customerId, customerId), made, chosen)) as unknown as T;
}

async function paymentsMade(db: Reader, customerId: string, filter: Filter): Promise<PaymentMade[]> {
  const byKeyfree = "keyfreeOrderId" in filter ? eq(keyfreeOrders.id, filter.keyfreeOrderId) : null;
  const common = {
    keyfreeOrderId: keyfreeOrders.id,
    address: addresses,
    user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
  };
  // Both reads go from the payment to the Keyfree of its tenancy that this same customer is on.
  const actionQuery = db
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
    .$dynamic();
  const actionRows = await ofTheCustomersKeyfree(
    actionQuery,
    customerId,
    isNotNull(orderCustomerActions.completedAt)!,
    byKeyfree ?? ("claimId" in filter ? eq(orders.claimId, filter.claimId) : eq(orderCustomerActions.id, (filter as { paymentId: string }).paymentId)),
  );
  const instalmentQuery = db
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
    .$dynamic();
  const instalmentRows = await ofTheCustomersKeyfree(
    instalmentQuery,
    customerId,
    eq(paymentPlanInstalments.status, "PAID"),
    byKeyfree ?? ("claimId" in filter ? eq(paymentPlans.claimId, filter.claimId) : eq(paymentPlanInstalments.id, (filter as { paymentId: string }).paymentId)),
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

/** Every payment the tenant made towards one claim (its charges, a proposal, the dispute fee, the award, instalments), newest first. */
export async function claimPaymentsOf(db: Reader, claimId: string, customerId: string): Promise<PaymentMade[]> {
  return paymentsMade(db, customerId, { claimId });
}

/** One payment the tenant made, as its receipt; 404 unless it is a payment of theirs. */
export async function paymentReceipt(db: Reader, paymentId: string, customerId: string): Promise<PaymentMade> {
  const [payment] = await paymentsMade(db, customerId, { paymentId });
  if (!payment) throw notFound();
  return payment;
}

/** The Keyfree page's receipt of one payment: what the e-mailed link downloads (app/routes.ts). */
export function receiptPath(keyfreeOrderId: string, paymentId: string): string {
  return `/keyfrees/${encodeURIComponent(keyfreeOrderId)}/receipts/${encodeURIComponent(paymentId)}`;
}

/**
 * The PAYMENT_RECEIPT e-mail (issue 28, scope 3) for a card payment just applied, queued in the
 * transaction that applied it, to the tenant who paid. The payment is read as its receipt reads it
 * (paymentsMade), so the e-mail says what the Keyfree page and the downloaded receipt say, and its
 * link opens exactly that receipt; a payment that is no payment made there (nothing kept) sends
 * none. Once per payment: a payment is applied once, and the outbox's dedupe key holds it even so.
 * `givenBackPence`: what the card paid above what was kept, being refunded.
 */
export async function queuePaymentReceipt(
  tx: Writer,
  input: { paymentId: string; customerId: string; cardLast4: string | null; givenBackPence?: number },
  now: Date,
): Promise<boolean> {
  const [payment] = await paymentsMade(tx, input.customerId, { paymentId: input.paymentId });
  const [payer] = await tx.select({ userId: customers.userId }).from(customers).where(eq(customers.id, input.customerId)).limit(1);
  if (!payment || !payer) {
    // A payment with no Keyfree of the payer's to show it on: nothing to link to.
    log.warn("no receipt: the payment is not on a Keyfree of the payer's", { paymentId: input.paymentId });
    return false;
  }
  const queued = await queueNotice(
    tx,
    {
      kind: "PAYMENT_RECEIPT",
      facts: {
        property: propertyLine(payment.keyfree.address),
        link: appLink(`/keyfrees/${encodeURIComponent(payment.keyfree.orderId)}`),
        paidFor: paymentLabel(payment),
        amountPence: payment.amount,
        cardLast4: input.cardLast4,
        paidAt: payment.paidAt,
        receiptLink: appLink(receiptPath(payment.keyfree.orderId, payment.id)),
        ...(input.givenBackPence && input.givenBackPence > 0 ? { givenBackPence: input.givenBackPence } : {}),
      },
    },
    [payer.userId],
    now,
    { dedupeKey: `PAYMENT_RECEIPT:${payment.id}` },
  );
  return queued.emails > 0;
}
