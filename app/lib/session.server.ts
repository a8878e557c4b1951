import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, createCookieSessionStorage, createSession, type Session, type SessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { webConfig } from "./env.server";

export type SessionData = {
  accessToken: string;
  /** The greeting's first name, set at sign-in (so no page asks the API just for the header). */
  firstName: string;
  /** The tenant's user id, set at sign-in: analytics names a consenting tenant by it and by nothing else (issue 26). */
  userId: string;
  csrf: string;
  /** The formal dispute's go-back counter, per claim id (app/routes/claims/+lib/dispute.ts, docs/decisions/0023). */
  disputeSteps: Record<string, { backs: number; back: boolean }>;
  /** A link to a claim's record just made for an adviser (issue 39): flashed once, as only now can it be shown. */
  recordShare: { claimId: string; adviserName: string; link: string };
};

const cookieBase = {
  httpOnly: true,
  sameSite: "lax" as const,
  secure: webConfig.isProduction,
  path: "/",
  secrets: webConfig.sessionSecrets,
};

/**
 * The session cookie, encrypted (AES-256-GCM): the access token, the greeting's first name, the
 * user id, the CSRF token, the dispute's go-back counter and a share link just made (shown once), nothing else. A signed cookie would show the
 * browser (and anything that reads its cookies) the API bearer token in base64 JSON (issue 23);
 * this one shows nothing readable. The key of each session secret is derived with HKDF; a cookie
 * is sealed with the first secret's key and opened with any of them (secret rotation: put the
 * new secret first and keep the old one until its cookies have lapsed). A cookie that does not
 * open (tampered, truncated, an unknown secret) is no session.
 */
/** __Host- pins the cookie to this host over HTTPS (production only: it needs Secure). */
export const SESSION_COOKIE = webConfig.isProduction ? "__Host-keyfree_session" : "keyfree_session";
export const sessionStorage = createEncryptedCookieSessionStorage(webConfig.sessionSecrets, {
  name: SESSION_COOKIE,
  maxAge: 60 * 60 * 24 * 7,
});

const SEAL_VERSION = "v1";

function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "keyfree-session", "keyfree session cookie v1 aes-256-gcm", 32));
}

/** version.iv.ciphertext.tag (base64url), the JSON of the session's data sealed with the key. */
export function sealSessionData(key: Buffer, data: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return [SEAL_VERSION, iv.toString("base64url"), sealed.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The data a sealed value holds, or undefined when no key opens it. */
export function openSessionData(keys: Buffer[], value: string): Record<string, unknown> | undefined {
  const parts = value.split(".");
  if (parts.length !== 4 || parts[0] !== SEAL_VERSION) return undefined;
  const [, ivText, sealedText, tagText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== 12 || tag.length !== 16) return undefined;
  for (const key of keys) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(Buffer.from(sealedText, "base64url")), decipher.final()]).toString("utf8");
      const data: unknown = JSON.parse(plain);
      return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
    } catch {
      // Not this key (or not ours at all): try the next.
    }
  }
  return undefined;
}

/** A cookie session storage whose cookie holds the session's data encrypted, not merely signed. */
export function createEncryptedCookieSessionStorage(
  secrets: string[],
  options: { name: string; maxAge: number },
): SessionStorage<SessionData> {
  if (secrets.length === 0) throw new Error("The session cookie needs at least one secret");
  const keys = secrets.map(sessionKey);
  // The cookie itself is unsigned: the authentication tag of AES-GCM is its signature.
  const cookie = createCookie(options.name, { ...cookieBase, secrets: undefined, maxAge: options.maxAge });
  return {
    async getSession(cookieHeader) {
      const value: unknown = cookieHeader ? await cookie.parse(cookieHeader) : null;
      const data = typeof value === "string" ? openSessionData(keys, value) : undefined;
      return createSession<SessionData>((data ?? {}) as SessionData);
    },
    async commitSession(session, commitOptions) {
      const serialized = await cookie.serialize(sealSessionData(keys[0]!, session.data), commitOptions);
      if (serialized.length > 4096) throw new Error(`Cookie length will exceed browser maximum. Length: ${serialized.length}`);
      return serialized;
    },
    async destroySession(_session, destroyOptions) {
      return cookie.serialize("", { ...destroyOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}

/** Flash messages live in their own short-lived signed cookie (remix-toast). */
export const FLASH_COOKIE = webConfig.isProduction ? "__Host-keyfree_flash" : "keyfree_flash";
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
  return { token: startCsrfToken(session), isNew: true };
}

/** A new CSRF token for the session (at every sign-in, so a token seen before it is worth nothing after). */
export function startCsrfToken(session: AppSession): string {
  const token = randomBytes(32).toString("base64url");
  session.set("csrf", token);
  return token;
}

export function csrfTokensMatch(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== "string" || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
