import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { addresses, users } from "../db/schema";
import { currentCustomer, requireTenant } from "../lib/auth";
import { errorResponses, notFound } from "../lib/errors";

export const AddressSchema = z
  .object({
    id: z.string(),
    externalId: z.string().nullable(),
    buildingName: z.string().nullable(),
    roomNumber: z.string().nullable(),
    flatNumber: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    street: z.string(),
    subStreet: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    currentlyAtAddress: z.boolean(),
    organizationId: z.string().nullable(),
  })
  .openapi("Address");

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

const me = createRoute({
  method: "get",
  path: "/me",
  operationId: "me",
  tags: ["account"],
  summary: "The signed-in user with their attributes and addresses",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  responses: {
    200: { description: "The user", content: { "application/json": { schema: UserSchema } } },
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

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(me, async (c) => {
    const deps = c.get("deps");
    const { userId } = c.get("auth");
    const [[user], userAddresses] = await Promise.all([
      deps.db.select().from(users).where(eq(users.id, userId)).limit(1),
      deps.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.createdAt),
    ]);
    if (!user) throw notFound();
    return c.json(
      {
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
          addresses: userAddresses.map(({ userId: _u, createdAt: _c, ...a }) => a),
        },
      },
      200,
    );
  })
  .openapi(getCustomer, async (c) => {
    const customer = await currentCustomer(c.get("deps"), c.get("auth").userId);
    return c.json(
      {
        id: customer.id,
        userId: customer.userId,
        hasDuplicatePaymentMethod: customer.hasDuplicatePaymentMethod,
        requiresNewPaymentMethod: customer.requiresNewPaymentMethod,
      },
      200,
    );
  });
