/**
 * A tenant tells us they have moved out (part 2 §2 tenant vacated; issue 38, decision 0058). The
 * back office sends the tenant a link (the ops command `tenant-vacated-link`): a token whose hash
 * alone is stored, good for 30 days. Opening it records the move-out once and, in the same
 * transaction, e-mails the agent or landlord ("We will let your agent or landlord know that you
 * have moved out"); a second visit changes nothing. An unknown or expired token is a 404 that
 * records nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import { tenancyTenants, tenantVacatedLinks, users } from "../db/schema";
import { appLink } from "../lib/app-url";
import { notFound } from "../lib/errors";
import { queueEmail } from "../lib/mail";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { GivenToken } from "../offers";
import { queueAgentEmail } from "./agent-mail";

/** How long a move-out link works. */
export const VACATED_LINK_DAYS = 30;

const VacatedLinkInput = z.object({
  tenancyId: z.string().min(1),
  /** The tenant, by e-mail address. */
  email: z.string().min(1),
  /** A fixed token for the demo and the tests; a new one otherwise. */
  token: GivenToken.optional(),
});
export type VacatedLinkInput = z.input<typeof VacatedLinkInput>;

/** Issues a tenant of the tenancy their move-out link and e-mails it to them. Returns the link. */
export async function issueTenantVacatedLink(db: Database, input: VacatedLinkInput, now: Date) {
  const data = VacatedLinkInput.parse(input);
  const [tenant] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(tenancyTenants)
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .where(and(eq(tenancyTenants.tenancyId, data.tenancyId), eq(sql`lower(${users.email})`, data.email.trim().toLowerCase())))
    .limit(1);
  if (!tenant) throw new Error(`${data.email} is not a tenant of tenancy ${data.tenancyId}`);
  const token = data.token ?? newSecretToken();
  const link = appLink(`/tenant-vacated?token=${encodeURIComponent(token)}`);
  const expiresAt = new Date(now.getTime() + VACATED_LINK_DAYS * 24 * 60 * 60 * 1000);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(tenantVacatedLinks).values({ id, tenancyId: data.tenancyId, userId: tenant.userId, tokenHash: hashToken(token), expiresAt, createdAt: now });
    await queueEmail(
      tx,
      {
        to: tenant.email,
        userId: tenant.userId,
        template: "TENANT_VACATED_LINK",
        subject: "Have you moved out?",
        text: [
          `Hello ${tenant.firstName},`,
          "",
          "If you have left the property, please let us know by opening this link, and we will tell your agent or landlord:",
          link,
          "",
          `The link works for ${VACATED_LINK_DAYS} days.`,
        ].join("\n"),
      },
      now,
    );
  });
  return { linkId: id, token, link, expiresAt };
}

export type VacatedOutcome = "RECORDED" | "ALREADY_RECORDED";

/** The tenant opened their link: the move-out recorded once, the agent or landlord e-mailed once. */
export async function recordTenantVacated(db: Database, input: { token: string }, now: Date, config: { supportEmail: string }): Promise<VacatedOutcome> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(tenantVacatedLinks).where(eq(tenantVacatedLinks.tokenHash, hashToken(input.token))).for("update");
    if (!link || link.expiresAt.getTime() <= now.getTime()) throw notFound();
    if (link.vacatedAt !== null) return "ALREADY_RECORDED" as const;
    await tx.update(tenantVacatedLinks).set({ vacatedAt: now }).where(eq(tenantVacatedLinks.id, link.id));
    const [tenant] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, link.userId));
    const name = [tenant?.firstName, tenant?.lastName].filter(Boolean).join(" ") || "A tenant";
    await queueAgentEmail(
      tx,
      {
        tenancyId: link.tenancyId,
        supportEmail: config.supportEmail,
        template: "AGENT_TENANT_VACATED",
        subject: "A tenant has moved out",
        lines: (property) => [
          `${name} has told us that they have moved out of ${property}.`,
          "Any outstanding charges for the tenancy must still be settled.",
        ],
      },
      now,
    );
    return "RECORDED" as const;
  });
}
