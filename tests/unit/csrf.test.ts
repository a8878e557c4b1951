import { describe, expect, it } from "vitest";
import { assertCsrf } from "../../app/lib/csrf.server";
import { commitSession, ensureCsrfToken, getSession } from "../../app/lib/session.server";

async function sessionCookie() {
  const session = await getSession(new Request("http://localhost/"));
  const { token } = ensureCsrfToken(session);
  const setCookie = await commitSession(session);
  return { token, cookie: setCookie.split(";")[0]! };
}

function post(body: string, headers: Record<string, string>) {
  return new Request("http://localhost:3000/auth/login", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000", ...headers },
  });
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("CSRF (every state-changing post carries the session's token)", () => {
  it("lets a same-origin post with the session's token through", async () => {
    const { token, cookie } = await sessionCookie();
    const req = post(`csrf=${token}&email=a`, { cookie, origin: "http://localhost:3000" });
    expect(await statusOf(assertCsrf(req))).toBe(200);
    // The body is still there for the action.
    expect((await req.formData()).get("email")).toBe("a");
  });

  it("lets the offline card sandbox's own-site calls through without a token, but not another site's", async () => {
    const sandboxPost = (origin: string) =>
      new Request("http://localhost:3000/stripe-sandbox/v1/payment_methods", {
        method: "POST",
        body: "type=card",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000", origin },
      });
    expect(await statusOf(assertCsrf(sandboxPost("http://localhost:3000")))).toBe(200);
    expect(await statusOf(assertCsrf(sandboxPost("https://evil.example")))).toBe(403);
  });

  it.each([
    ["no token", (t: string) => "email=a"],
    ["a wrong token", (t: string) => `csrf=${t.slice(1)}x&email=a`],
    ["an empty token", (t: string) => "csrf=&email=a"],
  ])("refuses %s with 403", async (_name, body) => {
    const { token, cookie } = await sessionCookie();
    expect(await statusOf(assertCsrf(post(body(token), { cookie })))).toBe(403);
  });

  it("refuses the right token without the session it belongs to", async () => {
    const { token } = await sessionCookie();
    expect(await statusOf(assertCsrf(post(`csrf=${token}`, {})))).toBe(403);
  });

  it.each([
    ["another origin", { origin: "https://evil.example" }],
    ["an opaque origin", { origin: "null" }],
    ["a cross-site fetch", { "sec-fetch-site": "cross-site" }],
  ])("refuses a post from %s even with the right token", async (_name, headers) => {
    const { token, cookie } = await sessionCookie();
    expect(await statusOf(assertCsrf(post(`csrf=${token}`, { cookie, ...headers })))).toBe(403);
  });

  it("never checks GET requests", async () => {
    expect(await statusOf(assertCsrf(new Request("http://localhost/")))).toBe(200);
  });
});
