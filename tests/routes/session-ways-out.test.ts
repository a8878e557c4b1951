import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * Issue 23, scope 4: every way out of a session revokes its token at the API, the CSRF token
 * changes at sign-in, and the session cookie holds nothing the browser can read.
 */
vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["ways-out-test-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const session = await import("../../app/lib/session.server");
const apiServer = await import("../../app/lib/api.server");
const hostModule = await import("../../app/lib/host");
const login = await import("../../app/routes/auth/login");
const root = await import("../../app/root");

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t.close();
});

const APP = "http://localhost";
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const host = () => ({ baseUrl: "http://tenant-api.internal", fetch: async (r: Request) => t.api.fetch(r) });

async function read(cookie: string | undefined) {
  return session.getSession(new Request(`${APP}/`, { headers: cookie ? { cookie } : {} }));
}

function args(path: string, cookie: string | undefined, body?: URLSearchParams) {
  const request = new Request(new URL(path, APP), {
    method: body ? "POST" : "GET",
    body,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
  });
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  context.set(hostModule.hostApiContext, host() as never);
  return { request, url, context, params: {} } as never;
}

/** The login form's action, as the root middleware would run it (API client with the session's token). */
async function signInThroughForm(email: string, cookie?: string): Promise<string> {
  const a = args("/auth/login", cookie, new URLSearchParams({ email, password: DEMO_PASSWORD })) as {
    request: Request;
    url: URL;
    context: RouterContextProvider;
  };
  const current = await read(cookie);
  a.context.set(apiServer.apiContext, apiServer.createApi(host() as never, { request: a.request, url: a.url, accessToken: current.get("accessToken") }));
  const response = (await login.action(a as never)) as Response;
  expect(response.status).toBe(302);
  return cookiePair(response.headers.getSetCookie().find((c) => c.startsWith("keyfree_session="))!);
}

const meStatus = async (token: string | undefined) => (await t.json("GET", "/me", undefined, token)).status;

describe("signing in (the login form)", () => {
  it("signing in as someone else in the same browser revokes the first person's token, and the CSRF token changes", async () => {
    const first = await t.signedInTenant();
    const second = await t.signedInTenant();
    // A visitor's session before signing in: a CSRF token only.
    const visitor = await session.sessionStorage.getSession(null);
    const csrfBefore = session.ensureCsrfToken(visitor).token;
    const visitorCookie = cookiePair(await session.commitSession(visitor));

    const firstCookie = await signInThroughForm(first.email, visitorCookie);
    const firstSession = await read(firstCookie);
    const firstToken = firstSession.get("accessToken")!;
    expect(await meStatus(firstToken)).toBe(200);
    expect(firstSession.get("csrf")).toBeTruthy();
    expect(firstSession.get("csrf")).not.toBe(csrfBefore);

    const secondCookie = await signInThroughForm(second.email, firstCookie);
    const secondSession = await read(secondCookie);
    expect(await meStatus(secondSession.get("accessToken"))).toBe(200);
    // The first token, replayed: refused.
    expect(await meStatus(firstToken)).toBe(401);
    expect(secondSession.get("csrf")).not.toBe(firstSession.get("csrf"));
    expect(secondSession.get("firstName")).not.toBe(firstSession.get("firstName"));
    // Each session names its own user (analytics' distinct id, issue 26).
    expect(firstSession.get("userId")).toBe(first.userId);
    expect(secondSession.get("userId")).toBe(second.userId);
  });
});

describe("?clear_session", () => {
  it("revokes the session's token at the API, so a replayed cookie opens nothing", async () => {
    const tenant = await t.quickTenant();
    const s = await session.sessionStorage.getSession(null);
    s.set("accessToken", tenant.token);
    s.set("firstName", "Q");
    const cookie = cookiePair(await session.commitSession(s));
    expect(await meStatus(tenant.token)).toBe(200);

    const clearSession = root.middleware[1]!;
    const a = args("/keyfrees?clear_session", cookie) as { request: Request; url: URL; context: RouterContextProvider };
    const thrown = await Promise.resolve(clearSession(a as never, async () => undefined as never)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/keyfrees");
    expect(await meStatus(tenant.token)).toBe(401);
    // The replayed cookie still carries the token, which the API no longer accepts.
    expect((await read(cookie)).get("accessToken")).toBe(tenant.token);
  });
});

describe("the session cookie", () => {
  const token = "tok_" + "x".repeat(20) + "SecretBearerValue0123456789";

  async function sealed(storage: ReturnType<typeof session.createEncryptedCookieSessionStorage>) {
    const s = await storage.getSession(null);
    s.set("accessToken", token);
    s.set("firstName", "Mina");
    s.set("csrf", "csrf-value");
    return cookiePair(await storage.commitSession(s));
  }

  it("holds neither the token nor its base64, in any form the browser can read", async () => {
    const cookie = await sealed(session.sessionStorage);
    const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
    expect(value).not.toContain(token);
    expect(value).not.toContain(Buffer.from(token).toString("base64").slice(0, 24));
    const decoded = Buffer.from(value, "base64").toString("utf8");
    expect(decoded).not.toContain(token);
    expect(decoded).not.toContain("Mina");
    expect((await read(cookie)).get("accessToken")).toBe(token);
  });

  it("a modified cookie is no session", async () => {
    const cookie = await sealed(session.sessionStorage);
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1))];
    const inner = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as string;
    const parts = inner.split(".");
    const sealedBytes = Buffer.from(parts[2]!, "base64url");
    sealedBytes[0] = sealedBytes[0]! ^ 1;
    parts[2] = sealedBytes.toString("base64url");
    const tampered = `${name}=${encodeURIComponent(Buffer.from(JSON.stringify(parts.join("."))).toString("base64"))}`;
    expect((await read(tampered)).get("accessToken")).toBeUndefined();
    for (const junk of [`${name}=`, `${name}=abc`, `${name}=${Buffer.from('"v1.a.b.c"').toString("base64")}`]) {
      expect((await read(junk)).get("accessToken")).toBeUndefined();
    }
  });

  it("keeps reading an old secret's cookie after rotation (new secret first), and writes with the new one", async () => {
    const options = { name: "keyfree_session", maxAge: 60 };
    const before = session.createEncryptedCookieSessionStorage(["old-secret-0123456789-0123456789"], options);
    const after = session.createEncryptedCookieSessionStorage(["new-secret-0123456789-0123456789", "old-secret-0123456789-0123456789"], options);
    const newOnly = session.createEncryptedCookieSessionStorage(["new-secret-0123456789-0123456789"], options);
    const oldCookie = await sealed(before);
    expect((await after.getSession(oldCookie)).get("accessToken")).toBe(token);
    expect((await newOnly.getSession(oldCookie)).get("accessToken")).toBeUndefined();
    const newCookie = await sealed(after);
    expect((await newOnly.getSession(newCookie)).get("accessToken")).toBe(token);
    expect((await before.getSession(newCookie)).get("accessToken")).toBeUndefined();
  });

  it("stays under the browser's 4 KB with a long dispute counter", async () => {
    const s = await session.sessionStorage.getSession(null);
    s.set("accessToken", token);
    s.set("firstName", "M".repeat(100));
    s.set("csrf", "c".repeat(43));
    s.set("disputeSteps", Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`claim-${i}-${"0".repeat(20)}`, { backs: 3, back: true }])));
    expect((await session.commitSession(s)).length).toBeLessThan(4096);
  });
});

describe("the login form when the sign-in is locked (issue 23, scope 5)", () => {
  it("shows the API's words with the time to wait, on a 429, and keeps the e-mail typed", async () => {
    const tenant = await t.signedInTenant();
    const a = () => {
      const made = args("/auth/login", undefined, new URLSearchParams({ email: tenant.email, password: "not-it" })) as {
        request: Request;
        url: URL;
        context: RouterContextProvider;
      };
      made.context.set(apiServer.apiContext, apiServer.createApi(host() as never, { request: made.request, url: made.url }));
      return made;
    };
    // Each wrong password after the slow-down's longest wait (8 s), so the fifth locks the pair.
    for (let i = 0; i < 5; i += 1) {
      await login.action(a() as never);
      t.clock.advance(8_000);
    }
    const locked = (await login.action(a() as never).finally(() => t.clock.advance(-40_000))) as unknown as {
      init: { status: number };
      data: { error: Record<string, string[]>; initialValue?: Record<string, unknown> };
    };
    expect(locked.init.status).toBe(429);
    expect(JSON.stringify(locked.data)).toContain("Too many attempts to sign in. Please try again in 15 minutes, or reset your password.");
    expect(JSON.stringify(locked.data)).toContain(tenant.email);
  });
});
