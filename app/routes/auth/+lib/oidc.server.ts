/**
 * Identity-provider sign-in (part 1 §2.2 `/login`, `/authenticate`) with openid-client as the
 * relying party: the authorization-code flow with PKCE, state and nonce, kept for ten minutes
 * in a signed cookie of their own. The ID token it brings back is handed to the tenant API,
 * which verifies it again and signs the tenant in (docs/decisions/0009-identity-provider-sign-in.md).
 */
import * as oidc from "openid-client";
import { createCookie } from "react-router";
import { webConfig } from "~/lib/env.server";
import { identityProviderSettings, type IdentityProviderSettings } from "~/lib/oidc-settings.server";

/** Why a sign-in ended on /unauthorised (the page says so in words). */
export type UnauthorisedReason = "unknown" | "cancelled" | "expired" | "failed" | "unavailable";

let settings: IdentityProviderSettings | undefined | null = null;
function currentSettings(): IdentityProviderSettings | undefined {
  if (settings === null) settings = identityProviderSettings();
  return settings;
}

/** The provider's metadata, discovered once per process (again after a failure). */
let configuration: Promise<oidc.Configuration> | undefined;
function relyingParty(s: IdentityProviderSettings): Promise<oidc.Configuration> {
  configuration ??= oidc
    .discovery(new URL(s.issuer), s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), {
      // Only a local http:// issuer (the embedded provider, or a test one) is allowed without TLS.
      execute: new URL(s.issuer).protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      timeout: 5,
    })
    .catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
  return configuration;
}

type Flow = { state: string; nonce: string; codeVerifier: string };

/** The flow's secrets between /login and /authenticate: signed, HTTP-only, ten minutes. */
const flowCookie = createCookie(webConfig.isProduction ? "__Host-keyfree_oidc" : "keyfree_oidc", {
  httpOnly: true,
  sameSite: "lax",
  secure: webConfig.isProduction,
  path: "/",
  maxAge: 10 * 60,
  secrets: webConfig.sessionSecrets,
});

function isFlow(value: unknown): value is Flow {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.state === "string" && typeof v.nonce === "string" && typeof v.codeVerifier === "string";
}

export type LoginStart = { kind: "redirect"; location: string; setCookie: string } | { kind: "off" } | { kind: "unavailable" };

/** `/login`: where to send the browser (the provider's authorization endpoint), with the flow's cookie. */
export async function startIdentitySignIn(): Promise<LoginStart> {
  const s = currentSettings();
  if (!s) return { kind: "off" };
  let config;
  try {
    config = await relyingParty(s);
  } catch {
    return { kind: "unavailable" };
  }
  const flow: Flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const location = oidc.buildAuthorizationUrl(config, {
    redirect_uri: s.redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    // The embedded provider asks every time, so any demo tenant can sign in after another.
    ...(s.embedded ? { prompt: "login" } : {}),
  });
  return { kind: "redirect", location: location.href, setCookie: await flowCookie.serialize(flow) };
}

export type CallbackOutcome = { ok: true; idToken: string } | { ok: false; reason: UnauthorisedReason };

/** Clears the flow's cookie: each flow is answered once. */
export const clearFlowCookie = () => flowCookie.serialize("", { maxAge: 0, expires: new Date(0) });

/**
 * `/authenticate`: the provider's answer checked by openid-client (state, the issuer in the
 * answer, the code exchanged with the PKCE verifier and our client secret, the ID token's
 * signature, audience, expiry and nonce). Never throws.
 */
export async function finishIdentitySignIn(request: Request, url: URL): Promise<CallbackOutcome> {
  const s = currentSettings();
  if (!s) return { ok: false, reason: "failed" };
  if (url.searchParams.get("error") === "access_denied") return { ok: false, reason: "cancelled" };
  const flow = await flowCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (!isFlow(flow)) return { ok: false, reason: "expired" };
  try {
    const config = await relyingParty(s);
    // The answer as it reached the registered callback (the request's own host may be a proxy's).
    const callback = new URL(s.redirectUri);
    callback.search = url.search;
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    if (!tokens.id_token) return { ok: false, reason: "failed" };
    return { ok: true, idToken: tokens.id_token };
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError && error.error === "access_denied") return { ok: false, reason: "cancelled" };
    return { ok: false, reason: "failed" };
  }
}
