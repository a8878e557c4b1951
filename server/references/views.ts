/**
 * References (part 1 §4.2): the tenant's own reference as the API shows it, with its proofs
 * and checks, and the look-up that makes another tenant's reference "not found".
 */
import { z } from "@hono/zod-openapi";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { documents, orderCustomers, referenceChecks, referenceDocuments, references } from "../db/schema";
import { isReferencePending, missingReferenceDocuments, readyForReview } from "../domain/references";
import {
  normaliseReferenceDocumentType,
  normaliseReferenceStatus,
  REFERENCE_DOCUMENT_TYPES,
  REFERENCE_STATUSES,
  type ReferenceStatus,
} from "../domain/statuses";
import { notFound } from "../lib/errors";
import { documentUrl } from "../lib/uploads";

export type Reader = Pick<Database, "select">;

// ── Schemas ─────────────────────────────────────────────────────────────────

export const ReferenceCheckSchema = z
  .object({
    id: z.string(),
    type: z.string().openapi({ example: "IDENTITY" }),
    status: z.string().openapi({ example: "INFO_REQUIRED" }),
    createdAt: z.string(),
  })
  .openapi("ReferenceCheck");

export const ReferenceDocumentSchema = z
  .object({
    id: z.string(),
    type: z.enum(REFERENCE_DOCUMENT_TYPES),
    document: z.object({ id: z.string(), url: z.string(), name: z.string() }),
  })
  .openapi("ReferenceDocument");

export const ReferenceSchema = z
  .object({
    id: z.string(),
    status: z.enum(REFERENCE_STATUSES),
    orderCustomerId: z.string(),
    orderId: z.string(),
    customerId: z.string(),
    isPending: z.boolean().openapi({ description: "PEND: poll again in 2 seconds" }),
    missingDocuments: z
      .array(z.enum(REFERENCE_DOCUMENT_TYPES))
      .openapi({ description: "The proofs still needed before 'Send for Review'" }),
    canSendForReview: z.boolean().openapi({ description: "INFO_REQUIRED with both proofs present" }),
    documents: z.array(ReferenceDocumentSchema),
    checks: z.array(ReferenceCheckSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Reference");

export type ReferenceView = z.infer<typeof ReferenceSchema>;

// ── Loading ─────────────────────────────────────────────────────────────────

/** The signed-in user's own reference, or 404 (another tenant's reference looks like a made-up id). */
export async function ownReference(db: Reader, referenceId: string, userId: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ reference: references, orderId: orderCustomers.orderId, customerId: orderCustomers.customerId })
    .from(references)
    .innerJoin(orderCustomers, eq(orderCustomers.id, references.orderCustomerId))
    .where(and(eq(references.id, referenceId), eq(references.userId, userId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: references }) : await query;
  if (!row) throw notFound();
  return { ...row, status: statusOf(row.reference.status) };
}

export function statusOf(status: string): ReferenceStatus {
  return normaliseReferenceStatus(status) ?? "PEND";
}

export async function referenceDocs(db: Reader, referenceId: string) {
  const rows = await db
    .select({ referenceDocument: referenceDocuments, document: documents })
    .from(referenceDocuments)
    .innerJoin(documents, eq(documents.id, referenceDocuments.documentId))
    .where(eq(referenceDocuments.referenceId, referenceId))
    .orderBy(asc(referenceDocuments.createdAt), asc(referenceDocuments.id));
  return rows.flatMap((r) => {
    const type = normaliseReferenceDocumentType(r.referenceDocument.type);
    return type === null
      ? []
      : [
          {
            id: r.referenceDocument.id,
            type,
            document: { id: r.document.id, url: documentUrl(r.document.id), name: r.document.name },
          },
        ];
  });
}

export async function checksOf(db: Reader, referenceId: string) {
  const rows = await db
    .select()
    .from(referenceChecks)
    .where(eq(referenceChecks.referenceId, referenceId))
    .orderBy(asc(referenceChecks.createdAt), asc(referenceChecks.id));
  return rows.map((r) => ({ id: r.id, type: r.type, status: r.status, createdAt: r.createdAt.toISOString() }));
}

export async function referenceView(db: Reader, referenceId: string, userId: string): Promise<ReferenceView> {
  const { reference, orderId, customerId, status } = await ownReference(db, referenceId, userId);
  const [docs, checks] = await Promise.all([referenceDocs(db, reference.id), checksOf(db, reference.id)]);
  return {
    id: reference.id,
    status,
    orderCustomerId: reference.orderCustomerId,
    orderId,
    customerId,
    isPending: isReferencePending(status),
    missingDocuments: missingReferenceDocuments({ documents: docs }),
    canSendForReview: readyForReview({ status, documents: docs }).ok,
    documents: docs,
    checks,
    createdAt: reference.createdAt.toISOString(),
    updatedAt: reference.updatedAt.toISOString(),
  };
}
