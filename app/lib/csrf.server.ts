import { data } from "react-router";
import { CSRF_REFUSED_MESSAGE } from "./messages";
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

/**
 * Every state-changing request must come from our own pages: same origin, and carrying
 * the session's CSRF token in a hidden field (so it works without JavaScript).
 * Anything else is refused with 403 before any action runs.
 */
export async function assertCsrf(request: Request): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const refuse = () => data({ message: CSRF_REFUSED_MESSAGE }, { status: 403 });
  if (isCrossSite(request)) throw refuse();
  const path = new URL(request.url).pathname;
  if (NO_TOKEN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
  const session = await getSession(request);
  const contentType = request.headers.get("content-type") ?? "";
  let given: unknown;
  if (contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data")) {
    given = (await request.clone().formData()).get(CSRF_FIELD);
  }
  if (!csrfTokensMatch(session.get("csrf"), given)) throw refuse();
}
