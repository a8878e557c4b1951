/**
 * The web app's route PATTERN for a request's path (issue 41, decision 0070): what the request
 * metrics label a page with, never the path itself (ids would make a series per claim).
 *
 * Compiled once from the build's route table (React Router's `build.routes`: each route's id,
 * parent and path), ranked as React Router ranks them (a static segment above a dynamic one, a
 * splat last), so `/claims/4f1…` is `/claims/:claimId` and an unknown path the catch-all `/*`.
 * Per request: one pass over the precompiled regular expressions of the patterns that share the
 * path's first segment, no allocation of the table.
 */
export type RouteTableEntry = { id: string; parentId?: string; path?: string; index?: boolean };

const PARAM = /^:[\w-]+$/;

/** React Router's own ranking (its computeScore): more and more specific segments first. */
function score(pattern: string, index: boolean): number {
  const segments = pattern.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

function matcher(pattern: string): RegExp {
  const segments = pattern.split("/").filter((s) => s !== "");
  let source = "";
  for (const segment of segments) {
    if (segment === "*") source += "(?:/.*)?";
    else if (PARAM.test(segment)) source += "/[^/]+";
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`^${source}/?$`, "i");
}

/** From the build's route table, a function from a request's path to its route pattern ("unmatched" when none). */
export function routePatterns(routes: Readonly<Record<string, RouteTableEntry | undefined>>): (pathname: string) => string {
  const byId = new Map(Object.values(routes).flatMap((r) => (r ? [[r.id, r] as const] : [])));
  const fullPath = (route: RouteTableEntry): string => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    const own = (route.path ?? "").replace(/^\/+|\/+$/g, "");
    const above = parent ? fullPath(parent) : "";
    return [above, own].filter(Boolean).join("/");
  };
  const seen = new Set<string>();
  const ranked: { pattern: string; score: number; order: number; regex: RegExp }[] = [];
  for (const route of byId.values()) {
    const pattern = `/${fullPath(route)}`;
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    ranked.push({ pattern, score: score(pattern, route.index === true), order: ranked.length, regex: matcher(pattern) });
  }
  ranked.sort((a, b) => b.score - a.score || a.order - b.order);
  // Indexed by the first segment, so a request tries only the patterns that could match it (the
  // claim page's path, the "claims" ones): a pattern whose first segment is a parameter or a
  // splat, or the root, is in every list, and each list keeps the ranking.
  const firstSegment = (path: string) => path.split("/")[1]?.toLowerCase() ?? "";
  const staticFirst = (pattern: string) => {
    const first = pattern.split("/")[1] ?? "";
    return first === "" || first === "*" || PARAM.test(first) ? null : first.toLowerCase();
  };
  const anywhere = ranked.filter((r) => staticFirst(r.pattern) === null);
  const byFirst = new Map<string, typeof ranked>();
  for (const first of new Set(ranked.map((r) => staticFirst(r.pattern)))) {
    if (first !== null) byFirst.set(first, ranked.filter((r) => staticFirst(r.pattern) === first || staticFirst(r.pattern) === null));
  }
  return (pathname) => {
    // React Router's data requests (single fetch): /claims/4f1….data, and the root's /_root.data.
    let path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
    if (path === "/_root") path = "/";
    const candidates = byFirst.get(firstSegment(path)) ?? anywhere;
    return candidates.find((r) => r.regex.test(path))?.pattern ?? "unmatched";
  };
}
