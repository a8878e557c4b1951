/**
 * The layering rules of .dependency-cruiser.cjs (run over the project by `npm run check:layers`)
 * run here over small fixture trees: one clean, and one breaking each rule, so each rule is
 * shown to fail on what it is meant to catch and to let the allowed arrows through.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";

const require = createRequire(import.meta.url);
const config = require("../../.dependency-cruiser.cjs") as IConfiguration;

type Found = { rule: string; from: string; to: string };

/** A package resolves to wherever node_modules is (a symlinked one resolves outside the fixture): name it from node_modules/ on. */
function fromNodeModules(path: string): string {
  const at = path.indexOf("node_modules/");
  return at === -1 ? path : path.slice(at);
}

async function violationsIn(fixture: string): Promise<Found[]> {
  const baseDir = fileURLToPath(new URL(`../fixtures/layers/${fixture}`, import.meta.url));
  const { tsConfig: _projectTsConfig, exclude: _projectExclude, ...options } = config.options ?? {};
  const result = await cruise(["."], {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations
    .map((v) => ({ rule: v.rule.name, from: v.from, to: fromNodeModules(v.to) }))
    .sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`));
}

describe("layer rules (.dependency-cruiser.cjs)", () => {
  it("define the rules of ARCHITECTURE.md, the shared vocabulary's own and issue 21's layers", () => {
    expect((config.forbidden ?? []).map((r) => r.name)).toEqual([
      "domain-imports-only-itself",
      "common-imports-nothing",
      "product-imports-no-stand-in",
      "composition-roots-load-stand-ins-through-their-door",
      "stand-ins-import-no-web",
      "stand-ins-reach-product-through-seams",
      "route-modules-only-from-app-factory",
      "route-modules-no-database",
      "areas-through-doors",
      "payments-imports-no-area",
      "claims-imports-no-claim-payments",
      "app-never-imports-server",
      "web-route-modules-import-no-route-module",
      "web-area-lib-only-from-its-area",
      "no-circular",
    ]);
  });

  it("let every allowed arrow through: domain → common and dayjs, app → common, the web server and the CLI → stand-ins/index.ts by dynamic import, tests → a stand-in's module, a stand-in → the seams (context, db), the scenarios → an area's services and records, app.ts → routes in both layouts, routes → their own service and views, a service → the ORM and db/, an area or a job → another area's door (its index.ts), payments → lib and domain, ops/tests → any area file, a web screen and the resource routes → an area's +lib, a +lib → app/lib, tests → web route modules and +lib", async () => {
    expect(await violationsIn("clean")).toEqual([]);
  });

  it("refuse server/domain/ importing the database or a Node module", async () => {
    expect(await violationsIn("domain-outside")).toEqual([
      { rule: "domain-imports-only-itself", from: "server/domain/fees.ts", to: "crypto" },
      { rule: "domain-imports-only-itself", from: "server/domain/fees.ts", to: "server/db/schema.ts" },
    ]);
  });

  it("refuse common/ importing anything outside itself", async () => {
    expect(await violationsIn("common-outside")).toEqual([
      { rule: "common-imports-nothing", from: "common/product.ts", to: "server/db/schema.ts" },
    ]);
  });

  it("refuse product code importing a stand-in (a type-only or dynamic import too), a start reaching past stand-ins/index.ts, a stand-in importing the web or reaching past the seams (docs/decisions/0053)", async () => {
    expect(await violationsIn("stand-ins")).toEqual([
      { rule: "product-imports-no-stand-in", from: "app/lib/dev-mail.ts", to: "stand-ins/mailbox/views.ts" },
      { rule: "composition-roots-load-stand-ins-through-their-door", from: "server/cli/seed.ts", to: "stand-ins/scenarios/claims.ts" },
      { rule: "product-imports-no-stand-in", from: "server/payments/service.ts", to: "stand-ins/scenarios/claims.ts" },
      { rule: "product-imports-no-stand-in", from: "server/runtime.ts", to: "stand-ins/index.ts" },
      { rule: "stand-ins-import-no-web", from: "stand-ins/analytics/capture.ts", to: "app/lib/analytics.ts" },
      { rule: "stand-ins-reach-product-through-seams", from: "stand-ins/identity-provider/store.ts", to: "server/domain/fees.ts" },
      { rule: "stand-ins-reach-product-through-seams", from: "stand-ins/mailbox/views.ts", to: "server/claims/service.ts" },
      { rule: "composition-roots-load-stand-ins-through-their-door", from: "web-server.ts", to: "stand-ins/scenarios/claims.ts" },
    ]);
  });

  it("refuse route modules imported other than by server/app.ts, under server/routes/ and as server/<area>/routes.ts", async () => {
    expect(await violationsIn("routes")).toEqual([
      { rule: "route-modules-only-from-app-factory", from: "server/claims/service.ts", to: "server/claims/routes.ts" },
      { rule: "route-modules-only-from-app-factory", from: "stand-ins/scenarios/accounts.ts", to: "server/routes/password.ts" },
    ]);
  });

  it("refuse a route module importing server/db/ (a type-only import too) or the ORM", async () => {
    expect(await violationsIn("route-database")).toEqual([
      { rule: "route-modules-no-database", from: "server/accounts/auth.routes.ts", to: "server/db/index.ts" },
      { rule: "route-modules-no-database", from: "server/accounts/auth.routes.ts", to: "server/db/schema.ts" },
      { rule: "route-modules-no-database", from: "server/claims/routes.ts", to: "node_modules/drizzle-orm/index.d.ts" },
    ]);
  });

  it("refuse an area, a job, a shared layer or a file under server/ reaching into another area other than through its one door, index.ts, even to a *-service.ts or service.ts (app.ts, ops, tests and the stand-ins' scenarios may)", async () => {
    expect(await violationsIn("areas")).toEqual([
      { rule: "areas-through-doors", from: "server/arbitrations/views.ts", to: "server/claims/records.ts" },
      { rule: "areas-through-doors", from: "server/arbitrations/views.ts", to: "server/claims/service.ts" },
      { rule: "areas-through-doors", from: "server/context.ts", to: "server/claims/records.ts" },
      { rule: "areas-through-doors", from: "server/jobs/claim-deadlines.ts", to: "server/claims/deadline-service.ts" },
      { rule: "areas-through-doors", from: "server/jobs/claim-deadlines.ts", to: "server/claims/money.ts" },
      { rule: "areas-through-doors", from: "server/lib/auth.ts", to: "server/accounts/account.views.ts" },
    ]);
  });

  it("refuse the payments module importing an area, even its door", async () => {
    expect(await violationsIn("payments-area")).toEqual([
      { rule: "payments-imports-no-area", from: "server/payments/routes.ts", to: "server/orders/index.ts" },
      { rule: "payments-imports-no-area", from: "server/payments/service.ts", to: "server/claims/index.ts" },
    ]);
  });

  it("refuse the claims area importing the claim-payments area, even its door (claim-payments → claims only)", async () => {
    expect(await violationsIn("claim-payments")).toEqual([
      { rule: "claims-imports-no-claim-payments", from: "server/claims/service.ts", to: "server/claim-payments/index.ts" },
    ]);
  });

  it("refuse app/ importing server/, by a type-only or a dynamic import too", async () => {
    expect(await violationsIn("app-server")).toEqual([
      { rule: "app-never-imports-server", from: "app/lib/api.server.ts", to: "server/runtime.ts" },
      { rule: "app-never-imports-server", from: "app/lib/product.ts", to: "server/domain/product.ts" },
    ]);
  });

  it("refuse the web's code importing a web route module (from app/components/, a screen, a +lib)", async () => {
    expect(await violationsIn("web-routes")).toEqual([
      { rule: "web-route-modules-import-no-route-module", from: "app/components/header.tsx", to: "app/routes/claims/claim.tsx" },
      { rule: "web-route-modules-import-no-route-module", from: "app/routes/claims/pay.tsx", to: "app/routes/claims/claim.tsx" },
      { rule: "web-route-modules-import-no-route-module", from: "app/routes/payment-plan/+lib/plan-view.ts", to: "app/routes/payment-plan/index.tsx" },
    ]);
  });

  it("refuse an area's +lib imported by another area, a file directly under app/routes/ or app/lib/ (resource routes and tests may)", async () => {
    expect(await violationsIn("web-area-libs")).toEqual([
      { rule: "web-area-lib-only-from-its-area", from: "app/lib/product.ts", to: "app/routes/claims/+lib/claim-view.ts" },
      { rule: "web-area-lib-only-from-its-area", from: "app/routes/claims/pay.tsx", to: "app/routes/payment-plan/+lib/plan-view.ts" },
      { rule: "web-area-lib-only-from-its-area", from: "app/routes/protected.tsx", to: "app/routes/payment-plan/+lib/plan-view.ts" },
    ]);
  });

  it("refuse a circular import", async () => {
    expect(await violationsIn("circular")).toEqual([
      { rule: "no-circular", from: "server/lib/a.ts", to: "server/lib/b.ts" },
    ]);
  });
});

/** Every file app/routes.ts names (layouts, pages, resource routes), relative to app/. */
function registered(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...registered(entry.children ?? [])]);
}

/** The files under app/routes/, relative to app/. */
function routeFolderFiles(folder = "routes"): string[] {
  return readdirSync(fileURLToPath(new URL(`../../app/${folder}`, import.meta.url)), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFolderFiles(`${folder}/${entry.name}`) : [`${folder}/${entry.name}`],
  );
}

describe("the web's route modules (what the web rules call one)", () => {
  it("are exactly the files under app/routes/ outside the areas' +lib/ folders, each one registered in app/routes.ts", () => {
    const files = routeFolderFiles();
    const outsideLib = files.filter((file) => !file.includes("/+lib/")).sort();
    expect([...new Set(registered(routes))].sort()).toEqual(outsideLib);
    // And a +lib/ sits one level under an area's folder, beside its screens.
    for (const file of files.filter((f) => f.includes("/+lib/"))) expect(file).toMatch(/^routes\/[^/+]+\/\+lib\/[^/]+$/);
  });
});
