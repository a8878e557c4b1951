/**
 * The request metrics' route label (server/lib/route-patterns.ts, decision 0070): a page's path
 * becomes its PATTERN as React Router would rank it. The patterns are indexed by their first
 * segment (decision 0073); these cases hold that the index finds what a scan of every pattern
 * in rank order finds.
 */
import { describe, expect, it } from "vitest";
import { routePatterns, type RouteTableEntry } from "../../server/lib/route-patterns";

const table: Record<string, RouteTableEntry> = {
  root: { id: "root", path: "" },
  home: { id: "home", parentId: "root", index: true },
  claims: { id: "claims", parentId: "root", path: "claims" },
  claim: { id: "claim", parentId: "claims", path: ":claimId" },
  record: { id: "record", parentId: "claims", path: ":claimId/record" },
  pdf: { id: "pdf", parentId: "claims", path: ":claimId/record.pdf" },
  newClaim: { id: "newClaim", parentId: "claims", path: "new" },
  login: { id: "login", path: "auth/login" },
  lang: { id: "lang", parentId: "root", path: ":lang/help" },
  files: { id: "files", parentId: "root", path: "files/*" },
  notFound: { id: "notFound", parentId: "root", path: "*" },
};

describe("a page's route pattern", () => {
  const pattern = routePatterns(table);

  it.each([
    ["/", "/"],
    ["/_root.data", "/"],
    ["/claims/4f1c2d", "/claims/:claimId"],
    ["/claims/4f1c2d.data", "/claims/:claimId"],
    ["/Claims/4f1c2d/record", "/claims/:claimId/record"],
    ["/claims/4f1c2d/record.pdf", "/claims/:claimId/record.pdf"],
    ["/claims/new", "/claims/new"],
    ["/auth/login", "/auth/login"],
    ["/cy/help", "/:lang/help"],
    // Equal rank (a static and a parameter segment each): the route listed first wins, as in React Router.
    ["/claims/help", "/claims/:claimId"],
    ["/en/help", "/:lang/help"],
    ["/files/a/b", "/files/*"],
    ["/nothing/here/at/all", "/*"],
    ["/auth", "/*"],
  ])("%s is %s", (path, expected) => {
    expect(pattern(path)).toBe(expected);
  });
});
