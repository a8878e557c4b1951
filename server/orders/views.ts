/** The tenancy-order views: what /tenancy-orders, /tenancy-orders/{id} and /dashboard send. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, inArray, like } from "drizzle-orm";
import type { AppEnv } from "../context";
import { propertyAddressView } from "../lib/schemas";
import { loadOrderCustomers, loadTenants, nextActionOf, orderStatusOf, ownOrder, paymentAmounts } from "./queries";
import { ProductId, TenancyOrderSchema, type TenancyOrder } from "./schemas";
type Reader = Pick<Database, "select">;

import type { Database } from "../db";
import {
  addresses,
  arbitrations,
  claimRespondents,
  claims,
  documents,
  orderCustomers,
  orders,
  properties,
  tenancies,
  tenancyDocuments
} from "../db/schema";
import {
  orderRemainingBalancePence,
  outstandingAmountPence,
  totalChargesSettledPence
} from "../domain/checkout";
import {
  checkoutSubRoute,
  dashboardFilterFor,
  defaultDashboardFilter,
  keyfreeStatus,
  keyfreeStatusLine
} from "../domain/order-customers";
import {
  normaliseClaimStatus,
  REFERENCE_DOCUMENT_TYPES
} from "../domain/statuses";
import { currentCustomer, requireTenant, tenantCustomer } from "../lib/auth";
import { errorResponses, notFound } from "../lib/errors";
import { documentUrl } from "../lib/uploads";

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

// ── Routes ──────────────────────────────────────────────────────────────────

