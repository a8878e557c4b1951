import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { sql } from "drizzle-orm";
import type { ApiConfig } from "../config";
import type { Deps } from "../context";
import { users } from "../db/schema";
import { issueAccessToken } from "../lib/access-tokens";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";

export const IDENTITY_NOT_VERIFIED_MESSAGE = "Your sign-in at the identity provider could not be verified.";
export const IDENTITY_UNKNOWN_MESSAGE = "There is no Keyfree account for the identity you signed in with.";
export const IDENTITY_PROVIDER_OFF_MESSAGE = "Signing in through an identity provider is not set up.";

/** An ID token older than this is refused: the web server exchanges it the moment it arrives. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;
/** Signature algorithms accepted (asymmetric only: the API never shares a key with the identity provider). */
const ALGORITHMS = ["RS256", "PS256", "ES256", "ES384", "EdDSA"];

type Provider = NonNullable<ApiConfig["identityProvider"]>;

/** The identity provider's signing keys, found through its discovery document, per issuer (jose caches and refreshes the keys). */
const keySets = new Map<string, Promise<JWTVerifyGetKey>>();

function keysOf(provider: Provider): Promise<JWTVerifyGetKey> {
  let keys = keySets.get(provider.issuer);
  if (!keys) {
    keys = (async () => {
      const response = await fetch(`${provider.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (metadata.issuer !== provider.issuer || typeof metadata.jwks_uri !== "string") {
        throw new Error("discovery document does not match the issuer");
      }
      return createRemoteJWKSet(new URL(metadata.jwks_uri));
    })();
    keySets.set(provider.issuer, keys);
    // A failed discovery is tried again on the next sign-in.
    keys.catch(() => keySets.delete(provider.issuer));
  }
  return keys;
}

/**
 * ID tokens already exchanged, until they expire: one ID token signs in once (this process; the
 * age limit bounds the rest). Bounded: the oldest go first.
 */
const usedTokens = new Map<string, number>();

function markUsed(idToken: string, expiresAt: number): boolean {
  const now = Date.now();
  for (const [key, exp] of usedTokens) if (exp < now) usedTokens.delete(key);
  const key = createHash("sha256").update(idToken).digest("base64url");
  if (usedTokens.has(key)) return false;
  usedTokens.set(key, expiresAt);
  if (usedTokens.size > 50_000) usedTokens.delete(usedTokens.keys().next().value!);
  return true;
}

/**
 * Verifies an ID token from the configured identity provider itself (signature by the
 * provider's published keys, issuer, audience = our client id, expiry, age, single use), so
 * the API trusts no one's word that a tenant signed in. Returns the verified e-mail address.
 */
export async function verifyIdentity(provider: Provider, idToken: string): Promise<string> {
  let payload;
  try {
    const keys = await keysOf(provider);
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: ALGORITHMS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      clockTolerance: 30,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? error.code : error instanceof Error ? error.message : "unknown";
    log.warn("identity token refused", { reason });
    throw new ApiError(401, IDENTITY_NOT_VERIFIED_MESSAGE);
  }
  // With several audiences, the token must have been issued to us (OpenID Connect Core §3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) {
    throw new ApiError(401, IDENTITY_NOT_VERIFIED_MESSAGE);
  }
  // Only an address the provider has verified identifies a tenant.
  if (typeof payload.email !== "string" || payload.email_verified !== true) {
    log.warn("identity token refused", { reason: "no verified email" });
    throw new ApiError(401, IDENTITY_NOT_VERIFIED_MESSAGE);
  }
  if (!markUsed(idToken, (payload.exp ?? 0) * 1000)) {
    log.warn("identity token refused", { reason: "already used" });
    throw new ApiError(401, IDENTITY_NOT_VERIFIED_MESSAGE);
  }
  return payload.email;
}

/** Signs in the tenant whose verified e-mail the ID token carries: a new access token, as a password login makes. */
export async function signInWithIdentity(deps: Pick<Deps, "db" | "clock" | "config">, idToken: string): Promise<{ accessToken: string }> {
  const provider = deps.config.identityProvider;
  if (!provider) throw new ApiError(409, IDENTITY_PROVIDER_OFF_MESSAGE);
  const email = await verifyIdentity(provider, idToken);
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user) throw new ApiError(404, IDENTITY_UNKNOWN_MESSAGE);
  return { accessToken: await issueAccessToken(deps.db, deps.config, user.id, deps.clock.now()) };
}
