import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import {
  arbitrationDocuments,
  arbitrations,
  claimDocuments,
  claimItemDocuments,
  claimItems,
  claimRespondents,
  claimResponseDocuments,
  documents,
  referenceDocuments,
  references,
  tenancyDocuments,
  tenancyTenants,
} from "../db/schema";
import { REFERENCE_DOCUMENT_TYPES } from "../domain/statuses";

type Reader = Pick<Database, "select">;

/**
 * Whether a tenant may see (download) a document. True when the user uploaded it, or it is
 * linked to something the tenant may see:
 *  - a tenancy document of a tenancy they are a tenant of (`tenancy_tenants`), except
 *    referencing documents, which are hidden from the tenancy documents (part 1 §3);
 *  - a reference document of their own reference;
 *  - a claim document, claim item document or claim response document of a claim where they
 *    are a respondent (`claim_respondents`);
 *  - an arbitration document of such a claim.
 * Anything else (another tenant's document, an unknown id) is false.
 */
export async function canTenantSeeDocument(db: Reader, userId: string, documentId: string): Promise<boolean> {
  const [doc] = await db
    .select({ uploadedByUserId: documents.uploadedByUserId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!doc) return false;
  if (doc.uploadedByUserId === userId) return true;

  const one = { one: sql<number>`1` };
  const checks = await Promise.all([
    db
      .select(one)
      .from(tenancyDocuments)
      .innerJoin(tenancyTenants, eq(tenancyTenants.tenancyId, tenancyDocuments.tenancyId))
      .where(
        and(
          eq(tenancyDocuments.documentId, documentId),
          eq(tenancyTenants.userId, userId),
          notInArray(tenancyDocuments.typeId, [...REFERENCE_DOCUMENT_TYPES]),
        ),
      )
      .limit(1),
    db
      .select(one)
      .from(referenceDocuments)
      .innerJoin(references, eq(references.id, referenceDocuments.referenceId))
      .where(and(eq(referenceDocuments.documentId, documentId), eq(references.userId, userId)))
      .limit(1),
    db
      .select(one)
      .from(claimDocuments)
      .innerJoin(claimRespondents, eq(claimRespondents.claimId, claimDocuments.claimId))
      .where(and(eq(claimDocuments.documentId, documentId), eq(claimRespondents.userId, userId)))
      .limit(1),
    db
      .select(one)
      .from(claimItemDocuments)
      .innerJoin(claimItems, eq(claimItems.id, claimItemDocuments.claimItemId))
      .innerJoin(claimRespondents, eq(claimRespondents.claimId, claimItems.claimId))
      .where(and(eq(claimItemDocuments.documentId, documentId), eq(claimRespondents.userId, userId)))
      .limit(1),
    db
      .select(one)
      .from(claimResponseDocuments)
      .innerJoin(claimRespondents, eq(claimRespondents.claimId, claimResponseDocuments.claimId))
      .where(and(eq(claimResponseDocuments.documentId, documentId), eq(claimRespondents.userId, userId)))
      .limit(1),
    db
      .select(one)
      .from(arbitrationDocuments)
      .innerJoin(arbitrations, eq(arbitrations.id, arbitrationDocuments.arbitrationId))
      .innerJoin(claimRespondents, eq(claimRespondents.claimId, arbitrations.claimId))
      .where(and(eq(arbitrationDocuments.documentId, documentId), eq(claimRespondents.userId, userId)))
      .limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}
