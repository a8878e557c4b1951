import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Issue 41, scopes 2 and 3 (decision 0071): one claim page view is one trace, web → tenant API →
 * its queries; the trace id and the request id on every log line of the request and on the error
 * page; `traceparent` passed on to the API; no personal data in the log. Spans go to an in-memory
 * exporter; the web is the web server's own first middleware (server/lib/web-requests.ts) in front
 * of the claim pages' real middleware, its API client the app's (createApi) over the traced host.
 */
vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const captured = vi.hoisted(() => ({ text: [] as string[] }));
vi.mock("../../server/lib/log", async (importOriginal) => (await import("../helpers/captured-log")).logWritingTo(await importOriginal(), captured.text));

const { startTracing, traceApiCalls, requestReference } = await import("../../server/lib/tracing");
const { logAndMeasureWebRequests } = await import("../../server/lib/web-requests");
const { log } = await import("../../server/lib/log");
const { hostLoadContext, requestReferenceContext, IN_PROCESS_API_BASE } = await import("../../app/lib/host");
const { apiContext, createApi } = await import("../../app/lib/api.server");
const { claimMiddleware } = await import("../../app/routes/claims/+lib/claims.server");
const { createTestApi } = await import("../helpers/api");
const { buildWorld } = await import("../helpers/api-world");

const exporter = new InMemorySpanExporter();
let stopTracing: (() => Promise<void>) | null;
let t: Awaited<ReturnType<typeof createTestApi>>;
let world: Awaited<ReturnType<typeof buildWorld>>;
/** What the traced host sent to the API (its headers), as an HTTP host would send it. */
let sent: Request[] = [];

const lines = () =>
  captured.text
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);

/** The web tier: the web server's first middleware, then a claim page (the claims layout's middleware) or a page whose API call fails. */
function webApp() {
  const host = traceApiCalls({
    baseUrl: IN_PROCESS_API_BASE,
    fetch: async (request: Request) => {
      sent.push(request);
      return t.api.fetch(request);
    },
  });
  const routes = { root: { id: "root", path: "" }, claim: { id: "claim", parentId: "root", path: "claims/:claimId" } };
  const web = new Hono();
  web.use("*", logAndMeasureWebRequests(routes));
  web.all("*", async (c) => {
    const url = new URL(c.req.url);
    const context = hostLoadContext(host, { log, reference: requestReference() });
    context.set(apiContext, createApi(host, { request: c.req.raw, url, accessToken: c.req.header("x-test-token") }));
    try {
      if (url.pathname === "/broken") await context.get(apiContext).raw.GET("/__test/fails" as never, {} as never);
      else await claimMiddleware({ context, params: { claimId: url.pathname.split("/")[2] } });
      if (url.pathname === "/broken") throw new Error("the API failed");
      return c.text("the claim page");
    } catch (error) {
      if (error instanceof Response) return error;
      log.error("web error", { err: error });
      // What root.tsx's ErrorBoundary shows (its loader hands it the same context value).
      return c.text(`Something went wrong. Reference: ${context.get(requestReferenceContext)}`, 500);
    }
  });
  return web;
}

beforeAll(async () => {
  stopTracing = await startTracing("keyfree-web", { processor: new SimpleSpanProcessor(exporter) });
  t = await createTestApi();
  t.api.get("/__test/fails", () => {
    throw new Error("a fault in the API");
  });
  world = await buildWorld(t, "tracing");
}, 60_000);
afterAll(async () => {
  await t.close();
  await stopTracing?.();
});
beforeEach(() => {
  exporter.reset();
  captured.text.length = 0;
  sent = [];
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe("traces (issue 41, scope 2)", () => {
  it("a claim page view is one trace: the web's span, its API call, the API's span, the queries", async () => {
    const response = await webApp().request(`/claims/${world.claimId}`, { headers: { "x-test-token": world.token } });
    expect(response.status).toBe(200);
    const spans = exporter.getFinishedSpans();
    const web = spans.find((s) => s.name === "GET /claims/:claimId" && parentOf(s) === undefined)!;
    expect(web).toBeDefined();
    const call = spans.find((s) => s.name === "tenant API GET" && parentOf(s) === web.spanContext().spanId)!;
    expect(call).toBeDefined();
    const api = spans.find((s) => s.name === "GET /claims/:claimId" && parentOf(s) === call.spanContext().spanId)!;
    expect(api).toBeDefined();
    expect(api.attributes["http.route"]).toBe("/claims/:claimId");
    const queries = spans.filter((s) => s.name.startsWith("db ") && parentOf(s) === api.spanContext().spanId);
    expect(queries.map((s) => s.name)).toContain("db SELECT");
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([web.spanContext().traceId]));
    // No id, query text or value in any span: names and attributes only.
    expect(JSON.stringify(spans.map((s) => [s.name, s.attributes]))).not.toContain(world.claimId);
    expect(JSON.stringify(spans.map((s) => [s.name, s.attributes]))).not.toMatch(/select |where /i);
  });

  it("passes traceparent on: the web continues an incoming trace and the API continues the web's call", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const response = await webApp().request(`/claims/${world.claimId}`, {
      headers: { "x-test-token": world.token, traceparent: `00-${traceId}-00f067aa0ba902b7-01`, "x-request-id": "proxy-req-41" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("proxy-req-41");
    const call = exporter.getFinishedSpans().find((s) => s.name === "tenant API GET")!;
    expect(call.spanContext().traceId).toBe(traceId);
    expect(sent[0]!.headers.get("traceparent")).toBe(`00-${traceId}-${call.spanContext().spanId}-01`);
    expect(sent[0]!.headers.get("x-request-id")).toBe("proxy-req-41");
    const web = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === parentOf(call))!;
    expect(parentOf(web)).toBe("00f067aa0ba902b7");
  });

  it("a request that fails: its trace id on the error page and in every log line, web and API", async () => {
    const response = await webApp().request("/broken");
    expect(response.status).toBe(500);
    const web = exporter.getFinishedSpans().find((s) => parentOf(s) === undefined)!;
    expect(web.name).not.toContain("broken".toUpperCase());
    const traceId = web.spanContext().traceId;
    expect(await response.text()).toContain(`Reference: ${traceId}`);
    const written = lines();
    expect(written.map((l) => l.msg)).toEqual(expect.arrayContaining(["api error", "api request", "web error", "web request"]));
    for (const line of written) expect(line).toMatchObject({ traceId, requestId: response.headers.get("x-request-id") });
  });

  it("an x-request-id that is not a safe token is replaced by a new one", async () => {
    const response = await webApp().request("/claims/none", { headers: { "x-request-id": "a b<script>" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
