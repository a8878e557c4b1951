/**
 * Paying an order's action by card (part 1 §7): the payment intent for one of the tenant's pay
 * actions, and the card checks before it. The contract stays tagged "payments"; the order says
 * what is paid (orders/service.ts) and the payments module makes the intent with the provider.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { DUPLICATE_CARD_MESSAGE, normalisePaymentType } from "../domain/payments";
import { requireTenant, tenantCustomer } from "../lib/auth";
import { errorResponses } from "../lib/errors";
import { idParam, providerIdField, singleLineText } from "../lib/input-schemas";
import { TEXT_LIMITS } from "#common/input";
import { isDuplicateOrderCard, orderCardChecks, payOrderAction } from "./service";

const secured = { security: [{ bearer: [] as string[] }], tags: ["payments"] };

const OrderCustomerParams = z.object({ orderId: idParam(), customerId: idParam() });
const PaymentMethodId = providerIdField({ required: "Required" });

const PaymentTypeInput = singleLineText("code")
  .transform((value, ctx) => {
    const type = normalisePaymentType(value);
    if (type === null) {
      ctx.addIssue({ code: "custom", message: "Unknown payment type" });
      return z.NEVER;
    }
    return type;
  })
  .openapi({ type: "string", maxLength: TEXT_LIMITS.code, description: "KEYFREE, CLAIM, CLAIM_REMAINING_BALANCE, ARBITRATION_FEE, ARBITRATION, ARBITRATION_REMAINING_BALANCE, TOP_UP or CLAIM_PROPOSAL" });

const PayResponse = z
  .object({
    paymentIntentSecret: z.string(),
    paymentIntentId: z.string(),
    amount: z.number().int().openapi({ description: "Pence" }),
    currency: z.literal("gbp"),
    paymentType: z.string(),
    orderCustomerActionId: z.string(),
    publishableKey: z.string().openapi({ description: "For the card form (Stripe.js)" }),
  })
  .openapi("PaymentIntentSecret");

const pay = createRoute({
  ...secured,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/pay",
  operationId: "pay",
  summary: "The payment intent for one of the tenant's payments (part 1 §7 'get payment intent', 'get claim payment intent')",
  request: {
    params: OrderCustomerParams,
    body: { required: false, content: { "application/json": { schema: z.object({ paymentType: PaymentTypeInput.optional() }) } } },
  },
  responses: {
    200: { description: "The intent's client secret", content: { "application/json": { schema: PayResponse } } },
    ...errorResponses(400, 401, 404, 409, 502),
  },
});

const duplicatePaymentMethodCheck = createRoute({
  ...secured,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/orders/{orderId}/duplicate-payment-method-check",
  operationId: "duplicatePaymentMethodCheck",
  summary: "Whether the card is shared with another tenant (the Keyfree payment only)",
  request: {
    params: z.object({ orderId: idParam() }),
    body: { required: true, content: { "application/json": { schema: z.object({ paymentMethodId: PaymentMethodId }) } } },
  },
  responses: {
    200: {
      description: "The answer, with the spec's message when it is shared",
      content: {
        "application/json": {
          schema: z.object({ isDuplicate: z.boolean(), message: z.string().nullable() }).openapi("DuplicatePaymentMethodCheck"),
        },
      },
    },
    ...errorResponses(400, 401, 404, 502),
  },
});

const CheckResult = z.enum(["pass", "fail", "unchecked"]);

const paymentCardChecks = createRoute({
  ...secured,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/card-checks",
  operationId: "paymentCardChecks",
  summary: "The card checks (name, security code, funding, postcode): any 'fail' stops the payment",
  request: {
    params: OrderCustomerParams,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ paymentMethodId: PaymentMethodId, customerActionType: singleLineText("code").min(1) }) },
      },
    },
  },
  responses: {
    200: {
      description: "Each check's result, and the messages of the failed ones",
      content: {
        "application/json": {
          schema: z
            .object({
              checks: z.object({ nameMatch: CheckResult, cvc: CheckResult, funding: CheckResult, postcode: CheckResult }),
              failed: z.array(z.string()).openapi({ description: "The spec's message for each failed check" }),
            })
            .openapi("PaymentCardChecks"),
        },
      },
    },
    ...errorResponses(400, 401, 404, 502),
  },
});

export const orderPaymentRoutes = new OpenAPIHono<AppEnv>()
  .openapi(pay, async (c) => {
    const address = { ...c.req.valid("param"), userId: c.get("auth").userId };
    return c.json(await payOrderAction(c.get("deps"), address, c.req.valid("json")?.paymentType ?? null), 200);
  })
  .openapi(duplicatePaymentMethodCheck, async (c) => {
    const { orderId } = c.req.valid("param");
    const { paymentMethodId } = c.req.valid("json");
    const isDuplicate = await isDuplicateOrderCard(c.get("deps"), tenantCustomer(c), orderId, paymentMethodId);
    return c.json({ isDuplicate, message: isDuplicate ? DUPLICATE_CARD_MESSAGE : null }, 200);
  })
  .openapi(paymentCardChecks, async (c) => {
    const address = { ...c.req.valid("param"), userId: c.get("auth").userId };
    return c.json(await orderCardChecks(c.get("deps"), address, c.req.valid("json").paymentMethodId), 200);
  });
