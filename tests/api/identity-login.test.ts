import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  deleteExpiredUsedIdTokens,
  IDENTITY_NOT_VERIFIED_MESSAGE,
  IDENTITY_PROVIDER_OFF_MESSAGE,
  IDENTITY_UNKNOWN_MESSAGE,
} from "../../server/accounts/identity-service";
import { createApi } from "../../server/app";
import { openDatabase } from "../../server/db";
import { usedIdTokens } from "../../server/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * POST /auth/identity-login: the API verifies the ID token itself against the identity
 * provider's published keys (found through its discovery document) before it signs anyone in.
 */
let t: TestApi;
let server: Server;
let issuer: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
const CLIENT_ID = "keyfree-test-client";

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/idp/.well-known/openid-configuration") {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (req.url === "/idp/jwks") {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
  t = await createTestApi({ identityProvider: { issuer, clientId: CLIENT_ID } });
  // The tenant each refused token names: a token wrongly accepted would sign them in (200), not 404.
  await t.quickTenant({ email: "victim@example.test" });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

type Claims = Record<string, unknown>;
async function idToken(claims: Claims = {}, options: { key?: CryptoKey; iat?: number; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer((claims.iss as string) ?? issuer)
    .setAudience((claims.aud as string | string[]) ?? CLIENT_ID)
    .setSubject("subject-1")
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? now + 300)
    .sign(options.key ?? signingKey);
}

const exchange = (token: string) => t.json("POST", "/auth/identity-login", { idToken: token });

describe("identity login", () => {
  it("signs in the tenant whose verified e-mail the ID token carries (any letter case), with a working access token", async () => {
    const tenant = await t.quickTenant({ email: "idp.tenant@example.test", firstName: "Ida" });
    const res = await exchange(await idToken({ email: "IDP.Tenant@example.test" }));
    expect(res.status).toBe(200);
    const me = await t.json("GET", "/me", undefined, res.body.accessToken);
    expect(me).toMatchObject({ status: 200, body: { email: tenant.email, firstName: "Ida" } });
  });

  it("refuses the same ID token a second time (a replayed sign-in)", async () => {
    await t.quickTenant({ email: "replay@example.test" });
    const token = await idToken({ email: "replay@example.test" });
    expect((await exchange(token)).status).toBe(200);
    expect(await exchange(token)).toMatchObject({ status: 401, body: { message: IDENTITY_NOT_VERIFIED_MESSAGE } });
  });

  it("refuses the same ID token with its signature written differently (spare bits of its last character)", async () => {
    await t.quickTenant({ email: "reencoded@example.test" });
    const token = await idToken({ email: "reencoded@example.test" });
    expect((await exchange(token)).status).toBe(200);
    // The last base64url character of a 256-byte signature carries 2 bits; the other 4 are spare.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(token.at(-1)!);
    const twin = token.slice(0, -1) + alphabet[(last & 0b110000) | (~last & 0b1111)]!;
    expect(twin).not.toBe(token);
    expect(await exchange(twin)).toMatchObject({ status: 401, body: { message: IDENTITY_NOT_VERIFIED_MESSAGE } });
  });

  it("refuses an ID token used on another API instance over the same database (issue 25)", async () => {
    await t.quickTenant({ email: "two.instances@example.test" });
    const second = await openDatabase({ kind: "pglite", client: t.client });
    const other = createApi({ db: second.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });
    const token = await idToken({ email: "two.instances@example.test" });
    expect((await exchange(token)).status).toBe(200);
    const replay = await other.request("/auth/identity-login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ idToken: token }),
    });
    expect(replay.status).toBe(401);
  });

  it("keeps a used token's mark until the token could no longer be accepted, then the sweep deletes it", async () => {
    await t.quickTenant({ email: "sweep.mark@example.test" });
    const iat = Math.floor(Date.now() / 1000) - 60;
    const token = await idToken({ email: "sweep.mark@example.test" }, { iat, exp: iat + 3600 });
    expect((await exchange(token)).status).toBe(200);
    // Accepted until the age limit (10 minutes after iat, before exp here) plus 30 s of tolerance.
    const until = new Date((iat + 600 + 30) * 1000);
    const mark = () => t.db.select().from(usedIdTokens).where(eq(usedIdTokens.expiresAt, until));
    await deleteExpiredUsedIdTokens({ db: t.db }, new Date(until.getTime() - 1000));
    expect(await mark()).toHaveLength(1);
    expect(await deleteExpiredUsedIdTokens({ db: t.db }, new Date(until.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await mark()).toHaveLength(0);
  });

  it("answers 404 for a verified identity with no Keyfree account", async () => {
    expect(await exchange(await idToken({ email: "stranger@example.test" }))).toMatchObject({
      status: 404,
      body: { message: IDENTITY_UNKNOWN_MESSAGE },
    });
  });

  it.each([
    ["signed by another key", async () => idToken({ email: "victim@example.test" }, { key: otherKey })],
    ["issued to another client", async () => idToken({ email: "victim@example.test", aud: "someone-else" })],
    ["from another issuer", async () => idToken({ email: "victim@example.test", iss: "https://evil.example" })],
    ["expired", async () => idToken({ email: "victim@example.test" }, { iat: Math.floor(Date.now() / 1000) - 900, exp: Math.floor(Date.now() / 1000) - 60 })],
    ["issued too long ago", async () => idToken({ email: "victim@example.test" }, { iat: Math.floor(Date.now() / 1000) - 3600 })],
    ["without a verified e-mail", async () => idToken({ email: "victim@example.test", email_verified: false })],
    ["without an e-mail", async () => idToken({})],
    ["for several audiences, not authorised for us", async () => idToken({ email: "victim@example.test", aud: [CLIENT_ID, "other"], azp: "other" })],
    ["unsigned (alg none)", async () => {
      const [, payload] = (await idToken({ email: "victim@example.test" })).split(".");
      return `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    }],
    ["not a JWT", async () => "not-a-token"],
  ])("refuses an ID token %s, signing no one in", async (_what, make) => {
    const res = await exchange(await make());
    expect(res).toMatchObject({ status: 401, body: { message: IDENTITY_NOT_VERIFIED_MESSAGE } });
    expect(res.body.accessToken).toBeUndefined();
  });

  it("answers 400 for a body without an ID token, never 500", async () => {
    expect((await t.json("POST", "/auth/identity-login", {})).status).toBe(400);
    expect((await t.json("POST", "/auth/identity-login", "{not json")).status).toBe(400);
  });

  it("answers 409 when no identity provider is configured", async () => {
    const off = await createTestApi({ identityProvider: undefined });
    try {
      expect(await off.json("POST", "/auth/identity-login", { idToken: await idToken({ email: "x@example.test" }) })).toMatchObject({
        status: 409,
        body: { message: IDENTITY_PROVIDER_OFF_MESSAGE },
      });
    } finally {
      await off.close();
    }
  });
});
