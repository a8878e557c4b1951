/**
 * The documents a claim page lists (part 1 §2.3): an item's evidence (the supplier's and the
 * tenants', with each item proposal's), the tenants' documents for the whole response, and the
 * order documents are shown in (CLAIM_DOCUMENT_DISPLAY_ORDER).
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { claimItemDocuments, claimResponseDocuments, documents } from "../db/schema";
import { CLAIM_DOCUMENT_DISPLAY_ORDER } from "../domain/statuses";
import { documentUrl } from "../lib/uploads";

export function documentOrder(typeId: string) {
  const index = (CLAIM_DOCUMENT_DISPLAY_ORDER as readonly string[]).indexOf(typeId);
  return index === -1 ? CLAIM_DOCUMENT_DISPLAY_ORDER.length : index;
}

export type ItemDocRow = {
  link: Pick<
    typeof claimItemDocuments.$inferSelect,
    "id" | "claimItemId" | "claimItemProposalId" | "source" | "uploadedByUserId" | "createdAt"
  >;
  document: Pick<typeof documents.$inferSelect, "id" | "name" | "typeId">;
};

export function itemDocumentView(row: ItemDocRow, userId: string) {
  return {
    id: row.document.id,
    claimItemDocumentId: row.link.id,
    claimItemId: row.link.claimItemId,
    claimItemProposalId: row.link.claimItemProposalId,
    name: row.document.name,
    typeId: row.document.typeId,
    url: documentUrl(row.document.id),
    source: row.link.source === "SUPPLIER" ? ("SUPPLIER" as const) : ("TENANT" as const),
    uploadedByCurrentUser: row.link.uploadedByUserId === userId,
    createdAt: row.link.createdAt.toISOString(),
  };
}

export async function responseDocumentsOf(db: Database, claimId: string, userId: string) {
  const rows = await db
    .select({ link: claimResponseDocuments, document: documents })
    .from(claimResponseDocuments)
    .innerJoin(documents, eq(documents.id, claimResponseDocuments.documentId))
    .where(eq(claimResponseDocuments.claimId, claimId))
    .orderBy(asc(claimResponseDocuments.createdAt), asc(claimResponseDocuments.id));
  return rows.map((r) => responseDocumentView(r, userId));
}

type ResponseDocRow = {
  link: Pick<typeof claimResponseDocuments.$inferSelect, "id" | "claimId" | "uploadedByUserId" | "createdAt">;
  document: Pick<typeof documents.$inferSelect, "id" | "name" | "typeId">;
};

export function responseDocumentView(r: ResponseDocRow, userId: string) {
  return {
    id: r.document.id,
    claimResponseDocumentId: r.link.id,
    claimId: r.link.claimId,
    name: r.document.name,
    typeId: r.document.typeId,
    url: documentUrl(r.document.id),
    uploadedByCurrentUser: r.link.uploadedByUserId === userId,
    createdAt: r.link.createdAt.toISOString(),
  };
}
