import { randomBytes, timingSafeEqual } from "node:crypto";
import { createCookieSessionStorage, type Session } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { webConfig } from "./env.server";

export type SessionData = {
  accessToken: string;
  /** The greeting's first name, set at sign-in (so no page asks the API just for the header). */
  firstName: string;
  csrf: string;
  /** The formal dispute's go-back counter, per claim id (app/routes/claims/+lib/dispute.ts, docs/decisions/0023). */
  disputeSteps: Record<string, { backs: number; back: boolean }>;
};

const cookieBase = {
  httpOnly: true,
  sameSite: "lax" as const,
  secure: webConfig.isProduction,
  path: "/",
  secrets: webConfig.sessionSecrets,
};

/** The signed session cookie: the access token, the greeting's first name, the CSRF token and the dispute's go-back counter, nothing else. */
export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    ...cookieBase,
    // __Host- pins the cookie to this host over HTTPS (production only: it needs Secure).
    name: webConfig.isProduction ? "__Host-keyfree_session" : "keyfree_session",
    maxAge: 60 * 60 * 24 * 7,
  },
});

/** Flash messages live in their own short-lived signed cookie (remix-toast). */
const FLASH_COOKIE = webConfig.isProduction ? "__Host-keyfree_flash" : "keyfree_flash";
const toastStorage = createCookieSessionStorage({
  cookie: { ...cookieBase, name: FLASH_COOKIE },
});

export const flash = createToastUtilsWithCustomSession(toastStorage);

/**
 * The flash message the request carries, and the Set-Cookie that clears it. Without the flash
 * cookie there is nothing to read or clear: no cookie is signed and none is sent (remix-toast's
 * getToast would sign and send an empty one on every page).
 */
export async function readFlash(request: Request): Promise<{ toast: unknown; headers: Headers }> {
  const cookies = request.headers.get("Cookie");
  if (!cookies || !cookies.split(";").some((c) => c.trimStart().startsWith(`${FLASH_COOKIE}=`))) {
    return { toast: undefined, headers: new Headers() };
  }
  return flash.getToast(request);
}

export type AppSession = Session<SessionData>;

/** Sessions already read, by request: the root middleware and the loaders share one (one signature check per page). */
const sessionsByRequest = new WeakMap<Request, Promise<AppSession>>();

export function getSession(request: Request): Promise<AppSession> {
  let session = sessionsByRequest.get(request);
  if (!session) {
    session = sessionStorage.getSession(request.headers.get("Cookie"));
    sessionsByRequest.set(request, session);
  }
  return session;
}

export const commitSession = (session: AppSession) => sessionStorage.commitSession(session);
export const destroySession = (session: AppSession) => sessionStorage.destroySession(session);

/** The session's CSRF token, made on first use. */
export function ensureCsrfToken(session: AppSession): { token: string; isNew: boolean } {
  const existing = session.get("csrf");
  if (existing) return { token: existing, isNew: false };
  const token = randomBytes(32).toString("base64url");
  session.set("csrf", token);
  return { token, isNew: true };
}

export function csrfTokensMatch(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== "string" || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
