/**
 * The web server's first middleware: one JSON line per request (not for static assets) and the
 * request's figures (server/lib/metrics.ts) by route PATTERN, never the path (issue 41, decision
 * 0070): a page's from the build's route table (/claims/:claimId), anything else's from Hono's
 * own routes (/assets/*, /healthz, /webhooks/stripe); a public file is "static file".
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { observeRequest } from "./metrics";
import { CLIENT_CLOSED_REQUEST, logRequest } from "./request-log";
import { routePatterns, type RouteTableEntry } from "./route-patterns";

const FILE = /\.[a-z0-9]+$/i;

export function logAndMeasureWebRequests(routes: Readonly<Record<string, RouteTableEntry | undefined>>): MiddlewareHandler {
  const pageRoute = routePatterns(routes);
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const path = c.req.path;
    const status = c.res.status;
    // Hono's pattern of the handler that answered; "*" for the pages (and the public files).
    const hono = routePath(c);
    const route = hono !== "*" && hono !== "/*" ? hono : FILE.test(path) && !path.endsWith(".data") ? "static file" : pageRoute(path);
    observeRequest("web", c.req.method, route, c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : status, ms);
    // A request the client gave up on is logged as 499, not as the 500 nobody received.
    if (!path.startsWith("/assets/")) logRequest(c.req.raw, "web request", { method: c.req.method, path, status, ms: Math.round(ms) });
  };
}
