import { createRequestHandler, type ServerBuild } from "react-router";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server";
import { hostLoadContext, type HostApi, type HostLog } from "../../app/lib/host";
import { createLogger, logFunctions } from "../../server/lib/log";

/**
 * Issue 23, scope 6, in the web: React Router's errors reach the host's logger through
 * entry.server's handleError (one JSON line, the error in `err`), never console.error's plain
 * text; its refusals (405 for a post to a page without an action, 404) are logged at info.
 * React Router's real request handler runs over a build of three routes, with the real handleError.
 */
function capture() {
  const events: Array<{ level: string; msg: string; fields: Record<string, any> }> = [];
  const log = Object.fromEntries(
    (["debug", "info", "warn", "error"] as const).map((level) => [
      level,
      (msg: string, fields: Record<string, unknown> = {}) => void events.push({ level, msg, fields }),
    ]),
  ) as unknown as HostLog;
  return { events, log };
}

const page = () => null;
const routeModule = (module: Record<string, unknown>) => ({ default: page, ...module });
const route = (id: string, path: string | undefined, module: Record<string, unknown>, parentId?: string) => ({
  id,
  path,
  parentId,
  index: undefined,
  caseSensitive: undefined,
  module: routeModule(module) as never,
});

const build = {
  entry: {
    module: {
      // The page itself is not what is tested: a stand-in renderer, the real handleError.
      default: (_request: Request, status: number) => new Response("page", { status }),
      handleError,
    },
  },
  routes: {
    root: route("root", "", { ErrorBoundary: page }),
    page: route("page", "page", { loader: () => "ok" }, "root"),
    broken: route(
      "broken",
      "broken",
      {
        loader: () => {
          throw new Error("the API's answer could not be read");
        },
      },
      "root",
    ),
  },
  assets: {
    entry: { module: "/entry.js", imports: [] },
    routes: Object.fromEntries(
      ["root", "page", "broken"].map((id) => [id, { id, module: `/${id}.js`, hasLoader: id !== "root", hasAction: false, hasErrorBoundary: id === "root" }]),
    ),
    url: "/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v8_middleware: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const api: HostApi = { baseUrl: "http://api.internal", fetch: () => Promise.reject(new Error("no API here")) };

async function send(log: HostLog, path: string, init: RequestInit = {}) {
  const handle = createRequestHandler(build, "production");
  return handle(new Request(`http://localhost${path}`, init), hostLoadContext(api, { log }));
}

describe("the web's error log (issue 23, scope 6)", () => {
  it("a post to a page without an action (405) is logged at info with its reason, not as an error", async () => {
    const { events, log } = capture();
    const response = await send(log, "/page", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(response.status).toBe(405);
    expect(events).toEqual([
      {
        level: "info",
        msg: "web request refused",
        fields: { method: "POST", path: "/page", status: 405, reason: expect.stringContaining("did not provide an `action`") },
      },
    ]);
  });

  it("no such page (404) is logged at info, not as an error", async () => {
    const { events, log } = capture();
    expect((await send(log, "/no-such-page")).status).toBe(404);
    expect(events.map((e) => [e.level, e.fields.status])).toEqual([["info", 404]]);
  });

  it("a post whose Origin does not match is refused (400) and logged at info", async () => {
    const { events, log } = capture();
    const response = await send(log, "/page", { method: "POST", headers: { origin: "https://localhost" }, body: new URLSearchParams({ a: "1" }) });
    expect(response.status).toBe(400);
    expect(events.map((e) => [e.level, e.msg, e.fields.status])).toEqual([["info", "web request refused", 400]]);
  });

  it("a loader that fails is logged at error with the error itself in `err` (the host's logger puts its stack in err.stack)", async () => {
    const { events, log } = capture();
    expect((await send(log, "/broken")).status).toBe(500);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: "error", msg: "web error", fields: { method: "GET", path: "/broken" } });
    expect(events[0]!.fields.err).toBeInstanceOf(Error);
    expect((events[0]!.fields.err as Error).message).toBe("the API's answer could not be read");
  });

  it("through the servers' logger (web-server.ts gives it): one JSON line, the stack in err.stack", async () => {
    const text: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        text.push(String(chunk));
        done();
      },
    });
    await send(logFunctions(createLogger({ level: "debug", destination })), "/broken");
    const lines = text.join("").trim().split("\n");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "error", msg: "web error", path: "/broken", err: { type: "Error", message: "the API's answer could not be read" } });
    expect(line.err.stack).toMatch(/^Error: the API's answer could not be read\n\s+at /);
  });

  it("a request the client gave up on logs nothing here (its request line says 499)", async () => {
    const { events, log } = capture();
    const controller = new AbortController();
    controller.abort();
    await send(log, "/broken", { signal: controller.signal }).catch(() => undefined);
    expect(events.filter((e) => e.level === "error")).toEqual([]);
  });
});
