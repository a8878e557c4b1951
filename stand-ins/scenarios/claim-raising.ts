/**
 * Claims raised by the other party (the landlord or agent), with sample documents, for ops, the
 * demo data and tests. What follows a raised claim (the agent's answers, the adjudicator) is in
 * claims.ts, which re-exports these.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { createClaimOrder, fail, recordActivity } from "../../server/claims/records";
import type { Database } from "../../server/db";
import { claimDocuments, claimItemDocuments, claimItemProposals, claimItems, claimProposals, claimRespondents, claimResponses, claims, organizations, properties, tenancies, tenancyTenants, users } from "../../server/db/schema";
import { responseDeadline } from "../../server/domain/deadlines";
import { claimLimitPence, type CoverLevel } from "../../server/domain/fees";
import type { FileStore } from "../../server/lib/files";
import { claimLinks, noticeClaimTenants } from "../../server/claims/notices";
import { newId } from "../../server/lib/tokens";
import { storeDocument } from "../../server/lib/uploads";

// ── Sample documents ───────────────────────────────────────────────────────────────

/** A tiny, valid one-page PDF showing `title` (ASCII only). */
export function samplePdf(title: string): Uint8Array {
  const text = title.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "\\$&");
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** Stores a sample PDF as a document of the given type (the claim's and the adjudicator's). */
export async function storeSamplePdf(db: Database, files: FileStore, name: string, typeId: string, now: Date) {
  const bytes = samplePdf(name.replace(/\.pdf$/i, ""));
  const doc = await storeDocument(
    { db, files, clock: { now: () => now } },
    { name, body: bytes, contentType: "application/pdf", size: bytes.length },
    { typeId, userId: null },
  );
  return doc.id;
}

// ── Scenarios: the landlord or agent ───────────────────────────────────────────────

/** An amount in pence, as the other parties' inputs give it. */
export const Pence = z.number().int().min(0);

const RaiseClaimInput = z.object({
  tenancyId: z.string().min(1),
  items: z
    .array(
      z.object({
        description: z.string().trim().min(1),
        /** e.g. CLEANING, DAMAGE, REDECORATION, RENTARREARS (title-cased by the web). */
        type: z.string().trim().min(1),
        amount: Pence,
        explanation: z.string().trim().min(1).optional(),
        /** How many sample PDF documents to attach as the landlord's evidence. */
        evidence: z.number().int().min(0).max(10).optional(),
      }),
    )
    .min(1),
  mediationEnabled: z.boolean().default(true),
  /** The landlord's or agent's organisation: an existing one by id, a new one by name, or the property's. */
  organization: z.object({ id: z.string().optional(), name: z.string().trim().min(1).optional() }).optional(),
  details: z.string().nullish(),
  publishedAt: z.date().optional(),
  /** Tenancy documents to attach to the claim as sample PDFs (e.g. INVENTORY_CHECK_IN). */
  documents: z.array(z.string().min(1)).optional(),
});
export type RaiseClaimInput = z.input<typeof RaiseClaimInput>;

/**
 * The landlord or agent raises charges against the tenancy (part 1 §1, §4.1 round 1):
 * the claim is AWAITING_RESPONDENTS with a respondent (and an empty claim response) per
 * tenant of the tenancy, its limit from the tenancy's rent and cover level (the lower of
 * 8 weeks' rent and £5,000, or £10,000 at the higher level), and a published round 1
 * SUPPLIER proposal AWAITING_RESPONSE with its 7-day deadline and its CLAIM order.
 * Landlord evidence and tenancy documents are tiny sample PDFs stored through `files`.
 */
export async function raiseClaim(db: Database, rawInput: RaiseClaimInput, now: Date, files?: FileStore) {
  const input = RaiseClaimInput.parse(rawInput);
  const needsFiles = (input.documents?.length ?? 0) > 0 || input.items.some((i) => (i.evidence ?? 0) > 0);
  if (needsFiles && !files) fail("Evidence and documents need a file store");
  const publishedAt = input.publishedAt ?? now;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tenancy: tenancies, property: properties })
      .from(tenancies)
      .innerJoin(properties, eq(properties.id, tenancies.propertyId))
      .where(eq(tenancies.id, input.tenancyId));
    if (!row) return fail(`No tenancy ${input.tenancyId}`);
    const tenants = await tx
      .select({ userId: tenancyTenants.userId, email: users.email, firstName: users.firstName })
      .from(tenancyTenants)
      .innerJoin(users, eq(users.id, tenancyTenants.userId))
      .where(eq(tenancyTenants.tenancyId, input.tenancyId))
      .orderBy(asc(tenancyTenants.createdAt), asc(tenancyTenants.id));
    if (tenants.length === 0) fail("The tenancy has no tenants");
    const existing = await tx.select({ id: claims.id, status: claims.status }).from(claims).where(eq(claims.tenancyId, input.tenancyId));
    if (existing.some((c) => !["DEACTIVATED", "DECLINED", "RESOLVED"].includes(c.status))) {
      fail("The tenancy already has a claim in progress");
    }
    let organizationId = row.property.organizationId;
    if (input.organization?.id) organizationId = input.organization.id;
    else if (input.organization?.name) {
      organizationId = newId();
      await tx.insert(organizations).values({ id: organizationId, name: input.organization.name, createdAt: now });
    }
    const claimId = newId();
    const total = input.items.reduce((sum, i) => sum + i.amount, 0);
    await tx.insert(claims).values({
      id: claimId,
      tenancyId: input.tenancyId,
      organizationId,
      status: "AWAITING_RESPONDENTS",
      details: input.details ?? null,
      limit: claimLimitPence(row.tenancy.ppm, row.tenancy.coverLevel as CoverLevel),
      finalAmount: total,
      mediationEnabled: input.mediationEnabled,
      createdAt: now,
    });
    const respondentIds: string[] = [];
    for (const tenant of tenants) {
      const respondentId = newId();
      respondentIds.push(respondentId);
      await tx.insert(claimRespondents).values({ id: respondentId, claimId, userId: tenant.userId, createdAt: now });
      await tx.insert(claimResponses).values({ id: newId(), claimRespondentId: respondentId, createdAt: now, updatedAt: now });
    }
    const orderId = await createClaimOrder(tx, { id: claimId, tenancyId: input.tenancyId }, now);
    const proposalId = newId();
    await tx.insert(claimProposals).values({
      id: proposalId,
      claimId,
      round: 1,
      status: "AWAITING_RESPONSE",
      type: "STANDARD",
      source: "SUPPLIER",
      publishedAt,
      orderId,
      responseDeadline: responseDeadline(publishedAt),
      createdAt: now,
      updatedAt: now,
    });
    const itemIds: string[] = [];
    const documentIds: string[] = [];
    for (const [position, item] of input.items.entries()) {
      const itemId = newId();
      itemIds.push(itemId);
      await tx.insert(claimItems).values({ id: itemId, claimId, description: item.description, type: item.type, position, createdAt: now });
      await tx.insert(claimItemProposals).values({
        id: newId(),
        claimProposalId: proposalId,
        claimItemId: itemId,
        amount: item.amount,
        explanation: item.explanation ?? null,
        createdAt: now,
        updatedAt: now,
      });
      for (let n = 1; n <= (item.evidence ?? 0); n += 1) {
        const documentId = await storeSamplePdf(tx, files!, `${item.description} evidence ${n}.pdf`, "CLAIM_ITEM", now);
        documentIds.push(documentId);
        await tx.insert(claimItemDocuments).values({ id: newId(), claimItemId: itemId, documentId, source: "SUPPLIER", createdAt: now });
      }
      await recordActivity(
        tx,
        {
          claimId,
          activityType: "CHARGE_CREATED",
          details: { claimProposalId: proposalId, claimItemId: itemId, amount: item.amount, reasoning: item.explanation ?? null },
        },
        publishedAt,
      );
    }
    for (const typeId of input.documents ?? []) {
      const name = `${typeId.toLowerCase().replaceAll("_", " ")}.pdf`;
      const documentId = await storeSamplePdf(tx, files!, name, typeId, now);
      documentIds.push(documentId);
      await tx.insert(claimDocuments).values({ id: newId(), claimId, documentId, createdAt: now });
    }
    await noticeClaimTenants(tx, claimId, now, (a) => ({
      kind: "CLAIM_RAISED",
      facts: { property: a.property, link: claimLinks.claim(a), moreTimeLink: claimLinks.moreTime(a), organization: a.organization, amountPence: total, deadline: responseDeadline(publishedAt) },
    }));
    return { claimId, claimProposalId: proposalId, orderId, itemIds, respondentIds, documentIds };
  });
}
