/**
 * The layering rules (ARCHITECTURE.md: "Arrows point one way"), checked by `npm run check:layers`
 * (dependency-cruiser) in `npm test`. tests/unit/layers.test.ts runs these same rules over small
 * fixture trees under tests/fixtures/layers/, one breaking each rule, so each rule is shown to fail.
 * Paths are relative to the folder cruised (the repository root, or a fixture's root).
 */

/** The API's route modules: server/routes/** today, server/<area>/routes.ts (or routes/**) after the move to areas. */
const ROUTE_MODULES = "^server/(routes/|[^/]+/(routes|[^/]+\\.routes)(\\.[cm]?[jt]sx?$|/))";

/**
 * The folders under server/ that are not areas: the shared layers (domain/, db/, lib/,
 * integrations/), the clock (jobs/), the composition roots (ops/, cli/, scenarios/) and the
 * stand-ins for outside parties still here (dev-idp/; the Stripe sandbox is in stand-ins/). Every other folder under server/
 * is an area (accounts, annual-fee, arbitrations, checkout, claims, dev-mail, documents,
 * inventory, offers, orders, payment-plans, payments, references...), so a new area is held
 * by the area rules from its first file.
 */
const NOT_AREAS = ["cli", "db", "dev-idp", "domain", "integrations", "jobs", "lib", "ops", "scenarios"];

/** Any file of an area folder. */
const AREA_FILES = `^server/(?!(?:${NOT_AREAS.join("|")})/)[^/]+/`;

/** An area's service module(s): server/<area>/service.ts, or <name>-service.ts where it has several. */
const SERVICE_MODULES = "^server/[^/]+/(service|[^/]+-service)\\.[cm]?[jt]sx?$";

/**
 * The web's route modules: the files app/routes.ts registers, that is every file under app/routes/
 * outside an area's +lib/ folder (tests/unit/layers.test.ts checks that each one is registered).
 * No path segment starts with "+": not +lib/, nor React Router's generated +types/.
 */
const WEB_ROUTE_MODULES = { path: "^app/routes/", pathNot: "/\\+" };

/** An area's web helpers and components: app/routes/<area>/+lib/, beside that area's screens. */
const WEB_AREA_LIBS = "^app/routes/[^/]+/\\+lib/";

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: "domain-imports-only-itself",
    comment:
      "server/domain/ holds the pure rules only the API applies: it imports only itself and the shared rule book " +
      "in common/ (and dayjs for London dates), never the database, the HTTP layer, Node's modules or other libraries.",
    severity: "error",
    from: { path: "^server/domain/" },
    to: { pathNot: ["^server/domain/", "^common/", "(^|/)node_modules/dayjs/"] },
  },
  {
    name: "common-imports-nothing",
    comment:
      "common/ is the shared rule book (common/README.md): the rules and words both the web and the API apply. " +
      "It imports nothing outside itself.",
    severity: "error",
    from: { path: "^common/" },
    to: { pathNot: "^common/" },
  },
  {
    name: "scenarios-only-from-ops-cli-runtime-tests",
    comment:
      "server/scenarios/ (demo data, the other parties) is used only by ops, the CLI, the runtime, " +
      "web-server.ts, scripts and tests; production code calls services instead.",
    severity: "error",
    from: {
      pathNot: [
        "^server/scenarios/",
        "^server/ops/",
        "^server/cli/",
        "^server/runtime\\.ts$",
        "^web-server\\.ts$",
        "^scripts/",
        "^tests/",
        "^e2e/",
      ],
    },
    to: { path: "^server/scenarios/" },
  },
  {
    name: "route-modules-only-from-app-factory",
    comment:
      "Route modules (the HTTP contract and handlers) are mounted by the API's factory, server/app.ts, " +
      "and imported by nothing else: shared logic belongs in a service, a query module or server/domain/.",
    severity: "error",
    from: { pathNot: "^server/app\\.ts$" },
    to: { path: ROUTE_MODULES },
  },
  {
    name: "route-modules-no-database",
    comment:
      "A route module validates, calls its area's service and shapes the answer: it imports neither server/db/ " +
      "nor the ORM, so the queries, writes and transactions live in a service (writes, transactions, provider " +
      "calls) or a read-query/view module (reads only). The handler still passes deps (and so the database " +
      "handle) on to them; importing the tables or drizzle-orm is what reading or writing rows needs.",
    severity: "error",
    from: { path: ROUTE_MODULES },
    to: { path: ["^server/db/", "(^|/)node_modules/drizzle-orm/"] },
  },
  {
    name: "areas-through-services",
    comment:
      "An area (any folder under server/ but " + NOT_AREAS.join(", ") + ") is reached from outside " +
      "itself only through its service module (server/<area>/service.ts, or *-service.ts where it has several): " +
      "its records, money rules, views, queries and schemas are its own. Bound by this: every other area, " +
      "the shared layers, server/context.ts and the like, and the clock (server/jobs/ calls services, like a " +
      "handler). Exempt: the composition roots, which wire areas together (server/app.ts, server/runtime.ts, " +
      "server/main.ts, server/ops/, server/cli/, server/scenarios/, web-server.ts, scripts and tests). A " +
      "response shape two areas' contracts share lives in server/lib/schemas.ts.",
    severity: "error",
    // $1 is the caller's folder (its own area's files are its own); a file directly under server/ has none,
    // so for it "^server/$1/" matches nothing and every area's non-service file is refused.
    from: {
      path: "^server/(?:([^/]+)/|[^/]+$)",
      pathNot: ["^server/(?:ops|cli|scenarios)/", "^server/(?:app|runtime|main)\\.[cm]?[jt]sx?$"],
    },
    to: { path: AREA_FILES, pathNot: ["^server/$1/", SERVICE_MODULES] },
  },
  {
    name: "payments-imports-no-area",
    comment:
      "Card money has one owner: the payments module says nothing about what a payment is for. Nothing under " +
      "server/payments/ imports another area, not even its service; an area calls the payments service and " +
      "says what happens when its payment succeeds, fails or is refunded.",
    severity: "error",
    from: { path: "^server/payments/" },
    to: { path: AREA_FILES, pathNot: "^server/payments/" },
  },
  {
    name: "app-never-imports-server",
    comment: "The web (app/) reaches the API through its client only; what both need lives in common/.",
    severity: "error",
    from: { path: "^app/" },
    to: { path: "^server/" },
  },
  {
    name: "web-route-modules-import-no-route-module",
    comment:
      "A web route module (a file app/routes.ts registers: anything under app/routes/ outside +lib/) is " +
      "named by the route table, never imported by the web's code: what two screens share lives in their " +
      "area's +lib/ folder, or in app/lib/ or app/components/ when several areas share it. Tests may import one.",
    severity: "error",
    from: { path: "^app/" },
    to: WEB_ROUTE_MODULES,
  },
  {
    name: "web-area-lib-only-from-its-area",
    comment:
      "app/routes/<area>/+lib/ holds what that one area's screens use: it is imported only from its own " +
      "area's folder (its screens and its +lib/) and by the resource routes (app/routes/resources/, the JSON " +
      "and files each area serves). Another area, a file directly under app/routes/, app/root.tsx, app/lib/ " +
      "and app/components/ import no area's +lib/: what several areas use moves to app/lib/ or app/components/.",
    severity: "error",
    // $1 is the caller's area; a file outside app/routes/<area>/ has none, so for it "^app/routes/$1/"
    // matches nothing and every area's +lib/ is refused.
    from: { path: "^app/(?:routes/([^/]+)/|)", pathNot: "^app/routes/resources/" },
    to: { path: WEB_AREA_LIBS, pathNot: "^app/routes/$1/" },
  },
  {
    name: "no-circular",
    comment: "A circular import: modules that need each other belong together or need a third module.",
    severity: "error",
    from: {},
    to: { circular: true },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    // Type-only imports count too: a type from server/ in app/ still couples the two.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^node_modules/", "^build/", "^\\.react-router/", "^tests/fixtures/", "^\\.data/"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
