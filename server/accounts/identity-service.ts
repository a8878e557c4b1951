import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { lt, sql } from "drizzle-orm";
import type { ApiConfig } from "../config";
import type { Deps } from "../context";
import { usedIdTokens, users } from "../db/schema";
import { issueAccessToken } from "../lib/access-tokens";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";

export const IDENTITY_NOT_VERIFIED_MESSAGE = "Your sign-in at the identity provider could not be verified.";
export const IDENTITY_UNKNOWN_MESSAGE = "There is no Keyfree account for the identity you signed in with.";
export const IDENTITY_PROVIDER_OFF_MESSAGE = "Signing in through an identity provider is not set up.";

/** An ID token older than this is refused: the web server exchanges it the moment it arrives. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;
/** How far the identity provider's clock and ours may disagree. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Signature algorithms accepted (asymmetric only: the API never shares a key with the identity provider). */
const ALGORITHMS = ["RS256", "PS256", "ES256", "ES384", "EdDSA"];

type Provider = NonNullable<ApiConfig["identityProvider"]>;

/**
 * The identity provider's signing keys, found through its discovery document, per issuer (jose
 * caches and refreshes the keys). A cache, not shared state: each instance fetches the same
 * published keys, and jose fetches them again when a token names a key it has not seen.
 */
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
 * Marks an ID token used, answering whether this was its first use: one ID token signs in once,
 * on any API instance (the `used_id_tokens` table, not this process's memory, so a token
 * exchanged on one instance is refused by the others). The key is the SHA-256 of the token's
 * signed part (header and payload exactly as sent): the signature's own encoding can be varied
 * without breaking it (spare bits in its last base64url character), while any change to the
 * signed part does break it. The row is kept until the token could no longer be accepted anyway.
 */
async function markUsed(db: Deps["db"], idToken: string, acceptableUntil: Date): Promise<boolean> {
  const signedPart = idToken.slice(0, idToken.lastIndexOf("."));
  const tokenHash = createHash("sha256").update(signedPart).digest("base64url");
  const inserted = await db
    .insert(usedIdTokens)
    .values({ tokenHash, expiresAt: acceptableUntil })
    .onConflictDoNothing()
    .returning({ tokenHash: usedIdTokens.tokenHash });
  return inserted.length === 1;
}

/**
 * Used ID tokens that no instance would accept any more: the sweep deletes them. `machineNow` is
 * the machine's time, not the API's clock: the tokens' expiry and age are checked against the
 * machine's time (jose), and the API's clock may have been moved forward outside production.
 */
export async function deleteExpiredUsedIdTokens(deps: Pick<Deps, "db">, machineNow: Date): Promise<number> {
  const gone = await deps.db.delete(usedIdTokens).where(lt(usedIdTokens.expiresAt, machineNow)).returning({ tokenHash: usedIdTokens.tokenHash });
  return gone.length;
}

/**
 * Verifies an ID token from the configured identity provider itself (signature by the
 * provider's published keys, issuer, audience = our client id, expiry, age, single use), so
 * the API trusts no one's word that a tenant signed in. Returns the verified e-mail address.
 */
export async function verifyIdentity(deps: Pick<Deps, "db">, provider: Provider, idToken: string): Promise<string> {
  let payload;
  try {
    const keys = await keysOf(provider);
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: ALGORITHMS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
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
  // Accepted at most until its expiry or its age limit (whichever is first), plus the tolerance.
  const acceptableUntil = Math.min(payload.exp!, payload.iat! + MAX_TOKEN_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS;
  if (!(await markUsed(deps.db, idToken, new Date(acceptableUntil * 1000)))) {
    log.warn("identity token refused", { reason: "already used" });
    throw new ApiError(401, IDENTITY_NOT_VERIFIED_MESSAGE);
  }
  return payload.email;
}

/** Signs in the tenant whose verified e-mail the ID token carries: a new access token, as a password login makes. */
export async function signInWithIdentity(deps: Pick<Deps, "db" | "clock" | "config">, idToken: string): Promise<{ accessToken: string }> {
  const provider = deps.config.identityProvider;
  if (!provider) throw new ApiError(409, IDENTITY_PROVIDER_OFF_MESSAGE);
  const email = await verifyIdentity(deps, provider, idToken);
  const [user] = await deps.db
    .select({ id: users.id, closedAt: users.closedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  // A closed account (issue 40) is answered as an unknown one.
  if (!user || user.closedAt) throw new ApiError(404, IDENTITY_UNKNOWN_MESSAGE);
  return { accessToken: await issueAccessToken(deps.db, deps.config, user.id, deps.clock.now()) };
}
