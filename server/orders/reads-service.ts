/**
 * The order reads: the orders area's own (the dashboard's tenancy orders, an order's amounts) and
 * the ones other areas build on (checkout's steps and views, a reference's step), so it is one of
 * the area's service modules (docs/decisions/0007). Reads only.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import {
  addresses,
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  properties,
  tenancies,
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
import { paymentTypeForActionType } from "#common/payments";
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


// ── The tenancy orders of a customer, in one query ──────────────────────────

/** Timestamps come back from json_build_object as ISO strings. */
const toDate = (value: string | null | undefined) => (value == null ? null : new Date(value));

type JsonAction = Omit<ActionRow, "completedAt" | "createdAt"> & { completedAt: string | null; createdAt: string };
type JsonOrderCustomer = Omit<LoadedOrderCustomer, "actions"> & { actions: JsonAction[] };
type JsonTenant = { id: string; firstName: string; lastName: string; email: string };
type JsonDocument = { id: string; name: string; typeId: string };
type JsonProposal = {
  id: string;
  round: number;
  status: string;
  source: string;
  type: string | null;
  createdByUserId: string | null;
  publishedAt: string | null;
  createdAt: string;
};
type JsonClaim = {
  id: string;
  status: string;
  limit: number;
  finalAmount: number | null;
  mediationEnabled: boolean;
  arbitrationId: string | null;
  arbitratedAmount: number | null;
  /** Whether the signed-in user is a respondent (only then are its details and proposals sent). */
  respondent: boolean;
  proposals: JsonProposal[];
};
type JsonPaymentPlan = {
  id: string;
  /** The claim the plan pays, when it was offered for one (else the claim of the plan's order, if any). */
  claimId: string | null;
  status: string;
  createdAt: string;
  actions: { id: string; typeId: string; completedAt: string | null }[];
  instalmentStatuses: string[];
};

/**
 * The query below as a prepared statement, one per database handle and filter shape: PostgreSQL
 * plans it once per connection, not on every dashboard view (planning was most of its cost).
 */
const tenancyOrderQueries = new WeakMap<Reader, Map<string, ReturnType<typeof prepareTenancyOrderRows>>>();
function prepareTenancyOrderRows(db: Reader, shape: string) {
  const conditions = [eq(orderCustomers.customerId, sql.placeholder("customerId"))];
  if (shape.includes("p")) conditions.push(eq(orders.productId, sql.placeholder("productId")));
  if (shape.includes("o")) conditions.push(eq(orders.id, sql.placeholder("orderId")));
  return db
    .select({
      order: orders,
      orderCustomer: orderCustomers,
      tenancy: tenancies,
      property: properties,
      address: addresses,
      orderCustomers: sql<JsonOrderCustomer[]>`(
        select coalesce(json_agg(json_build_object(
          'id', oc.id, 'orderId', oc.order_id, 'customerId', oc.customer_id, 'userId', c.user_id,
          'fee', oc.fee, 'tenantLiability', oc.tenant_liability,
          'actions', (
            select coalesce(json_agg(json_build_object(
              'id', a.id, 'orderCustomerId', a.order_customer_id, 'typeId', a.type_id, 'position', a.position,
              'completedAt', a.completed_at, 'details', a.details, 'createdAt', a.created_at
            ) order by a.position, a.created_at, a.id), '[]'::json)
            from order_customer_actions a where a.order_customer_id = oc.id)
        ) order by oc.created_at, oc.id), '[]'::json)
        from order_customers oc join customers c on c.id = oc.customer_id
        where oc.order_id = ${orders.id})`,
      tenants: sql<JsonTenant[]>`(
        select coalesce(json_agg(json_build_object(
          'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email
        ) order by tt.created_at, tt.id), '[]'::json)
        from tenancy_tenants tt join users u on u.id = tt.user_id
        where tt.tenancy_id = ${tenancies.id})`,
      documents: sql<JsonDocument[]>`(
        select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'typeId', td.type_id)
          order by td.created_at, td.id), '[]'::json)
        from tenancy_documents td join documents d on d.id = td.document_id
        where td.tenancy_id = ${tenancies.id} and td.type_id like 'SIGNED\\_%')`,
      claim: sql<JsonClaim | null>`(
        select json_build_object(
          'id', cl.id, 'status', cl.status, 'limit', cl."limit", 'finalAmount', cl.final_amount,
          'mediationEnabled', cl.mediation_enabled,
          'arbitrationId', ar.id, 'arbitratedAmount', ar.arbitrated_amount,
          'respondent', cr.id is not null,
          'proposals', case when cr.id is null then '[]'::json else (
            select coalesce(json_agg(json_build_object(
              'id', cp.id, 'round', cp.round, 'status', cp.status, 'source', cp.source, 'type', cp.type,
              'createdByUserId', cp.created_by_user_id, 'publishedAt', cp.published_at, 'createdAt', cp.created_at
            )), '[]'::json)
            from claim_proposals cp where cp.claim_id = cl.id) end)
        from claims cl
        left join arbitrations ar on ar.claim_id = cl.id
        left join claim_respondents cr on cr.claim_id = cl.id and cr.user_id = ${sql.placeholder("userId")}
        where cl.tenancy_id = ${tenancies.id}
        order by cl.created_at desc, cl.id desc
        limit 1)`,
      paymentPlans: sql<JsonPaymentPlan[]>`(
        select coalesce(json_agg(json_build_object(
          'id', pp.id, 'claimId', pp.claim_id, 'status', pp.status, 'createdAt', pp.created_at,
          'actions', (
            select coalesce(json_agg(json_build_object('id', pa.id, 'typeId', pa.type_id, 'completedAt', pa.completed_at)
              order by pa.position), '[]'::json)
            from payment_plan_actions pa where pa.payment_plan_id = pp.id),
          'instalmentStatuses', (
            select coalesce(json_agg(pi.status), '[]'::json)
            from payment_plan_instalments pi where pi.payment_plan_id = pp.id)
        )), '[]'::json)
        from payment_plans pp where pp.order_customer_id = ${orderCustomers.id})`,
    })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .prepare(`tenancy_orders_${shape || "all"}`);
}

/**
 * Every order the customer is on that matches `filter`, newest first, with its tenancy, property
 * and address, every order customer with their actions, the tenancy's tenants and signed
 * documents, its latest claim (with the arbitration, and the proposals when the user is a
 * respondent) and the payment plans of the customer's own order customer: one round trip
 * (correlated json subqueries), however many orders there are.
 */
export async function loadTenancyOrderRows(
  db: Reader,
  customerId: string,
  userId: string,
  filter: { productId?: string; orderId?: string },
) {
  const shape = `${filter.productId !== undefined ? "p" : ""}${filter.orderId !== undefined ? "o" : ""}`;
  let byShape = tenancyOrderQueries.get(db);
  if (!byShape) tenancyOrderQueries.set(db, (byShape = new Map()));
  let prepared = byShape.get(shape);
  if (!prepared) byShape.set(shape, (prepared = prepareTenancyOrderRows(db, shape)));
  const rows = await prepared.execute({ customerId, userId, productId: filter.productId, orderId: filter.orderId });
  return rows.map((r) => ({
    order: r.order,
    orderCustomer: r.orderCustomer,
    tenancy: r.tenancy,
    property: r.property,
    address: r.address,
    orderCustomers: r.orderCustomers.map(
      (oc): LoadedOrderCustomer => ({
        ...oc,
        actions: oc.actions.map((a) => ({ ...a, completedAt: toDate(a.completedAt), createdAt: new Date(a.createdAt) })),
      }),
    ),
    tenants: r.tenants,
    documents: r.documents,
    claim: r.claim === null ? null : { ...r.claim, proposals: r.claim.proposals },
    paymentPlans: r.paymentPlans,
  }));
}

export type TenancyOrderRow = Awaited<ReturnType<typeof loadTenancyOrderRows>>[number];

/** The address of the property the order's tenancy is for (null when the order has no tenancy). */
export async function orderPropertyAddress(db: Database, orderId: string) {
  const [row] = await db
    .select({ address: addresses })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.address ?? null;
}
