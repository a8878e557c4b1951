import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";

/**
 * The web app's pages, read from its route table (app/routes.ts) so that the gates that walk
 * them (tenant isolation, never 500 for bad posts) cover a new route the day it is added.
 */
export type WebRoute = {
  /** The full path pattern, e.g. "/checkout/:orderId/:customerId". */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  index: boolean;
  /** The module exports an action (it takes posts). */
  hasAction: boolean;
  /** The module renders a page (a default export); without one it is a resource route (JSON, files). */
  isPage: boolean;
  /** The path's dynamic segments, e.g. ["orderId", "customerId"]; a splat is "*". */
  params: string[];
};

const exportsName = (source: string, name: string) =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(
    source,
  );

function flatten(entries: RouteConfigEntry[], parent: string): WebRoute[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    const own: WebRoute[] = [];
    if (entry.path !== undefined || entry.index) {
      const source = readFileSync(path.join("app", entry.file), "utf8");
      own.push({
        path: full || "/",
        file: entry.file,
        index: Boolean(entry.index),
        hasAction: exportsName(source, "action"),
        isPage: /export\s+default\b/.test(source),
        params: (full.match(/:[A-Za-z0-9_]+\??|\*/g) ?? []).map((p) => p.replace(/^:/, "").replace(/\?$/, "")),
      });
    }
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

export const webRoutes: WebRoute[] = flatten(routes, "");

/** The route's URL with each dynamic segment given by `value` (a splat too). */
export function fillPath(route: WebRoute, value: (param: string) => string): string {
  const filled = route.path
    .replace(/:([A-Za-z0-9_]+)\??/g, (_m, name: string) => encodeURIComponent(value(name)))
    .replace(/\*$/, value("*"));
  return route.index ? `${filled}?index` : filled;
}

/**
 * Routes answered without login whose id is guarded by the recipient's token in the query, not
 * by a signed-in tenant (part 2 §6): the isolation gate opens them with a wrong token and with a
 * made-up id instead. The value names the query parameter carrying the token; null marks a page
 * that shows the same words to anyone and nothing of the record (the offer's thank-you pages).
 */
export const TOKEN_SCOPED_ROUTES: Record<string, string | null> = {
  "/keyfree-offer/:keyfreeOfferId": "token",
  "/keyfree-offer/:keyfreeOfferId/rejected": "token",
  "/keyfree-offer/:keyfreeOfferId/accepted": null,
  "/keyfree-offer/:keyfreeOfferId/reason-given": null,
};
