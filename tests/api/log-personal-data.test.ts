import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * Issue 41, scope 3: no personal data in the log. Each kind is planted in requests (an e-mail
 * address and a wrong password at sign-in, a name in a form, a password-reset token in a URL's
 * query, a card number in a body, a bearer token, a cookie), through the web server's first
 * middleware and the tenant API, failing requests too, and none is found in what was logged,
 * while every line carries its request id.
 */
const captured = vi.hoisted(() => ({ text: [] as string[] }));
vi.mock("../../server/lib/log", async (importOriginal) => (await import("../helpers/captured-log")).logWritingTo(await importOriginal(), captured.text));

const { traceApiCalls } = await import("../../server/lib/tracing");
const { logAndMeasureWebRequests } = await import("../../server/lib/web-requests");
const { log } = await import("../../server/lib/log");
const { createTestApi } = await import("../helpers/api");

const PLANTED = {
  email: "planted.tenant41@example.test",
  firstName: "Zebediah",
  lastName: "Quartermaine",
  password: "Planted-Wrong-Password-41",
  resetToken: "PlantedResetToken41_abcdefghijklmnopqrstuvw",
  card: "4242 4242 4242 4242",
  cardDigits: "4242424242424242",
  bearer: "planted41bearer0123456789abcdef",
  cookie: "planted41cookievalue9876543210",
};

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  // A fault whose message names the tenant's e-mail address (as a provider's error might).
  t.api.post("/__test/send-fails", () => {
    throw new Error(`the provider refused the message to ${PLANTED.email}`);
  });
});
afterAll(() => t.close());

/** The web server's first middleware, its page handler passing the form on to the API as the app's actions do. */
function webApp() {
  const host = traceApiCalls({ baseUrl: "http://tenant-api.internal", fetch: async (request: Request) => t.api.fetch(request) });
  const web = new Hono();
  web.use("*", logAndMeasureWebRequests({ root: { id: "root", path: "" } }));
  web.all("*", async (c) => {
    const form = c.req.method === "POST" ? await c.req.parseBody() : {};
    const answer = await host.fetch(
      new Request(`http://tenant-api.internal${c.req.path === "/login" ? "/auth/login" : "/__test/send-fails"}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${PLANTED.bearer}` },
        body: JSON.stringify(form),
      }),
    );
    if (answer.status >= 500) log.error("web error", { err: new Error(`the API failed for ${String(form.email)}`) });
    return c.text("page", answer.status >= 500 ? 500 : 200);
  });
  return web;
}

describe("no personal data in the log (issue 41, scope 3)", () => {
  it("finds none of the planted e-mail, name, password, reset token, card number, bearer token or cookie", async () => {
    const web = webApp();
    const cookie = `keyfree_session=${PLANTED.cookie}; keyfree_flash=${PLANTED.firstName}`;
    // Sign-in with an e-mail address and a wrong password, as a form to the web and as JSON to the API.
    await web.request("/login", { method: "POST", headers: { cookie }, body: new URLSearchParams({ email: PLANTED.email, password: PLANTED.password }) });
    expect((await t.json("POST", "/auth/login", { email: PLANTED.email, password: PLANTED.password })).status).toBe(401);
    // A form with a name and a card number in it, to a page whose API call fails.
    const fields = { email: PLANTED.email, firstName: PLANTED.firstName, lastName: PLANTED.lastName, card: PLANTED.card };
    expect((await web.request("/about-you", { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) })).status).toBe(500);
    // A password-reset link's token (and e-mail) in the query, to the web and to the API.
    const query = `token=${PLANTED.resetToken}&email=${encodeURIComponent(PLANTED.email)}`;
    await web.request(`/reset-password?${query}`, { headers: { cookie } });
    await t.json("GET", `/auth/reset-password?${query}`);
    // A card number in a body the API refuses, a bearer token it does not know, a cookie.
    await t.json("POST", "/auth/reset-password-request", { email: PLANTED.email, cardNumber: PLANTED.cardDigits, note: PLANTED.card });
    expect((await t.json("GET", "/me", undefined, PLANTED.bearer, { cookie })).status).toBe(401);

    const written = captured.text.join("");
    const lines = written.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) expect(line.requestId).toEqual(expect.any(String));
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["web request", "api request", "web error", "api error"]));
    for (const [kind, value] of Object.entries(PLANTED)) {
      expect(written.includes(value) ? kind : null).toBeNull();
      expect(written.toLowerCase().includes(encodeURIComponent(value).toLowerCase()) ? kind : null).toBeNull();
    }
  });
});
