/**
 * The customer's cards and the browser's word on a payment (part 1 §7): saving a new card
 * (payment-method-service.ts) and the payment follow-up. Paying an order's action is the
 * orders area's (orders/payment.routes.ts), which calls this module's service.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { tenantCustomer } from "../lib/auth";
import { idField, providerIdField } from "../lib/input-schemas";
import { addPaymentMethod as saveNewCard } from "./payment-method-service";
import { recordPaymentFollowUp } from "./service";

const secured = { auth: "tenant", tags: ["payments"] } as const;

const PaymentMethodId = providerIdField({ required: "Required" });

const addPaymentMethod = apiRoute({
  ...secured, method: "post", path: "/customer/payment-methods", operationId: "addPaymentMethod",
  summary: "Save a new card for the signed-in customer (Update your details)",
  body: z.object({
    paymentMethodId: PaymentMethodId,
    setupIntentId: providerIdField().optional().openapi({ description: "After 3-D Secure: the setup intent this call started" }),
  }),
  ok: [
    "Saved, or 3-D Secure needed first (then call again with setupIntentId)",
    z
      .object({ status: z.enum(["succeeded", "requires_action"]), setupIntentId: z.string(), clientSecret: z.string().nullable() })
      .openapi("AddPaymentMethodResult"),
  ],
  errors: [400, 401, 404, 409, 502],
});

const paymentFollowUp = apiRoute({
  ...secured, method: "post", path: "/payments/follow-up", operationId: "paymentFollowUp",
  summary: "Record the browser's word that a payment succeeded (part 1 §7: the follow-up action)",
  body: z.object({ paymentIntentId: providerIdField(), paymentPlanId: idField().nullish(), paymentPlanInstalmentId: idField().nullish() }),
  responses: { 204: { description: "Recorded" } }, errors: [400, 401, 404],
});

export const paymentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(addPaymentMethod, async (c) => {
    return c.json(await saveNewCard(c.get("deps"), tenantCustomer(c), c.req.valid("json")), 200);
  })
  .openapi(paymentFollowUp, async (c) => {
    await recordPaymentFollowUp(c.get("deps"), tenantCustomer(c), c.req.valid("json"));
    return c.body(null, 204);
  });
