/**
 * A claim's notices (issue 28): what every notice about a claim needs, read once in the caller's
 * transaction — the property on one line, the landlord's or agent's name, and the tenants (every
 * respondent: one tenant's answer binds them all, so all are told) — and the links to the pages
 * a tenant acts on. What a notice says is the catalogue's (server/domain/notices.ts); queueing it
 * with the change is server/lib/notices.ts's.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, claimRespondents, claims, organizations, orders, properties, tenancies, users } from "../db/schema";
import { tenantDisplayName } from "../domain/checkout";
import { propertyLine, type Notice } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { queueNotice } from "../lib/notices";

export type ClaimAudience = {
  claimId: string;
  /** The property on one line ("Flat 2, 12 Orchard Road, Bristol BS1 1AA"). */
  property: string;
  /** The landlord's or agent's organisation, when it has a name. */
  organization: string | null;
  /** Every respondent, oldest first, with the name the other tenants know them by. */
  tenants: { userId: string; name: string }[];
  /** The tenancy's Keyfree order (its page shows a settled claim's outcome), when there is one. */
  keyfreeOrderId: string | null;
};

/** The claim's property, landlord, tenants and Keyfree order, in one read. */
export async function claimAudience(db: Database, claimId: string): Promise<ClaimAudience> {
  const [row] = await db
    .select({ tenancyId: claims.tenancyId, organization: organizations.name, address: addresses })
    .from(claims)
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .leftJoin(addresses, eq(addresses.id, properties.addressId))
    .leftJoin(organizations, eq(organizations.id, claims.organizationId))
    .where(eq(claims.id, claimId));
  if (!row) throw new Error(`No claim ${claimId}`);
  const tenants = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(claimRespondents)
    .innerJoin(users, eq(users.id, claimRespondents.userId))
    .where(eq(claimRespondents.claimId, claimId))
    .orderBy(asc(claimRespondents.createdAt), asc(claimRespondents.id));
  const [keyfree] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenancyId, row.tenancyId), eq(orders.productId, "KEYFREE")))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return {
    claimId,
    property: row.address ? propertyLine(row.address) : "your tenancy",
    organization: row.organization?.trim() || null,
    tenants: tenants.map((t) => ({ userId: t.userId, name: tenantDisplayName(t) })),
    keyfreeOrderId: keyfree?.id ?? null,
  };
}

/** A tenant's name as the other tenants read it ("Sam Lee"); "A tenant" if they are not a respondent. */
export function tenantName(audience: ClaimAudience, userId: string | null | undefined): string {
  return audience.tenants.find((t) => t.userId === userId)?.name ?? "A tenant";
}

/**
 * The absolute links a claim's notices carry, each to the page the tenant acts on (app/routes.ts):
 * the claim page (answering), its payment page (accepted charges; it goes back to the claim page
 * when nothing is left to pay), the dispute fee (the dispute form first while it has no message),
 * the arbitration, and for a settled claim the Keyfree's page with the claim's outcome (the
 * dashboard when the tenancy has no Keyfree order).
 */
export const claimLinks = {
  claim: (a: ClaimAudience) => appLink(`/claims/${a.claimId}`),
  /** Ask for more time to answer (issue 36): from the deadline notices. */
  moreTime: (a: Pick<ClaimAudience, "claimId">) => appLink(`/claims/${a.claimId}/more-time`),
  pay: (a: ClaimAudience) => appLink(`/claims/${a.claimId}/pay`),
  disputeFee: (a: ClaimAudience) => appLink(`/claims/${a.claimId}/dispute-fee`),
  arbitration: (arbitrationId: string) => appLink(`/arbitrations/${arbitrationId}`),
  settled: (a: ClaimAudience) => appLink(a.keyfreeOrderId ? `/keyfrees/${a.keyfreeOrderId}` : "/"),
  /** The claim's record (issue 39): its whole history, settled claims too. */
  record: (a: Pick<ClaimAudience, "claimId">) => appLink(`/claims/${a.claimId}/record`),
};

/** Queues the notice `build` makes from the claim's audience to every tenant of the claim, in the caller's transaction. */
export async function noticeClaimTenants(db: Database, claimId: string, now: Date, build: (audience: ClaimAudience) => Notice) {
  const audience = await claimAudience(db, claimId);
  await queueNotice(db, build(audience), audience.tenants.map((t) => t.userId), now);
}
