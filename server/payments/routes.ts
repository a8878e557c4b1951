import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppEnv } from "../context";
import { customers, orderCustomerActions, orderCustomers, users } from "../db/schema";
import { cardCheckResults } from "../domain/card-checks";
import {
  BELOW_CARD_MINIMUM_MESSAGE,
  DUPLICATE_CARD_MESSAGE,
  failedCardChecks,
  MINIMUM_CARD_PAYMENT_PENCE,
  normalisePaymentType,
  paymentTypeForActionType,
  type PaymentType,
} from "../domain/payments";
import { normaliseOrderCustomerActionType } from "../domain/statuses";
import { requireTenant, tenantCustomer } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { loadOrderCustomers, nextActionOf, ownOrderCustomer } from "../orders/queries";
import {
  confirmCardSetup,
  createPaymentIntent,
  ensureStripeCustomer,
  isDuplicateCard,
  recordPaymentFollowUp,
  recordPaymentMethod,
  reusablePaymentIntent,
  tenantPaymentMethod,
} from "./service";

const secured = { security: [{ bearer: [] as string[] }], tags: ["payments"] };

const OrderCustomerParams = z.object({ orderId: z.string().min(1).max(100), customerId: z.string().min(1).max(100) });
const PaymentMethodId = z.string().trim().min(1, "Required").max(255);

const PaymentTypeInput = z
  .string()
  .transform((value, ctx) => {
    const type = normalisePaymentType(value);
    if (type === null) {
      ctx.addIssue({ code: "custom", message: "Unknown payment type" });
      return z.NEVER;
    }
    return type;
  })
  .openapi({ type: "string", description: "KEYFREE, CLAIM, CLAIM_REMAINING_BALANCE, ARBITRATION_FEE, ARBITRATION, ARBITRATION_REMAINING_BALANCE, TOP_UP or CLAIM_PROPOSAL" });

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
    params: z.object({ orderId: z.string().min(1).max(100) }),
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
        "application/json": { schema: z.object({ paymentMethodId: PaymentMethodId, customerActionType: z.string().min(1).max(100) }) },
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
            setupIntentId: z
              .string()
              .max(255)
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
            paymentIntentId: z.string().min(1).max(255),
            paymentPlanId: z.string().max(100).nullish(),
            paymentPlanInstalmentId: z.string().max(100).nullish(),
          }),
        },
      },
    },
  },
  responses: { 204: { description: "Recorded" }, ...errorResponses(400, 401, 404) },
});

/** A pay action's amount: the Keyfree fee, or what the action still holds. */
function amountOf(typeId: string, details: Record<string, unknown>, fee: number): number {
  const stored = details.amountRemaining;
  if (typeof stored === "number" && Number.isSafeInteger(stored)) return stored;
  return typeId === "KEYFREE_PAY" ? fee : 0;
}

export const paymentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(pay, async (c) => {
    const deps = c.get("deps");
    const { orderId, customerId } = c.req.valid("param");
    const body = c.req.valid("json") ?? {};
    const userId = c.get("auth").userId;
    const own = await ownOrderCustomer(deps.db, { orderId, customerId, userId });
    const all = (await loadOrderCustomers(deps.db, [orderId])).get(orderId) ?? [];
    const oc = all.find((o) => o.id === own.orderCustomer.id)!;
    const next = nextActionOf(oc, all);
    const payActions = oc.actions.filter((a) => paymentTypeForActionType(normaliseOrderCustomerActionType(a.typeId) ?? "") !== null);
    const wanted: PaymentType | null = body.paymentType ?? null;
    const action = wanted
      ? payActions.find((a) => paymentTypeForActionType(normaliseOrderCustomerActionType(a.typeId) ?? "") === wanted)
      : (payActions.find((a) => next?.orderCustomerActionIds.includes(a.id)) ?? payActions.find((a) => a.completedAt === null));
    if (!action) throw new ApiError(409, "There is nothing to pay here.");
    if (action.completedAt) throw new ApiError(409, "This payment has already been made.");
    if (action.typeId === "KEYFREE_PAY" && (next?.typeId !== "KEYFREE_PAY" || !next.actionable)) {
      throw new ApiError(409, next?.typeId === "KEYFREE_PAY" ? "Waiting for other tenants..." : "Complete the earlier steps of your checkout first.");
    }
    const amount = amountOf(action.typeId, action.details, oc.fee);
    if (!(amount > 0)) throw new ApiError(409, "There is nothing to pay here.");
    if (amount < MINIMUM_CARD_PAYMENT_PENCE) throw new ApiError(409, BELOW_CARD_MINIMUM_MESSAGE);
    const paymentType = paymentTypeForActionType(normaliseOrderCustomerActionType(action.typeId)!)!;

    const [customer] = await deps.db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
    const stripeCustomerId = await ensureStripeCustomer(deps, customer!);

    const answer = (intent: Stripe.PaymentIntent) =>
      c.json(
        {
          paymentIntentSecret: intent.client_secret!,
          paymentIntentId: intent.id,
          amount,
          currency: "gbp" as const,
          paymentType,
          orderCustomerActionId: action.id,
          publishableKey: deps.payments.publishableKey,
        },
        200,
      );
    // A double submit or a retry gets the intent already made, so it never charges twice.
    const existingId = action.details.stripePaymentIntentId;
    const existing = await reusablePaymentIntent(deps, existingId, amount);
    if (existing) return answer(existing);
    const intent = await createPaymentIntent(deps, {
      stripeCustomerId,
      amount,
      purpose: `pay-${action.id}`,
      replacesIntentId: existingId,
      metadata: { orderId, customerId, orderCustomerActionId: action.id, paymentType },
    });
    await deps.db
      .update(orderCustomerActions)
      .set({ details: { ...action.details, stripePaymentIntentId: intent.id, stripePaymentIntentAmount: amount } })
      .where(eq(orderCustomerActions.id, action.id));
    return answer(intent);
  })
  .openapi(duplicatePaymentMethodCheck, async (c) => {
    const deps = c.get("deps");
    const { orderId } = c.req.valid("param");
    const { paymentMethodId } = c.req.valid("json");
    const customer = tenantCustomer(c);
    const [mine] = await deps.db
      .select({ id: orderCustomers.id })
      .from(orderCustomers)
      .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, customer.id)))
      .limit(1);
    if (!mine) throw notFound();
    const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
    const isDuplicate = await isDuplicateCard(deps.db, customer.id, pm.card?.fingerprint);
    return c.json({ isDuplicate, message: isDuplicate ? DUPLICATE_CARD_MESSAGE : null }, 200);
  })
  .openapi(paymentCardChecks, async (c) => {
    const deps = c.get("deps");
    const { orderId, customerId } = c.req.valid("param");
    const { paymentMethodId } = c.req.valid("json");
    const userId = c.get("auth").userId;
    await ownOrderCustomer(deps.db, { orderId, customerId, userId });
    const [customer] = await deps.db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
    const pm = await tenantPaymentMethod(deps, customer!, paymentMethodId);
    const checks = cardCheckResults(
      {
        cardholderName: pm.billing_details?.name,
        cvcCheck: pm.card?.checks?.cvc_check,
        postcodeCheck: pm.card?.checks?.address_postal_code_check,
        funding: pm.card?.funding,
      },
      { firstName: user!.firstName, lastName: user!.lastName },
    );
    return c.json({ checks, failed: failedCardChecks(checks) }, 200);
  })
  .openapi(addPaymentMethod, async (c) => {
    const deps = c.get("deps");
    const { paymentMethodId, setupIntentId } = c.req.valid("json");
    const customer = tenantCustomer(c);
    const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
    if (await isDuplicateCard(deps.db, customer.id, pm.card?.fingerprint)) throw new ApiError(409, DUPLICATE_CARD_MESSAGE);
    const stripeCustomerId = await ensureStripeCustomer(deps, customer);
    const { stripe } = deps.payments;
    let intent;
    if (setupIntentId) {
      intent = await stripe.setupIntents.retrieve(setupIntentId).catch(() => null);
      if (!intent || intent.customer !== stripeCustomerId) throw notFound();
    } else {
      intent = await confirmCardSetup(deps, {
        stripeCustomerId,
        paymentMethodId: pm.id,
        metadata: { customerId: customer.id, purpose: "add-payment-method" },
        idempotencyKey: `setup-${customer.id}-${pm.id}`,
      });
    }
    if (intent.status === "requires_action") {
      return c.json({ status: "requires_action" as const, setupIntentId: intent.id, clientSecret: intent.client_secret }, 200);
    }
    if (intent.status !== "succeeded") {
      throw new ApiError(400, intent.last_setup_error?.message ?? "An error has occured");
    }
    await recordPaymentMethod(deps, customer.id, pm);
    await deps.db
      .update(customers)
      .set({ hasDuplicatePaymentMethod: false, requiresNewPaymentMethod: false })
      .where(eq(customers.id, customer.id));
    await stripe.customers.update(stripeCustomerId, { invoice_settings: { default_payment_method: pm.id } });
    return c.json({ status: "succeeded" as const, setupIntentId: intent.id, clientSecret: null }, 200);
  })
  .openapi(paymentFollowUp, async (c) => {
    await recordPaymentFollowUp(c.get("deps"), tenantCustomer(c), c.req.valid("json"));
    return c.body(null, 204);
  });
