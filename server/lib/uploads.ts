import { createHash } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import { documents } from "../db/schema";
import { ApiError } from "./errors";
import { newId } from "./tokens";
import {
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  uploadTooLargeMessage,
  uploadWrongTypeMessage,
  type UploadExtension as Extension,
  UPLOAD_MAX_PER_TENANT_PER_HOUR,
  UPLOAD_RATE_WINDOW_MS,
  uploadHourlyLimitMessage,
  uploadLimitProblem,
  type UploadLimit,
} from "#common/uploads";
import { withoutForbiddenCharacters } from "#common/input";

// Spec part 1 §5, §9: the upload maximum (30 MB) and the accepted types are in the shared rule
// book, common/uploads.ts, which the web's upload zone reads too.

type Kind = "pdf" | "jpeg" | "png" | "heic" | "zip" | "ole" | "video" | "text";

/** What each extension's bytes must look like. docx/xlsx/numbers/pages are zip containers; doc/xls are OLE. */
const KIND_OF: Record<Extension, Kind> = {
  pdf: "pdf",
  jpeg: "jpeg",
  jpg: "jpeg",
  png: "png",
  heic: "heic",
  docx: "zip",
  xlsx: "zip",
  xlsm: "zip",
  numbers: "zip",
  pages: "zip",
  zip: "zip",
  doc: "ole",
  xls: "ole",
  mp4: "video",
  mov: "video",
  csv: "text",
};

const CONTENT_TYPE: Record<Extension, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  png: "image/png",
  heic: "image/heic",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xlsm: "application/vnd.ms-excel.sheet.macroEnabled.12",
  numbers: "application/vnd.apple.numbers",
  pages: "application/vnd.apple.pages",
  zip: "application/zip",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  mp4: "video/mp4",
  mov: "video/quicktime",
  csv: "text/csv",
};

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * The file's kind from its first bytes (magic numbers), or null when it is none we accept.
 * `whole`: false when `bytes` is only the file's start (a character may be cut at its end).
 */
export function detectKind(bytes: Uint8Array, whole = true): Kind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"].includes(brand)) return "heic";
    return "video"; // isom, mp41, mp42, qt  , M4V , avc1, 3gp…
  }
  if (looksLikeText(bytes, whole)) return "text";
  return null;
}

/** How much of a file's start detectKind reads: its signature, or a sample of text. */
export const SNIFF_BYTES = 64 * 1024;

function looksLikeText(bytes: Uint8Array, whole: boolean): boolean {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(whole && sample.length === bytes.length ? sample : sample.subarray(0, lastCompleteUtf8(sample)));
    return true;
  } catch {
    return false;
  }
}

/** Length of the sample without a multi-byte character cut off at its end. */
function lastCompleteUtf8(sample: Uint8Array): number {
  let end = sample.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back]!;
    if ((byte & 0xc0) === 0xc0) return end - back; // a lead byte whose continuation was cut
    if ((byte & 0x80) === 0) break;
  }
  return end;
}

export const uploadTooLarge = (name: string) => new ApiError(413, uploadTooLargeMessage(name));
export const uploadWrongType = (name: string) => new ApiError(415, uploadWrongTypeMessage(name));

/** A checked upload: its bytes stay where they are (a scratch file on disk) until stored. */
export type CheckedUpload = { name: string; body: Blob; contentType: string; size: number };
/** What storeDocument stores: a checked upload, or bytes the API made (a signed PDF). */
export type DocumentContent = { name: string; body: Uint8Array | Blob; contentType: string; size: number };

/**
 * Checks an uploaded file: at most 30 MB (413), a name with an accepted extension AND bytes
 * of that kind (415). The file's own content type is never trusted.
 */
export async function checkUpload(file: unknown, fileName?: string): Promise<CheckedUpload> {
  if (!(file instanceof Blob)) throw new ApiError(400, "Invalid request: file: a file is required");
  // The file's own name comes from the device: its control characters (a NUL, which PostgreSQL refuses) are dropped.
  const name = (fileName?.trim() || (file instanceof File ? withoutForbiddenCharacters(file.name).trim() : "") || "file").slice(0, 255);
  if (file.size > UPLOAD_MAX_BYTES) throw uploadTooLarge(name);
  if (file.size === 0) throw uploadWrongType(name);
  const extension = name.split(".").pop()?.toLowerCase() as Extension | undefined;
  if (!extension || !(extension in KIND_OF)) throw uploadWrongType(name);
  // Only the start is read: the whole file is read once more, in chunks, as it is stored.
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (detectKind(head, file.size <= SNIFF_BYTES) !== KIND_OF[extension]) throw uploadWrongType(name);
  return { name, body: file, contentType: CONTENT_TYPE[extension], size: file.size };
}

/** A file's SHA-256 in hex, read in chunks (a Blob is an upload's scratch file: never read whole into memory). */
export async function sha256Of(body: Uint8Array | Blob | ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash("sha256");
  if (body instanceof Uint8Array) return hash.update(body).digest("hex");
  const stream = body instanceof Blob ? body.stream() : body;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest("hex");
}

/** Stores a checked upload and records it as a document, with its SHA-256 (the claim record lists it). */
export async function storeDocument(
  deps: Pick<Deps, "db" | "files" | "clock">,
  upload: DocumentContent,
  input: { typeId: string; userId: string | null },
) {
  const id = newId();
  const storageKey = `documents/${id.slice(0, 2)}/${id}`;
  await deps.files.put(storageKey, upload.body);
  const sha256 = await sha256Of(upload.body);
  const [document] = await deps.db
    .insert(documents)
    .values({
      id,
      name: upload.name,
      typeId: input.typeId,
      storageKey,
      contentType: upload.contentType,
      size: upload.size,
      uploadedByUserId: input.userId,
      sha256,
      createdAt: deps.clock.now(),
    })
    .returning();
  return document!;
}

/** The OpenAPI shape of a multipart upload field. */
export const FileField = z.any().openapi({ type: "string", format: "binary", description: "The file (max 31,457,280 bytes)" });

/** The URL the web uses to fetch a document (the API checks that the tenant may see it). */
export function documentUrl(documentId: string) {
  return `/documents/${documentId}`;
}

type Tx = Pick<Database, "select" | "execute">;

/**
 * Holds, until the transaction ends, the tenant's upload lock (a transaction-scoped advisory
 * lock), so two uploads of one tenant on any instances count and record one after the other.
 */
export async function lockTenantUploads(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"uploads:" + userId}))`);
}

/**
 * Refuses (429) an upload past the tenant's hourly allowance, counted from the documents they
 * uploaded in the last hour (`excludeDocumentId`: the one being recorded, already stored). Call
 * it after lockTenantUploads, in the transaction that records the upload.
 */
export async function checkHourlyUploads(tx: Tx, userId: string, now: Date, excludeDocumentId?: string) {
  const since = new Date(now.getTime() - UPLOAD_RATE_WINDOW_MS);
  const [row] = await tx
    .select({ n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.uploadedByUserId, userId),
        gt(documents.createdAt, since),
        excludeDocumentId === undefined ? undefined : ne(documents.id, excludeDocumentId),
      ),
    );
  if ((row?.n ?? 0) >= UPLOAD_MAX_PER_TENANT_PER_HOUR) throw new ApiError(429, uploadHourlyLimitMessage());
}

/**
 * Refuses (409) a file of `size` bytes past a per-claim-item, per-claim or per-reference limit,
 * given the documents already there (counted with documentTotals under the caller's lock).
 */
export function checkUploadLimit(existing: { files: number; bytes: number }, size: number, limit: UploadLimit) {
  const problem = uploadLimitProblem(existing, size, limit);
  if (problem) throw new ApiError(409, problem);
}

/** The select fields counting documents and adding up their sizes (join `documents` to the link table). */
export function documentTotals() {
  return { files: count(), bytes: sql<number>`coalesce(sum(${documents.size}), 0)`.mapWith(Number) };
}
