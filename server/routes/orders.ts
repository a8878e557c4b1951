import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { addresses, orderCustomers, orders, properties, tenancies } from "../db/schema";
import { currentCustomer, requireTenant } from "../lib/auth";
import { errorResponses } from "../lib/errors";
import { dashboardFilterFor, keyfreeStatus } from "../domain/order-customers";

const ProductId = z.enum(["KEYFREE", "CLAIM", "TOP_UP"]).openapi({ description: "The product an order is for" });

const TenancyOrderSchema = z
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
    redirectUrl: z.string().nullable(),
    orderCustomer: z.object({
      id: z.string(),
      customerId: z.string(),
      fee: z.number().int().openapi({ description: "Pence" }),
      tenantLiability: z.number().int(),
    }),
    tenancy: z.object({
      id: z.string(),
      PPM: z.number().int().openapi({ description: "Rent per month, in pence" }),
      startDate: z.string(),
      endDate: z.string().nullable(),
      isNewTenancy: z.boolean(),
      property: z.object({
        id: z.string(),
        address: z.object({
          buildingName: z.string().nullable(),
          flatNumber: z.string().nullable(),
          buildingNumber: z.string().nullable(),
          street: z.string(),
          town: z.string().nullable(),
          postcode: z.string(),
        }),
      }),
    }),
  })
  .openapi("TenancyOrder");

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
      content: { "application/json": { schema: z.object({ tenancyOrders: z.array(TenancyOrderSchema) }) } },
    },
    ...errorResponses(400, 401),
  },
});

export const orderRoutes = new OpenAPIHono<AppEnv>().openapi(getTenancyOrdersByProductId, async (c) => {
  const deps = c.get("deps");
  const { productId } = c.req.valid("query");
  const customer = await currentCustomer(deps, c.get("auth").userId);
  const rows = await deps.db
    .select({ order: orders, orderCustomer: orderCustomers, tenancy: tenancies, property: properties, address: addresses })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(and(eq(orderCustomers.customerId, customer.id), eq(orders.productId, productId)))
    .orderBy(desc(orders.createdAt));
  const now = deps.clock.now();
  return c.json(
    {
      tenancyOrders: rows.map((r) => {
        const status = keyfreeStatus(
          { orderStatus: r.order.statusId as "PENDING" | "COMPLETE", claimStatus: null, outcomeDeadline: r.tenancy.outcomeDeadline },
          now,
        );
        return {
        id: r.order.id,
        status,
        accountStatus: dashboardFilterFor(status),
        productId: r.order.productId as z.infer<typeof ProductId>,
        statusId: r.order.statusId as "PENDING" | "COMPLETE",
        redirectUrl: r.order.redirectUrl,
        orderCustomer: {
          id: r.orderCustomer.id,
          customerId: r.orderCustomer.customerId,
          fee: r.orderCustomer.fee,
          tenantLiability: r.orderCustomer.tenantLiability,
        },
        tenancy: {
          id: r.tenancy.id,
          PPM: r.tenancy.ppm,
          startDate: r.tenancy.startDate,
          endDate: r.tenancy.endDate,
          isNewTenancy: r.tenancy.isNewTenancy,
          property: {
            id: r.property.id,
            address: {
              buildingName: r.address.buildingName,
              flatNumber: r.address.flatNumber,
              buildingNumber: r.address.buildingNumber,
              street: r.address.street,
              town: r.address.town,
              postcode: r.address.postcode,
            },
          },
        },
      };
      }),
    },
    200,
  );
});
