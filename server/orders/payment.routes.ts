/**
 * Paying an order's action by card (part 1 §7): the payment intent for one of the tenant's pay
 * actions, and the card checks before it. The contract stays tagged "payments"; the order says
 * what is paid (orders/service.ts) and the payments module makes the intent with the provider.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { DUPLICATE_CARD_MESSAGE, normalisePaymentType } from "../domain/payments";
import { apiRoute } from "../lib/api-route";
import { tenantCustomer } from "../lib/auth";
import { idParam, providerIdField, singleLineText } from "../lib/input-schemas";
import { TEXT_LIMITS } from "#common/input";
import { isDuplicateOrderCard, orderCardChecks, payOrderAction } from "./service";

const secured = { auth: "tenant", tags: ["payments"] } as const;

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

const pay = apiRoute({
  ...secured, method: "post", path: "/orders/{orderId}/customers/{customerId}/pay", operationId: "pay",
  summary: "The payment intent for one of the tenant's payments (part 1 §7 'get payment intent', 'get claim payment intent')",
  params: OrderCustomerParams, body: z.object({ paymentType: PaymentTypeInput.optional() }), bodyOptional: true,
  ok: ["The intent's client secret", PayResponse], errors: [400, 401, 404, 409, 502],
});

const duplicatePaymentMethodCheck = apiRoute({
  ...secured, method: "post", path: "/orders/{orderId}/duplicate-payment-method-check", operationId: "duplicatePaymentMethodCheck",
  summary: "Whether the card is shared with another tenant (the Keyfree payment only)",
  params: z.object({ orderId: idParam() }), body: z.object({ paymentMethodId: PaymentMethodId }),
  ok: [
    "The answer, with the spec's message when it is shared",
    z.object({ isDuplicate: z.boolean(), message: z.string().nullable() }).openapi("DuplicatePaymentMethodCheck"),
  ],
  errors: [400, 401, 404, 502],
});

const CheckResult = z.enum(["pass", "fail", "unchecked"]);

const paymentCardChecks = apiRoute({
  ...secured, method: "post", path: "/orders/{orderId}/customers/{customerId}/card-checks", operationId: "paymentCardChecks",
  summary: "The card checks (name, security code, funding, postcode): any 'fail' stops the payment",
  params: OrderCustomerParams, body: z.object({ paymentMethodId: PaymentMethodId, customerActionType: singleLineText("code").min(1) }),
  ok: [
    "Each check's result, and the messages of the failed ones",
    z
      .object({
        checks: z.object({ nameMatch: CheckResult, cvc: CheckResult, funding: CheckResult, postcode: CheckResult }),
        failed: z.array(z.string()).openapi({ description: "The spec's message for each failed check" }),
      })
      .openapi("PaymentCardChecks"),
  ],
  errors: [400, 401, 404, 502],
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
