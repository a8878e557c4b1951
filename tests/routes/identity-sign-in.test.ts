import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevIdentityProvider } from "../../stand-ins/identity-provider/provider";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * `/login` and `/authenticate` (part 1 §2.2) against the embedded development identity provider
 * served on a local port, with the relying party (openid-client) doing the real exchange, and
 * the API verifying the ID token: the known tenant is signed in, every other ending refused.
 */
let t: TestApi;
let server: Server;
let appUrl: string;
const PASSWORD = "idp-test-password";
const TENANT = { email: "idp.journey@example.test", firstName: "Jude" };
let routes: {
  login: typeof import("../../app/routes/auth/identity-login");
  authenticate: typeof import("../../app/routes/auth/authenticate");
  api: typeof import("../../app/lib/api.server");
  session: typeof import("../../app/lib/session.server");
};

beforeAll(async () => {
  let handle: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void = (_q, s) => s.end();
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${appUrl}/dev/idp`;
  const clientSecret = randomBytes(24).toString("base64url");
  // The web app reads these when it first signs someone in.
  Object.assign(process.env, {
    SESSION_SECRET: "identity-sign-in-test-secret-0123456789",
    APP_URL: appUrl,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: "keyfree-test",
    OIDC_CLIENT_SECRET: clientSecret,
  });
  t = await createTestApi({ identityProvider: { issuer, clientId: "keyfree-test" } });
  // Its storage and keys in the API's database, as web-server.ts mounts it.
  const idp = await createDevIdentityProvider({
    issuer,
    clientId: "keyfree-test",
    clientSecret,
    redirectUri: `${appUrl}/authenticate`,
    identities: [
      { email: TENANT.email, name: "Jude Test" },
      { email: "stranger@example.test", name: "Sam Stranger" },
    ],
    password: PASSWORD,
    appUrl,
    db: t.db,
  });
  handle = (req, res) => void idp.handle(req, res);
  await t.quickTenant({ email: TENANT.email, firstName: TENANT.firstName });
  routes = {
    login: await import("../../app/routes/auth/identity-login"),
    authenticate: await import("../../app/routes/auth/authenticate"),
    api: await import("../../app/lib/api.server"),
    session: await import("../../app/lib/session.server"),
  };
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function loaderArgs(path: string, cookie?: string) {
  const request = new Request(new URL(path, appUrl), { headers: cookie ? { cookie } : {} });
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const host = { baseUrl: "http://tenant-api.internal", fetch: async (r: Request) => t.api.fetch(r) };
  context.set(routes.api.apiContext, routes.api.createApi(host, { request, url }));
  return { request, url, context, params: {} } as never;
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

/** `/login`: the provider's authorization URL and the flow's cookie. */
async function startLogin() {
  const response = (await routes.login.loader(loaderArgs("/login"))) as Response;
  expect(response.status).toBe(302);
  const [flowCookie] = response.headers.getSetCookie();
  return { authorizeUrl: response.headers.get("location")!, flowCookie: cookiePair(flowCookie!) };
}

/** A browser at the identity provider: follows its redirects, keeps its cookies, submits its form; returns the callback URL. */
async function atProvider(authorizeUrl: string, choice: { email: string; password: string } | "cancel") {
  const jar = new Map<string, string>();
  const go = async (url: string, body?: URLSearchParams) => {
    const response = await fetch(url, {
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
  let response = await go(authorizeUrl);
  const interaction = new URL(response.headers.get("location")!, appUrl).href;
  response = await go(interaction);
  expect(response.status).toBe(200);
  const html = await response.text();
  const action = choice === "cancel" ? /action="([^"]+\/abort)"/.exec(html)![1]! : /action="([^"]+\/login)"/.exec(html)![1]!;
  const form = choice === "cancel" ? new URLSearchParams() : new URLSearchParams(choice);
  response = await go(new URL(action, appUrl).href, form);
  expect(response.status).toBe(303);
  response = await go(new URL(response.headers.get("location")!, appUrl).href);
  const callback = response.headers.get("location")!;
  expect(callback.startsWith(`${appUrl}/authenticate?`)).toBe(true);
  return callback;
}

async function callback(url: string, cookie?: string) {
  const response = (await routes.authenticate.loader(loaderArgs(url, cookie))) as Response;
  expect(response.status).toBe(302);
  return response;
}

describe("identity-provider sign-in", () => {
  it("signs a known tenant in with the session a password login makes, then refuses the same answer again", async () => {
    const { authorizeUrl, flowCookie } = await startLogin();
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const back = await atProvider(authorizeUrl, { email: TENANT.email, password: PASSWORD });
    expect(new URL(back).hash).toBe(""); // the code flow: no token in the URL
    const response = await callback(back, flowCookie);
    expect(response.headers.get("location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /^keyfree_oidc=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    const sessionCookie = cookies.map(cookiePair).find((c) => c.startsWith("keyfree_session="))!;
    const session = await routes.session.getSession(new Request(appUrl, { headers: { cookie: sessionCookie } }));
    expect(session.get("firstName")).toBe(TENANT.firstName);
    const me = await t.json("GET", "/me", undefined, session.get("accessToken"));
    expect(me).toMatchObject({ status: 200, body: { email: TENANT.email } });
    // The user id, kept for analytics (issue 26).
    expect(session.get("userId")).toBe(me.body.id);

    // The same answer replayed (the code is spent at the provider): not signed in.
    const replay = await callback(back, flowCookie);
    expect(replay.headers.get("location")).toBe("/unauthorised?reason=failed");
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("keyfree_session="))).toBe(false);
  });

  it("sends a verified identity with no Keyfree account to /unauthorised", async () => {
    const { authorizeUrl, flowCookie } = await startLogin();
    const back = await atProvider(authorizeUrl, { email: "stranger@example.test", password: PASSWORD });
    expect((await callback(back, flowCookie)).headers.get("location")).toBe("/unauthorised?reason=unknown");
  });

  it("refuses an answer whose state is not this browser's flow (another flow's cookie)", async () => {
    const first = await startLogin();
    const other = await startLogin();
    const back = await atProvider(first.authorizeUrl, { email: TENANT.email, password: PASSWORD });
    const response = await callback(back, other.flowCookie);
    expect(response.headers.get("location")).toBe("/unauthorised?reason=failed");
  });

  it("refuses an answer without the flow's cookie, or with a forged one", async () => {
    const { authorizeUrl } = await startLogin();
    const back = await atProvider(authorizeUrl, { email: TENANT.email, password: PASSWORD });
    expect((await callback(back)).headers.get("location")).toBe("/unauthorised?reason=expired");
    const forged = `keyfree_oidc=${Buffer.from(JSON.stringify({ state: "x", nonce: "y", codeVerifier: "z" })).toString("base64")}`;
    expect((await callback(back, forged)).headers.get("location")).toBe("/unauthorised?reason=expired");
  });

  it("says the sign-in was cancelled when the tenant cancels at the provider", async () => {
    const { authorizeUrl, flowCookie } = await startLogin();
    const back = await atProvider(authorizeUrl, "cancel");
    expect(new URL(back).searchParams.get("error")).toBe("access_denied");
    expect((await callback(back, flowCookie)).headers.get("location")).toBe("/unauthorised?reason=cancelled");
  });

  it("refuses a made-up callback, never answering 500", async () => {
    const { flowCookie } = await startLogin();
    for (const path of ["/authenticate", "/authenticate?code=abc&state=def", "/authenticate?error=server_error", "/authenticate?code[]=1"]) {
      const response = await callback(path, flowCookie);
      expect(response.headers.get("location")).toMatch(/^\/unauthorised\?reason=(failed|expired)$/);
    }
  });

  it("the provider refuses a wrong password on its own page, and the flow can go on", async () => {
    const { authorizeUrl } = await startLogin();
    const first = await fetch(authorizeUrl, { redirect: "manual" });
    const cookies = first.headers.getSetCookie().map(cookiePair).join("; ");
    const interaction = new URL(first.headers.get("location")!, appUrl).href;
    const wrong = await fetch(`${interaction}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookies, origin: appUrl },
      body: new URLSearchParams({ email: TENANT.email, password: "wrong" }),
    });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain("<title>Error: Sign in");
    expect(html).toContain("Wrong email or password");
    expect(html).toContain(`value="${TENANT.email}"`);
    const right = await fetch(`${interaction}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookies, origin: appUrl },
      body: new URLSearchParams({ email: TENANT.email, password: PASSWORD }),
    });
    expect(right.status).toBe(303);
  });
});
