import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { normaliseDocumentType } from "../domain/statuses";
import { apiRoute } from "../lib/api-route";
import { answerFile, fileResponse } from "../lib/file-answer";
import { idParam, singleLineText } from "../lib/input-schemas";
import { FileField } from "../lib/uploads";
import { documentContent, uploadDocument, UPLOAD_TYPES, type UploadType } from "./service";

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
    fileName: singleLineText("fileName").optional(),
    type: singleLineText("code")
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

const createDocument = apiRoute({
  method: "post", path: "/documents", operationId: "createDocument", tags: ["documents"],
  summary: "Upload a document (claim evidence) to link to a claim item or claim response later",
  auth: "tenant", upload: CreateDocumentBody,
  created: ["Stored", DocumentSchema], errors: [400, 401, 413, 415, 429],
});

const getDocumentContent = apiRoute({
  method: "get", path: "/documents/{documentId}/content", operationId: "getDocumentContent", tags: ["documents"],
  summary: "The bytes of a document the tenant may see, as an attachment",
  auth: "tenant", params: z.object({ documentId: idParam() }),
  responses: fileResponse("The file, with its stored content type", "application/octet-stream"),
  errors: [401, 404],
});

export const documentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createDocument, async (c) => {
    const { file, fileName, type } = c.req.valid("form");
    return c.json(await uploadDocument(c.get("deps"), { userId: c.get("auth").userId, type, file, fileName }), 201);
  })
  .openapi(getDocumentContent, async (c) => answerFile(c, await documentContent(c.get("deps"), c.get("auth").userId, c.req.valid("param").documentId)));
