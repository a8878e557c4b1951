/**
 * Uploads as both sides check them (part 1 §5, §8, §9): at most 30 MB (31,457,280 bytes), one of
 * the spec's file types, and the spec's words when a file is refused. The API checks the bytes
 * too (server/lib/uploads.ts); the browser's upload zone checks name and size before sending.
 */
export const UPLOAD_MAX_BYTES = 31_457_280;

/** Spec part 1 §5: the accepted file types. */
export const UPLOAD_EXTENSIONS = [
  "pdf", "jpeg", "jpg", "png", "heic", "docx", "doc", "xlsx", "xlsm", "mp4", "mov", "zip", "xls", "csv", "numbers", "pages",
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The file input's `accept`: the accepted extensions. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(",");

export const uploadTooLargeMessage = (name: string) => `${name} is too large (max 30MB), please compress this file and re-upload`;
export const uploadWrongTypeMessage = (name: string) => `${name} is an invalid type, please convert to a PDF`;

/** The file's extension when it is one we accept, else null. */
export function uploadExtension(name: string): UploadExtension | null {
  const extension = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension) ? (extension as UploadExtension) : null;
}

/** What is wrong with a file by its name and size (null when nothing is): the spec's message. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return uploadTooLargeMessage(file.name);
  if (file.size === 0 || uploadExtension(file.name) === null) return uploadWrongTypeMessage(file.name);
  return null;
}

/**
 * Limits per tenant (issue 23), applied by the API inside the transaction that records the
 * upload (counted from the database, so every instance agrees) and shown next to the file input
 * before the tenant uploads. Why these numbers: a claim item's evidence is a few photos, an
 * invoice and perhaps a video or two, so 20 files is generous and 100 MB holds three full-size
 * videos; the supporting information answering a claim is the same kind of pile; proofs of
 * identity and address for a reference are a handful of scans (10 files, 50 MB). 30 uploads in
 * an hour lets a tenant answer a whole claim in one sitting while keeping one account from
 * filling the disk.
 */
export type UploadLimit = { files: number; bytes: number };
/** A tenant's evidence on one claim item. */
export const CLAIM_ITEM_UPLOAD_LIMIT: UploadLimit = { files: 20, bytes: 104_857_600 };
/** A tenant's supporting information (response documents) on one claim. */
export const CLAIM_RESPONSE_UPLOAD_LIMIT: UploadLimit = { files: 20, bytes: 104_857_600 };
/** The proofs on one reference. */
export const REFERENCE_UPLOAD_LIMIT: UploadLimit = { files: 10, bytes: 52_428_800 };
/** Files one form post may carry (a page's form can send several): no limit above allows more. */
export const UPLOAD_MAX_FILES = Math.max(CLAIM_ITEM_UPLOAD_LIMIT.files, CLAIM_RESPONSE_UPLOAD_LIMIT.files, REFERENCE_UPLOAD_LIMIT.files);
/** Uploads one tenant may make in any hour, wherever they go. */
export const UPLOAD_MAX_PER_TENANT_PER_HOUR = 30;
export const UPLOAD_RATE_WINDOW_MS = 60 * 60 * 1000;
/** A document uploaded and attached to nothing is removed by the sweep this long after its upload. */
export const UNATTACHED_DOCUMENT_TTL_MS = 24 * 60 * 60 * 1000;

const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

export const uploadHourlyLimitMessage = () =>
  `You have uploaded ${UPLOAD_MAX_PER_TENANT_PER_HOUR} files in the last hour, which is the most we accept. Please wait an hour and try again; the files you already uploaded are kept.`;

/** What stops one more file of `size` bytes joining `existing` under `limit` (null when nothing does): the message. */
export function uploadLimitProblem(existing: { files: number; bytes: number }, size: number, limit: UploadLimit): string | null {
  if (existing.files + 1 > limit.files) {
    return `You can upload at most ${limit.files} files here. Please delete a file you no longer need, or combine files into one PDF, and try again.`;
  }
  if (existing.bytes + size > limit.bytes) {
    return `The files here can add up to at most ${megabytes(limit.bytes)}MB. Please delete a file you no longer need, or compress this file, and try again.`;
  }
  return null;
}

/** The hint next to a file input: the limits, before the tenant uploads anything. */
export const uploadLimitsHint = (limit: UploadLimit) =>
  `You can upload up to ${limit.files} files here, ${megabytes(limit.bytes)}MB in total, and up to ${UPLOAD_MAX_PER_TENANT_PER_HOUR} files an hour.`;
