import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { testSessionHandler } = await import("../../app/lib/test-session.server");
const { getSession } = await import("../../app/lib/session.server");

let t: TestApi;
let production: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  production = await createTestApi({ env: "production", opsEnabled: false });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

const apiOf = (api: TestApi) => (request: Request) => Promise.resolve(api.api.fetch(request));

function mintRequest(email: string, token: string | null) {
  return new Request("http://localhost/__ops/web-session", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === null ? {} : { "x-ops-token": token }) },
    body: JSON.stringify({ email }),
  });
}

async function tenant(api: TestApi, input: Record<string, unknown> = {}) {
  const created = await api.json("POST", "/ops/run/create-tenant", { firstName: "Mina", ...input }, undefined, { "x-ops-token": OPS_TOKEN });
  return created.body as { email: string };
}

describe("the browser tests' minted session (POST /__ops/web-session)", () => {
  it("with the ops token under NODE_ENV=test: the tenant's signed-in session cookie, whose token the API accepts", async () => {
    const { email } = await tenant(t);
    const res = await testSessionHandler("test", apiOf(t))(mintRequest(email, OPS_TOKEN));
    expect(res.status).toBe(204);
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const session = await getSession(new Request("http://localhost/", { headers: { cookie } }));
    expect(session.get("firstName")).toBe("Mina");
    const me = await t.json("GET", "/me", undefined, session.get("accessToken"));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    // The user id, as a sign-in keeps it (analytics names a consenting tenant by it, issue 26).
    expect(session.get("userId")).toBe(me.body.id);
  });

  it("refuses without the ops token, or with a wrong one", async () => {
    const { email } = await tenant(t);
    const mint = testSessionHandler("test", apiOf(t));
    for (const token of [null, "", "wrong-token-of-the-same-size"]) {
      const res = await mint(mintRequest(email, token));
      expect(res.status).toBe(404);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("refuses outside NODE_ENV=test, even with the token", async () => {
    const { email } = await tenant(t);
    for (const env of ["production", "development", undefined]) {
      const res = await testSessionHandler(env, apiOf(t))(mintRequest(email, OPS_TOKEN));
      expect(res.status).toBe(404);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("the API mints no token outside NODE_ENV=test, nor in production (no ops routes)", async () => {
    const dev = await createTestApi({ env: "development" });
    try {
      const { email } = await tenant(dev);
      expect((await testSessionHandler("test", apiOf(dev))(mintRequest(email, OPS_TOKEN))).status).toBe(404);
    } finally {
      await dev.close();
    }
    const res = await testSessionHandler("test", apiOf(production))(mintRequest("someone@example.test", OPS_TOKEN));
    expect(res.status).toBe(404);
  });

  it("no session for a tenant who must reset their password first", async () => {
    const { email } = await tenant(t, { requiresPasswordReset: true });
    const res = await testSessionHandler("test", apiOf(t))(mintRequest(email, OPS_TOKEN));
    expect(res.status).toBe(409);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
