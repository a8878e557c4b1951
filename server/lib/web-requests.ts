/**
 * The web server's first middleware: one JSON line per request (not for static assets) and the
 * request's figures (server/lib/metrics.ts) by route PATTERN, never the path (issue 41, decision
 * 0070): a page's from the build's route table (/claims/:claimId), anything else's from Hono's
 * own routes (/assets/*, /healthz, /webhooks/stripe); a public file is "static file".
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { observeRequest } from "./metrics";
import { CLIENT_CLOSED_REQUEST, logRequest } from "./request-log";
import { setResponseHeader } from "./response-headers";
import { routePatterns, type RouteTableEntry } from "./route-patterns";
import { inRequestScope, nameRequestSpan } from "./tracing";

const FILE = /\.[a-z0-9]+$/i;

export function logAndMeasureWebRequests(routes: Readonly<Record<string, RouteTableEntry | undefined>>): MiddlewareHandler {
  const pageRoute = routePatterns(routes);
  // Each request in its scope (server/lib/tracing.ts): its request id on every log line and as
  // a response header, and with tracing on its server span, named by the route pattern below.
  return (c, next) =>
    inRequestScope(c.req.raw, async (scope) => {
      const started = performance.now();
      await next();
      // Not on a response a handler wrote itself (the development identity provider's): it is sent.
      if (c.res !== RESPONSE_ALREADY_SENT) setResponseHeader(c, "x-request-id", scope.requestId);
      const ms = performance.now() - started;
      const path = c.req.path;
      const status = c.res.status;
      // Hono's pattern of the handler that answered; "*" for the pages (and the public files).
      const hono = routePath(c);
      const route = hono !== "*" && hono !== "/*" ? hono : FILE.test(path) && !path.endsWith(".data") ? "static file" : pageRoute(path);
      observeRequest("web", c.req.method, route, c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : status, ms);
      nameRequestSpan(scope, c.req.method, route, status);
      // A request the client gave up on is logged as 499, not as the 500 nobody received.
      if (!path.startsWith("/assets/")) logRequest(c.req.raw, "web request", { method: c.req.method, path, status, ms: Math.round(ms) });
    });
}
