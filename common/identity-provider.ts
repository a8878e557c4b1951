/**
 * Which identity provider `/login` sends tenants to (part 1 §2.2), decided the same way by the
 * web (the relying party) and the API (which verifies the ID token itself): an external one
 * named by OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (all three, or none), or, outside
 * production with none of them, the embedded development provider under EMBEDDED_IDP_PATH.
 * docs/decisions/0009-identity-provider-sign-in.md says why.
 */

/** Where the embedded development identity provider is mounted in the web server. */
export const EMBEDDED_IDP_PATH = "/dev/idp";
/** The web app's client id at the embedded provider. */
export const EMBEDDED_IDP_CLIENT_ID = "keyfree-dev";
/** The callback the identity provider sends the browser back to. */
export const IDP_CALLBACK_PATH = "/authenticate";

export const IDP_VARIABLES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

export type IdentityProviderChoice =
  | { kind: "external"; issuer: string; clientId: string; clientSecret: string }
  /** The secret of the embedded provider's client is made by the web server (it is never configured). */
  | { kind: "embedded"; issuer: string; clientId: string }
  /** Production without the variables: `/login` goes to the password login. */
  | { kind: "none" };

/** Refuses (throws) when only some of the variables are set, or the issuer is not a URL (https in production). */
export function chooseIdentityProvider(
  env: Partial<Record<string, string | undefined>>,
  where: { isProduction: boolean; appUrl: string },
): IdentityProviderChoice {
  const value = (name: string) => env[name]?.trim() || undefined;
  const set = IDP_VARIABLES.filter((name) => value(name));
  if (set.length > 0 && set.length < IDP_VARIABLES.length) {
    const missing = IDP_VARIABLES.filter((name) => !value(name));
    throw new Error(
      `Identity-provider sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (or none of them); missing: ${missing.join(", ")}.`,
    );
  }
  if (set.length === IDP_VARIABLES.length) {
    const issuer = value("OIDC_ISSUER")!;
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new Error("OIDC_ISSUER must be the identity provider's issuer URL, like https://login.example.com.");
    }
    if (url.protocol !== "https:" && (where.isProduction || url.protocol !== "http:")) {
      throw new Error("OIDC_ISSUER must be an https:// URL in production.");
    }
    return { kind: "external", issuer, clientId: value("OIDC_CLIENT_ID")!, clientSecret: value("OIDC_CLIENT_SECRET")! };
  }
  if (where.isProduction) return { kind: "none" };
  return { kind: "embedded", issuer: `${where.appUrl.replace(/\/+$/, "")}${EMBEDDED_IDP_PATH}`, clientId: EMBEDDED_IDP_CLIENT_ID };
}
