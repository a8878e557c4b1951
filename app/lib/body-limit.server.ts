import { data, matchPath } from "react-router";
import { UPLOAD_MAX_BYTES } from "#common/uploads";

/**
 * How large a post to the web app may be, declared in one place and enforced by the root
 * middleware before any action reads the body: a form post is small; a post that carries a
 * file may be as large as the API accepts (UPLOAD_MAX_BYTES in the shared rule book,
 * common/uploads.ts: the spec's "max 30MB").
 */
export const FORM_MAX_BYTES = 64 * 1024;
/**
 * A post to an upload path: the largest file plus a form's worth of other fields, so a file just
 * over 30 MB still reaches the page, which says so by name and keeps the rest of the page.
 */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + FORM_MAX_BYTES;

/**
 * Web paths (route patterns, as in app/routes.ts) whose posts carry files and so get the
 * upload limit. Every other post gets the form limit, and so does a post to these paths whose
 * body is URL-encoded (it cannot carry a file).
 */
export const UPLOAD_PATHS: readonly string[] = [
  // Referencing's proofs of identity and address: the page's form (no JavaScript) and the upload zone's JSON route.
  "/checkout/:orderId/:customerId/referencing",
  "/checkout/:orderId/:customerId/referencing/documents",
  // A claim item's evidence (its page, a step of 'Provide a new proposal'), and the supporting information (response documents).
  "/claims/:claimId/items/:claimItemId/evidence",
  "/claims/:claimId/items/:claimItemId/documents",
  "/claims/:claimId/supporting-information",
  "/claims/:claimId/response-documents",
];

export const FORM_TOO_LARGE_MESSAGE = "This form is too large to send. Go back, shorten what you entered and try again.";
export const FILE_TOO_LARGE_MESSAGE = "This file is too large (max 30MB), please compress this file and re-upload";

export function maxBodyBytes(pathname: string, uploadPaths: readonly string[] = UPLOAD_PATHS): number {
  return uploadPaths.some((pattern) => matchPath(pattern, pathname)) ? UPLOAD_BODY_MAX_BYTES : FORM_MAX_BYTES;
}

/**
 * Refuses (413, with a page saying so) a body larger than the path's limit: by its declared
 * Content-Length (the server reads no more than that), or, sent without one, by counting a
 * copy of the stream and stopping at the limit.
 */
export async function assertBodySize(
  request: Request,
  uploadPaths: readonly string[] = UPLOAD_PATHS,
  options: { countUndeclared?: boolean } = {},
): Promise<void> {
  if (!request.body) return;
  const { max, tooLarge } = bodyLimitOf(request, uploadPaths);
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) > max) throw tooLarge();
    return;
  }
  // A multipart body read by the host's streaming reader is counted as it is read.
  if (options.countUndeclared === false) return;
  const reader = request.clone().body!.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > max) {
      // Not awaited: a copy's cancel settles only once the request's own body is cancelled too.
      reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
  }
}

/** The post's limit (by its path and content type) and the 413 page that refuses a body over it. */
export function bodyLimitOf(request: Request, uploadPaths: readonly string[] = UPLOAD_PATHS) {
  const urlEncoded = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
  const max = urlEncoded ? FORM_MAX_BYTES : maxBodyBytes(new URL(request.url).pathname, uploadPaths);
  const tooLarge = () => data({ message: max === FORM_MAX_BYTES ? FORM_TOO_LARGE_MESSAGE : FILE_TOO_LARGE_MESSAGE }, { status: 413 });
  return { max, tooLarge };
}
