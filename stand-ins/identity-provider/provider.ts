/**
 * The embedded development identity provider (outside production, no OIDC_* variables): a
 * real OpenID Connect provider (the `oidc-provider` package) mounted in the web server under
 * /dev/idp, so `/login` works offline exactly as it will against a real one. Its sign-in page
 * is plain HTML that works without JavaScript and accepts the listed identities with the one
 * password; the web app's client (confidential, PKCE required) is the only client.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type ErrorOut, type JWK, type KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "../../server/db";
import { describeError, log } from "../../server/lib/log";
import { escapeHtml } from "../../server/lib/html";
import { databaseAdapter } from "./adapter";
import { devIdpSecrets } from "./store";

/** Keys for a provider without a database: new each start (tokens from an earlier run are simply no longer valid). */
async function processOnlyKeys() {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" };
  return { signingKey, cookieKeys: [randomBytes(32).toString("base64url")] };
}

export type DevIdentity = { email: string; name: string; note?: string };

export type DevIdentityProviderOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The web app's callback (APP_URL + /authenticate). */
  redirectUri: string;
  /** Who can sign in here (the demo tenants, and one identity with no Keyfree account). */
  identities: DevIdentity[];
  /** The one password of every identity. */
  password: string;
  /** Where the "back to Keyfree" links go. */
  appUrl: string;
  /**
   * The database its storage and keys live in (the runtime's), so that every instance on it
   * carries on the others' sign-ins (server/dev-idp/store.ts). Without one (a web server that
   * talks to a separately run API has no database), everything stays in this process: one
   * instance only, and a restart ends the sign-ins under way.
   */
  db?: Database;
};

export type DevIdentityProvider = {
  /** The path it answers under (the issuer's path), e.g. /dev/idp. */
  mountPath: string;
  /** Node's request handler for anything under mountPath; resolves when the response is sent. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
};


function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Development identity provider</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Security-Policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  res.setHeader("X-Frame-Options", "DENY");
  // Not no-referrer: the browser would then send "Origin: null" with the form, which the web server refuses as cross-site.
  res.setHeader("Referrer-Policy", "same-origin");
  res.end(html);
}

const MAX_FORM_BYTES = 8 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function createDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const mountPath = new URL(options.issuer).pathname.replace(/\/+$/, "");
  const byEmail = new Map(options.identities.map((identity) => [identity.email.toLowerCase(), identity]));

  // With a database: the keys every instance on it shares. Without: new ones each start.
  const { signingKey, cookieKeys } = options.db ? await devIdpSecrets(options.db) : await processOnlyKeys();

  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "RS256",
      },
    ],
    jwks: { keys: [signingKey as JWK] },
    cookies: { keys: cookieKeys },
    // oidc-provider's default (undefined) keeps its storage in this process's memory.
    ...(options.db ? { adapter: databaseAdapter(options.db) } : {}),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // The e-mail address goes in the ID token itself (the API verifies that token, not the userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, sub) {
      const identity = byEmail.get(sub);
      if (!identity) return undefined;
      const [givenName, ...rest] = identity.name.split(" ");
      return {
        accountId: sub,
        async claims() {
          return { sub, email: identity.email, email_verified: true, name: identity.name, given_name: givenName, family_name: rest.join(" ") };
        },
      };
    },
    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      ctx.type = "html";
      ctx.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
      ctx.body = page(
        "Sign-in problem",
        `<h1>Sign-in problem</h1>
<p>The development identity provider could not go on with this sign-in: ${escapeHtml(String(out.error_description ?? out.error ?? "unknown problem"))}.</p>
<p><a href="${escapeHtml(options.appUrl)}/auth/login">Go to the Keyfree login page</a></p>`,
      );
    },
  });
  provider.on("server_error", (_ctx, error) => log.error("development identity provider error", describeError(error)));
  const callback = provider.callback();

  function loginPage(uid: string, values: { email?: string; error?: string } = {}): string {
    const action = `${mountPath}/interaction/${uid}`;
    const errorId = "email-error";
    const list = options.identities
      .map((identity) => `<li><code>${escapeHtml(identity.email)}</code>${identity.note ? ` (${escapeHtml(identity.note)})` : ""}</li>`)
      .join("\n");
    return page(
      values.error ? "Error: Sign in" : "Sign in",
      `<h1>Sign in to the development identity provider</h1>
<p>This stands in for Keyfree's identity provider on a developer's machine. It is never used in production.</p>
${
  values.error
    ? `<div role="alert" aria-labelledby="error-summary-title"><h2 id="error-summary-title">There is a problem</h2><ul><li><a href="#email">${escapeHtml(values.error)}</a></li></ul></div>`
    : ""
}
<form method="post" action="${action}/login">
<p><label for="email">Email address</label><br>
<input id="email" name="email" type="email" autocomplete="username" spellcheck="false" required value="${escapeHtml(values.email ?? "")}"${values.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""}></p>
${values.error ? `<p id="${errorId}">${escapeHtml(values.error)}</p>` : ""}
<p><label for="password">Password</label><br>
<input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="${action}/abort">
<p><button type="submit">Cancel</button></p>
</form>
<h2>Who can sign in</h2>
<p>Every identity's password is <code>${escapeHtml(options.password)}</code>.</p>
<ul>
${list}
</ul>`,
    );
  }

  function expiredPage(res: ServerResponse) {
    send(
      res,
      400,
      page(
        "Sign-in expired",
        `<h1>This sign-in has expired</h1>
<p>Too much time passed, or the sign-in was already finished.</p>
<p><a href="${escapeHtml(options.appUrl)}/login">Start again</a></p>`,
      ),
    );
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, step: string | undefined) {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return expiredPage(res);
    }
    if (details.uid !== uid) return expiredPage(res);
    if (req.method === "GET" && !step) return send(res, 200, loginPage(uid));
    if (req.method !== "POST" || !step) return send(res, 405, page("Not allowed", "<h1>Not allowed</h1>"));
    if (step === "abort") {
      return provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The sign-in was cancelled" },
        { mergeWithLastSubmission: false },
      );
    }
    if (step !== "login") return send(res, 404, page("Not found", "<h1>Not found</h1>"));
    const form = await readForm(req);
    const email = (form?.get("email") ?? "").trim().slice(0, 254);
    const identity = byEmail.get(email.toLowerCase());
    if (!identity || form?.get("password") !== options.password) {
      return send(res, 401, loginPage(uid, { email, error: "Wrong email or password" }));
    }
    const accountId = identity.email.toLowerCase();
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    mountPath,
    async handle(req, res) {
      const original = req.url ?? "/";
      const path = original.slice(mountPath.length) || "/";
      const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|abort|[^/?]*))?(?:\?.*)?$/.exec(path);
      try {
        if (match) return await interaction(req, res, match[1]!, match[2] || undefined);
        // Mounted as Express does: the provider sees its own path and finds the mount in originalUrl.
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
        req.url = path;
        await callback(req, res);
      } catch (error) {
        log.error("development identity provider error", describeError(error));
        if (!res.headersSent) send(res, 500, page("Something went wrong", "<h1>Something went wrong</h1>"));
        else res.end();
      }
    },
  };
}
