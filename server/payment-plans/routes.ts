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
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { tenantCustomer } from "../lib/auth";
import { InstalmentParams, InstalmentPaymentIntentSecretSchema, PaymentPlanActionSchema, PaymentPlanAddressSchema, PaymentPlanInstalmentSchema, PaymentPlanSchema, PaymentPlanScreenSchema, PlanParams, SetupIntentSecretSchema, TenancyAnniversarySchema, UpdateAddressBody, UpdateCardDetailsBody } from "./schemas";
import { confirmPlan, instalmentPaymentIntent, planSetupIntent, updatePlanAddress, updatePlanCard } from "./steps-service";
import { ownedPlanView, planActionView, planInstalmentView, planPropertyAddressView, tenancyAnniversariesOf } from "./views";

// ── Routes ──────────────────────────────────────────────────────────────────

const plans = { tags: ["payment plans"], auth: "tenant" } as const;

const getPaymentPlanById = apiRoute({
  ...plans, method: "get", path: "/payment-plans/{paymentPlanId}", operationId: "getPaymentPlanById",
  summary: "The tenant's payment plan with its instalments, steps, next step and the screen to show",
  params: PlanParams,
  ok: ["The payment plan", PaymentPlanSchema], errors: [400, 401, 404],
});

const getPaymentPlanPropertyAddressById = apiRoute({
  ...plans, method: "get", path: "/payment-plans/{paymentPlanId}/property-address", operationId: "getPaymentPlanPropertyAddressById",
  summary: "The address of the property the plan's tenancy is for",
  params: PlanParams,
  ok: ["The property address", z.object({ address: PaymentPlanAddressSchema }).openapi("PaymentPlanPropertyAddress")],
  errors: [400, 401, 404],
});

const getPaymentPlanAction = apiRoute({
  ...plans, method: "get", path: "/payment-plans/{paymentPlanId}/next-action", operationId: "getPaymentPlanAction",
  summary: "The plan's current next action (null when none) and the screen to show",
  params: PlanParams,
  ok: [
    "The next action",
    z.object({ action: PaymentPlanActionSchema.nullable(), screen: PaymentPlanScreenSchema }).openapi("PaymentPlanNextAction"),
  ],
  errors: [400, 401, 404],
});

const confirmPaymentPlan = apiRoute({
  ...plans, method: "post", path: "/payment-plans/{paymentPlanId}/confirm", operationId: "confirmPaymentPlan",
  summary: "Confirm the proposed payment plan (step 1, Payment Proposal Outline)",
  params: PlanParams,
  ok: ["The plan, with CONFIRM done", PaymentPlanSchema], errors: [400, 401, 404, 409],
});

const updateAddress = apiRoute({
  ...plans, method: "put", path: "/payment-plans/{paymentPlanId}/address", operationId: "updateAddress",
  summary: "Give the postal address for the plan's confirmations (step 2, Address Confirmation)",
  params: PlanParams, body: UpdateAddressBody,
  ok: ["The plan, with ADDRESS done and the address stored", PaymentPlanSchema], errors: [400, 401, 404, 409],
});

const getSetupIntentSecret = apiRoute({
  ...plans, method: "post", path: "/payment-plans/{paymentPlanId}/setup-intent", operationId: "getSetupIntentSecret",
  summary: "The setup intent the card form confirms to save the plan's card (step 3, Payment Details)",
  params: PlanParams,
  ok: ["The setup intent's client secret", SetupIntentSecretSchema], errors: [400, 401, 404, 409, 502],
});

const updateCardDetails = apiRoute({
  ...plans, method: "put", path: "/payment-plans/{paymentPlanId}/card-details", operationId: "updateCardDetails",
  summary: "Give the card the instalments are charged to (step 3, 'Confirm my payment plan'): the plan goes live",
  params: PlanParams, body: UpdateCardDetailsBody,
  ok: ["The plan, ACTIVE, with CARD_DETAILS done and no next action", PaymentPlanSchema], errors: [400, 401, 404, 409, 502],
});

const getInstalmentPaymentIntentSecret = apiRoute({
  ...plans, method: "post", path: "/payment-plans/{paymentPlanId}/instalments/{instalmentId}/pay", operationId: "getInstalmentPaymentIntentSecret",
  summary: "The payment intent for paying one instalment by card (manual-payment); the same one again until it is paid",
  params: InstalmentParams,
  ok: ["The intent's client secret", InstalmentPaymentIntentSecretSchema], errors: [400, 401, 404, 409, 502],
});

const getInstalmentById = apiRoute({
  ...plans, method: "get", path: "/payment-plans/{paymentPlanId}/instalments/{instalmentId}", operationId: "getInstalmentById",
  summary: "One instalment of the plan, with its status (polled until PAID)",
  params: InstalmentParams,
  ok: ["The instalment", PaymentPlanInstalmentSchema], errors: [400, 401, 404],
});

const getUserTenancyAnniversaries = apiRoute({
  method: "get", path: "/tenancy-anniversaries", operationId: "getUserTenancyAnniversaries", tags: ["annual fee"],
  summary: "The anniversaries of the signed-in tenant's tenancies, with whether each year's annual fee is paid",
  auth: "tenant",
  ok: ["The anniversaries, oldest first", z.object({ tenancyAnniversaries: z.array(TenancyAnniversarySchema) }).openapi("TenancyAnniversaries")],
  errors: [401],
});

export const paymentPlansRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getPaymentPlanById, async (c) => {
    const deps = c.get("deps");
    return c.json(await ownedPlanView(deps.db, c.req.valid("param").paymentPlanId, tenantCustomer(c).id, deps.clock.now()), 200);
  })
  .openapi(getPaymentPlanPropertyAddressById, async (c) => {
    return c.json(await planPropertyAddressView(c.get("deps").db, c.req.valid("param").paymentPlanId, tenantCustomer(c).id), 200);
  })
  .openapi(getPaymentPlanAction, async (c) => {
    const deps = c.get("deps");
    return c.json(await planActionView(deps.db, c.req.valid("param").paymentPlanId, tenantCustomer(c).id, deps.clock.now()), 200);
  })
  .openapi(confirmPaymentPlan, async (c) => {
    return c.json(await confirmPlan(c.get("deps"), c.req.valid("param").paymentPlanId, tenantCustomer(c).id), 200);
  })
  .openapi(updateAddress, async (c) => {
    const { paymentPlanId } = c.req.valid("param");
    return c.json(await updatePlanAddress(c.get("deps"), paymentPlanId, tenantCustomer(c).id, c.req.valid("json")), 200);
  })
  .openapi(getSetupIntentSecret, async (c) => {
    return c.json(await planSetupIntent(c.get("deps"), tenantCustomer(c), c.req.valid("param").paymentPlanId), 200);
  })
  .openapi(updateCardDetails, async (c) => {
    const { paymentPlanId } = c.req.valid("param");
    return c.json(await updatePlanCard(c.get("deps"), tenantCustomer(c), paymentPlanId, c.req.valid("json").paymentMethodId), 200);
  })
  .openapi(getInstalmentPaymentIntentSecret, async (c) => {
    const { paymentPlanId, instalmentId } = c.req.valid("param");
    return c.json(await instalmentPaymentIntent(c.get("deps"), tenantCustomer(c), paymentPlanId, instalmentId), 200);
  })
  .openapi(getInstalmentById, async (c) => {
    const { paymentPlanId, instalmentId } = c.req.valid("param");
    return c.json(await planInstalmentView(c.get("deps").db, paymentPlanId, instalmentId, tenantCustomer(c).id), 200);
  })
  .openapi(getUserTenancyAnniversaries, async (c) => {
    return c.json(await tenancyAnniversariesOf(c.get("deps").db, c.get("auth").userId), 200);
  });
