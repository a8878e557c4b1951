import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { isIP } from "node:net";
import { ZodRealError } from "zod";
import type { AppEnv, Deps } from "../context";
import type { Database } from "../db";
import {
  addresses,
  orderCustomerActions,
  orders,
  organizations,
  paymentPlans,
  properties,
  tenancies,
  tenancyDocuments,
  tenancyTenants,
  users,
} from "../db/schema";
import { ABOUT_YOU_MESSAGES, aboutYouErrors, type AboutYouField } from "../domain/about-you";
import {
  checkCheckoutStep,
  CHECKOUT_MESSAGES,
  CONFIRM_ACKNOWLEDGEMENTS,
  missingConfirmAcknowledgements,
  type ConfirmAcknowledgement,
} from "../domain/checkout";
import { claimLimitPence, keyfreeFeePence } from "../domain/fees";
import { londonDate } from "../domain/london-time";
import { checkoutSteps, checkoutSubRoute } from "../domain/order-customers";
import { PRODUCT_NAME } from "../domain/product";
import { normaliseGender, normalisePaymentPlanStatus, type CheckoutActionType } from "../domain/statuses";
import { requireTenant } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { PropertyAddressSchema, propertyAddressView } from "../lib/schemas";
import { newId } from "../lib/tokens";
import { storeDocument } from "../lib/uploads";
import {
  actionView,
  loadOrderCustomers,
  loadTenants,
  nextActionOf,
  orderStatusOf,
  ownOrderCustomer,
  toDomainOrderCustomer,
  type ActionRow,
  type LoadedOrderCustomer,
} from "../orders/queries";
import { NextActionSchema, OrderCustomerActionSchema, TenancyOrderTenantSchema } from "../orders/schemas";

type Reader = Pick<Database, "select">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ── The order customer ──────────────────────────────────────────────────────

const CheckoutStepSchema = z
  .object({
    key: z.enum(["ABOUT_YOU", "ELIGIBILITY", "CONFIRM", "TERMS", "ADDENDUM", "PAY", "FINISH"]),
    label: z.string(),
    subRoutes: z.array(z.string()),
    complete: z.boolean(),
  })
  .openapi("CheckoutStep");



const OrderCustomerSchema = z
  .object({
    id: z.string(),
    fee: z.number().int().openapi({ description: "This customer's fee, in pence" }),
    tenantLiability: z.number().int().openapi({ description: "How many tenants' shares this customer pays" }),
    actions: z.array(OrderCustomerActionSchema),
    nextAction: NextActionSchema.nullable().openapi({ description: "null when every action is done" }),
    checkoutSubRoute: z
      .string()
      .nullable()
      .openapi({ description: "The checkout page of the next action (about-you, address-history, referencing, confirm, sign, addendum, pay)" }),
    steps: z.array(CheckoutStepSchema).openapi({ description: "The step tracker; Finish is always last" }),
    customer: z.object({ id: z.string() }),
    order: z.object({
      id: z.string(),
      statusId: z.enum(["PENDING", "COMPLETE"]),
      productId: z.string(),
      redirectUrl: z.string().nullable(),
      PPM: z.number().int().openapi({ description: "Rent per month, in pence" }),
      startDate: z.string().openapi({ description: "YYYY-MM-DD" }),
      endDate: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
      isNewTenancy: z.boolean(),
      property: z.object({ id: z.string(), address: PropertyAddressSchema }),
      organization: z.object({ name: z.string(), topUpEnabled: z.boolean() }),
      tenants: z.array(TenancyOrderTenantSchema),
    }),
    terms: z
      .object({
        termsLink: z.string().nullable(),
        maximumPolicyCover: z.number().int().openapi({ description: "The maximum claim, in pence" }),
      })
      .openapi({ description: "For the Sign step ('Agree to Terms')" }),
    paymentPlan: z.object({ id: z.string(), status: z.string() }).nullable(),
  })
  .openapi("OrderCustomer");

type OrderCustomerView = z.infer<typeof OrderCustomerSchema>;

/** The order customer as getOrderCustomerById sends it (also after each checkout step). */
async function orderCustomerView(db: Reader, orderCustomerId: string, orderId: string): Promise<OrderCustomerView> {
  const [row] = await db
    .select({ order: orders, tenancy: tenancies, property: properties, address: addresses, organization: organizations })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .innerJoin(organizations, eq(organizations.id, properties.organizationId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound();
  const byOrder = await loadOrderCustomers(db, [orderId]);
  const all = byOrder.get(orderId) ?? [];
  const me = all.find((oc) => oc.id === orderCustomerId);
  if (!me) throw notFound();
  const [tenantsOf, [plan]] = await Promise.all([
    loadTenants(db, [{ tenancyId: row.tenancy.id, orderId }], byOrder),
    db
      .select({ id: paymentPlans.id, status: paymentPlans.status })
      .from(paymentPlans)
      .where(eq(paymentPlans.orderCustomerId, me.id))
      .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id))
      .limit(1),
  ]);
  const next = nextActionOf(me, all);
  return {
    id: me.id,
    fee: me.fee,
    tenantLiability: me.tenantLiability,
    actions: me.actions.map(actionView),
    nextAction: next,
    checkoutSubRoute: next ? checkoutSubRoute(next.typeId) : null,
    steps: checkoutSteps(toDomainOrderCustomer(me).actions).map((step) => ({ ...step, subRoutes: [...step.subRoutes] })),
    customer: { id: me.customerId },
    order: {
      id: row.order.id,
      statusId: orderStatusOf(row.order.statusId),
      productId: row.order.productId,
      redirectUrl: row.order.redirectUrl,
      PPM: row.tenancy.ppm,
      startDate: row.tenancy.startDate,
      endDate: row.tenancy.endDate,
      isNewTenancy: row.tenancy.isNewTenancy,
      property: {
        id: row.property.id,
        address: propertyAddressView(row.address),
      },
      organization: { name: row.organization.name, topUpEnabled: row.organization.topUpEnabled },
      tenants: tenantsOf(row.tenancy.id, orderId),
    },
    terms: {
      termsLink: row.tenancy.termsLink,
      maximumPolicyCover: claimLimitPence(row.tenancy.ppm, row.tenancy.coverLevel === "HIGHER" ? "HIGHER" : "DEFAULT"),
    },
    paymentPlan: plan ? { id: plan.id, status: normalisePaymentPlanStatus(plan.status) ?? plan.status } : null,
  };
}

// ── Completing a checkout step ──────────────────────────────────────────────

type StepContext = {
  tx: Tx;
  now: Date;
  userId: string;
  orderCustomer: LoadedOrderCustomer;
  action: ActionRow;
  /** Run when the transaction fails after files were stored (they are removed again). */
  onRollback: (undo: () => Promise<void>) => void;
};

/**
 * Completes the order customer's `typeId` action: in one transaction that locks the order
 * customer, checks (domain `checkCheckoutStep`) that it is the customer's next action and
 * actionable (409 otherwise), runs the step's own effect, and sets completedAt only if it is
 * still null — so a double submit gets 409 and changes nothing.
 */
async function completeStep(
  deps: Deps,
  input: { orderId: string; customerId: string; userId: string; typeId: CheckoutActionType },
  effect: (ctx: StepContext) => Promise<Record<string, unknown> | void>,
) {
  const now = deps.clock.now();
  const undo: Array<() => Promise<void>> = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const { orderCustomer } = await ownOrderCustomer(tx, input, { forUpdate: true });
      const all = (await loadOrderCustomers(tx, [input.orderId])).get(input.orderId) ?? [];
      const me = all.find((oc) => oc.id === orderCustomer.id);
      if (!me) throw notFound();
      const check = checkCheckoutStep(toDomainOrderCustomer(me), all.map(toDomainOrderCustomer), input.typeId);
      if (!check.ok) throw new ApiError(409, check.message);
      const action = me.actions.find((a) => a.id === check.actionId);
      if (!action) throw new ApiError(409, CHECKOUT_MESSAGES.earlierStepsFirst);
      const extra = await effect({ tx, now, userId: input.userId, orderCustomer: me, action, onRollback: (f) => undo.push(f) });
      const [done] = await tx
        .update(orderCustomerActions)
        .set({ completedAt: now, details: { ...action.details, ...(extra ?? {}) } })
        .where(and(eq(orderCustomerActions.id, action.id), isNull(orderCustomerActions.completedAt)))
        .returning({ id: orderCustomerActions.id });
      if (!done) throw new ApiError(409, CHECKOUT_MESSAGES.alreadyCompleted);
      return me.id;
    });
  } catch (error) {
    await Promise.all(undo.map((f) => f().catch(() => undefined)));
    throw error;
  }
}

/**
 * A 400 for rules checked in the handler (they need the clock or the order): thrown as a
 * ZodError so the app answers it exactly like a schema failure, with each field's message.
 */
function invalid(issues: Array<{ path: string; message: string }>): never {
  throw new ZodRealError(issues.map((i) => ({ code: "custom" as const, path: [i.path], message: i.message, input: undefined })));
}

// ── Signed documents ────────────────────────────────────────────────────────

/** Latin-1 text for a PDF string in WinAnsiEncoding: characters outside it become '?', and ( ) \ are escaped. */
function pdfText(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const safe = code < 0x20 || (code >= 0x7f && code < 0xa0) ? " " : code > 0xff ? "?" : ch;
    out += safe === "(" || safe === ")" || safe === "\\" ? `\\${safe}` : safe;
  }
  return out;
}

/** Breaks a paragraph into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width = 88): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/**
 * A small, valid one-page PDF (A4, Helvetica) with a title and paragraphs, written byte by
 * byte: catalog, pages, page, font, content stream, and an exact cross-reference table.
 */
export function simplePdf(title: string, paragraphs: readonly string[]): Uint8Array {
  const body: string[] = ["BT", "/F1 16 Tf", "56 780 Td", `(${pdfText(title)}) Tj`, "/F1 11 Tf", "15 TL", "T*", "T*"];
  let lines = 0;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph)) {
      if (lines >= 44) break;
      body.push(`(${pdfText(line)}) Tj`, "T*");
      lines += 1;
    }
    body.push("T*");
  }
  body.push("ET");
  const stream = body.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}

/**
 * The client's IP address: the first address in X-Forwarded-For (the web app forwards the
 * browser's), else the connection's; null when neither is a valid IP address.
 */
function requestIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded && isIP(forwarded)) return forwarded;
  try {
    const address = getConnInfo(c).remote.address;
    if (address && isIP(address)) return address;
  } catch {
    // In-process calls (the web app's own fetch) have no socket.
  }
  return null;
}

const SIGNED_DOCUMENTS = {
  KEYFREE_SIGN: {
    typeId: "SIGNED_TENANT_TERMS_AND_CONDITIONS",
    title: `${PRODUCT_NAME} tenant terms and conditions`,
    fileName: "Signed terms and conditions",
    agreement: `agreed to the ${PRODUCT_NAME} tenant terms and conditions for this tenancy`,
  },
  KEYFREE_SIGN_ADDENDUM: {
    typeId: "SIGNED_ADDENDUM",
    title: `${PRODUCT_NAME} addendum to the tenancy agreement`,
    fileName: "Signed addendum",
    agreement: `agreed to the addendum recording that ${PRODUCT_NAME} is used instead of a cash deposit for this tenancy`,
  },
} as const;

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * Signing (part 1 §2.3): an e-signed document is created with the tenant's name and the IP
 * address is recorded. The PDF is stored as a tenancy document; the action's details keep
 * the IP address, the name signed with, the time and the document id.
 */
async function signDocument(deps: Deps, ctx: StepContext, kind: keyof typeof SIGNED_DOCUMENTS, ip: string | null) {
  const spec = SIGNED_DOCUMENTS[kind];
  const [row] = await ctx.tx
    .select({ user: users, tenancy: tenancies, address: addresses })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .innerJoin(users, eq(users.id, ctx.userId))
    .where(eq(orders.id, ctx.orderCustomer.orderId))
    .limit(1);
  if (!row) throw notFound();
  const name = `${row.user.firstName} ${row.user.lastName}`.trim();
  const a = row.address;
  const property = [a.flatNumber && `Flat ${a.flatNumber}`, a.buildingName, [a.buildingNumber, a.street].filter(Boolean).join(" "), a.town, a.postcode]
    .filter(Boolean)
    .join(", ");
  const signedAt = ctx.now.toISOString();
  const paragraphs = [
    `Electronically signed by ${name} (${row.user.email}).`,
    `Signed at ${signedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")} from IP address ${ip ?? "not recorded"}.`,
    `Property: ${property}.`,
    `Tenancy from ${row.tenancy.startDate}${row.tenancy.endDate ? ` to ${row.tenancy.endDate}` : ""}. Order ${ctx.orderCustomer.orderId}.`,
    `By ticking 'Accept terms', ${name} ${spec.agreement}.`,
    ...(kind === "KEYFREE_SIGN"
      ? [
          `The ${PRODUCT_NAME} fee is one week's rent, minimum £150 (${pounds(keyfreeFeePence(row.tenancy.ppm))} for this tenancy), and is non-refundable. The tenant stays liable for damage and end-of-tenancy charges.`,
          `The landlord is covered for up to 8 weeks' rent; the maximum policy cover is ${pounds(claimLimitPence(row.tenancy.ppm, row.tenancy.coverLevel === "HIGHER" ? "HIGHER" : "DEFAULT"))}. Charges must be answered within 7 days or are deemed accepted. Tenants are jointly and severally liable.`,
          ...(row.tenancy.termsLink ? [`Full terms: ${row.tenancy.termsLink}`] : []),
        ]
      : []),
  ];
  const bytes = simplePdf(spec.title, paragraphs);
  const document = await storeDocument(
    { db: ctx.tx as unknown as Database, files: deps.files, clock: deps.clock },
    { name: `${spec.fileName} - ${name}.pdf`, bytes, contentType: "application/pdf", size: bytes.length },
    { typeId: spec.typeId, userId: ctx.userId },
  );
  ctx.onRollback(() => deps.files.delete(document.storageKey));
  await ctx.tx
    .insert(tenancyDocuments)
    .values({ id: newId(), tenancyId: row.tenancy.id, documentId: document.id, typeId: spec.typeId, createdAt: ctx.now });
  return { ipAddress: ip, signedName: name, signedAt, documentId: document.id };
}

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
  .object({ acceptTerms: z.literal(true, { error: "You must accept the terms to continue" }) })
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
  .object({ agree: z.literal(true, { error: "You must agree to the addendum to continue" }) })
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
      if (missing.length > 0) invalid(missing.map((path) => ({ path, message: "You must tick this box to continue" })));
      return { acknowledgements: Object.keys(body).filter((k) => body[k as ConfirmAcknowledgement] === true), topUpEnabled };
    });
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(sign, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const ip = requestIp(c);
    const id = await completeStep(deps, { ...params, userId, typeId: "KEYFREE_SIGN" }, (ctx) =>
      signDocument(deps, ctx, "KEYFREE_SIGN", ip),
    );
    return c.json(await orderCustomerView(deps.db, id, params.orderId), 200);
  })
  .openapi(signAddendumForTenant, async (c) => {
    const deps = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const ip = requestIp(c);
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
