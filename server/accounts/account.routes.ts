/**
 * The signed-in tenant's own account (part 1 §3 User and Customer, §7; part 2 §7): who they
 * are, About You details, the onboarding introduction, and their address history with
 * the postcode lookup.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Context } from "hono";
import { ZodRealError } from "zod";
import type { AppEnv } from "../context";
import type { Database } from "../db";
import { addresses, keyfreeOffers, paymentPlans, properties, users } from "../db/schema";
import { aboutYouErrors, GENDERS } from "../domain/about-you";
import {
  ADDRESS_MESSAGES,
  addressHistoryError,
  manualAddressErrors,
  normalisePostcode,
} from "../domain/addresses";
import { isCalendarDate, londonDate } from "../domain/london-time";
import { addressLookup } from "../integrations/addresses";
import { requireTenant, tenantCustomer } from "../lib/auth";
import { errorResponses, notFound } from "../lib/errors";
import { PropertyAddressSchema } from "../lib/schemas";
import { newId } from "../lib/tokens";

export const AddressSchema = PropertyAddressSchema.extend({
  id: z.string(),
  externalId: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  currentlyAtAddress: z.boolean(),
  organizationId: z.string().nullable(),
}).openapi("Address");

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userTypeId: z.string(),
    attributes: z.object({
      dob: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
      gender: z.enum(["MALE", "FEMALE", "UNKNOWN"]).nullable(),
      mobileNumber: z.string().nullable(),
      addresses: z.array(AddressSchema),
      onboardingIntroductionComplete: z.boolean(),
    }),
  })
  .openapi("User");

export const CustomerSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    hasDuplicatePaymentMethod: z.boolean(),
    requiresNewPaymentMethod: z.boolean(),
  })
  .openapi("Customer");

type AddressRow = typeof addresses.$inferSelect;
type AddressView = z.infer<typeof AddressSchema>;

function addressView({ userId: _u, createdAt: _c, ...a }: AddressRow): AddressView {
  return a;
}

/** A user's address history: the current address first, then the most recent. */
async function addressHistory(db: Database, userId: string): Promise<AddressView[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.currentlyAtAddress), sql`${addresses.startDate} desc nulls last`, asc(addresses.createdAt), asc(addresses.id));
  return rows.map(addressView);
}

/** The User response (`me`): the user with their attributes and address history. */
export async function userView(db: Database, userId: string): Promise<z.infer<typeof UserSchema>> {
  const [[user], history] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    addressHistory(db, userId),
  ]);
  if (!user) throw notFound();
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userTypeId: user.userTypeId,
    attributes: {
      dob: user.dob,
      gender: (user.gender as "MALE" | "FEMALE" | "UNKNOWN" | null) ?? null,
      mobileNumber: user.mobileNumber,
      onboardingIntroductionComplete: user.onboardingIntroductionComplete,
      addresses: history,
    },
  };
}

/**
 * Checks that need the clock cannot live in the zod schema: their problems are thrown as a
 * ZodError so the API answers them like every other validation failure (400, the first
 * problem in the message, each in `issues`).
 */
function refuseInvalid(errors: Partial<Record<string, string>>) {
  const issues = Object.entries(errors).map(([path, message]) => ({
    code: "custom" as const,
    path: [path],
    message: message!,
    input: undefined,
  }));
  // ZodRealError, unlike `new ZodError()`, is an Error, so app.onError answers it.
  if (issues.length > 0) throw new ZodRealError(issues);
}

// ── Requests ─────────────────────────────────────────────────────────────────

const UserIdParam = z.object({
  userId: z.string().min(1).max(100).openapi({ param: { name: "userId", in: "path" }, description: "The signed-in user's id" }),
});
const AddressIdParam = z.object({
  id: z.string().min(1).max(100).openapi({ param: { name: "id", in: "path" }, description: "An address of the signed-in user's history" }),
});

const UpdateUserBody = z
  .object({
    firstName: z.string().max(1000).optional(),
    lastName: z.string().max(1000).optional(),
    dob: z.string().max(100).optional().openapi({ description: "YYYY-MM-DD; at least 18 years ago", example: "1990-04-17" }),
    gender: z.string().max(100).optional().openapi({ description: `One of ${GENDERS.join(", ")} (UNKNOWN: 'Rather not say')` }),
    mobileNumber: z
      .string()
      .max(1000)
      .optional()
      .openapi({ description: "11 to 15 characters: an optional leading + then digits", example: "07700900123" }),
  })
  .refine((data) => Object.values(data).some((v) => v !== undefined), { message: "Give at least one field to change" })
  .openapi("UpdateUserRequest");

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v.trim()));

/**
 * An address as the tenant enters or chooses it. The manual-address rule of part 1 §5 and
 * a three-letter country code (onboarding) apply; the postcode is stored as Royal Mail writes it.
 */
export const AddressInputSchema = z
  .object({
    id: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: "In an address history: the id of an address already in it (kept); any other id makes a new address" }),
    externalId: optionalText(200),
    buildingName: optionalText(200),
    roomNumber: optionalText(50),
    flatNumber: optionalText(50),
    buildingNumber: optionalText(50),
    street: optionalText(200),
    subStreet: optionalText(200),
    town: optionalText(100),
    county: optionalText(100),
    postcode: optionalText(20),
    country: optionalText(3).openapi({ description: "Three-letter country code", example: "GBR" }),
    startDate: optionalText(10).openapi({ description: "YYYY-MM-DD" }),
    endDate: optionalText(10).openapi({ description: "YYYY-MM-DD" }),
    currentlyAtAddress: z.boolean().default(true),
    organizationId: optionalText(100),
  })
  .superRefine((a, ctx) => {
    for (const [field, message] of Object.entries(manualAddressErrors(a))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    if (a.country && !/^[A-Za-z]{3}$/.test(a.country)) {
      ctx.addIssue({ code: "custom", path: ["country"], message: "Country must be a three-letter code, like GBR" });
    }
    for (const field of ["startDate", "endDate"] as const) {
      const value = a[field];
      if (value && !isCalendarDate(value)) ctx.addIssue({ code: "custom", path: [field], message: "Invalid date" });
    }
    if (a.startDate && a.endDate && isCalendarDate(a.startDate) && isCalendarDate(a.endDate) && a.endDate < a.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be on or after the start date" });
    }
  })
  .transform((a) => ({
    ...a,
    street: a.street!,
    postcode: normalisePostcode(a.postcode!),
    country: a.country!.toUpperCase(),
  }))
  .openapi("AddressInput");

type AddressInput = z.output<typeof AddressInputSchema>;

const AddressHistoryBody = z
  .object({ addresses: z.array(AddressInputSchema).max(50, "At most 50 addresses") })
  .superRefine((body, ctx) => {
    const message = addressHistoryError(body.addresses);
    if (message) ctx.addIssue({ code: "custom", path: ["addresses"], message });
  })
  .openapi("AddressHistoryRequest");

const AddressLookupResultSchema = z
  .object({
    externalId: z.string().openapi({ description: "The lookup's id for the address" }),
    buildingName: z.string().nullable(),
    roomNumber: z.string().nullable(),
    flatNumber: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    street: z.string(),
    subStreet: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string().openapi({ description: "Three-letter country code", example: "GBR" }),
  })
  .openapi("AddressLookupResult");

// ── Routes ───────────────────────────────────────────────────────────────────

const userResponse = { description: "The user", content: { "application/json": { schema: UserSchema } } };

const me = createRoute({
  method: "get",
  path: "/me",
  operationId: "me",
  tags: ["account"],
  summary: "The signed-in user with their attributes and addresses",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  responses: {
    200: userResponse,
    ...errorResponses(401),
  },
});

const getCustomer = createRoute({
  method: "get",
  path: "/customer",
  operationId: "getCustomer",
  tags: ["account"],
  summary: "The signed-in user's customer record",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  responses: {
    200: { description: "The customer", content: { "application/json": { schema: CustomerSchema } } },
    ...errorResponses(401, 404),
  },
});

const updateUser = createRoute({
  method: "patch",
  path: "/users/{userId}",
  operationId: "updateUser",
  tags: ["account"],
  summary: "Change the signed-in user's About You details (any of them)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: UserIdParam,
    body: { required: true, content: { "application/json": { schema: UpdateUserBody } } },
  },
  responses: {
    200: userResponse,
    ...errorResponses(400, 401, 404),
  },
});

const completeOnboardingIntroduction = createRoute({
  method: "post",
  path: "/me/onboarding-introduction",
  operationId: "completeOnboardingIntroduction",
  tags: ["account"],
  summary: "Record that the tenant has read the onboarding introduction ('I understand'); repeating it changes nothing",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  responses: {
    200: userResponse,
    ...errorResponses(401),
  },
});

const searchAddressesByPostcode = createRoute({
  method: "get",
  path: "/addresses/lookup",
  operationId: "searchAddressesByPostcode",
  tags: ["addresses"],
  summary: "The addresses at a UK postcode (an empty list when none are found)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    query: z.object({
      postcode: z
        .string({ error: ADDRESS_MESSAGES.postcodeRequired })
        .trim()
        .min(1, ADDRESS_MESSAGES.postcodeRequired)
        .max(20, "Must be a UK postcode")
        .openapi({ example: "BS1 4DJ" }),
    }),
  },
  responses: {
    200: {
      description: "The addresses found",
      content: { "application/json": { schema: z.object({ addresses: z.array(AddressLookupResultSchema) }) } },
    },
    ...errorResponses(400, 401),
  },
});

const addAddress = createRoute({
  method: "post",
  path: "/users/{userId}/addresses",
  operationId: "addAddress",
  tags: ["addresses"],
  summary: "Add an address to the signed-in user's address history (a current address replaces the current one)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: UserIdParam,
    body: { required: true, content: { "application/json": { schema: AddressInputSchema } } },
  },
  responses: {
    201: { description: "The address added", content: { "application/json": { schema: AddressSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

const removeAddress = createRoute({
  method: "delete",
  path: "/addresses/{id}",
  operationId: "removeAddress",
  tags: ["addresses"],
  summary: "Remove an address from the signed-in user's address history",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: AddressIdParam },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 404),
  },
});

const updateAddressHistory = createRoute({
  method: "put",
  path: "/me/addresses",
  operationId: "updateAddressHistory",
  tags: ["addresses"],
  summary: "Replace the signed-in user's address history with the given list (at most one current address)",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { body: { required: true, content: { "application/json": { schema: AddressHistoryBody } } } },
  responses: {
    200: {
      description: "The address history now",
      content: { "application/json": { schema: z.object({ addresses: z.array(AddressSchema) }).openapi("AddressHistory") } },
    },
    ...errorResponses(400, 401),
  },
});

// ── Writing addresses ────────────────────────────────────────────────────────

function addressValues(a: AddressInput) {
  return {
    externalId: a.externalId,
    buildingName: a.buildingName,
    roomNumber: a.roomNumber,
    flatNumber: a.flatNumber,
    buildingNumber: a.buildingNumber,
    street: a.street,
    subStreet: a.subStreet,
    town: a.town,
    county: a.county,
    postcode: a.postcode,
    country: a.country,
    startDate: a.startDate,
    endDate: a.endDate,
    currentlyAtAddress: a.currentlyAtAddress,
    organizationId: a.organizationId,
  };
}

/**
 * Takes addresses out of a user's history. An address something else still points at (a
 * payment plan's postal address, a property, an offer) is detached from the user rather
 * than deleted, so that record keeps its address.
 */
async function removeFromHistory(tx: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  const [plans, props, offers] = await Promise.all([
    tx.select({ id: paymentPlans.addressId }).from(paymentPlans).where(inArray(paymentPlans.addressId, ids)),
    tx.select({ id: properties.addressId }).from(properties).where(inArray(properties.addressId, ids)),
    tx.select({ id: keyfreeOffers.addressId }).from(keyfreeOffers).where(inArray(keyfreeOffers.addressId, ids)),
  ]);
  const referenced = new Set([...plans, ...props, ...offers].map((r) => r.id).filter((id): id is string => id !== null));
  const detach = ids.filter((id) => referenced.has(id));
  const remove = ids.filter((id) => !referenced.has(id));
  if (detach.length > 0) {
    await tx
      .update(addresses)
      .set({ userId: null, currentlyAtAddress: false })
      .where(and(eq(addresses.userId, userId), inArray(addresses.id, detach)));
  }
  if (remove.length > 0) {
    await tx.delete(addresses).where(and(eq(addresses.userId, userId), inArray(addresses.id, remove)));
  }
}

function ownUserId(c: Context<AppEnv>, userId: string) {
  // Another user's id (or a made-up one) is not found, never forbidden.
  if (userId !== c.get("auth").userId) throw notFound();
  return userId;
}

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(me, async (c) => {
    return c.json(await userView(c.get("deps").db, c.get("auth").userId), 200);
  })
  .openapi(getCustomer, async (c) => {
    const customer = tenantCustomer(c);
    return c.json(
      {
        id: customer.id,
        userId: customer.userId,
        hasDuplicatePaymentMethod: customer.hasDuplicatePaymentMethod,
        requiresNewPaymentMethod: customer.requiresNewPaymentMethod,
      },
      200,
    );
  })
  .openapi(updateUser, async (c) => {
    const { db, clock } = c.get("deps");
    const userId = ownUserId(c, c.req.valid("param").userId);
    const data = c.req.valid("json");
    refuseInvalid(aboutYouErrors(data, londonDate(clock.now()), { partial: true }));
    await db
      .update(users)
      .set({
        ...(data.firstName !== undefined ? { firstName: data.firstName.trim() } : {}),
        ...(data.lastName !== undefined ? { lastName: data.lastName.trim() } : {}),
        ...(data.dob !== undefined ? { dob: data.dob.trim() } : {}),
        ...(data.gender !== undefined ? { gender: data.gender } : {}),
        ...(data.mobileNumber !== undefined ? { mobileNumber: data.mobileNumber.trim() } : {}),
      })
      .where(eq(users.id, userId));
    return c.json(await userView(db, userId), 200);
  })
  .openapi(completeOnboardingIntroduction, async (c) => {
    const { db } = c.get("deps");
    const { userId } = c.get("auth");
    await db.update(users).set({ onboardingIntroductionComplete: true }).where(eq(users.id, userId));
    return c.json(await userView(db, userId), 200);
  })
  .openapi(searchAddressesByPostcode, async (c) => {
    const { postcode } = c.req.valid("query");
    return c.json({ addresses: await addressLookup.findByPostcode(postcode) }, 200);
  })
  .openapi(addAddress, async (c) => {
    const { db, clock } = c.get("deps");
    const userId = ownUserId(c, c.req.valid("param").userId);
    const input = c.req.valid("json");
    const id = newId();
    const row = await db.transaction(async (tx) => {
      if (input.currentlyAtAddress) {
        // At most one current address: the new one takes over.
        await tx
          .update(addresses)
          .set({ currentlyAtAddress: false })
          .where(and(eq(addresses.userId, userId), eq(addresses.currentlyAtAddress, true)));
      }
      const [created] = await tx
        .insert(addresses)
        .values({ ...addressValues(input), id, userId, createdAt: clock.now() })
        .returning();
      return created!;
    });
    return c.json(addressView(row), 201);
  })
  .openapi(removeAddress, async (c) => {
    const { db } = c.get("deps");
    const { userId } = c.get("auth");
    const { id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .for("update");
      if (!row) throw notFound();
      await removeFromHistory(tx, userId, [row.id]);
    });
    return c.body(null, 204);
  })
  .openapi(updateAddressHistory, async (c) => {
    const { db, clock } = c.get("deps");
    const { userId } = c.get("auth");
    const { addresses: list } = c.req.valid("json");
    const now = clock.now();
    await db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .for("update");
      const own = new Set(existing.map((a) => a.id));
      // An id from this history keeps that address (updated); a temporary or unknown id makes a new one.
      const kept = new Set<string>();
      const writes: Array<{ id: string; input: AddressInput; isNew: boolean }> = list.map((input) => {
        if (input.id && own.has(input.id) && !kept.has(input.id)) {
          kept.add(input.id);
          return { id: input.id, input, isNew: false };
        }
        return { id: newId(), input, isNew: true };
      });
      await removeFromHistory(
        tx,
        userId,
        existing.map((a) => a.id).filter((id) => !kept.has(id)),
      );
      for (const w of writes) {
        if (w.isNew) {
          await tx.insert(addresses).values({ ...addressValues(w.input), id: w.id, userId, createdAt: now });
        } else {
          await tx
            .update(addresses)
            .set(addressValues(w.input))
            .where(and(eq(addresses.id, w.id), eq(addresses.userId, userId)));
        }
      }
    });
    return c.json({ addresses: await addressHistory(db, userId) }, 200);
  });
