import { createHmac } from "node:crypto";
/**
 * The account's views: the User (`me`) with its address history, the Customer and an address,
 * as the API sends them.
 */
import { z } from "@hono/zod-openapi";
import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, outboxSms, supportNeeds, users } from "../db/schema";
import { smsNotDelivered } from "../domain/sms-status";
import { textMessagesWanted } from "../domain/support-needs";
import { notFound } from "../lib/errors";
import { MAX_SMS_ATTEMPTS } from "../lib/sms-delivery";
import { PropertyAddressSchema } from "../lib/schemas";

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
    intercomUserHash: z.string().nullable().openapi({
      description: "Intercom identity verification: HMAC-SHA256 of the user's id (hex) with the chat's secret; null when the chat is not configured",
    }),
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

export const NoticeSettingsSchema = z
  .object({
    email: z.string().openapi({ description: "Where every notice is e-mailed (the terms serve notices by e-mail, so this cannot be turned off)" }),
    mobileNumber: z.string().nullable().openapi({ description: "Where text messages go (from About You); null when the tenant has given none" }),
    smsNotices: z.boolean().openapi({ description: "Whether notices with a deadline, and 'it's your turn', are also sent by text message" }),
    textMessagesSent: z.boolean().openapi({
      description: "Whether notices go by text message now: turned on, a mobile number given, and no support need for e-mail only (issue 38)",
    }),
    lastTextMessageUndelivered: z.boolean().openapi({
      description: "Whether the last text message to the current mobile number whose outcome is known could not be delivered (the provider's status, issue 38)",
    }),
  })
  .openapi("NoticeSettings");

const OUTCOMES = ["delivered", "read", "undelivered", "failed"];

/**
 * How the tenant is sent notices (issue 28): their e-mail address, their mobile number, whether
 * text messages are on and go out, and whether the last one to that number could not be delivered
 * (Twilio's status, or a number we gave up on; issue 38).
 */
export async function noticeSettingsView(db: Database, userId: string): Promise<z.infer<typeof NoticeSettingsSchema>> {
  const [user] = await db
    .select({ email: users.email, mobileNumber: users.mobileNumber, smsNotices: users.smsNotices, needs: supportNeeds.needs })
    .from(users)
    .leftJoin(supportNeeds, eq(supportNeeds.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound();
  const mobileNumber = user.mobileNumber?.trim() || null;
  const [last] = mobileNumber
    ? await db
        .select({ deliveryStatus: outboxSms.deliveryStatus, sentAt: outboxSms.sentAt })
        .from(outboxSms)
        .where(
          and(
            eq(outboxSms.userId, userId),
            eq(outboxSms.to, mobileNumber),
            or(inArray(outboxSms.deliveryStatus, OUTCOMES), and(isNull(outboxSms.sentAt), gte(outboxSms.attempts, MAX_SMS_ATTEMPTS))),
          ),
        )
        .orderBy(desc(outboxSms.createdAt), desc(outboxSms.id))
        .limit(1)
    : [];
  return {
    email: user.email,
    mobileNumber,
    smsNotices: user.smsNotices,
    textMessagesSent: mobileNumber !== null && textMessagesWanted(user.smsNotices, user.needs),
    lastTextMessageUndelivered: last !== undefined && (last.sentAt === null || smsNotDelivered(last.deliveryStatus)),
  };
}

type AddressRow = typeof addresses.$inferSelect;
export type AddressView = z.infer<typeof AddressSchema>;

export function addressView({ userId: _u, createdAt: _c, ...a }: AddressRow): AddressView {
  return a;
}

/** A user's address history: the current address first, then the most recent. */
export async function addressHistory(db: Database, userId: string): Promise<AddressView[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.currentlyAtAddress), sql`${addresses.startDate} desc nulls last`, asc(addresses.createdAt), asc(addresses.id));
  return rows.map(addressView);
}

/** Intercom's identity verification hash of a user: HMAC-SHA256 of their id with the secret, in hex. */
export function intercomUserHash(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(userId).digest("hex");
}

/** The User response (`me`): the user with their attributes and address history (and, with the chat's secret, its hash). */
export async function userView(db: Database, userId: string, intercomIdentitySecret?: string): Promise<z.infer<typeof UserSchema>> {
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
    intercomUserHash: intercomIdentitySecret ? intercomUserHash(intercomIdentitySecret, user.id) : null,
    attributes: {
      dob: user.dob,
      gender: (user.gender as "MALE" | "FEMALE" | "UNKNOWN" | null) ?? null,
      mobileNumber: user.mobileNumber,
      onboardingIntroductionComplete: user.onboardingIntroductionComplete,
      addresses: history,
    },
  };
}
