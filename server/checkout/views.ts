import type { Database } from "../db";
import { z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import {
  addresses,
  orders,
  organizations,
  paymentPlans,
  properties,
  tenancies,
  tenancyTenants,
  users
} from "../db/schema";
import { ANNUAL_FEE_PENCE, claimLimitPence, keyfreeFeePence, MINIMUM_KEYFREE_FEE_PENCE } from "../domain/fees";
import { checkoutSteps, checkoutSubRoute } from "../domain/order-customers";
import { normalisePaymentPlanStatus } from "../domain/statuses";
import { notFound } from "../lib/errors";
import { CoTenantSchema, NextActionSchema, OrderCustomerActionSchema, PropertyAddressSchema, propertyAddressView, TenancyOrderTenantSchema } from "../lib/schemas";
import { checkoutCoTenants } from "../domain/cotenants";
import {
  actionView,
  loadOrderCustomers,
  loadTenants,
  nextActionOf,
  orderStatusOf,
  ownOrderCustomer,
  toDomainOrderCustomer
} from "../orders";

type Reader = Pick<Database, "select">;

// ── The order customer ──────────────────────────────────────────────────────

export const CheckoutStepSchema = z
  .object({
    key: z.enum(["ABOUT_YOU", "ELIGIBILITY", "CONFIRM", "TERMS", "ADDENDUM", "PAY", "FINISH"]),
    label: z.string(),
    subRoutes: z.array(z.string()),
    complete: z.boolean(),
  })
  .openapi("CheckoutStep");



export const OrderCustomerSchema = z
  .object({
    id: z.string(),
    fee: z.number().int().openapi({ description: "This customer's fee, in pence" }),
    tenantLiability: z.number().int().openapi({ description: "How many tenants' shares this customer pays" }),
    actions: z.array(OrderCustomerActionSchema),
    nextAction: NextActionSchema.nullable().openapi({ description: "null when every action is done" }),
    checkoutSubRoute: z
      .string()
      .nullable()
      .openapi({ description: "The checkout page of the next action (about-you, address-history, referencing, confirm, sign, addendum, pay)" }),
    steps: z.array(CheckoutStepSchema).openapi({ description: "The step tracker; Finish is always last" }),
    customer: z.object({ id: z.string() }),
    order: z.object({
      id: z.string(),
      statusId: z.enum(["PENDING", "COMPLETE"]),
      productId: z.string(),
      redirectUrl: z.string().nullable(),
      PPM: z.number().int().openapi({ description: "Rent per month, in pence" }),
      fees: z
        .object({
          keyfree: z.number().int().openapi({ description: "The whole order's Keyfree fee (one week's rent, at least the minimum), in pence" }),
          minimumKeyfree: z.number().int().openapi({ description: "The minimum Keyfree fee, in pence" }),
          annual: z.number().int().openapi({ description: "The annual fee for tenancies over 12 months (split between the tenants), in pence" }),
        })
        .openapi({ description: "The fees a tenant reads on the checkout and annual-fee pages, from the domain's constants" }),
      startDate: z.string().openapi({ description: "YYYY-MM-DD" }),
      endDate: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
      isNewTenancy: z.boolean(),
      property: z.object({ id: z.string(), address: PropertyAddressSchema }),
      organization: z.object({ name: z.string(), topUpEnabled: z.boolean() }),
      tenants: z.array(TenancyOrderTenantSchema),
    }),
    terms: z
      .object({
        termsLink: z.string().nullable(),
        maximumPolicyCover: z.number().int().openapi({ description: "The maximum claim, in pence" }),
      })
      .openapi({ description: "For the Sign step ('Agree to Terms')" }),
    paymentPlan: z.object({ id: z.string(), status: z.string() }).nullable(),
    coTenants: z
      .array(CoTenantSchema)
      .openapi({ description: "The other tenants on the order: what each has done and when, and what they still have to do (issue 38)" }),
  })
  .openapi("OrderCustomer");

export type OrderCustomerView = z.infer<typeof OrderCustomerSchema>;

/** The order customer as getOrderCustomerById sends it (also after each checkout step). */
export async function orderCustomerView(db: Reader, orderCustomerId: string, orderId: string): Promise<OrderCustomerView> {
  const [row] = await db
    .select({ order: orders, tenancy: tenancies, property: properties, address: addresses, organization: organizations })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .innerJoin(organizations, eq(organizations.id, properties.organizationId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound();
  const byOrder = await loadOrderCustomers(db, [orderId]);
  const all = byOrder.get(orderId) ?? [];
  const me = all.find((oc) => oc.id === orderCustomerId);
  if (!me) throw notFound();
  const [tenantsOf, [plan]] = await Promise.all([
    loadTenants(db, [{ tenancyId: row.tenancy.id, orderId }], byOrder),
    db
      .select({ id: paymentPlans.id, status: paymentPlans.status })
      .from(paymentPlans)
      .where(eq(paymentPlans.orderCustomerId, me.id))
      .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id))
      .limit(1),
  ]);
  const next = nextActionOf(me, all);
  const tenants = tenantsOf(row.tenancy.id, orderId);
  return {
    id: me.id,
    fee: me.fee,
    tenantLiability: me.tenantLiability,
    actions: me.actions.map(actionView),
    nextAction: next,
    checkoutSubRoute: next ? checkoutSubRoute(next.typeId) : null,
    steps: checkoutSteps(toDomainOrderCustomer(me).actions).map((step) => ({ ...step, subRoutes: [...step.subRoutes] })),
    customer: { id: me.customerId },
    order: {
      id: row.order.id,
      statusId: orderStatusOf(row.order.statusId),
      productId: row.order.productId,
      redirectUrl: row.order.redirectUrl,
      PPM: row.tenancy.ppm,
      fees: { keyfree: keyfreeFeePence(row.tenancy.ppm), minimumKeyfree: MINIMUM_KEYFREE_FEE_PENCE, annual: ANNUAL_FEE_PENCE },
      startDate: row.tenancy.startDate,
      endDate: row.tenancy.endDate,
      isNewTenancy: row.tenancy.isNewTenancy,
      property: {
        id: row.property.id,
        address: propertyAddressView(row.address),
      },
      organization: { name: row.organization.name, topUpEnabled: row.organization.topUpEnabled },
      tenants,
    },
    terms: {
      termsLink: row.tenancy.termsLink,
      maximumPolicyCover: claimLimitPence(row.tenancy.ppm, row.tenancy.coverLevel === "HIGHER" ? "HIGHER" : "DEFAULT"),
    },
    paymentPlan: plan ? { id: plan.id, status: normalisePaymentPlanStatus(plan.status) ?? plan.status } : null,
    // From the rows already read: no query of its own (issue 38).
    coTenants: checkoutCoTenants(me.userId, all, tenants),
  };
}

/** The order customer at /orders/{orderId}/customers/{customerId}, for the signed-in user (404 unless theirs). */
export async function ownOrderCustomerView(db: Reader, params: { orderId: string; customerId: string }, userId: string) {
  const { orderCustomer } = await ownOrderCustomer(db, { ...params, userId });
  return orderCustomerView(db, orderCustomer.id, params.orderId);
}

/** The signed-in tenant as a tenant of the order's tenancy, with their guarantor (404 unless the order customer is theirs). */
export async function tenancyUserView(db: Reader, params: { orderId: string; customerId: string }, userId: string) {
  const { orderCustomer } = await ownOrderCustomer(db, { ...params, userId });
  const [row] = await db
    .select({ tenant: tenancyTenants, user: users })
    .from(orders)
    .innerJoin(tenancyTenants, eq(tenancyTenants.tenancyId, orders.tenancyId))
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .where(and(eq(orders.id, orderCustomer.orderId), eq(tenancyTenants.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  const g = row.tenant;
  return {
    id: g.id,
    tenancyId: g.tenancyId,
    userId: row.user.id,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    guarantor:
      g.guarantorFirstName || g.guarantorLastName ? { firstName: g.guarantorFirstName, lastName: g.guarantorLastName } : null,
  };
}
