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
import { and, asc, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppEnv, Deps } from "../context";
import type { Database } from "../db";
import {
  addresses,
  orderCustomers,
  orders,
  paymentPlanActions,
  paymentPlanInstalments,
  paymentPlans,
  properties,
  tenancies,
  tenancyAnniversaries,
  tenancyTenants,
} from "../db/schema";
import { isCalendarDate } from "../domain/london-time";
import {
  isPaymentPlanOfferVoid,
  paymentPlanNextAction,
  paymentPlanScreen,
  type PaymentPlan as DomainPaymentPlan,
} from "../domain/payment-plans";
import {
  instalmentPaymentRefusal,
  PAYMENT_PLAN_STEP_MESSAGES,
  paymentPlanAddressProblems,
  paymentPlanStepRefusal,
} from "../domain/payment-plans-rules";
import { BELOW_CARD_MINIMUM_MESSAGE, MINIMUM_CARD_PAYMENT_PENCE } from "../domain/payments";
import {
  PAYMENT_PLAN_ACTION_TYPES,
  PAYMENT_PLAN_STATUSES,
  type PaymentPlanActionType,
  type PaymentPlanStatus,
} from "../domain/statuses";
import { currentCustomer, requireTenant, tenantCustomer } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { PropertyAddressSchema, propertyAddressView } from "../lib/schemas";
import { newId } from "../lib/tokens";
import { confirmCardSetup, createPaymentIntent, ensureStripeCustomer, recordPaymentMethod, reusablePaymentIntent, tenantPaymentMethod } from "../payments/service";
import { makePaymentPlanActive } from "./service";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ── Schemas ─────────────────────────────────────────────────────────────────

const INSTALMENT_STATUSES = ["PENDING", "PAID", "FAILED"] as const;
const PAYMENT_PLAN_SCREENS = ["dashboard", "manual-payment", "active", "payment-plan-live", "confirm", "address", "card-details"] as const;

const PaymentPlanActionSchema = z
  .object({
    id: z.string(),
    typeId: z.enum(PAYMENT_PLAN_ACTION_TYPES),
    completedAt: z.string().nullable().openapi({ description: "ISO date-time; null while the step is open" }),
  })
  .openapi("PaymentPlanAction");

const PaymentPlanInstalmentSchema = z
  .object({
    id: z.string(),
    paymentPlanId: z.string(),
    instalmentNumber: z.number().int(),
    dueDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    amount: z.number().int().openapi({ description: "Pence" }),
    status: z.enum(INSTALMENT_STATUSES),
    paidAt: z.string().nullable(),
  })
  .openapi("PaymentPlanInstalment");

const PaymentPlanAddressSchema = PropertyAddressSchema.extend({
  id: z.string(),
  externalId: z.string().nullable(),
}).openapi("PaymentPlanAddress");

const PaymentPlanScreenSchema = z.enum(PAYMENT_PLAN_SCREENS).openapi("PaymentPlanScreen", {
  description:
    "The screen the plan shows (part 2 §4): dashboard for a cancelled plan, a void offer or a plan in default; manual-payment when an instalment failed; the page of the next step; active for a live plan with nothing to do; payment-plan-live when every step is done.",
});

const PaymentPlanSchema = z
  .object({
    id: z.string(),
    status: z.enum(PAYMENT_PLAN_STATUSES),
    amount: z.number().int().openapi({ description: "The balance spread over the instalments, in pence (interest included)" }),
    interestAmount: z.number().int().openapi({ description: "The part of the amount that is interest, in pence" }),
    outstandingBalance: z
      .number()
      .int()
      .openapi({ description: "'Your outstanding balance of £X will be spread over N instalments': X, in pence" }),
    instalmentCount: z.number().int().openapi({ description: "N in the same sentence" }),
    amountPaid: z.number().int().openapi({ description: "Pence paid so far (PAID instalments)" }),
    amountRemaining: z.number().int().openapi({ description: "Pence still to pay (instalments not PAID)" }),
    instalments: z.array(PaymentPlanInstalmentSchema),
    actions: z.array(PaymentPlanActionSchema),
    nextAction: z
      .object({ paymentPlanActionIds: z.array(z.string()) })
      .nullable()
      .openapi({ description: "The step to do now; null when none (card details done)" }),
    screen: PaymentPlanScreenSchema,
    offerExpiresAt: z.string().openapi({ description: "The offer is void if its three steps are not all done by then (48 hours)" }),
    offerVoid: z.boolean(),
    orderCustomerId: z.string(),
    orderCustomer: z.object({ id: z.string(), orderId: z.string(), customerId: z.string() }),
    claimId: z.string().nullable(),
    address: PaymentPlanAddressSchema.nullable().openapi({ description: "The postal address given at the Address Confirmation step" }),
    createdAt: z.string(),
  })
  .openapi("PaymentPlan");

const PlanParams = z.object({
  paymentPlanId: z.string().min(1).max(200).openapi({ param: { name: "paymentPlanId", in: "path" } }),
});
const InstalmentParams = PlanParams.extend({
  instalmentId: z.string().min(1).max(200).openapi({ param: { name: "instalmentId", in: "path" } }),
});

const optionalText = z.string().trim().max(200).nullish();
const optionalDate = z
  .string()
  .refine(isCalendarDate, "Must be a YYYY-MM-DD date")
  .nullish();

/** One address of the form (part 2 §3 Address form), checked with part 2 §5's rules and messages. */
const PaymentPlanAddressInputSchema = z
  .object({
    id: z.string().max(200).nullish().openapi({ description: "The form's temporary id; not stored" }),
    externalId: optionalText,
    buildingName: optionalText,
    roomNumber: optionalText,
    flatNumber: optionalText,
    buildingNumber: optionalText,
    street: optionalText,
    subStreet: optionalText,
    town: optionalText,
    county: optionalText,
    postcode: optionalText,
    country: optionalText.openapi({ description: "Two-letter code (GB); GBR is read as the UK too" }),
    startDate: optionalDate,
    endDate: optionalDate,
    currentlyAtAddress: z.boolean().default(true),
    organizationId: optionalText,
  })
  .superRefine((address, ctx) => {
    for (const problem of paymentPlanAddressProblems(address)) {
      ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
    }
  })
  .openapi("PaymentPlanAddressInput");

const UpdateAddressBody = z
  .object({
    addresses: z
      .array(PaymentPlanAddressInputSchema)
      .min(1, "Required")
      .max(20)
      .refine((list) => list.some((a) => a.currentlyAtAddress), "A current address is required"),
  })
  .openapi("UpdatePaymentPlanAddress");

const SetupIntentSecretSchema = z
  .object({
    clientSecret: z.string().openapi({ description: "For the card form, in setup mode (Stripe.js confirmCardSetup)" }),
    setupIntentId: z.string(),
  })
  .openapi("PaymentPlanSetupIntentSecret");

const UpdateCardDetailsBody = z
  .object({
    paymentMethodId: z
      .string()
      .trim()
      .min(1, "Required")
      .max(255)
      .openapi({ description: "The card the setup intent was confirmed with" }),
  })
  .openapi("UpdatePaymentPlanCardDetails");

const InstalmentPaymentIntentSecretSchema = z
  .object({
    paymentIntentSecret: z.string(),
    paymentIntentId: z.string(),
    amount: z.number().int().openapi({ description: "The instalment's amount, in pence" }),
    currency: z.literal("gbp"),
    paymentPlanId: z.string(),
    paymentPlanInstalmentId: z.string(),
  })
  .openapi("InstalmentPaymentIntentSecret");

const TenancyAnniversarySchema = z
  .object({
    id: z.string(),
    tenancyId: z.string(),
    date: z.string().openapi({ description: "The anniversary, YYYY-MM-DD" }),
    year: z.number().int().openapi({ description: "1 for the first anniversary of the tenancy's start" }),
    paid: z.boolean().openapi({ description: "The year's annual fee is paid (its top-up order is COMPLETE)" }),
    paidAt: z.string().nullable(),
    orderId: z.string().nullable().openapi({ description: "The annual fee (TOP_UP) order for this year" }),
    orderStatusId: z.enum(["PENDING", "COMPLETE"]).nullable(),
  })
  .openapi("TenancyAnniversary");

// ── Reading a plan ──────────────────────────────────────────────────────────

/**
 * The plan with the given id if it belongs to the customer, its actions and
 * instalments; 404 otherwise (another tenant's plan and a made-up id alike).
 */
async function loadOwnedPlan(db: Database | Tx, paymentPlanId: string, customerId: string, forUpdate = false) {
  const query = db
    .select({ plan: paymentPlans, orderCustomer: orderCustomers })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .where(and(eq(paymentPlans.id, paymentPlanId), eq(orderCustomers.customerId, customerId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update", { of: paymentPlans }) : await query;
  if (!row) throw notFound();
  const [actions, instalments] = await Promise.all([
    db.select().from(paymentPlanActions).where(eq(paymentPlanActions.paymentPlanId, row.plan.id)).orderBy(asc(paymentPlanActions.position)),
    db
      .select()
      .from(paymentPlanInstalments)
      .where(eq(paymentPlanInstalments.paymentPlanId, row.plan.id))
      .orderBy(asc(paymentPlanInstalments.instalmentNumber)),
  ]);
  const domain: DomainPaymentPlan = {
    id: row.plan.id,
    status: row.plan.status as PaymentPlanStatus,
    createdAt: row.plan.createdAt,
    actions: actions.map((a) => ({ id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt })),
    instalments: instalments.map((i) => ({ id: i.id, status: i.status })),
  };
  return { ...row, actions, instalments, domain };
}

type LoadedPlan = Awaited<ReturnType<typeof loadOwnedPlan>>;

function actionView(a: LoadedPlan["actions"][number]) {
  return { id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt?.toISOString() ?? null };
}

function instalmentView(i: LoadedPlan["instalments"][number]) {
  return {
    id: i.id,
    paymentPlanId: i.paymentPlanId,
    instalmentNumber: i.instalmentNumber,
    dueDate: i.dueDate,
    amount: i.amount,
    status: i.status as (typeof INSTALMENT_STATUSES)[number],
    paidAt: i.paidAt?.toISOString() ?? null,
  };
}

function addressView(a: typeof addresses.$inferSelect) {
  return { id: a.id, externalId: a.externalId, ...propertyAddressView(a) };
}

async function planView(db: Database, loaded: LoadedPlan, now: Date) {
  const { plan, orderCustomer, actions, instalments, domain } = loaded;
  const [address] = plan.addressId ? await db.select().from(addresses).where(eq(addresses.id, plan.addressId)).limit(1) : [];
  const next = paymentPlanNextAction(domain.actions);
  const amountPaid = instalments.filter((i) => i.status === "PAID").reduce((sum, i) => sum + i.amount, 0);
  const instalmentTotal = instalments.reduce((sum, i) => sum + i.amount, 0);
  return {
    id: plan.id,
    status: domain.status,
    amount: plan.amount,
    interestAmount: plan.interestAmount,
    outstandingBalance: plan.amount,
    instalmentCount: instalments.length,
    amountPaid,
    amountRemaining: instalmentTotal - amountPaid,
    instalments: instalments.map(instalmentView),
    actions: actions.map(actionView),
    nextAction: next === null ? null : { paymentPlanActionIds: [next.id] },
    screen: paymentPlanScreen(domain, now),
    offerExpiresAt: plan.offerExpiresAt.toISOString(),
    offerVoid: isPaymentPlanOfferVoid(domain, now),
    orderCustomerId: orderCustomer.id,
    orderCustomer: { id: orderCustomer.id, orderId: orderCustomer.orderId, customerId: orderCustomer.customerId },
    claimId: plan.claimId,
    address: address ? addressView(address) : null,
    createdAt: plan.createdAt.toISOString(),
  };
}

/**
 * Completes a step of the plan in a transaction that holds the plan's row: refused
 * (409) unless it is the plan's next step, on a live offer. A second identical
 * request finds the step done and gets 409, never a second effect.
 */
async function completeStep(
  deps: Deps,
  paymentPlanId: string,
  customerId: string,
  step: PaymentPlanActionType,
  write: (tx: Tx, loaded: LoadedPlan, now: Date) => Promise<void>,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const loaded = await loadOwnedPlan(tx, paymentPlanId, customerId, true);
    const refusal = paymentPlanStepRefusal(loaded.domain, step, now);
    if (refusal !== null) throw new ApiError(409, refusal);
    const action = loaded.actions.find((a) => a.typeId === step)!;
    const done = await tx
      .update(paymentPlanActions)
      .set({ completedAt: now })
      .where(and(eq(paymentPlanActions.id, action.id), isNull(paymentPlanActions.completedAt)))
      .returning({ id: paymentPlanActions.id });
    if (done.length === 0) throw new ApiError(409, PAYMENT_PLAN_STEP_MESSAGES.done);
    await write(tx, loaded, now);
  });
  return planView(deps.db, await loadOwnedPlan(deps.db, paymentPlanId, customerId), now);
}

/** Refuses (409) a step that may not be done now: checked before calling the card provider, and again by completeStep. */
function refuseStep(loaded: LoadedPlan, step: PaymentPlanActionType, now: Date) {
  const refusal = paymentPlanStepRefusal(loaded.domain, step, now);
  if (refusal !== null) throw new ApiError(409, refusal);
}

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** A setup intent in these states can still be confirmed by the card form. */
const OPEN_SETUP_STATUSES = new Set<Stripe.SetupIntent.Status>(["requires_payment_method", "requires_confirmation", "requires_action"]);

const CARD_NEEDS_AUTHENTICATION = "Your bank needs you to confirm this card. Please enter your card details again.";

/**
 * The card the tenant gave at the card step, checked with the card provider: it must be
 * theirs (tenantPaymentMethod, else 404). A card saved to their provider customer has been
 * set up for off-session use (confirming the card step's setup intent saves it there); one
 * not saved yet is saved as addPaymentMethod does, with a setup intent confirmed here.
 */
async function savedPlanCard(deps: Deps, customer: Awaited<ReturnType<typeof currentCustomer>>, paymentPlanId: string, paymentMethodId: string) {
  const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
  const stripeCustomerId = await ensureStripeCustomer(deps, customer);
  if (idOf(pm.customer) === stripeCustomerId) return { pm, stripeCustomerId };
  const intent = await confirmCardSetup(deps, {
    stripeCustomerId,
    paymentMethodId: pm.id,
    metadata: { customerId: customer.id, paymentPlanId, purpose: "payment-plan-card" },
    idempotencyKey: `plan-card-${paymentPlanId}-${pm.id}`,
  });
  if (intent.status === "requires_action") throw new ApiError(400, CARD_NEEDS_AUTHENTICATION);
  if (intent.status !== "succeeded") throw new ApiError(400, intent.last_setup_error?.message ?? "An error has occured");
  return { pm: await deps.payments.stripe.paymentMethods.retrieve(pm.id), stripeCustomerId };
}

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
    const [row] = await deps.db
      .select({ address: addresses })
      .from(orders)
      .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
      .innerJoin(properties, eq(properties.id, tenancies.propertyId))
      .innerJoin(addresses, eq(addresses.id, properties.addressId))
      .where(eq(orders.id, orderCustomer.orderId))
      .limit(1);
    if (!row) throw notFound();
    return c.json({ address: addressView(row.address) }, 200);
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
