/**
 * References (part 1 §4.2, §4.3): the HTTP contract and short handlers. Changes are the
 * service's (service.ts), what is shown the views' (views.ts).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { normaliseReferenceDocumentType, REFERENCE_DOCUMENT_TYPES } from "../domain/statuses";
import { apiRoute } from "../lib/api-route";
import { idParam, singleLineText } from "../lib/input-schemas";
import { FileField } from "../lib/uploads";
import { addReferenceDocument, removeReferenceDocument, sendForReview, startReference } from "./service";
import { checksOf, ownReference, ReferenceCheckSchema, ReferenceDocumentSchema, referenceView, ReferenceSchema } from "./views";

// ── Routes ──────────────────────────────────────────────────────────────────

const ReferenceParams = z.object({ referenceId: idParam() });

const createReference = apiRoute({
  method: "post", path: "/orders/{orderId}/customers/{customerId}/reference", operationId: "reference", tags: ["references"],
  summary: "Start referencing (eligibility) for the tenant's order customer; answers the existing reference when there is one",
  auth: "tenant", params: z.object({ orderId: idParam(), customerId: idParam() }),
  created: ["Created", z.object({ id: z.string() }).openapi("ReferenceId")],
  ok: ["The reference already exists", z.object({ id: z.string() })],
  errors: [401, 404, 409],
});

const findReferenceById = apiRoute({
  method: "get", path: "/references/{referenceId}", operationId: "findReferenceById", tags: ["references"],
  summary: "The tenant's own reference with its documents and checks",
  auth: "tenant", params: ReferenceParams,
  ok: ["The reference", ReferenceSchema], errors: [401, 404],
});

const getChecks = apiRoute({
  method: "get", path: "/references/{referenceId}/checks", operationId: "getChecks", tags: ["references"],
  summary: "The checks of the tenant's own reference",
  auth: "tenant", params: ReferenceParams,
  ok: ["The checks", z.object({ checks: z.array(ReferenceCheckSchema) }).openapi("ReferenceChecks")], errors: [401, 404],
});

const AddReferenceDocumentBody = z
  .object({
    file: FileField,
    fileName: singleLineText("fileName").optional(),
    type: singleLineText("code")
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

const addReferenceDocumentRoute = apiRoute({
  method: "post", path: "/references/{referenceId}/documents", operationId: "addReferenceDocument", tags: ["references"],
  summary: "Upload one proof of identity or address while the reference needs information",
  auth: "tenant", params: ReferenceParams, upload: AddReferenceDocumentBody,
  created: ["Uploaded", ReferenceDocumentSchema], errors: [400, 401, 404, 409, 413, 415, 429],
});

const deleteReferenceDocument = apiRoute({
  method: "delete", path: "/references/{referenceId}/documents/{referenceDocumentId}", operationId: "deleteReferenceDocument", tags: ["references"],
  summary: "Remove an uploaded proof while the reference needs information",
  auth: "tenant", params: z.object({ referenceId: idParam(), referenceDocumentId: idParam() }),
  ok: ["Removed; the reference as it is now", ReferenceSchema], errors: [401, 404, 409],
});

const readyForReviewRoute = apiRoute({
  method: "post", path: "/references/{referenceId}/ready-for-review", operationId: "readyForReview", tags: ["references"],
  summary: "'Send for Review': moves an INFO_REQUIRED reference with both proofs to IN_REVIEW",
  auth: "tenant", params: ReferenceParams,
  ok: ["In review", ReferenceSchema], errors: [401, 404, 409],
});

export const referencesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createReference, async (c) => {
    const result = await startReference(c.get("deps"), { ...c.req.valid("param"), userId: c.get("auth").userId });
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
  .openapi(addReferenceDocumentRoute, async (c) => {
    const deps = c.get("deps");
    const { referenceId } = c.req.valid("param");
    const body = c.req.valid("form");
    const userId = c.get("auth").userId;
    return c.json(await addReferenceDocument(deps, { referenceId, userId, type: body.type, file: body.file, fileName: body.fileName }), 201);
  })
  .openapi(deleteReferenceDocument, async (c) => {
    const deps = c.get("deps");
    const { referenceId, referenceDocumentId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await removeReferenceDocument(deps, { referenceId, referenceDocumentId, userId });
    return c.json(await referenceView(deps.db, referenceId, userId), 200);
  })
  .openapi(readyForReviewRoute, async (c) => {
    const deps = c.get("deps");
    const { referenceId } = c.req.valid("param");
    const userId = c.get("auth").userId;
    await sendForReview(deps, { referenceId, userId });
    return c.json(await referenceView(deps.db, referenceId, userId), 200);
  });
