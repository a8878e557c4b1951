/**
 * Support needs and someone to help (issue 36, scope 5): the reads. What a tenant told us is
 * shown to that tenant and to the back office (ops `support-needs`), never logged.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { HELPER_LINK_MESSAGES, HELPER_RELATIONSHIPS, SUPPORT_NEED_CODES, type HelperRelationship, type SupportNeedCode } from "#common/support-needs";
import type { Database } from "../db";
import { supportHelpers, supportNeeds, users } from "../db/schema";
import { helperLinkState, helperStatus } from "../domain/support-needs";
import { hashToken } from "../lib/tokens";
import type { HelperConfirmationSchema, SupportNeedsSchema } from "./schemas";

type Reader = Pick<Database, "select">;
export type SupportNeedsView = z.infer<typeof SupportNeedsSchema>;
export type HelperConfirmationView = z.infer<typeof HelperConfirmationSchema>;

/** The tenant's helper who is not removed (at most one: decision 0050), or none. */
export async function currentHelper(db: Reader, userId: string) {
  const [helper] = await db
    .select()
    .from(supportHelpers)
    .where(and(eq(supportHelpers.userId, userId), isNull(supportHelpers.removedAt)))
    .orderBy(desc(supportHelpers.createdAt))
    .limit(1);
  return helper ?? null;
}

const knownNeeds = (codes: readonly string[]) =>
  SUPPORT_NEED_CODES.filter((code) => codes.includes(code)) as SupportNeedCode[];

const knownRelationship = (value: string | null): HelperRelationship | null =>
  value && (HELPER_RELATIONSHIPS as readonly string[]).includes(value) ? (value as HelperRelationship) : null;

/** What the tenant has recorded and who helps them (GET /me/support-needs). */
export async function supportNeedsView(db: Reader, userId: string, now: Date): Promise<SupportNeedsView> {
  const [[needs], helper] = await Promise.all([
    db.select().from(supportNeeds).where(eq(supportNeeds.userId, userId)).limit(1),
    currentHelper(db, userId),
  ]);
  const status = helper ? helperStatus(helper, now) : null;
  const codes = needs ? knownNeeds(needs.needs) : [];
  return {
    needs: needs
      ? { codes, details: needs.details, consentedAt: needs.consentedAt.toISOString(), updatedAt: needs.updatedAt.toISOString() }
      : null,
    helper:
      helper && status && status !== "REMOVED"
        ? {
            name: helper.name,
            email: helper.email,
            relationship: knownRelationship(helper.relationship),
            status,
            addedAt: helper.createdAt.toISOString(),
            confirmedAt: helper.confirmedAt?.toISOString() ?? null,
            linkExpiresAt: helper.confirmedAt ? null : (helper.tokenExpiresAt?.toISOString() ?? null),
          }
        : null,
    emailOnly: codes.includes("EMAIL_ONLY"),
  };
}

/** What the helper's link is (GET /support-helpers/confirmation): whom they would help while it can be used, otherwise why not. */
export async function helperConfirmationView(db: Reader, token: string, now: Date): Promise<HelperConfirmationView> {
  const [row] = await db
    .select({ helper: supportHelpers, tenantFirstName: users.firstName })
    .from(supportHelpers)
    .innerJoin(users, eq(users.id, supportHelpers.userId))
    .where(eq(supportHelpers.tokenHash, hashToken(token)))
    .limit(1);
  const state = helperLinkState(row?.helper, now);
  if (state !== "USABLE" || !row) {
    return { state, message: linkMessage(state), tenantFirstName: null, helperName: null, linkExpiresAt: null };
  }
  return {
    state,
    message: null,
    tenantFirstName: row.tenantFirstName,
    helperName: row.helper.name,
    linkExpiresAt: row.helper.tokenExpiresAt?.toISOString() ?? null,
  };
}

export function linkMessage(state: "USABLE" | "USED" | "EXPIRED" | "INVALID"): string | null {
  return state === "USED" ? HELPER_LINK_MESSAGES.used : state === "EXPIRED" ? HELPER_LINK_MESSAGES.expired : state === "INVALID" ? HELPER_LINK_MESSAGES.invalid : null;
}
