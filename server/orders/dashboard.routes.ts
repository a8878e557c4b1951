import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { tenantCustomer } from "../lib/auth";
import { TenancyOrderSchema } from "./schemas";
import { BreathingSpaceStatusSchema } from "../lib/schemas";
import { dashboardView } from "./views";
import { requestBreathingSpace } from "../lib/breathing-space-reads";

/**
 * The dashboard in one call (part 2 §2): the tenant's Keyfree orders as the cards show them,
 * and what the dashboard's redirects need, in the spec's order (a claim to answer; a pending
 * annual-fee order with an open action; a customer who must add or replace a payment method). Built from the
 * same view builders as /tenancy-orders and /customer.
 */
const DashboardSchema = z
  .object({
    tenancyOrders: z.array(TenancyOrderSchema).openapi({ description: "The Keyfree orders, newest first" }),
    hasOutstandingActions: z
      .boolean()
      .openapi({ description: "The tenant has anything to do now, anywhere ('You have outstanding actions')" }),
    outstandingActionCount: z
      .number()
      .int()
      .openapi({
        description:
          "How many things the tenant can do now: checkout steps, claim answers and payments, arbitration payments, payment plan steps, the annual fee",
      }),
    defaultAccountStatus: z.enum(["ACTIVE", "EXPIRED"]).openapi({ description: "The dashboard's default filter (part 2 §2)" }),
    pendingAnnualFee: z
      .object({ orderId: z.string(), customerId: z.string() })
      .nullable()
      .openapi({ description: "A pending annual-fee (TOP_UP) order with an open action: the dashboard sends the tenant there" }),
    claimToAnswer: z
      .object({ id: z.string(), mediationEnabled: z.boolean() })
      .nullable()
      .openapi({
        description:
          "A claim in progress to answer, when no checkout step is open: the dashboard sends the tenant to /claims/{id} (before the annual fee). Not a claim paid through a live payment plan, nor an ARBITRATED one",
      }),
    paymentPlanToShow: z
      .object({ id: z.string() })
      .nullable()
      .openapi({
        description:
          "The tenant's payment plan that is neither default nor cancelled, nor a void offer, nor paid off (the newest): the dashboard sends the tenant to /payment-plan/{id} first",
      }),
    arbitrationToPay: z
      .object({ id: z.string() })
      .nullable()
      .openapi({
        description:
          "An adjudicated claim whose repayment this tenant still has to make, when no checkout step is open: the dashboard sends the tenant to /arbitrations/{id} (after a live payment plan, before a claim to answer)",
      }),
    mustAddPaymentMethod: z
      .boolean()
      .openapi({ description: "The customer shares a payment method or must add a new one: the dashboard sends them to add one" }),
    breathingSpace: BreathingSpaceStatusSchema.openapi({ description: "The tenant's Breathing Space in force ('Breathing Space until …', issue 36), or null" }),
  })
  .openapi("Dashboard");

const getDashboard = apiRoute({
  method: "get", path: "/dashboard", operationId: "getDashboard", tags: ["dashboard"],
  summary: "Everything the signed-in tenant's dashboard shows or redirects on, in one call",
  auth: "tenant",
  ok: ["The dashboard", DashboardSchema], errors: [401, 404],
});

export const dashboardRoutes = new OpenAPIHono<AppEnv>().openapi(getDashboard, async (c) => {
  const deps = c.get("deps");
  return c.json(await dashboardView(deps.db, tenantCustomer(c), c.get("auth").userId, deps.clock.now(), requestBreathingSpace(c)), 200);
});
