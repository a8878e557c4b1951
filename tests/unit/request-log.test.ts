import { Writable } from "node:stream";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/lib/log";
import { abortedRequestAnswer, CLIENT_CLOSED_REQUEST, logRequest } from "../../server/lib/request-log";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "debug", destination }) };
}

/** A server like web-server.ts: one line per request, errors logged and answered 500. */
function server(logger: ReturnType<typeof createLogger>, handler: (controller: AbortController) => Response | Promise<Response>) {
  const controller = new AbortController();
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    logRequest(c.req.raw, "web request", { method: c.req.method, path: c.req.path, status: c.res.status }, logger);
  });
  app.get("/page", () => handler(controller));
  app.onError((error, c) => {
    const aborted = abortedRequestAnswer(c.req.raw, error, logger);
    if (aborted) return aborted;
    logger.error({ error: String(error) }, "web error");
    return c.text("Something went wrong", 500);
  });
  return { request: () => app.request(new Request("http://localhost/page", { signal: controller.signal })) };
}

describe("request log: a client that went away", () => {
  it("is logged as 499 at info level, not as the 500 the handler gave no one", async () => {
    const { lines, logger } = capture();
    const s = server(logger, (controller) => {
      controller.abort(new Error("Client connection prematurely closed."));
      return new Response("Unexpected Server Error", { status: 500 });
    });
    await s.request();
    expect(lines).toEqual([expect.objectContaining({ level: "info", msg: "web request", status: CLIENT_CLOSED_REQUEST, aborted: true })]);
  });

  it("an error thrown because of the abort is not logged as an error", async () => {
    const { lines, logger } = capture();
    const s = server(logger, (controller) => {
      controller.abort(new Error("Client connection prematurely closed."));
      throw new DOMException("This operation was aborted", "AbortError");
    });
    expect((await s.request()).status).toBe(CLIENT_CLOSED_REQUEST);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ level: "info", msg: "web request", status: CLIENT_CLOSED_REQUEST });
  });

  it("a request still connected keeps its status, and a real failure is still an error", async () => {
    const { lines, logger } = capture();
    const ok = server(logger, () => new Response("fine"));
    await ok.request();
    expect(lines.at(-1)).toMatchObject({ level: "info", status: 200 });
    expect(lines.at(-1)).not.toHaveProperty("aborted");
    const failing = server(logger, () => {
      throw new Error("boom");
    });
    expect((await failing.request()).status).toBe(500);
    expect(lines.at(-2)).toMatchObject({ level: "error", msg: "web error" });
    expect(lines.at(-1)).toMatchObject({ level: "error", status: 500 });
  });
});

describe("request log: levels (issue 23, scope 6)", () => {
  it("logs a refusal (4xx) at info, never at error, and a fault (5xx) at error", async () => {
    const { lines, logger } = capture();
    const statuses = [200, 204, 302, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502, 503];
    for (const status of statuses) {
      const s = server(logger, () => new Response(null, { status }));
      await s.request();
    }
    const levels = Object.fromEntries(lines.map((l) => [l.status, l.level]));
    expect(levels).toEqual(Object.fromEntries(statuses.map((status) => [status, status >= 500 ? "error" : "info"])));
  });
});

describe("request log: a load balancer's probes", () => {
  it("a passing /healthz or /readyz is logged at debug; a failing one, and any other page, as usual", () => {
    const { lines, logger } = capture();
    const log = (path: string, status: number) =>
      logRequest(new Request(`http://localhost${path}`), "web request", { method: "GET", path, status }, logger);
    log("/healthz", 200);
    log("/readyz", 200);
    log("/readyz", 503);
    log("/", 200);
    expect(lines.map((l) => [l.level, l.path, l.status])).toEqual([
      ["debug", "/healthz", 200],
      ["debug", "/readyz", 200],
      ["error", "/readyz", 503],
      ["info", "/", 200],
    ]);
  });
});
