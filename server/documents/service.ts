/**
 * Documents (part 1 §3, §5): storing a tenant's upload (claim evidence, linked to a claim
 * item or response later) and reading the bytes of a document the tenant may see.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { documents } from "../db/schema";
import { canTenantSeeDocument } from "../lib/document-access";
import { ApiError, notFound } from "../lib/errors";
import type { Database } from "../db";
import { checkHourlyUploads, checkUpload, documentUrl, lockTenantUploads, storeDocument } from "../lib/uploads";
import { attachmentDisposition } from "./disposition";

/** Part 1 §3: the document types a tenant uploads. */
export const UPLOAD_TYPES = ["CLAIM_ITEM", "CLAIM_RESPONSE"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Checks the file by its content and stores it as the user's unattached document. */
export async function uploadDocument(deps: Deps, input: { userId: string; type: UploadType; file: unknown; fileName?: string }) {
  if (Array.isArray(input.file)) throw new ApiError(400, "Invalid request: file: Upload one file at a time");
  const upload = await checkUpload(input.file, input.fileName);
  // The tenant's hourly allowance, counted and recorded under their upload lock (issue 23).
  let storageKey: string | null = null;
  const document = await deps.db
    .transaction(async (tx) => {
      await lockTenantUploads(tx, input.userId);
      await checkHourlyUploads(tx, input.userId, deps.clock.now());
      const stored = await storeDocument({ db: tx as unknown as Database, files: deps.files, clock: deps.clock }, upload, {
        typeId: input.type,
        userId: input.userId,
      });
      storageKey = stored.storageKey;
      return stored;
    })
    .catch(async (error: unknown) => {
      if (storageKey !== null) await deps.files.delete(storageKey).catch(() => undefined);
      throw error;
    });
  return { id: document.id, name: document.name, url: documentUrl(document.id), typeId: document.typeId };
}

/**
 * A document the user may see, opened as a stream (read as it is sent, never held whole), with
 * the headers of an attachment; anything else is "not found".
 */
export async function documentContent(deps: Pick<Deps, "db" | "files">, userId: string, documentId: string) {
  const { db, files } = deps;
  if (!(await canTenantSeeDocument(db, userId, documentId))) throw notFound();
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId)).limit(1);
  if (!document) throw notFound();
  const file = await files.get(document.storageKey);
  if (!file) throw notFound();
  return {
    body: file.body,
    headers: {
      "content-type": document.contentType,
      "content-length": String(file.size),
      "content-disposition": attachmentDisposition(document.name),
      "x-content-type-options": "nosniff",
    },
  };
}
