import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import type { Database } from "../db";
import { documents, orderCustomerActions, orderCustomers, referenceChecks, referenceDocuments, references } from "../db/schema";
import { checkCheckoutStep } from "../domain/checkout";
import {
  isReferencePending,
  missingReferenceDocuments,
  readyForReview,
  REFERENCE_MESSAGES,
} from "../domain/references";
import {
  normaliseReferenceDocumentType,
  normaliseReferenceStatus,
  REFERENCE_DOCUMENT_TYPES,
  REFERENCE_STATUSES,
  type ReferenceDocumentType,
  type ReferenceStatus,
} from "../domain/statuses";
import { requireTenant } from "../lib/auth";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { newId } from "../lib/tokens";
import { checkUpload, documentUrl, FileField, storeDocument } from "../lib/uploads";
import { loadOrderCustomers, ownOrderCustomer, toDomainOrderCustomer } from "../orders/queries";

type Reader = Pick<Database, "select">;

// ── Schemas ─────────────────────────────────────────────────────────────────

const ReferenceCheckSchema = z
  .object({
    id: z.string(),
    type: z.string().openapi({ example: "IDENTITY" }),
    status: z.string().openapi({ example: "INFO_REQUIRED" }),
    createdAt: z.string(),
  })
  .openapi("ReferenceCheck");

const ReferenceDocumentSchema = z
  .object({
    id: z.string(),
    type: z.enum(REFERENCE_DOCUMENT_TYPES),
    document: z.object({ id: z.string(), url: z.string(), name: z.string() }),
  })
  .openapi("ReferenceDocument");

const ReferenceSchema = z
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

type ReferenceView = z.infer<typeof ReferenceSchema>;

// ── Loading ─────────────────────────────────────────────────────────────────

/** The signed-in user's own reference, or 404 (another tenant's reference looks like a made-up id). */
async function ownReference(db: Reader, referenceId: string, userId: string, options: { forUpdate?: boolean } = {}) {
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

function statusOf(status: string): ReferenceStatus {
  return normaliseReferenceStatus(status) ?? "PEND";
}

async function referenceDocs(db: Reader, referenceId: string) {
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

async function checksOf(db: Reader, referenceId: string) {
  const rows = await db
    .select()
    .from(referenceChecks)
    .where(eq(referenceChecks.referenceId, referenceId))
    .orderBy(asc(referenceChecks.createdAt), asc(referenceChecks.id));
  return rows.map((r) => ({ id: r.id, type: r.type, status: r.status, createdAt: r.createdAt.toISOString() }));
}

async function referenceView(db: Reader, referenceId: string, userId: string): Promise<ReferenceView> {
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

// ── Routes ──────────────────────────────────────────────────────────────────

const ReferenceParams = z.object({ referenceId: z.string().min(1).max(100) });

const createReference = createRoute({
  method: "post",
  path: "/orders/{orderId}/customers/{customerId}/reference",
  operationId: "reference",
  tags: ["references"],
  summary: "Start referencing (eligibility) for the tenant's order customer; answers the existing reference when there is one",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: z.object({ orderId: z.string().min(1).max(100), customerId: z.string().min(1).max(100) }) },
  responses: {
    201: {
      description: "Created",
      content: { "application/json": { schema: z.object({ id: z.string() }).openapi("ReferenceId") } },
    },
    200: { description: "The reference already exists", content: { "application/json": { schema: z.object({ id: z.string() }) } } },
    ...errorResponses(401, 404, 409),
  },
});

const findReferenceById = createRoute({
  method: "get",
  path: "/references/{referenceId}",
  operationId: "findReferenceById",
  tags: ["references"],
  summary: "The tenant's own reference with its documents and checks",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ReferenceParams },
  responses: {
    200: { description: "The reference", content: { "application/json": { schema: ReferenceSchema } } },
    ...errorResponses(401, 404),
  },
});

const getChecks = createRoute({
  method: "get",
  path: "/references/{referenceId}/checks",
  operationId: "getChecks",
  tags: ["references"],
  summary: "The checks of the tenant's own reference",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ReferenceParams },
  responses: {
    200: {
      description: "The checks",
      content: { "application/json": { schema: z.object({ checks: z.array(ReferenceCheckSchema) }).openapi("ReferenceChecks") } },
    },
    ...errorResponses(401, 404),
  },
});

const AddReferenceDocumentBody = z
  .object({
    file: FileField,
    fileName: z.string().max(255).optional(),
    type: z
      .string()
      .transform((v, ctx) => {
        const type = normaliseReferenceDocumentType(v);
        if (type === null) {
          ctx.addIssue({ code: "custom", message: "Type must be PROOF_OF_IDENTITY or PROOF_OF_ADDRESS" });
          return z.NEVER;
        }
        return type;
      })
      .openapi({ type: "string", enum: [...REFERENCE_DOCUMENT_TYPES] }),
  })
  .openapi("AddReferenceDocumentRequest");

const addReferenceDocument = createRoute({
  method: "post",
  path: "/references/{referenceId}/documents",
  operationId: "addReferenceDocument",
  tags: ["references"],
  summary: "Upload one proof of identity or address while the reference needs information",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: {
    params: ReferenceParams,
    body: { required: true, content: { "multipart/form-data": { schema: AddReferenceDocumentBody } } },
  },
  responses: {
    201: { description: "Uploaded", content: { "application/json": { schema: ReferenceDocumentSchema } } },
    ...errorResponses(400, 401, 404, 409, 413, 415),
  },
});

const deleteReferenceDocument = createRoute({
  method: "delete",
  path: "/references/{referenceId}/documents/{referenceDocumentId}",
  operationId: "deleteReferenceDocument",
  tags: ["references"],
  summary: "Remove an uploaded proof while the reference needs information",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: z.object({ referenceId: z.string().min(1).max(100), referenceDocumentId: z.string().min(1).max(100) }) },
  responses: {
    200: { description: "Removed; the reference as it is now", content: { "application/json": { schema: ReferenceSchema } } },
    ...errorResponses(401, 404, 409),
  },
});

const readyForReviewRoute = createRoute({
  method: "post",
  path: "/references/{referenceId}/ready-for-review",
  operationId: "readyForReview",
  tags: ["references"],
  summary: "'Send for Review': moves an INFO_REQUIRED reference with both proofs to IN_REVIEW",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: ReferenceParams },
  responses: {
    200: { description: "In review", content: { "application/json": { schema: ReferenceSchema } } },
    ...errorResponses(401, 404, 409),
  },
});

export const referencesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createReference, async (c) => {
    const { db, clock } = c.get("deps");
    const params = c.req.valid("param");
    const userId = c.get("auth").userId;
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const { orderCustomer } = await ownOrderCustomer(tx, { ...params, userId }, { forUpdate: true });
      const [existing] = await tx
        .select({ id: references.id })
        .from(references)
        .where(eq(references.orderCustomerId, orderCustomer.id))
        .orderBy(desc(references.createdAt))
        .limit(1);
      if (existing) return { id: existing.id, created: false };
      const all = (await loadOrderCustomers(tx, [params.orderId])).get(params.orderId) ?? [];
      const me = all.find((oc) => oc.id === orderCustomer.id);
      if (!me) throw notFound();
      const check = checkCheckoutStep(toDomainOrderCustomer(me), all.map(toDomainOrderCustomer), "KEYFREE_REFERENCING");
      if (!check.ok) throw new ApiError(409, check.message);
      const id = newId();
      await tx
        .insert(references)
        .values({ id, orderCustomerId: orderCustomer.id, userId, status: "PEND", createdAt: now, updatedAt: now });
      const action = me.actions.find((a) => a.id === check.actionId)!;
      await tx
        .update(orderCustomerActions)
        .set({ details: { ...action.details, referenceId: id } })
        .where(eq(orderCustomerActions.id, action.id));
      return { id, created: true };
    });
    return result.created ? c.json({ id: result.id }, 201) : c.json({ id: result.id }, 200);
  })
  .openapi(findReferenceById, async (c) => {
    const { db } = c.get("deps");
    return c.json(await referenceView(db, c.req.valid("param").referenceId, c.get("auth").userId), 200);
  })
  .openapi(getChecks, async (c) => {
    const { db } = c.get("deps");
    const { reference } = await ownReference(db, c.req.valid("param").referenceId, c.get("auth").userId);
    return c.json({ checks: await checksOf(db, reference.id) }, 200);
  })
  .openapi(addReferenceDocument, async (c) => {
    const deps = c.get("deps");
    const { referenceId } = c.req.valid("param");
    const body = c.req.valid("form");
    const userId = c.get("auth").userId;
    const { status } = await ownReference(deps.db, referenceId, userId);
    if (status !== "INFO_REQUIRED") throw new ApiError(409, REFERENCE_MESSAGES.notWaitingForDocuments);
    // Part 1 §4.3, §5: reference evidence is uploaded one file at a time.
    if (Array.isArray(body.file)) throw new ApiError(400, "Invalid request: file: Upload one file at a time");
    const upload = await checkUpload(body.file, body.fileName);
    const type: ReferenceDocumentType = body.type;
    let storageKey: string | null = null;
    try {
      const created = await deps.db.transaction(async (tx) => {
        const locked = await ownReference(tx, referenceId, userId, { forUpdate: true });
        if (locked.status !== "INFO_REQUIRED") throw new ApiError(409, REFERENCE_MESSAGES.notWaitingForDocuments);
        const document = await storeDocument({ db: tx as unknown as Database, files: deps.files, clock: deps.clock }, upload, {
          typeId: type,
          userId,
        });
        storageKey = document.storageKey;
        const id = newId();
        await tx.insert(referenceDocuments).values({ id, referenceId, documentId: document.id, type, createdAt: deps.clock.now() });
        await tx.update(references).set({ updatedAt: deps.clock.now() }).where(eq(references.id, referenceId));
        return { id, type, document: { id: document.id, url: documentUrl(document.id), name: document.name } };
      });
      return c.json(created, 201);
    } catch (error) {
      if (storageKey !== null) await deps.files.delete(storageKey).catch(() => undefined);
      throw error;
    }
  })
  .openapi(deleteReferenceDocument, async (c) => {
    const deps = c.get("deps");
    const { referenceId, referenceDocumentId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    const removed = await deps.db.transaction(async (tx) => {
      const { status } = await ownReference(tx, referenceId, userId, { forUpdate: true });
      const [row] = await tx
        .select({ referenceDocument: referenceDocuments, document: documents })
        .from(referenceDocuments)
        .innerJoin(documents, eq(documents.id, referenceDocuments.documentId))
        .where(and(eq(referenceDocuments.id, referenceDocumentId), eq(referenceDocuments.referenceId, referenceId)))
        .limit(1);
      if (!row) throw notFound();
      if (status !== "INFO_REQUIRED") throw new ApiError(409, REFERENCE_MESSAGES.notWaitingForDocuments);
      await tx.delete(referenceDocuments).where(eq(referenceDocuments.id, referenceDocumentId));
      await tx.delete(documents).where(eq(documents.id, row.document.id));
      await tx.update(references).set({ updatedAt: deps.clock.now() }).where(eq(references.id, referenceId));
      return row.document.storageKey;
    });
    await deps.files.delete(removed).catch(() => undefined);
    return c.json(await referenceView(deps.db, referenceId, userId), 200);
  })
  .openapi(readyForReviewRoute, async (c) => {
    const deps = c.get("deps");
    const { referenceId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await deps.db.transaction(async (tx) => {
      const { status } = await ownReference(tx, referenceId, userId, { forUpdate: true });
      const docs = await referenceDocs(tx, referenceId);
      const check = readyForReview({ status, documents: docs });
      if (!check.ok) throw new ApiError(409, check.message);
      await tx
        .update(references)
        .set({ status: "IN_REVIEW", updatedAt: deps.clock.now() })
        .where(and(eq(references.id, referenceId), eq(references.status, "INFO_REQUIRED")));
    });
    return c.json(await referenceView(deps.db, referenceId, userId), 200);
  });
