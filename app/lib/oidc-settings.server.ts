/**
 * Which identity provider the web app signs in with (common/identity-provider.ts decides), with
 * what the relying party needs: read by the app (oidc.server.ts) and by the host, which mounts
 * the embedded development provider with the same client (web-server.ts, dev-server.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chooseIdentityProvider, IDP_CALLBACK_PATH } from "#common/identity-provider";

export type IdentityProviderSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** APP_URL + /authenticate: registered at the identity provider. */
  redirectUri: string;
  /** The embedded development provider (outside production, no OIDC_* variables). */
  embedded: boolean;
};

/** The web app's address: links and the callback are built on it (web-server.ts sets APP_URL before the app loads). */
export function appUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, "");
}

/**
 * The embedded provider's client secret, never written in code: DEV_IDP_CLIENT_SECRET when set
 * (the host sets it from the database before the app loads, so every instance on one database
 * agrees: web-server.ts, server/dev-idp/store.ts), otherwise made once into the data folder
 * (a web server without a database of its own, talking to a separately run API).
 */
function embeddedClientSecret(dataDir: string, env: NodeJS.ProcessEnv): string {
  const given = env.DEV_IDP_CLIENT_SECRET?.trim();
  if (given) return given;
  const file = path.join(dataDir, "dev-idp-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The identity provider the web app signs in with, or undefined (production without the
 * OIDC_* variables). Throws when only some of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are set.
 */
export function identityProviderSettings(env: NodeJS.ProcessEnv = process.env): IdentityProviderSettings | undefined {
  const isProduction = env.NODE_ENV === "production";
  const base = appUrl(env);
  const choice = chooseIdentityProvider(env, { isProduction, appUrl: base });
  const redirectUri = `${base}${IDP_CALLBACK_PATH}`;
  if (choice.kind === "none") return undefined;
  if (choice.kind === "external") return { ...choice, redirectUri, embedded: false };
  return { ...choice, clientSecret: embeddedClientSecret(env.DATA_DIR ?? ".data", env), redirectUri, embedded: true };
}
