/**
 * The customer's cards and the browser's word on a payment (part 1 §7): saving a new card
 * (payment-method-service.ts) and the payment follow-up. Paying an order's action is the
 * orders area's (orders/payment.routes.ts), which calls this module's service.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { requireTenant, tenantCustomer } from "../lib/auth";
import { errorResponses } from "../lib/errors";
import { idField, providerIdField } from "../lib/input-schemas";
import { addPaymentMethod as saveNewCard } from "./payment-method-service";
import { recordPaymentFollowUp } from "./service";

const secured = { security: [{ bearer: [] as string[] }], tags: ["payments"] };

const PaymentMethodId = providerIdField({ required: "Required" });

const addPaymentMethod = createRoute({
  ...secured,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/customer/payment-methods",
  operationId: "addPaymentMethod",
  summary: "Save a new card for the signed-in customer (Update your details)",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            paymentMethodId: PaymentMethodId,
            setupIntentId: providerIdField()
              .optional()
              .openapi({ description: "After 3-D Secure: the setup intent this call started" }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Saved, or 3-D Secure needed first (then call again with setupIntentId)",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.enum(["succeeded", "requires_action"]),
              setupIntentId: z.string(),
              clientSecret: z.string().nullable(),
            })
            .openapi("AddPaymentMethodResult"),
        },
      },
    },
    ...errorResponses(400, 401, 404, 409, 502),
  },
});

const paymentFollowUp = createRoute({
  ...secured,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/payments/follow-up",
  operationId: "paymentFollowUp",
  summary: "Record the browser's word that a payment succeeded (part 1 §7: the follow-up action)",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            paymentIntentId: providerIdField(),
            paymentPlanId: idField().nullish(),
            paymentPlanInstalmentId: idField().nullish(),
          }),
        },
      },
    },
  },
  responses: { 204: { description: "Recorded" }, ...errorResponses(400, 401, 404) },
});

export const paymentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(addPaymentMethod, async (c) => {
    return c.json(await saveNewCard(c.get("deps"), tenantCustomer(c), c.req.valid("json")), 200);
  })
  .openapi(paymentFollowUp, async (c) => {
    await recordPaymentFollowUp(c.get("deps"), tenantCustomer(c), c.req.valid("json"));
    return c.body(null, 204);
  });
