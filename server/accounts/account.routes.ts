/**
 * The signed-in tenant's own account (part 1 §3 User and Customer, §7; part 2 §7): who they
 * are, About You details, the onboarding introduction, and their address history with
 * the postcode lookup. The views are in account.views.ts, the writes in account-service.ts.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { ABOUT_YOU_MESSAGES, GENDERS } from "#common/about-you";
import { ADDRESS_MESSAGES, addressHistoryError } from "#common/addresses";
import { ADDRESS_LOOKUP_FAILED_MESSAGE, AddressLookupFailed } from "../integrations/address-lookup";
import { addressLookupFor } from "../integrations/addresses";
import { apiRoute } from "../lib/api-route";
import { tenantCustomer } from "../lib/auth";
import { ErrorSchema, notFound } from "../lib/errors";
import { AddressLookupResultSchema } from "../lib/schemas";
import { idParam, singleLineText } from "../lib/input-schemas";
import {
  addAddress as addAddressToHistory,
  completeOnboardingIntroduction as recordOnboardingIntroduction,
  removeAddress as removeAddressFromHistory,
  replaceAddressHistory,
  setSmsNotices,
  updateUser as updateUserDetails,
} from "./account-service";
import { AddressInputSchema } from "./account.schemas";
import { addressHistory, AddressSchema, CustomerSchema, noticeSettingsView, NoticeSettingsSchema, userView, UserSchema } from "./account.views";

// ── Requests ─────────────────────────────────────────────────────────────────

const UserIdParam = z.object({
  userId: idParam().openapi({ param: { name: "userId", in: "path" }, description: "The signed-in user's id" }),
});
const AddressIdParam = z.object({
  id: idParam().openapi({ param: { name: "id", in: "path" }, description: "An address of the signed-in user's history" }),
});

const UpdateUserBody = z
  .object({
    firstName: singleLineText("name", { tooLong: ABOUT_YOU_MESSAGES.firstNameTooLong }).optional(),
    lastName: singleLineText("name", { tooLong: ABOUT_YOU_MESSAGES.lastNameTooLong }).optional(),
    dob: singleLineText("code", { tooLong: ABOUT_YOU_MESSAGES.dateInvalid }).optional().openapi({ description: "YYYY-MM-DD; at least 18 years ago", example: "1990-04-17" }),
    gender: singleLineText("code").optional().openapi({ description: `One of ${GENDERS.join(", ")} (UNKNOWN: 'Rather not say')` }),
    mobileNumber: singleLineText("phone", { tooLong: ABOUT_YOU_MESSAGES.mobileNumberFormat })
      .optional()
      .openapi({ description: "11 to 15 characters: an optional leading + then digits", example: "07700900123" }),
  })
  .refine((data) => Object.values(data).some((v) => v !== undefined), { message: "Give at least one field to change" })
  .openapi("UpdateUserRequest");

const AddressHistoryBody = z
  .object({ addresses: z.array(AddressInputSchema).max(50, "At most 50 addresses") })
  .superRefine((body, ctx) => {
    const message = addressHistoryError(body.addresses);
    if (message) ctx.addIssue({ code: "custom", path: ["addresses"], message });
  })
  .openapi("AddressHistoryRequest");

const NoticeSettingsBody = z
  .object({
    smsNotices: z
      .boolean({ error: "Choose whether we send you text messages" })
      .openapi({ description: "Whether notices are also sent by text message to the mobile number (e-mails cannot be turned off)" }),
  })
  .openapi("NoticeSettingsRequest");

// ── Routes ───────────────────────────────────────────────────────────────────

const userResponse = { description: "The user", content: { "application/json": { schema: UserSchema } } };

const me = apiRoute({
  method: "get", path: "/me", operationId: "me", tags: ["account"],
  summary: "The signed-in user with their attributes and addresses",
  auth: "tenant",
  responses: { 200: userResponse }, errors: [401],
});

const getCustomer = apiRoute({
  method: "get", path: "/customer", operationId: "getCustomer", tags: ["account"],
  summary: "The signed-in user's customer record",
  auth: "tenant",
  ok: ["The customer", CustomerSchema], errors: [401, 404],
});

const updateUser = apiRoute({
  method: "patch", path: "/users/{userId}", operationId: "updateUser", tags: ["account"],
  summary: "Change the signed-in user's About You details (any of them)",
  auth: "tenant", params: UserIdParam, body: UpdateUserBody,
  responses: { 200: userResponse }, errors: [400, 401, 404],
});

const completeOnboardingIntroduction = apiRoute({
  method: "post", path: "/me/onboarding-introduction", operationId: "completeOnboardingIntroduction", tags: ["account"],
  summary: "Record that the tenant has read the onboarding introduction ('I understand'); repeating it changes nothing",
  auth: "tenant",
  responses: { 200: userResponse }, errors: [401],
});

const getNoticeSettings = apiRoute({
  method: "get", path: "/me/notice-settings", operationId: "getNoticeSettings", tags: ["account"],
  summary: "How the signed-in tenant is sent notices (issue 28): always by e-mail, and by text message unless turned off",
  auth: "tenant",
  ok: ["The notice settings", NoticeSettingsSchema], errors: [401],
});

const updateNoticeSettings = apiRoute({
  method: "put", path: "/me/notice-settings", operationId: "updateNoticeSettings", tags: ["account"],
  summary: "Turn text message notices on or off (issue 28, scope 4); e-mail notices cannot be turned off",
  auth: "tenant", body: NoticeSettingsBody,
  ok: ["The notice settings now", NoticeSettingsSchema], errors: [400, 401],
});

const searchAddressesByPostcode = apiRoute({
  method: "get", path: "/addresses/lookup", operationId: "searchAddressesByPostcode", tags: ["addresses"],
  summary: "The addresses at a UK postcode (an empty list when none are found)",
  auth: "tenant",
  query: z.object({
    postcode: singleLineText("postcode", { required: ADDRESS_MESSAGES.postcodeRequired, tooLong: "Must be a UK postcode" })
      .trim()
      .min(1, ADDRESS_MESSAGES.postcodeRequired)
      .openapi({ example: "BS1 4DJ" }),
  }),
  ok: ["The addresses found", z.object({ addresses: z.array(AddressLookupResultSchema) })],
  responses: {
    502: {
      description: "The address lookup provider could not be reached or failed (the message says to try again or enter the address)",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [400, 401],
});

const addAddress = apiRoute({
  method: "post", path: "/users/{userId}/addresses", operationId: "addAddress", tags: ["addresses"],
  summary: "Add an address to the signed-in user's address history (a current address replaces the current one)",
  auth: "tenant", params: UserIdParam, body: AddressInputSchema,
  created: ["The address added", AddressSchema], errors: [400, 401, 404],
});

const removeAddress = apiRoute({
  method: "delete", path: "/addresses/{id}", operationId: "removeAddress", tags: ["addresses"],
  summary: "Remove an address from the signed-in user's address history",
  auth: "tenant", params: AddressIdParam,
  responses: { 204: { description: "Removed" } }, errors: [401, 404],
});

const updateAddressHistory = apiRoute({
  method: "put", path: "/me/addresses", operationId: "updateAddressHistory", tags: ["addresses"],
  summary: "Replace the signed-in user's address history with the given list (at most one current address)",
  auth: "tenant", body: AddressHistoryBody,
  ok: ["The address history now", z.object({ addresses: z.array(AddressSchema) }).openapi("AddressHistory")], errors: [400, 401],
});

function ownUserId(c: Context<AppEnv>, userId: string) {
  // Another user's id (or a made-up one) is not found, never forbidden.
  if (userId !== c.get("auth").userId) throw notFound();
  return userId;
}

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(me, async (c) => {
    const { db, config } = c.get("deps");
    return c.json(await userView(db, c.get("auth").userId, config.intercomIdentitySecret), 200);
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
    const { db, clock, config } = c.get("deps");
    const userId = ownUserId(c, c.req.valid("param").userId);
    await updateUserDetails(db, userId, c.req.valid("json"), clock.now());
    return c.json(await userView(db, userId, config.intercomIdentitySecret), 200);
  })
  .openapi(completeOnboardingIntroduction, async (c) => {
    const { db, config } = c.get("deps");
    const { userId } = c.get("auth");
    await recordOnboardingIntroduction(db, userId);
    return c.json(await userView(db, userId, config.intercomIdentitySecret), 200);
  })
  .openapi(getNoticeSettings, async (c) => {
    return c.json(await noticeSettingsView(c.get("deps").db, c.get("auth").userId), 200);
  })
  .openapi(updateNoticeSettings, async (c) => {
    const { db } = c.get("deps");
    const { userId } = c.get("auth");
    await setSmsNotices(db, userId, c.req.valid("json").smsNotices);
    return c.json(await noticeSettingsView(db, userId), 200);
  })
  .openapi(searchAddressesByPostcode, async (c) => {
    const { postcode } = c.req.valid("query");
    try {
      return c.json({ addresses: await addressLookupFor(c.get("deps")).findByPostcode(postcode) }, 200);
    } catch (error) {
      if (error instanceof AddressLookupFailed) return c.json({ message: ADDRESS_LOOKUP_FAILED_MESSAGE }, 502);
      throw error;
    }
  })
  .openapi(addAddress, async (c) => {
    const { db, clock } = c.get("deps");
    const userId = ownUserId(c, c.req.valid("param").userId);
    return c.json(await addAddressToHistory(db, userId, c.req.valid("json"), clock.now()), 201);
  })
  .openapi(removeAddress, async (c) => {
    await removeAddressFromHistory(c.get("deps").db, c.get("auth").userId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(updateAddressHistory, async (c) => {
    const { db, clock } = c.get("deps");
    const { userId } = c.get("auth");
    await replaceAddressHistory(db, userId, c.req.valid("json").addresses, clock.now());
    return c.json({ addresses: await addressHistory(db, userId) }, 200);
  });
