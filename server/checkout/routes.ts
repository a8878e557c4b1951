import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import {
  addresses,
  orders,
  organizations,
  properties,
  tenancies,
  tenancyTenants,
  users
} from "../db/schema";
import { ABOUT_YOU_MESSAGES, aboutYouErrors, type AboutYouField } from "../domain/about-you";
import {
  AGREEMENT_MESSAGES,
  CHECKOUT_MESSAGES,
  CONFIRM_ACKNOWLEDGEMENTS,
  CONFIRM_REFUSALS,
  missingConfirmAcknowledgements,
  type ConfirmAcknowledgement
} from "../domain/checkout";
import { londonDate } from "../domain/london-time";
import { normaliseGender } from "../domain/statuses";
import { requireTenant } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import {
  ownOrderCustomer
} from "../orders/queries";
import { clientAddress } from "../lib/client-address";
import { completeStep, invalid, signDocument } from "./service";
import { OrderCustomerSchema, orderCustomerView } from "./views";


// ── Routes ──────────────────────────────────────────────────────────────────

const Params = z.object({
  orderId: z.string().min(1).max(100).openapi({ param: { name: "orderId", in: "path" } }),
  customerId: z.string().min(1).max(100).openapi({ param: { name: "customerId", in: "path" } }),
});

const stepResponses = {
  200: { description: "Done; the order customer as it is now", content: { "application/json": { schema: OrderCustomerSchema } } },
  ...errorResponses(400, 401, 404, 409),
};

const getOrderCustomerById = createRoute({
  method: "get",
  path: "/orders/{orderId}/customers/{customerId}",
  operationId: "getOrderCustomerById",
  tags: ["checkout"],
  summary: "The signed-in tenant's own order customer on an order: actions, next action, steps, order and terms",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params },
  responses: {
    200: { description: "The order customer", content: { "application/json": { schema: OrderCustomerSchema } } },
    ...errorResponses(401, 404),
  },
});

const text = (required: string, max = 255) => z.string({ error: required }).max(max);

const AboutYouBody = z
  .object({
    firstName: text(ABOUT_YOU_MESSAGES.firstNameRequired),
    lastName: text(ABOUT_YOU_MESSAGES.lastNameRequired),
    dob: text(ABOUT_YOU_MESSAGES.dateInvalid, 10).openapi({ description: "YYYY-MM-DD", example: "1990-04-21" }),
    gender: z
      .string({ error: ABOUT_YOU_MESSAGES.genderRequired })
      .transform((v, ctx) => {
        const gender = normaliseGender(v);
        if (gender === null) {
          ctx.addIssue({ code: "custom", message: ABOUT_YOU_MESSAGES.genderRequired });
          return z.NEVER;
        }
        return gender;
      })
      .openapi({ type: "string", enum: ["MALE", "FEMALE", "UNKNOWN"], description: "UNKNOWN is 'Rather not say'" }),
    mobileNumber: text(ABOUT_YOU_MESSAGES.mobileNumberRequired, 30).openapi({ example: "07700900123" }),
  })
  .openapi("AboutYouRequest");

const aboutYou = createRoute({
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/about-you",
  operationId: "aboutYou",
  tags: ["checkout"],
  summary: "About You: save the tenant's details and complete the step",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params, body: { required: true, content: { "application/json": { schema: AboutYouBody } } } },
  responses: stepResponses,
});
const addressHistory = createRoute({
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/address-history",
  operationId: "addressHistory",
  tags: ["checkout"],
  summary: "Address history: complete the step (the tenant must have a current address)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params },
  responses: stepResponses,
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
const confirm = createRoute({
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/confirm",
  operationId: "confirm",
  tags: ["checkout"],
  summary: "Confirm: the tenant ticks the acknowledgements",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params, body: { required: true, content: { "application/json": { schema: ConfirmBody } } } },
  responses: stepResponses,
});

const SignBody = z
  .object({ acceptTerms: z.literal(true, { error: AGREEMENT_MESSAGES.acceptTerms }) })
  .openapi("SignRequest");
const sign = createRoute({
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/sign",
  operationId: "sign",
  tags: ["checkout"],
  summary: "Agree to Terms: creates the e-signed terms with the tenant's name and records the IP address",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params, body: { required: true, content: { "application/json": { schema: SignBody } } } },
  responses: stepResponses,
});

const SignAddendumBody = z
  .object({ agree: z.literal(true, { error: AGREEMENT_MESSAGES.agreeAddendum }) })
  .openapi("SignAddendumRequest");
const signAddendumForTenant = createRoute({
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/sign-addendum",
  operationId: "signAddendumForTenant",
  tags: ["checkout"],
  summary: "Sign the addendum: creates the e-signed addendum with the tenant's name and records the IP address",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params, body: { required: true, content: { "application/json": { schema: SignAddendumBody } } } },
  responses: stepResponses,
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

const getTenancyUserById = createRoute({
  method: "get",
  path: "/orders/{orderId}/customers/{customerId}/tenancy-user",
  operationId: "getTenancyUserById",
  tags: ["checkout"],
  summary: "The signed-in tenant on the order's tenancy, with their guarantor",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params },
  responses: {
    200: { description: "The tenancy user", content: { "application/json": { schema: TenancyUserSchema } } },
    ...errorResponses(401, 404),
  },
});

export const checkoutRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getOrderCustomerById, async (c) => {
    const { db } = c.get("deps");
    const params = c.req.valid("param");
    const { orderCustomer } = await ownOrderCustomer(db, { ...params, userId: c.get("auth").userId });
    return c.json(await orderCustomerView(db, orderCustomer.id, params.orderId), 200);
  })
  .openapi(aboutYou, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const userId = c.get("auth").userId;
    const errors = aboutYouErrors(body, londonDate(deps.clock.now()));
    const issues = (Object.entries(errors) as Array<[AboutYouField, string]>).map(([path, message]) => ({ path, message }));
    if (issues.length > 0) {
      // Another tenant's order answers 404 before any detail of the body is judged.
      await ownOrderCustomer(deps.db, { ...params, userId });
      invalid(issues);
    }
    const id = await completeStep(deps, { ...params, userId, typeId: "KEYFREE_ABOUT_YOU" }, async ({ tx }) => {
      await tx
        .update(users)
        .set({
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          dob: body.dob.trim(),
          gender: body.gender,
          mobileNumber: body.mobileNumber.trim(),
        })
        .where(eq(users.id, userId));
    });
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(addressHistory, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const id = await completeStep(deps, { ...params, userId, typeId: "KEYFREE_ADDRESS_HISTORY" }, async ({ tx }) => {
      const [current] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.currentlyAtAddress, true)))
        .limit(1);
      if (!current) throw new ApiError(409, CHECKOUT_MESSAGES.noCurrentAddress);
      return { currentAddressId: current.id };
    });
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(confirm, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const body = c.req.valid("json") as Partial<Record<ConfirmAcknowledgement, boolean>>;
    const userId = c.get("auth").userId;
    const id = await completeStep(deps, { ...params, userId, typeId: "KEYFREE_CONFIRM" }, async ({ tx, orderCustomer }) => {
      const [org] = await tx
        .select({ topUpEnabled: organizations.topUpEnabled })
        .from(orders)
        .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
        .innerJoin(properties, eq(properties.id, tenancies.propertyId))
        .innerJoin(organizations, eq(organizations.id, properties.organizationId))
        .where(eq(orders.id, orderCustomer.orderId))
        .limit(1);
      const topUpEnabled = org?.topUpEnabled ?? true;
      const missing = missingConfirmAcknowledgements(body, topUpEnabled);
      // Checked inside the transaction, after the step itself: a refusal writes nothing.
      if (missing.length > 0) invalid(missing.map((path) => ({ path, message: CONFIRM_REFUSALS[path] })));
      return { acknowledgements: Object.keys(body).filter((k) => body[k as ConfirmAcknowledgement] === true), topUpEnabled };
    });
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(sign, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const ip = clientAddress(c);
    const id = await completeStep(deps, { ...params, userId, typeId: "KEYFREE_SIGN" }, (ctx) =>
      signDocument(deps, ctx, "KEYFREE_SIGN", ip),
    );
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(signAddendumForTenant, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const ip = clientAddress(c);
    const id = await completeStep(deps, { ...params, userId, typeId: "KEYFREE_SIGN_ADDENDUM" }, (ctx) =>
      signDocument(deps, ctx, "KEYFREE_SIGN_ADDENDUM", ip),
    );
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(getTenancyUserById, async (c) => {
    const { db } = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const { orderCustomer } = await ownOrderCustomer(db, { ...params, userId });
    const [row] = await db
      .select({ tenant: tenancyTenants, user: users })
      .from(orders)
      .innerJoin(tenancyTenants, eq(tenancyTenants.tenancyId, orders.tenancyId))
      .innerJoin(users, eq(users.id, tenancyTenants.userId))
      .where(and(eq(orders.id, orderCustomer.orderId), eq(tenancyTenants.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    const g = row.tenant;
    return c.json(
      {
        id: g.id,
        tenancyId: g.tenancyId,
        userId: row.user.id,
        firstName: row.user.firstName,
        lastName: row.user.lastName,
        email: row.user.email,
        guarantor:
          g.guarantorFirstName || g.guarantorLastName ? { firstName: g.guarantorFirstName, lastName: g.guarantorLastName } : null,
      },
      200,
    );
  });
