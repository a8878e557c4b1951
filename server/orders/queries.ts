import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db";
import {
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  tenancyTenants,
  users
} from "../db/schema";
import {
  tenantDisplayName,
  type PaymentActionAmount
} from "../domain/checkout";
import {
  nextAction,
  type OrderCustomerAction as DomainAction,
  type NextAction,
  type OrderCustomerActions
} from "../domain/order-customers";
import { paymentTypeForActionType } from "../domain/payments";
import {
  normaliseOrderCustomerActionType,
  normaliseOrderStatus,
  type OrderCustomerActionType,
  type OrderStatus
} from "../domain/statuses";
import { notFound } from "../lib/errors";

export type Reader = Pick<Database, "select">;

// ── Shared loaders (also used by the checkout and reference routes) ─────────

export type ActionRow = typeof orderCustomerActions.$inferSelect;

export type LoadedOrderCustomer = {
  id: string;
  orderId: string;
  customerId: string;
  userId: string;
  fee: number;
  tenantLiability: number;
  /** In the order they are done (position). */
  actions: ActionRow[];
};

/** Every order customer of the given orders with its actions, by order id. */
export async function loadOrderCustomers(db: Reader, orderIds: readonly string[]) {
  const byOrder = new Map<string, LoadedOrderCustomer[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderCustomer: orderCustomers, userId: customers.userId })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .where(inArray(orderCustomers.orderId, [...orderIds]))
    .orderBy(asc(orderCustomers.createdAt), asc(orderCustomers.id));
  const actionRows =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderCustomerActions)
          .where(inArray(orderCustomerActions.orderCustomerId, rows.map((r) => r.orderCustomer.id)))
          .orderBy(asc(orderCustomerActions.position), asc(orderCustomerActions.createdAt), asc(orderCustomerActions.id));
  for (const r of rows) {
    const list = byOrder.get(r.orderCustomer.orderId) ?? [];
    list.push({
      id: r.orderCustomer.id,
      orderId: r.orderCustomer.orderId,
      customerId: r.orderCustomer.customerId,
      userId: r.userId,
      fee: r.orderCustomer.fee,
      tenantLiability: r.orderCustomer.tenantLiability,
      actions: actionRows.filter((a) => a.orderCustomerId === r.orderCustomer.id),
    });
    byOrder.set(r.orderCustomer.orderId, list);
  }
  return byOrder;
}

/** An order customer as the domain reads it; actions of a type the domain does not know are left out. */
export function toDomainOrderCustomer(oc: Pick<LoadedOrderCustomer, "id" | "actions">): OrderCustomerActions {
  const actions: DomainAction[] = [];
  for (const a of oc.actions) {
    const typeId = normaliseOrderCustomerActionType(a.typeId);
    if (typeId !== null) actions.push({ id: a.id, typeId, completedAt: a.completedAt });
  }
  return { id: oc.id, actions };
}

/** The order customer's next action, with the co-tenants' progress (domain `nextAction`). */
export function nextActionOf(oc: LoadedOrderCustomer, all: readonly LoadedOrderCustomer[]): NextAction | null {
  return nextAction(toDomainOrderCustomer(oc), all.map(toDomainOrderCustomer));
}

/** The amount a pay action still holds: details.amountRemaining, or for the Keyfree payment without one, the fee. */
export function paymentAmounts(oc: LoadedOrderCustomer): PaymentActionAmount[] {
  const amounts: PaymentActionAmount[] = [];
  for (const a of oc.actions) {
    const typeId = normaliseOrderCustomerActionType(a.typeId);
    if (typeId === null || paymentTypeForActionType(typeId) === null) continue;
    const stored = a.details.amountRemaining;
    const amountRemaining =
      typeof stored === "number" && Number.isSafeInteger(stored) && stored >= 0 ? stored : typeId === "KEYFREE_PAY" ? oc.fee : 0;
    amounts.push({ typeId, completedAt: a.completedAt, amountRemaining });
  }
  return amounts;
}

export function orderStatusOf(statusId: string): OrderStatus {
  return normaliseOrderStatus(statusId) ?? "PENDING";
}

/** An action as the API sends it. */
export function actionView(a: ActionRow) {
  return {
    id: a.id,
    typeId: (normaliseOrderCustomerActionType(a.typeId) ?? a.typeId) as OrderCustomerActionType,
    completedAt: a.completedAt ? a.completedAt.toISOString() : null,
    details: a.details,
  };
}

/** The tenants of each tenancy, with their liability on the given order (0 when another tenant pays for them). */
export async function loadTenants(
  db: Reader,
  pairs: readonly { tenancyId: string; orderId: string }[],
  orderCustomersByOrder: Map<string, LoadedOrderCustomer[]>,
) {
  const tenancyIds = [...new Set(pairs.map((p) => p.tenancyId))];
  const rows =
    tenancyIds.length === 0
      ? []
      : await db
          .select({ tenancyId: tenancyTenants.tenancyId, user: users })
          .from(tenancyTenants)
          .innerJoin(users, eq(users.id, tenancyTenants.userId))
          .where(inArray(tenancyTenants.tenancyId, tenancyIds))
          .orderBy(asc(tenancyTenants.createdAt), asc(tenancyTenants.id));
  return (tenancyId: string, orderId: string) => {
    const ocs = orderCustomersByOrder.get(orderId) ?? [];
    return rows
      .filter((r) => r.tenancyId === tenancyId)
      .map((r) => {
        const oc = ocs.find((o) => o.userId === r.user.id);
        return {
          id: r.user.id,
          customerId: oc?.customerId ?? null,
          orderCustomerId: oc?.id ?? null,
          firstName: r.user.firstName,
          lastName: r.user.lastName,
          email: r.user.email,
          displayName: tenantDisplayName(r.user),
          tenantLiability: oc?.tenantLiability ?? 0,
        };
      });
  };
}


/**
 * An order the signed-in user is on, by id (any product), or 404. Used wherever a route takes
 * an order id; another tenant's order and a made-up id look the same.
 */
export async function ownOrder(db: Reader, orderId: string, customerId: string) {
  const [row] = await db
    .select({ order: orders, orderCustomer: orderCustomers })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, customerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The order customer at /orders/{orderId}/customers/{customerId}, for the signed-in user: 404
 * unless the customer id is the user's own customer AND that customer is on the order. With
 * `forUpdate` the row is locked until the transaction ends (a double submit waits, then sees
 * the first one's result).
 */
export async function ownOrderCustomer(
  db: Reader,
  input: { orderId: string; customerId: string; userId: string },
  options: { forUpdate?: boolean } = {},
) {
  const [customer] = await db.select().from(customers).where(eq(customers.userId, input.userId)).limit(1);
  if (!customer || customer.id !== input.customerId) throw notFound();
  const query = db
    .select()
    .from(orderCustomers)
    .where(and(eq(orderCustomers.orderId, input.orderId), eq(orderCustomers.customerId, customer.id)))
    .limit(1);
  const [orderCustomer] = options.forUpdate ? await query.for("update") : await query;
  if (!orderCustomer) throw notFound();
  return { orderCustomer, customer };
}

