import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { HOSTILE_REDIRECTS } from "../fixtures/redirect-payloads";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, createApi } = await import("../../app/lib/api.server");
const { action } = await import("../../app/routes/auth/login");
const { middleware } = await import("../../app/root");

/** An API that signs anyone in (the login and the greeting's `me`). */
const host = {
  baseUrl: "http://api.test",
  fetch: async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === "/auth/login") return Response.json({ accessToken: "token-1", requiresReset: false });
    if (path === "/me") return Response.json({ firstName: "Mina" });
    return Response.json({ message: "Not found" }, { status: 404 });
  },
};

/** Posts the login form to /auth/login?redirectTo=<target> (the query as a browser would encode it). */
async function signIn(target: string): Promise<Response> {
  const url = new URL(`http://localhost/auth/login?redirectTo=${encodeURIComponent(target)}`);
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "mina@example.test", password: "Keyfree-demo-1" }),
  });
  const context = new RouterContextProvider();
  context.set(apiContext, createApi(host, { request, url }));
  try {
    return (await action({ request, url, context, params: {} } as never)) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("the login form's way back (?redirectTo, issue 23 scope 2)", () => {
  it("signs in and goes back to a path on this site", async () => {
    const response = await signIn("/claims/abc?x=1#y");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/claims/abc?x=1#y");
    expect(response.headers.get("set-cookie")).toContain("keyfree_session=");
  });

  it.each(HOSTILE_REDIRECTS.map((payload) => [JSON.stringify(payload).slice(0, 60), payload]))(
    "%s: signs in and goes home, never a 500",
    async (_label, payload) => {
      const response = await signIn(payload);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it("?clear_session on a path a browser reads as another site goes home, not there", async () => {
    for (const path of ["//evil.example", "/\\evil.example", "/%09/evil.example"]) {
      const url = new URL(`http://localhost${path}?clear_session`);
      expect(url.pathname.startsWith("/")).toBe(true);
      const request = new Request(url);
      let thrown: unknown;
      try {
        for (const run of middleware) await run({ request, url, context: new RouterContextProvider(), params: {} } as never, async () => undefined as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe("/");
    }
  });
});
