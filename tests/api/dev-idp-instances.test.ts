import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openDatabase, type Database } from "../../server/db";
import { appSettings } from "../../server/db/schema";
import { devIdpRecords } from "../../stand-ins/db/schema";
import { databaseAdapter } from "../../stand-ins/identity-provider/adapter";
import { createDevIdentityProvider, type DevIdentityProvider } from "../../stand-ins/identity-provider/provider";
import { deleteExpiredDevIdpRecords, devIdpSecrets } from "../../stand-ins/identity-provider/store";
import { createTestApi, type TestApi } from "../helpers/api";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { migrateWithStandIns } from "../helpers/stand-ins";

/**
 * Issue 25, scope 1: the embedded development identity provider behind a load balancer. Two
 * provider instances on one database (each with a database handle of its own) carry on each
 * other's sign-ins: every step of one authorization-code flow is answered by the instance the
 * test names, alternating, as a round-robin load balancer would. Kept in one process's memory
 * (oidc-provider's default storage, a random signing key and cookie key per start), the second
 * instance would know neither the interaction nor the first one's cookies, and the ID token
 * would be signed with a key the other instance does not publish.
 */
const PASSWORD = "dev-idp-instances-password";
const TENANT = "idp.instances@example.test";
const CLIENT_ID = "keyfree-instances";

let t: TestApi;
let server: Server;
let appUrl: string;
let issuer: string;
/** The instance the next request to the provider goes to (0 or 1); `served` records who answered what. */
let instances: DevIdentityProvider[] = [];
let next = 0;
const served: string[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const instance = instances[next];
    if (!instance) return void res.writeHead(503).end();
    served.push(`${next + 1} ${req.method} ${new URL(req.url ?? "/", appUrl).pathname.slice(new URL(issuer).pathname.length)}`);
    void instance.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApi();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Two provider instances over two handles on one database, started at the same moment. */
async function startInstances(dbs: [Database, Database]) {
  // The client secret every instance agrees on: the database's (the host passes it to the web app as DEV_IDP_CLIENT_SECRET).
  const [first, second] = await Promise.all(dbs.map((db) => devIdpSecrets(db)));
  expect(second).toEqual(first);
  const options = {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: first!.clientSecret,
    redirectUri: `${appUrl}/authenticate`,
    identities: [{ email: TENANT, name: "Ivy Instance" }],
    password: PASSWORD,
    appUrl,
  };
  instances = await Promise.all(dbs.map((db) => createDevIdentityProvider({ ...options, db })));
  return first!.clientSecret;
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

/** One sign-in, each step at the instance named (1 or 2): returns the callback URL, the flow's secrets and the relying party. */
async function signInAcrossInstances(clientSecret: string) {
  served.length = 0;
  const on = (instance: 1 | 2) => (next = instance - 1);
  on(1);
  const config = await oidc.discovery(new URL(issuer), CLIENT_ID, undefined, oidc.ClientSecretBasic(clientSecret), {
    execute: [oidc.allowInsecureRequests],
  });
  const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const authorizeUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${appUrl}/authenticate`,
    response_type: "code",
    scope: "openid email profile",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    prompt: "login",
  });
  const jar = new Map<string, string>();
  const go = async (instance: 1 | 2, url: string, body?: URLSearchParams) => {
    on(instance);
    const response = await fetch(new URL(url, appUrl), {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), ...(body ? { origin: appUrl } : {}) },
    });
    for (const c of response.headers.getSetCookie()) {
      const [name, value] = cookiePair(c).split(/=(.*)/s);
      jar.set(name!, value!);
    }
    return response;
  };
  // Started on instance 1: the authorization request makes the interaction.
  let response = await go(1, authorizeUrl.href);
  expect(response.status).toBe(303);
  // Its sign-in page from instance 2, the form posted to instance 1.
  response = await go(2, response.headers.get("location")!);
  expect(response.status).toBe(200);
  const action = /action="([^"]+\/login)"/.exec(await response.text())![1]!;
  response = await go(1, action, new URLSearchParams({ email: TENANT, password: PASSWORD }));
  expect(response.status).toBe(303);
  // The authorization resumed on instance 2: the code, back to the web app's callback.
  response = await go(2, response.headers.get("location")!);
  expect(response.status).toBe(303);
  const callback = new URL(response.headers.get("location")!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${appUrl}/authenticate`);
  expect(callback.searchParams.get("code")).toBeTruthy();
  return { config, flow, callback };
}

/** `issuerPath`: each journey's provider is a new issuer (the API caches an issuer's published keys). */
function journey(issuerPath: string, handles: () => Promise<[Database, Database]>) {
  it("a sign-in started on one instance is finished on the other: the code exchanged there, its ID token accepted by the API", async () => {
    issuer = `${appUrl}${issuerPath}`;
    const api = await createTestApi({ identityProvider: { issuer, clientId: CLIENT_ID } });
    onTestFinished(() => api.close());
    await api.quickTenant({ email: TENANT, firstName: "Ivy" });
    const clientSecret = await startInstances(await handles());
    const { config, flow, callback } = await signInAcrossInstances(clientSecret);
    // The token exchange at instance 1, which made neither the session nor the code.
    next = 0;
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()).toMatchObject({ email: TENANT, email_verified: true });
    expect(served.map((s) => s.replace(/\/(interaction|auth)\/[A-Za-z0-9_-]+/, "/$1/…").replace(/\?.*/, ""))).toEqual([
      "1 GET /.well-known/openid-configuration",
      "1 GET /auth",
      "2 GET /interaction/…",
      "1 POST /interaction/…/login",
      "2 GET /auth/…",
      "1 POST /token",
    ]);
    // The API verifies the ID token with the keys instance 2 publishes: the same key signed it on instance 1.
    next = 1;
    const signIn = await api.json("POST", "/auth/identity-login", { idToken: tokens.id_token });
    expect(signIn.status).toBe(200);
    expect(signIn.body.accessToken).toEqual(expect.any(String));

    // The same code again, at instance 2: spent (on instance 1), refused.
    next = 1;
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
  });
}

describe("the development identity provider, two instances on one embedded database", () => {
  // The second handle shares the first's PGlite client (t.close() closes it), as throttles-shared.test.ts does.
  journey("/dev/idp", async () => [t.db, (await openDatabase({ kind: "pglite", client: t.client })).db]);

  it("marks an authorization code used once: of two instances consuming it at the same moment, one is refused", async () => {
    const other = (await openDatabase({ kind: "pglite", client: t.client })).db;
    const [a, b] = [databaseAdapter(t.db)("AuthorizationCode"), databaseAdapter(other)("AuthorizationCode")];
    await a.upsert("code-raced", { grantId: "grant-raced", kind: "AuthorizationCode" }, 60);
    const outcomes = await Promise.allSettled([a.consume("code-raced"), b.consume("code-raced")]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ error: "invalid_grant" });
    expect((await b.find("code-raced"))?.consumed).toEqual(expect.any(Number));
    await b.revokeByGrantId("grant-raced");
    expect(await a.find("code-raced")).toBeUndefined();
  });

  it("keeps its keys and client secret in one row, and the sweep deletes its records once they expire", async () => {
    const [keyRows] = await t.db.select({ n: count() }).from(appSettings).where(eq(appSettings.key, "devIdentityProvider"));
    expect(keyRows?.n).toBe(1);
    const records = async () => (await t.db.select({ n: count() }).from(devIdpRecords))[0]!.n;
    const before = await records();
    expect(before).toBeGreaterThan(0);
    expect(await deleteExpiredDevIdpRecords({ db: t.db }, new Date(Date.now() - 60_000))).toBe(0);
    // The longest lifetime (a session, a grant) is an hour.
    expect(await deleteExpiredDevIdpRecords({ db: t.db }, new Date(Date.now() + 2 * 3_600_000))).toBe(before);
    expect(await records()).toBe(0);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("the development identity provider, two instances on one PostgreSQL database", () => {
  const pg = usePostgresInstances(pgUrl!, "devidp");
  journey("/pg/idp", async () => {
    const first = await pg.open();
    await migrateWithStandIns(first);
    const second = await pg.open();
    return [first.db, second.db];
  });
});
