import { PropertyAddressSchema, propertyAddressView } from "./schemas";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, inArray, like } from "drizzle-orm";
import type { AppEnv } from "../context";
import type { Database } from "../db";
import {
  addresses,
  arbitrations,
  claimRespondents,
  claims,
  customers,
  documents,
  orderCustomerActions,
  orderCustomers,
  orders,
  properties,
  tenancies,
  tenancyDocuments,
  tenancyTenants,
  users,
} from "../db/schema";
import {
  orderRemainingBalancePence,
  outstandingAmountPence,
  tenantDisplayName,
  totalChargesSettledPence,
  type PaymentActionAmount,
} from "../domain/checkout";
import {
  checkoutSubRoute,
  dashboardFilterFor,
  defaultDashboardFilter,
  keyfreeStatus,
  keyfreeStatusLine,
  nextAction,
  type NextAction,
  type OrderCustomerAction as DomainAction,
  type OrderCustomerActions,
} from "../domain/order-customers";
import { paymentTypeForActionType } from "../domain/payments";
import {
  normaliseClaimStatus,
  normaliseOrderCustomerActionType,
  normaliseOrderStatus,
  REFERENCE_DOCUMENT_TYPES,
  type OrderCustomerActionType,
  type OrderStatus,
} from "../domain/statuses";
import { currentCustomer, requireTenant } from "../lib/auth";
import { errorResponses, notFound } from "../lib/errors";
import { documentUrl } from "../lib/uploads";

type Reader = Pick<Database, "select">;

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
function paymentAmounts(oc: LoadedOrderCustomer): PaymentActionAmount[] {
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

// ── Schemas ─────────────────────────────────────────────────────────────────

const ProductId = z.enum(["KEYFREE", "CLAIM", "TOP_UP"]).openapi({ description: "The product an order is for" });

export const OrderCustomerActionSchema = z
  .object({
    id: z.string(),
    typeId: z.string().openapi({ description: "KEYFREE_ABOUT_YOU, KEYFREE_PAY, CLAIM_PAY..." }),
    completedAt: z.string().nullable().openapi({ description: "ISO date-time; null while open" }),
    details: z
      .record(z.string(), z.unknown())
      .openapi({ description: "referenceId, termsLink, amountRemaining (pence), yearsToBePaid, stripePaymentIntentId..." }),
  })
  .openapi("OrderCustomerAction");

export const NextActionSchema = z
  .object({
    orderCustomerActionIds: z.array(z.string()),
    typeId: z.string(),
    actionable: z.boolean().openapi({ description: "False while it waits for other tenants" }),
  })
  .openapi("OrderCustomerNextAction");

export const TenancyOrderTenantSchema = z
  .object({
    id: z.string().openapi({ description: "The tenant's user id" }),
    customerId: z.string().nullable(),
    orderCustomerId: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    displayName: z.string().openapi({ description: "'first last', or the e-mail when a name is missing" }),
    tenantLiability: z.number().int().openapi({ description: "How many tenants' shares this tenant pays on this order" }),
  })
  .openapi("OrderTenant");

export const TenancyDocumentSchema = z
  .object({ id: z.string(), name: z.string(), url: z.string(), typeId: z.string() })
  .openapi("TenancyDocument");

const TenancyOrderClaimSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    finalAmount: z.number().int().nullable().openapi({ description: "Pence" }),
    limit: z.number().int().openapi({ description: "The tenants' maximum liability, in pence" }),
    arbitration: z.object({ id: z.string(), arbitratedAmount: z.number().int().nullable() }).nullable(),
    totalChargesSettled: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Pence; set once the claim is RESOLVED" }),
  })
  .openapi("TenancyOrderClaim");

export const TenancyOrderSchema = z
  .object({
    id: z.string().openapi({ description: "The order id" }),
    productId: ProductId,
    statusId: z.enum(["PENDING", "COMPLETE"]),
    accountStatus: z
      .enum(["ACTIVE", "EXPIRED"])
      .openapi({ description: "Which dashboard filter the order is listed under (part 2 §2)" }),
    status: z
      .enum(["IN_PROGRESS", "ACTIVE", "EXPIRED"])
      .openapi({ description: "IN_PROGRESS while checkout is open; EXPIRED once the tenancy is finished" }),
    statusLine: z.string().openapi({ description: "The card's status line (part 2 §2)" }),
    redirectUrl: z.string().nullable(),
    orderCustomerId: z.string(),
    orderCustomer: z.object({
      id: z.string(),
      customerId: z.string(),
      fee: z.number().int().openapi({ description: "Pence" }),
      tenantLiability: z.number().int(),
    }),
    nextAction: NextActionSchema.nullable(),
    checkoutSubRoute: z.string().nullable().openapi({ description: "The checkout page of the next action" }),
    hasOutstandingActions: z.boolean().openapi({ description: "The next action is open and the tenant can do it now" }),
    tenants: z.array(TenancyOrderTenantSchema),
    claim: TenancyOrderClaimSchema.nullable(),
    documents: z
      .array(TenancyDocumentSchema)
      .openapi({ description: "The signed documents, once the order is complete" }),
    tenancy: z.object({
      id: z.string(),
      PPM: z.number().int().openapi({ description: "Rent per month, in pence" }),
      startDate: z.string(),
      endDate: z.string().nullable(),
      isNewTenancy: z.boolean(),
      property: z.object({
        id: z.string(),
        address: PropertyAddressSchema,
      }),
    }),
  })
  .openapi("TenancyOrder");

type TenancyOrder = z.infer<typeof TenancyOrderSchema>;

// ── Building tenancy orders ─────────────────────────────────────────────────

/** The signed-in customer's tenancy orders matching `where`, newest first, with every derived fact a card needs. */
export async function tenancyOrdersFor(
  db: Reader,
  customerId: string,
  userId: string,
  filter: { productId?: string; orderId?: string },
  now: Date,
): Promise<TenancyOrder[]> {
  const conditions = [eq(orderCustomers.customerId, customerId)];
  if (filter.productId !== undefined) conditions.push(eq(orders.productId, filter.productId));
  if (filter.orderId !== undefined) conditions.push(eq(orders.id, filter.orderId));
  const rows = await db
    .select({ order: orders, orderCustomer: orderCustomers, tenancy: tenancies, property: properties, address: addresses })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];

  const orderIds = rows.map((r) => r.order.id);
  const tenancyIds = [...new Set(rows.map((r) => r.tenancy.id))];
  const ocsByOrder = await loadOrderCustomers(db, orderIds);
  const [tenantsOf, claimRows, respondentRows, docRows] = await Promise.all([
    loadTenants(db, rows.map((r) => ({ tenancyId: r.tenancy.id, orderId: r.order.id })), ocsByOrder),
    db
      .select({ claim: claims, arbitration: arbitrations })
      .from(claims)
      .leftJoin(arbitrations, eq(arbitrations.claimId, claims.id))
      .where(inArray(claims.tenancyId, tenancyIds))
      .orderBy(desc(claims.createdAt), desc(claims.id)),
    db
      .select({ claimId: claimRespondents.claimId })
      .from(claimRespondents)
      .innerJoin(claims, eq(claims.id, claimRespondents.claimId))
      .where(and(inArray(claims.tenancyId, tenancyIds), eq(claimRespondents.userId, userId))),
    db
      .select({ tenancyId: tenancyDocuments.tenancyId, typeId: tenancyDocuments.typeId, document: documents })
      .from(tenancyDocuments)
      .innerJoin(documents, eq(documents.id, tenancyDocuments.documentId))
      .where(and(inArray(tenancyDocuments.tenancyId, tenancyIds), like(tenancyDocuments.typeId, "SIGNED\\_%")))
      .orderBy(asc(tenancyDocuments.createdAt), asc(tenancyDocuments.id)),
  ]);
  const respondentOf = new Set(respondentRows.map((r) => r.claimId));

  return rows.map((r) => {
    const orderStatus = orderStatusOf(r.order.statusId);
    // The tenancy's latest claim decides whether the Keyfree is finished; the tenant sees its details only as a respondent.
    const latestClaim = claimRows.find((c) => c.claim.tenancyId === r.tenancy.id);
    const claimStatus = latestClaim ? normaliseClaimStatus(latestClaim.claim.status) : null;
    const status = keyfreeStatus({ orderStatus, claimStatus, outcomeDeadline: r.tenancy.outcomeDeadline }, now);
    const all = ocsByOrder.get(r.order.id) ?? [];
    const mine = all.find((oc) => oc.id === r.orderCustomer.id);
    const next = mine ? nextActionOf(mine, all) : null;
    const visibleClaim = latestClaim && respondentOf.has(latestClaim.claim.id) ? latestClaim : null;
    return {
      id: r.order.id,
      status,
      accountStatus: dashboardFilterFor(status),
      statusLine: keyfreeStatusLine(status, next),
      productId: r.order.productId as z.infer<typeof ProductId>,
      statusId: orderStatus,
      redirectUrl: r.order.redirectUrl,
      orderCustomerId: r.orderCustomer.id,
      orderCustomer: {
        id: r.orderCustomer.id,
        customerId: r.orderCustomer.customerId,
        fee: r.orderCustomer.fee,
        tenantLiability: r.orderCustomer.tenantLiability,
      },
      nextAction: next,
      checkoutSubRoute: next ? checkoutSubRoute(next.typeId) : null,
      hasOutstandingActions: next !== null && next.actionable,
      tenants: tenantsOf(r.tenancy.id, r.order.id),
      claim: visibleClaim
        ? {
            id: visibleClaim.claim.id,
            status: claimStatus ?? visibleClaim.claim.status,
            finalAmount: visibleClaim.claim.finalAmount,
            limit: visibleClaim.claim.limit,
            arbitration: visibleClaim.arbitration
              ? { id: visibleClaim.arbitration.id, arbitratedAmount: visibleClaim.arbitration.arbitratedAmount }
              : null,
            totalChargesSettled:
              claimStatus === null
                ? null
                : totalChargesSettledPence({
                    status: claimStatus,
                    limit: visibleClaim.claim.limit,
                    finalAmount: visibleClaim.claim.finalAmount,
                    arbitratedAmount: visibleClaim.arbitration?.arbitratedAmount ?? null,
                  }),
          }
        : null,
      // Signed documents are shown once the order is complete; referencing documents never are (part 1 §3).
      documents:
        orderStatus === "COMPLETE"
          ? docRows
              .filter((d) => d.tenancyId === r.tenancy.id && !(REFERENCE_DOCUMENT_TYPES as readonly string[]).includes(d.typeId))
              .map((d) => ({ id: d.document.id, name: d.document.name, url: documentUrl(d.document.id), typeId: d.typeId }))
          : [],
      tenancy: {
        id: r.tenancy.id,
        PPM: r.tenancy.ppm,
        startDate: r.tenancy.startDate,
        endDate: r.tenancy.endDate,
        isNewTenancy: r.tenancy.isNewTenancy,
        property: {
          id: r.property.id,
          address: propertyAddressView(r.address),
        },
      },
    };
  });
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

// ── Routes ──────────────────────────────────────────────────────────────────

const getTenancyOrdersByProductId = createRoute({
  method: "get",
  path: "/tenancy-orders",
  operationId: "getTenancyOrdersByProductId",
  tags: ["orders"],
  summary: "The signed-in tenant's orders for a product, newest first",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { query: z.object({ productId: ProductId }) },
  responses: {
    200: {
      description: "The tenant's orders",
      content: {
        "application/json": {
          schema: z
            .object({
              tenancyOrders: z.array(TenancyOrderSchema),
              hasOutstandingActions: z
                .boolean()
                .openapi({ description: "Any order has an open next action the tenant can do ('You have outstanding actions')" }),
              defaultAccountStatus: z
                .enum(["ACTIVE", "EXPIRED"])
                .openapi({ description: "The dashboard's default filter (part 2 §2)" }),
            })
            .openapi("TenancyOrderList"),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

const getTenancyOrderById = createRoute({
  method: "get",
  path: "/tenancy-orders/{id}",
  operationId: "getTenancyOrderById",
  tags: ["orders"],
  summary: "One of the signed-in tenant's own Keyfree orders",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: { description: "The order", content: { "application/json": { schema: TenancyOrderSchema } } },
    ...errorResponses(401, 404),
  },
});

const AmountRemainingSchema = z
  .object({
    orderId: z.string(),
    remainingBalance: z.boolean().openapi({ description: "Whether this is the whole order's remaining balance" }),
    amountRemaining: z.number().int().openapi({ description: "Pence" }),
  })
  .openapi("AmountRemaining");

const getAmountRemaining = createRoute({
  method: "get",
  path: "/orders/{orderId}/amount-remaining",
  operationId: "getAmountRemaining",
  tags: ["orders"],
  summary:
    "What the signed-in tenant still has to pay on one of their orders; with remainingBalance=true, the whole order's remaining balance across all its tenants",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: z.object({ orderId: z.string().min(1).max(100) }),
    query: z.object({
      remainingBalance: z
        .enum(["true", "false"])
        .optional()
        .transform((v) => v === "true")
        .openapi({ description: "true for the whole order's remaining balance" }),
    }),
  },
  responses: {
    200: { description: "The amount", content: { "application/json": { schema: AmountRemainingSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

export const orderRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getTenancyOrdersByProductId, async (c) => {
    const deps = c.get("deps");
    const { productId } = c.req.valid("query");
    const { userId } = c.get("auth");
    const customer = await currentCustomer(deps, userId);
    const tenancyOrders = await tenancyOrdersFor(deps.db, customer.id, userId, { productId }, deps.clock.now());
    return c.json(
      {
        tenancyOrders,
        hasOutstandingActions: tenancyOrders.some((o) => o.hasOutstandingActions),
        defaultAccountStatus: defaultDashboardFilter(tenancyOrders.map((o) => o.status)),
      },
      200,
    );
  })
  .openapi(getTenancyOrderById, async (c) => {
    const deps = c.get("deps");
    const { id } = c.req.valid("param");
    const { userId } = c.get("auth");
    const customer = await currentCustomer(deps, userId);
    const [order] = await tenancyOrdersFor(deps.db, customer.id, userId, { productId: "KEYFREE", orderId: id }, deps.clock.now());
    if (!order) throw notFound();
    return c.json(order, 200);
  })
  .openapi(getAmountRemaining, async (c) => {
    const deps = c.get("deps");
    const { orderId } = c.req.valid("param");
    const { remainingBalance } = c.req.valid("query");
    const customer = await currentCustomer(deps, c.get("auth").userId);
    const { orderCustomer } = await ownOrder(deps.db, orderId, customer.id);
    const all = (await loadOrderCustomers(deps.db, [orderId])).get(orderId) ?? [];
    const amountRemaining = remainingBalance
      ? orderRemainingBalancePence(all.map(paymentAmounts))
      : outstandingAmountPence(paymentAmounts(all.find((oc) => oc.id === orderCustomer.id)!));
    return c.json({ orderId, remainingBalance, amountRemaining }, 200);
  });

