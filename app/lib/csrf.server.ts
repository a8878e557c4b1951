import { data, type RouterContextProvider } from "react-router";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from "#common/uploads";
import { assertBodySize, bodyLimitOf, FORM_MAX_BYTES } from "./body-limit.server";
import { hostMultipartContext } from "./host";
import { CSRF_REFUSED_MESSAGE, FORM_UNREADABLE_MESSAGE } from "./messages";
import { STRIPE_STANDIN_BASE } from "./stripe-standin";
import { csrfTokensMatch, getSession } from "./session.server";

export const CSRF_FIELD = "csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  if (origin === "null") return true;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

/**
 * The offline card sandbox's browser endpoints stand for Stripe's own API (publishable key,
 * no session, Stripe's form encoding): they are not our forms and carry no token, but must
 * still come from our own pages.
 */
const NO_TOKEN_PATH_PREFIXES = [`${STRIPE_STANDIN_BASE}/`];

export { FORM_UNREADABLE_MESSAGE };
export const FORM_TYPE_REFUSED_MESSAGE = "This form could not be sent in a way this site understands. Go back, reload the page and try again.";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form, or a 400 page when the body is not the form its content type says
 * (a malformed multipart body, say): never an exception that becomes a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const read = readForms.get(request);
  if (read) return read;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw data({ message: FORM_UNREADABLE_MESSAGE }, { status: 400 });
  }
  readForms.set(request, form);
  return form;
}

/**
 * Each request's form, read once (issue 37: one reader of a request's body): the root
 * middleware's CSRF check reads it (a multipart post through the host's streaming reader), and
 * every action, the sign-in strategy included, gets that same form from readForm. Nothing else
 * in app/ reads a request's body (tests/unit/one-body-reader.test.ts).
 */
const readForms = new WeakMap<Request, FormData>();

/** How much a multipart post may carry: one upload path's worth, or a form's. */
function multipartLimits(request: Request) {
  const { max } = bodyLimitOf(request);
  return { maxBodyBytes: max, maxFileBytes: UPLOAD_MAX_BYTES, maxFiles: UPLOAD_MAX_FILES, maxFields: 200, maxFieldBytes: FORM_MAX_BYTES };
}

/**
 * A multipart post read once, as it arrives, by the host's reader (files to scratch files on
 * disk): readForm then gives that form. Returns what removes the scratch files (call it once the
 * request is answered), or nothing when the post is not multipart or the host has no reader.
 */
async function readStreamedForm(request: Request, context: Readonly<RouterContextProvider> | undefined) {
  const read = context?.get(hostMultipartContext);
  if (!read || !isMultipart(request)) return undefined;
  const result = await read(request, multipartLimits(request));
  if (!result.ok) {
    if (result.reason === "too-large") throw bodyLimitOf(request).tooLarge();
    throw data({ message: FORM_UNREADABLE_MESSAGE }, { status: 400 });
  }
  readForms.set(request, result.form);
  return result.release;
}

function isMultipart(request: Request) {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/**
 * Every state-changing request must come from our own pages: same origin, no larger than
 * its path allows (body-limit.server.ts; 413), a form (415 for any other content type) that
 * can be read (400), carrying the session's CSRF token in a hidden field (so it works
 * without JavaScript; 403). Anything else is refused with a page before any action runs.
 */
export async function assertCsrf(
  request: Request,
  context?: Readonly<RouterContextProvider>,
): Promise<(() => Promise<void>) | undefined> {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const refuse = () => data({ message: CSRF_REFUSED_MESSAGE }, { status: 403 });
  if (isCrossSite(request)) throw refuse();
  const streaming = isMultipart(request) && Boolean(context?.get(hostMultipartContext));
  await assertBodySize(request, undefined, { countUndeclared: !streaming });
  const path = new URL(request.url).pathname;
  if (NO_TOKEN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(contentType)) throw data({ message: FORM_TYPE_REFUSED_MESSAGE }, { status: 415 });
  const release = await readStreamedForm(request, context);
  try {
    const given = (await readForm(request)).get(CSRF_FIELD);
    const session = await getSession(request);
    if (!csrfTokensMatch(session.get("csrf"), given)) throw refuse();
  } catch (error) {
    await release?.();
    throw error;
  }
  return release;
}
