import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { ABOUT_YOU_MESSAGES } from "#common/about-you";
import { AGREEMENT_MESSAGES, type ConfirmAcknowledgement } from "#common/tenant-terms";
import { CONFIRM_ACKNOWLEDGEMENTS } from "../domain/checkout";
import { normaliseGender } from "../domain/statuses";
import { apiRoute } from "../lib/api-route";
import { idParam, singleLineText } from "../lib/input-schemas";
import type { TextLimit } from "#common/input";
import { clientAddress } from "../lib/client-address";
import { completeAddressHistory, confirmCheckout, saveAboutYou, signCheckoutDocument } from "./service";
import { OrderCustomerSchema, orderCustomerView, ownOrderCustomerView, tenancyUserView } from "./views";
import { CoTenantReminderSchema } from "../lib/schemas";
import { remindOrderCoTenant } from "./reminders";


// ── Routes ──────────────────────────────────────────────────────────────────

const Params = z.object({
  orderId: idParam().openapi({ param: { name: "orderId", in: "path" } }),
  customerId: idParam().openapi({ param: { name: "customerId", in: "path" } }),
});

/** What every step answers: the order customer as it is now. */
const stepResponses = { ok: ["Done; the order customer as it is now", OrderCustomerSchema], errors: [400, 401, 404, 409] } as const;

const getOrderCustomerById = apiRoute({
  method: "get", path: "/orders/{orderId}/customers/{customerId}", operationId: "getOrderCustomerById", tags: ["checkout"],
  summary: "The signed-in tenant's own order customer on an order: actions, next action, steps, order and terms",
  auth: "tenant", params: Params,
  ok: ["The order customer", OrderCustomerSchema], errors: [401, 404],
});

const text = (required: string, limit: TextLimit | number, tooLong: string) => singleLineText(limit, { required, tooLong });

const AboutYouBody = z
  .object({
    firstName: text(ABOUT_YOU_MESSAGES.firstNameRequired, "name", ABOUT_YOU_MESSAGES.firstNameTooLong),
    lastName: text(ABOUT_YOU_MESSAGES.lastNameRequired, "name", ABOUT_YOU_MESSAGES.lastNameTooLong),
    dob: text(ABOUT_YOU_MESSAGES.dateInvalid, 10, ABOUT_YOU_MESSAGES.dateInvalid).openapi({ description: "YYYY-MM-DD", example: "1990-04-21" }),
    gender: text(ABOUT_YOU_MESSAGES.genderRequired, "code", ABOUT_YOU_MESSAGES.genderRequired)
      .transform((v, ctx) => {
        const gender = normaliseGender(v);
        if (gender === null) {
          ctx.addIssue({ code: "custom", message: ABOUT_YOU_MESSAGES.genderRequired });
          return z.NEVER;
        }
        return gender;
      })
      .openapi({ type: "string", enum: ["MALE", "FEMALE", "UNKNOWN"], description: "UNKNOWN is 'Rather not say'" }),
    mobileNumber: text(ABOUT_YOU_MESSAGES.mobileNumberRequired, "phone", ABOUT_YOU_MESSAGES.mobileNumberFormat).openapi({ example: "07700900123" }),
  })
  .openapi("AboutYouRequest");

const aboutYou = apiRoute({
  method: "post", path: "/orders/{orderId}/customers/{customerId}/about-you", operationId: "aboutYou", tags: ["checkout"],
  summary: "About You: save the tenant's details and complete the step",
  auth: "tenant", params: Params, body: AboutYouBody,
  ...stepResponses,
});
const addressHistory = apiRoute({
  method: "post", path: "/orders/{orderId}/customers/{customerId}/address-history", operationId: "addressHistory", tags: ["checkout"],
  summary: "Address history: complete the step (the tenant must have a current address)",
  auth: "tenant", params: Params,
  ...stepResponses,
});

const mustTick = (message: string) => z.boolean().optional().openapi({ description: message });
const ConfirmBody = z
  .object(
    Object.fromEntries(Object.entries(CONFIRM_ACKNOWLEDGEMENTS).map(([key, label]) => [key, mustTick(label)])) as Record<
      ConfirmAcknowledgement,
      ReturnType<typeof mustTick>
    >,
  )
  .openapi("ConfirmRequest", {
    description: "'Is everything correct?': every box must be true; annualFee only when the organisation has top-ups enabled",
  });
const confirm = apiRoute({
  method: "post", path: "/orders/{orderId}/customers/{customerId}/confirm", operationId: "confirm", tags: ["checkout"],
  summary: "Confirm: the tenant ticks the acknowledgements",
  auth: "tenant", params: Params, body: ConfirmBody,
  ...stepResponses,
});

const SignBody = z
  .object({ acceptTerms: z.literal(true, { error: AGREEMENT_MESSAGES.acceptTerms }) })
  .openapi("SignRequest");
const sign = apiRoute({
  method: "post", path: "/orders/{orderId}/customers/{customerId}/sign", operationId: "sign", tags: ["checkout"],
  summary: "Agree to Terms: creates the e-signed terms with the tenant's name and records the IP address",
  auth: "tenant", params: Params, body: SignBody,
  ...stepResponses,
});

const SignAddendumBody = z
  .object({ agree: z.literal(true, { error: AGREEMENT_MESSAGES.agreeAddendum }) })
  .openapi("SignAddendumRequest");
const signAddendumForTenant = apiRoute({
  method: "post", path: "/orders/{orderId}/customers/{customerId}/sign-addendum", operationId: "signAddendumForTenant", tags: ["checkout"],
  summary: "Sign the addendum: creates the e-signed addendum with the tenant's name and records the IP address",
  auth: "tenant", params: Params, body: SignAddendumBody,
  ...stepResponses,
});

const TenancyUserSchema = z
  .object({
    id: z.string().openapi({ description: "The tenancy tenant id" }),
    tenancyId: z.string(),
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    guarantor: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  })
  .openapi("TenancyUser");

const getTenancyUserById = apiRoute({
  method: "get", path: "/orders/{orderId}/customers/{customerId}/tenancy-user", operationId: "getTenancyUserById", tags: ["checkout"],
  summary: "The signed-in tenant on the order's tenancy, with their guarantor",
  auth: "tenant", params: Params,
  ok: ["The tenancy user", TenancyUserSchema], errors: [401, 404],
});

const remindOrderCoTenantRoute = apiRoute({
  method: "post", path: "/orders/{orderId}/co-tenants/{customerId}/reminders", operationId: "remindOrderCoTenant", tags: ["checkout"],
  summary: "'Remind {first name}' (issue 38): e-mail a co-tenant on the order what is waiting for them, once in 24 hours per pair",
  auth: "tenant", params: Params,
  ok: ["The reminder is queued", CoTenantReminderSchema], errors: [400, 401, 404, 409, 429],
});

export const checkoutRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getOrderCustomerById, async (c) => {
    return c.json(await ownOrderCustomerView(c.get("deps").db, c.req.valid("param"), c.get("auth").userId), 200);
  })
  .openapi(aboutYou, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const id = await saveAboutYou(deps, { ...params, userId: c.get("auth").userId }, c.req.valid("json"));
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(addressHistory, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const id = await completeAddressHistory(deps, { ...params, userId: c.get("auth").userId });
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(confirm, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const body = c.req.valid("json") as Partial<Record<ConfirmAcknowledgement, boolean>>;
    const id = await confirmCheckout(deps, { ...params, userId: c.get("auth").userId }, body);
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(sign, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const id = await signCheckoutDocument(deps, { ...params, userId: c.get("auth").userId }, "KEYFREE_SIGN", clientAddress(c));
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(signAddendumForTenant, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const id = await signCheckoutDocument(deps, { ...params, userId: c.get("auth").userId }, "KEYFREE_SIGN_ADDENDUM", clientAddress(c));
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(remindOrderCoTenantRoute, async (c) => {
    const params = c.req.valid("param");
    return c.json(await remindOrderCoTenant(c.get("deps"), { ...params, userId: c.get("auth").userId }), 200);
  })
  .openapi(getTenancyUserById, async (c) => {
    return c.json(await tenancyUserView(c.get("deps").db, c.req.valid("param"), c.get("auth").userId), 200);
  });
