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
