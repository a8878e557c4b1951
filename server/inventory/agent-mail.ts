/**
 * What we must tell a tenancy's agent or landlord (issue 38, decision 0058): an inventory a
 * tenant has not received, a tenant who has moved out. The e-mail goes through the outbox, in the
 * transaction that made the change, to the contact address of the organisation that manages the
 * property (organizations.contact_email); when none is held, to the support team (SUPPORT_EMAIL),
 * who pass it on: the e-mail says so in its first line.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, organizations, properties, tenancies } from "../db/schema";
import { propertyLine } from "../domain/notices";
import { queueEmail } from "../lib/mail";

type Tx = Pick<Database, "insert" | "select">;

export type AgentEmailTemplate = "AGENT_INVENTORY_REQUEST" | "AGENT_TENANT_VACATED";

/** Queues `lines` (after a greeting naming the property) to the tenancy's agent or landlord. Returns where it went. */
export async function queueAgentEmail(
  tx: Tx,
  input: { tenancyId: string; template: AgentEmailTemplate; subject: string; lines: (property: string) => string[]; supportEmail: string },
  now: Date,
): Promise<{ to: string; viaSupport: boolean }> {
  const [row] = await tx
    .select({ organization: organizations.name, contactEmail: organizations.contactEmail, address: addresses })
    .from(tenancies)
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(organizations, eq(organizations.id, properties.organizationId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(tenancies.id, input.tenancyId))
    .limit(1);
  if (!row) throw new Error(`No tenancy ${input.tenancyId}`);
  const contact = row.contactEmail?.trim() || null;
  const property = propertyLine(row.address);
  const to = contact ?? input.supportEmail;
  const opening = contact
    ? [`Hello ${row.organization},`]
    : [`For ${row.organization}, who manage ${property}: we hold no e-mail address for them, so please pass this on.`, "", `Hello ${row.organization},`];
  await queueEmail(tx, { to, template: input.template, subject: `${input.subject}: ${property}`, text: [...opening, "", ...input.lines(property)].join("\n") }, now);
  return { to, viaSupport: contact === null };
}
