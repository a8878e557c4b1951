import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { documents } from "../db/schema";
import { normaliseDocumentType } from "../domain/statuses";
import { requireTenant } from "../lib/auth";
import { canTenantSeeDocument } from "../lib/document-access";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { checkUpload, documentUrl, FileField, storeDocument } from "../lib/uploads";
import { attachmentDisposition } from "./disposition";

/** Part 1 §3: the document types a tenant uploads. */
const UPLOAD_TYPES = ["CLAIM_ITEM", "CLAIM_RESPONSE"] as const;
type UploadType = (typeof UPLOAD_TYPES)[number];

const DocumentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string().openapi({ description: "Where the web fetches the file" }),
    typeId: z.string(),
  })
  .openapi("Document");

const CreateDocumentBody = z
  .object({
    file: FileField,
    fileName: z.string().max(255).optional(),
    type: z
      .string()
      .transform((v, ctx) => {
        const type = normaliseDocumentType(v);
        if (type === null || !(UPLOAD_TYPES as readonly string[]).includes(type)) {
          ctx.addIssue({ code: "custom", message: "Type must be CLAIM_ITEM or CLAIM_RESPONSE" });
          return z.NEVER;
        }
        return type as UploadType;
      })
      .openapi({ type: "string", enum: [...UPLOAD_TYPES] }),
  })
  .openapi("CreateDocumentRequest");

const createDocument = createRoute({
  method: "post",
  path: "/documents",
  operationId: "createDocument",
  tags: ["documents"],
  summary: "Upload a document (claim evidence) to link to a claim item or claim response later",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: CreateDocumentBody } } } },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: DocumentSchema } } },
    ...errorResponses(400, 401, 413, 415),
  },
});

const getDocumentContent = createRoute({
  method: "get",
  path: "/documents/{documentId}/content",
  operationId: "getDocumentContent",
  tags: ["documents"],
  summary: "The bytes of a document the tenant may see, as an attachment",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: z.object({ documentId: z.string().min(1).max(100) }) },
  responses: {
    200: {
      description: "The file, with its stored content type",
      content: { "application/octet-stream": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
    },
    ...errorResponses(401, 404),
  },
});

export const documentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createDocument, async (c) => {
    const deps = c.get("deps");
    const body = c.req.valid("form");
    if (Array.isArray(body.file)) throw new ApiError(400, "Invalid request: file: Upload one file at a time");
    const upload = await checkUpload(body.file, body.fileName);
    const document = await storeDocument(deps, upload, { typeId: body.type, userId: c.get("auth").userId });
    return c.json({ id: document.id, name: document.name, url: documentUrl(document.id), typeId: document.typeId }, 201);
  })
  .openapi(getDocumentContent, async (c) => {
    const { db, files } = c.get("deps");
    const { documentId } = c.req.valid("param");
    if (!(await canTenantSeeDocument(db, c.get("auth").userId, documentId))) throw notFound();
    const [document] = await db.select().from(documents).where(eq(documents.id, documentId)).limit(1);
    if (!document) throw notFound();
    const bytes = await files.get(document.storageKey);
    if (!bytes) throw notFound();
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": document.contentType,
      "content-length": String(bytes.byteLength),
      "content-disposition": attachmentDisposition(document.name),
      "x-content-type-options": "nosniff",
    }) as never;
  });
