/**
 * Payment plans (part 2 §2 payment plan screens, §3 PaymentPlan, §4, §5, §7) and the
 * tenant's tenancy anniversaries for the annual fee (part 2 §3, §7).
 *
 * A plan is shown only to its owning customer (part 1 §6): any other id answers 404.
 * The card step is a setup intent (getSetupIntentSecret) confirmed by the card form, then
 * updateCardDetails, which checks the card with the provider, keeps it as the customer's
 * default and the plan's card and makes the plan ACTIVE. An instalment is paid by card
 * through a payment intent (getInstalmentPaymentIntentSecret); the provider's webhook makes
 * it PAID or FAILED (payments/service.ts). Stripe is never called inside a transaction.
 * createOneTimeSessionToken is not offered: it sent the browser to an external plan portal
 * that these screens replace.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppEnv } from "../context";
import type { Database } from "../db";
import {
  addresses,
  orders,
  paymentPlanInstalments,
  paymentPlans,
  tenancyAnniversaries,
  tenancyTenants
} from "../db/schema";
import {
  paymentPlanNextAction,
  paymentPlanScreen
} from "../domain/payment-plans";
import {
  instalmentPaymentRefusal
} from "../domain/payment-plans-rules";
import { BELOW_CARD_MINIMUM_MESSAGE, MINIMUM_CARD_PAYMENT_PENCE } from "../domain/payments";
import { requireTenant, tenantCustomer } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { newId } from "../lib/tokens";
import { createPaymentIntent, ensureStripeCustomer, recordPaymentMethod, reusablePaymentIntent } from "../payments/service";
import { InstalmentParams, InstalmentPaymentIntentSecretSchema, PaymentPlanActionSchema, PaymentPlanAddressSchema, PaymentPlanInstalmentSchema, PaymentPlanSchema, PaymentPlanScreenSchema, PlanParams, SetupIntentSecretSchema, TenancyAnniversarySchema, UpdateAddressBody, UpdateCardDetailsBody } from "./schemas";
import { makePaymentPlanActive } from "./service";
import { actionView, addressView, orderPropertyAddress, completeStep, idOf, instalmentView, loadOwnedPlan, OPEN_SETUP_STATUSES, planView, refuseStep, savedPlanCard } from "./views";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ── Routes ──────────────────────────────────────────────────────────────────

const common = {
  tags: ["payment plans"],
  security: [{ bearer: [] as string[] }],
};

const planResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: PaymentPlanSchema } },
});

const getPaymentPlanById = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "get",
  path: "/payment-plans/{paymentPlanId}",
  operationId: "getPaymentPlanById",
  summary: "The tenant's payment plan with its instalments, steps, next step and the screen to show",
  request: { params: PlanParams },
  responses: { 200: planResponse("The payment plan"), ...errorResponses(400, 401, 404) },
});

const getPaymentPlanPropertyAddressById = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "get",
  path: "/payment-plans/{paymentPlanId}/property-address",
  operationId: "getPaymentPlanPropertyAddressById",
  summary: "The address of the property the plan's tenancy is for",
  request: { params: PlanParams },
  responses: {
    200: {
      description: "The property address",
      content: { "application/json": { schema: z.object({ address: PaymentPlanAddressSchema }).openapi("PaymentPlanPropertyAddress") } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const getPaymentPlanAction = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "get",
  path: "/payment-plans/{paymentPlanId}/next-action",
  operationId: "getPaymentPlanAction",
  summary: "The plan's current next action (null when none) and the screen to show",
  request: { params: PlanParams },
  responses: {
    200: {
      description: "The next action",
      content: {
        "application/json": {
          schema: z
            .object({ action: PaymentPlanActionSchema.nullable(), screen: PaymentPlanScreenSchema })
            .openapi("PaymentPlanNextAction"),
        },
      },
    },
    ...errorResponses(400, 401, 404),
  },
});

const confirmPaymentPlan = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/payment-plans/{paymentPlanId}/confirm",
  operationId: "confirmPaymentPlan",
  summary: "Confirm the proposed payment plan (step 1, Payment Proposal Outline)",
  request: { params: PlanParams },
  responses: { 200: planResponse("The plan, with CONFIRM done"), ...errorResponses(400, 401, 404, 409) },
});

const updateAddress = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "put",
  path: "/payment-plans/{paymentPlanId}/address",
  operationId: "updateAddress",
  summary: "Give the postal address for the plan's confirmations (step 2, Address Confirmation)",
  request: {
    params: PlanParams,
    body: { required: true, content: { "application/json": { schema: UpdateAddressBody } } },
  },
  responses: { 200: planResponse("The plan, with ADDRESS done and the address stored"), ...errorResponses(400, 401, 404, 409) },
});

const getSetupIntentSecret = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/payment-plans/{paymentPlanId}/setup-intent",
  operationId: "getSetupIntentSecret",
  summary: "The setup intent the card form confirms to save the plan's card (step 3, Payment Details)",
  request: { params: PlanParams },
  responses: {
    200: { description: "The setup intent's client secret", content: { "application/json": { schema: SetupIntentSecretSchema } } },
    ...errorResponses(400, 401, 404, 409, 502),
  },
});

const updateCardDetails = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "put",
  path: "/payment-plans/{paymentPlanId}/card-details",
  operationId: "updateCardDetails",
  summary: "Give the card the instalments are charged to (step 3, 'Confirm my payment plan'): the plan goes live",
  request: {
    params: PlanParams,
    body: { required: true, content: { "application/json": { schema: UpdateCardDetailsBody } } },
  },
  responses: {
    200: planResponse("The plan, ACTIVE, with CARD_DETAILS done and no next action"),
    ...errorResponses(400, 401, 404, 409, 502),
  },
});

const getInstalmentPaymentIntentSecret = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "post",
  path: "/payment-plans/{paymentPlanId}/instalments/{instalmentId}/pay",
  operationId: "getInstalmentPaymentIntentSecret",
  summary: "The payment intent for paying one instalment by card (manual-payment); the same one again until it is paid",
  request: { params: InstalmentParams },
  responses: {
    200: {
      description: "The intent's client secret",
      content: { "application/json": { schema: InstalmentPaymentIntentSecretSchema } },
    },
    ...errorResponses(400, 401, 404, 409, 502),
  },
});

const getInstalmentById = createRoute({
  ...common,
  middleware: [requireTenant] as const,
  method: "get",
  path: "/payment-plans/{paymentPlanId}/instalments/{instalmentId}",
  operationId: "getInstalmentById",
  summary: "One instalment of the plan, with its status (polled until PAID)",
  request: { params: InstalmentParams },
  responses: {
    200: { description: "The instalment", content: { "application/json": { schema: PaymentPlanInstalmentSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

const getUserTenancyAnniversaries = createRoute({
  method: "get",
  path: "/tenancy-anniversaries",
  operationId: "getUserTenancyAnniversaries",
  tags: ["annual fee"],
  summary: "The anniversaries of the signed-in tenant's tenancies, with whether each year's annual fee is paid",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  responses: {
    200: {
      description: "The anniversaries, oldest first",
      content: {
        "application/json": {
          schema: z.object({ tenancyAnniversaries: z.array(TenancyAnniversarySchema) }).openapi("TenancyAnniversaries"),
        },
      },
    },
    ...errorResponses(401),
  },
});

export const paymentPlansRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getPaymentPlanById, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const loaded = await loadOwnedPlan(deps.db, c.req.valid("param").paymentPlanId, customer.id);
    return c.json(await planView(deps.db, loaded, deps.clock.now()), 200);
  })
  .openapi(getPaymentPlanPropertyAddressById, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const { orderCustomer } = await loadOwnedPlan(deps.db, c.req.valid("param").paymentPlanId, customer.id);
    const address = await orderPropertyAddress(deps.db, orderCustomer.orderId);
    if (!address) throw notFound();
    return c.json({ address: addressView(address) }, 200);
  })
  .openapi(getPaymentPlanAction, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const loaded = await loadOwnedPlan(deps.db, c.req.valid("param").paymentPlanId, customer.id);
    const next = paymentPlanNextAction(loaded.domain.actions);
    const action = next === null ? null : loaded.actions.find((a) => a.id === next.id)!;
    return c.json({ action: action ? actionView(action) : null, screen: paymentPlanScreen(loaded.domain, deps.clock.now()) }, 200);
  })
  .openapi(confirmPaymentPlan, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const view = await completeStep(deps, c.req.valid("param").paymentPlanId, customer.id, "CONFIRM", async (tx, loaded, now) => {
      await tx.update(paymentPlans).set({ confirmedAt: now }).where(eq(paymentPlans.id, loaded.plan.id));
    });
    return c.json(view, 200);
  })
  .openapi(updateAddress, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    // The form sends the address history list; the plan's postal address is the first current one.
    const current = c.req.valid("json").addresses.find((a) => a.currentlyAtAddress)!;
    const view = await completeStep(deps, c.req.valid("param").paymentPlanId, customer.id, "ADDRESS", async (tx, loaded, now) => {
      const addressId = newId();
      const text = (value: string | null | undefined) => (value == null || value === "" ? null : value);
      await tx.insert(addresses).values({
        id: addressId,
        // The plan's own postal address: not added to the tenant's address history.
        userId: null,
        externalId: text(current.externalId),
        buildingName: text(current.buildingName),
        roomNumber: text(current.roomNumber),
        flatNumber: text(current.flatNumber),
        buildingNumber: text(current.buildingNumber),
        street: current.street!,
        subStreet: text(current.subStreet),
        town: text(current.town),
        county: text(current.county),
        postcode: current.postcode!.toUpperCase(),
        country: current.country!.toUpperCase(),
        startDate: current.startDate ?? null,
        endDate: current.endDate ?? null,
        currentlyAtAddress: true,
        organizationId: text(current.organizationId),
        createdAt: now,
      });
      await tx.update(paymentPlans).set({ addressId }).where(eq(paymentPlans.id, loaded.plan.id));
    });
    return c.json(view, 200);
  })
  .openapi(getSetupIntentSecret, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const loaded = await loadOwnedPlan(deps.db, c.req.valid("param").paymentPlanId, customer.id);
    refuseStep(loaded, "CARD_DETAILS", deps.clock.now());
    const stripeCustomerId = await ensureStripeCustomer(deps, customer);
    const { stripe } = deps.payments;
    const { plan } = loaded;
    // The plan's setup intent is used again while the card form can still confirm it.
    const previousId = plan.stripeSetupIntentId;
    if (previousId) {
      const previous = await stripe.setupIntents.retrieve(previousId).catch(() => null);
      if (previous && OPEN_SETUP_STATUSES.has(previous.status) && idOf(previous.customer) === stripeCustomerId) {
        return c.json({ clientSecret: previous.client_secret!, setupIntentId: previous.id }, 200);
      }
    }
    const intent = await stripe.setupIntents.create(
      {
        customer: stripeCustomerId,
        usage: "off_session",
        allowed_payment_method_types: ["card"],
        metadata: { customerId: customer.id, paymentPlanId: plan.id, purpose: "payment-plan-card" },
      },
      // Our own ids: the same plan (and the intent it replaces) always names the same intent.
      { idempotencyKey: previousId ? `plan-setup-${plan.id}-after-${previousId}` : `plan-setup-${plan.id}` },
    );
    await deps.db.update(paymentPlans).set({ stripeSetupIntentId: intent.id }).where(eq(paymentPlans.id, plan.id));
    return c.json({ clientSecret: intent.client_secret!, setupIntentId: intent.id }, 200);
  })
  .openapi(updateCardDetails, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const { paymentPlanId } = c.req.valid("param");
    refuseStep(await loadOwnedPlan(deps.db, paymentPlanId, customer.id), "CARD_DETAILS", deps.clock.now());
    const { pm, stripeCustomerId } = await savedPlanCard(deps, customer, paymentPlanId, c.req.valid("json").paymentMethodId);
    const view = await completeStep(deps, paymentPlanId, customer.id, "CARD_DETAILS", async (tx, loaded, now) => {
      await recordPaymentMethod({ db: tx }, customer.id, pm);
      await makePaymentPlanActive(tx, loaded.plan, now, { stripePaymentMethodId: pm.id });
    });
    // The provider's default card too, as addPaymentMethod does; the plan has its own already.
    try {
      await deps.payments.stripe.customers.update(stripeCustomerId, { invoice_settings: { default_payment_method: pm.id } });
    } catch (error) {
      log.warn("could not set the default payment method", { customerId: customer.id, ...describeError(error) });
    }
    return c.json(view, 200);
  })
  .openapi(getInstalmentPaymentIntentSecret, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const { paymentPlanId, instalmentId } = c.req.valid("param");
    const loaded = await loadOwnedPlan(deps.db, paymentPlanId, customer.id);
    const instalment = loaded.instalments.find((i) => i.id === instalmentId);
    if (!instalment) throw notFound();
    const refusal = instalmentPaymentRefusal(loaded.domain, instalment);
    if (refusal !== null) throw new ApiError(409, refusal);
    if (instalment.amount < MINIMUM_CARD_PAYMENT_PENCE) throw new ApiError(409, BELOW_CARD_MINIMUM_MESSAGE);
    const stripeCustomerId = await ensureStripeCustomer(deps, customer);
    const amount = instalment.amount;
    const answer = (intent: Stripe.PaymentIntent) =>
      c.json(
        {
          paymentIntentSecret: intent.client_secret!,
          paymentIntentId: intent.id,
          amount,
          currency: "gbp" as const,
          paymentPlanId: loaded.plan.id,
          paymentPlanInstalmentId: instalment.id,
        },
        200,
      );
    // An intent already made for this instalment and amount is used again: a double submit or
    // a retry after a declined card never makes a second one (and so never charges twice).
    const existingId = instalment.stripePaymentIntentId;
    const existing = await reusablePaymentIntent(deps, existingId, amount);
    if (existing) return answer(existing);
    const intent = await createPaymentIntent(deps, {
      stripeCustomerId,
      amount,
      purpose: `instalment-${instalment.id}`,
      replacesIntentId: existingId,
      metadata: {
        orderId: loaded.orderCustomer.orderId,
        customerId: customer.id,
        paymentPlanId: loaded.plan.id,
        paymentPlanInstalmentId: instalment.id,
      },
    });
    await deps.db
      .update(paymentPlanInstalments)
      .set({ stripePaymentIntentId: intent.id })
      .where(eq(paymentPlanInstalments.id, instalment.id));
    return answer(intent);
  })
  .openapi(getInstalmentById, async (c) => {
    const deps = c.get("deps");
    const customer = tenantCustomer(c);
    const { paymentPlanId, instalmentId } = c.req.valid("param");
    const { instalments } = await loadOwnedPlan(deps.db, paymentPlanId, customer.id);
    const instalment = instalments.find((i) => i.id === instalmentId);
    if (!instalment) throw notFound();
    return c.json(instalmentView(instalment), 200);
  })
  .openapi(getUserTenancyAnniversaries, async (c) => {
    const { db } = c.get("deps");
    const rows = await db
      .select({ anniversary: tenancyAnniversaries, orderStatusId: orders.statusId })
      .from(tenancyTenants)
      .innerJoin(tenancyAnniversaries, eq(tenancyAnniversaries.tenancyId, tenancyTenants.tenancyId))
      .leftJoin(orders, eq(orders.id, tenancyAnniversaries.orderId))
      .where(eq(tenancyTenants.userId, c.get("auth").userId))
      .orderBy(asc(tenancyAnniversaries.anniversaryDate), asc(tenancyAnniversaries.tenancyId));
    return c.json(
      {
        tenancyAnniversaries: rows.map(({ anniversary: a, orderStatusId }) => ({
          id: a.id,
          tenancyId: a.tenancyId,
          date: a.anniversaryDate,
          year: a.yearNumber,
          // Reading chosen: a year is paid once its top-up order is complete (every tenant paid),
          // or when the back office recorded it as paid.
          paid: a.paidAt !== null || orderStatusId === "COMPLETE",
          paidAt: a.paidAt?.toISOString() ?? null,
          orderId: a.orderId,
          orderStatusId: (orderStatusId as "PENDING" | "COMPLETE" | null) ?? null,
        })),
      },
      200,
    );
  });
