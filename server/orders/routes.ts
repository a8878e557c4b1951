import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defaultDashboardFilter } from "../domain/order-customers";
import { apiRoute } from "../lib/api-route";
import { currentCustomer, tenantCustomer } from "../lib/auth";
import { notFound } from "../lib/errors";
import { idParam } from "../lib/input-schemas";
import { ProductId, TenancyOrderSchema } from "./schemas";
import { amountRemaining, tenancyOrdersFor } from "./views";

const getTenancyOrdersByProductId = apiRoute({
  method: "get", path: "/tenancy-orders", operationId: "getTenancyOrdersByProductId", tags: ["orders"],
  summary: "The signed-in tenant's orders for a product, newest first",
  auth: "tenant", query: z.object({ productId: ProductId }),
  ok: [
    "The tenant's orders",
    z
      .object({
        tenancyOrders: z.array(TenancyOrderSchema),
        hasOutstandingActions: z
          .boolean()
          .openapi({ description: "Any order has an open next action the tenant can do ('You have outstanding actions')" }),
        defaultAccountStatus: z.enum(["ACTIVE", "EXPIRED"]).openapi({ description: "The dashboard's default filter (part 2 §2)" }),
      })
      .openapi("TenancyOrderList"),
  ],
  errors: [400, 401],
});

const getTenancyOrderById = apiRoute({
  method: "get", path: "/tenancy-orders/{id}", operationId: "getTenancyOrderById", tags: ["orders"],
  summary: "One of the signed-in tenant's own Keyfree orders",
  auth: "tenant", params: z.object({ id: idParam() }),
  ok: ["The order", TenancyOrderSchema], errors: [401, 404],
});

const AmountRemainingSchema = z
  .object({
    orderId: z.string(),
    remainingBalance: z.boolean().openapi({ description: "Whether this is the whole order's remaining balance" }),
    amountRemaining: z.number().int().openapi({ description: "Pence" }),
  })
  .openapi("AmountRemaining");

const getAmountRemaining = apiRoute({
  method: "get", path: "/orders/{orderId}/amount-remaining", operationId: "getAmountRemaining", tags: ["orders"],
  summary:
    "What the signed-in tenant still has to pay on one of their orders; with remainingBalance=true, the whole order's remaining balance across all its tenants",
  auth: "tenant",
  params: z.object({ orderId: idParam() }),
  query: z.object({
    remainingBalance: z
      .enum(["true", "false"])
      .optional()
      .transform((v) => v === "true")
      .openapi({ description: "true for the whole order's remaining balance" }),
  }),
  ok: ["The amount", AmountRemainingSchema], errors: [400, 401, 404],
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
    const { orderId } = c.req.valid("param");
    const { remainingBalance } = c.req.valid("query");
    return c.json(await amountRemaining(c.get("deps").db, orderId, tenantCustomer(c).id, remainingBalance), 200);
  });

