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
 * integrations/), the clock (jobs/), and the composition roots and the back office (ops/, cli/).
 * Every other folder under server/ is an area (accounts, annual-fee, arbitrations, checkout, claims,
 * documents, inventory, offers, orders, payment-plans, payments, references...), so a new area is
 * held by the area rules from its first file. The stand-ins and the demo scenarios are not under
 * server/: they are a wing of their own, stand-ins/ (docs/decisions/0053).
 */
const NOT_AREAS = ["cli", "db", "domain", "integrations", "jobs", "lib", "ops"];

/**
 * The composition roots, which wire the product and (outside production) the stand-ins together:
 * the web servers, the standalone API's start, the command-line tools, and the scripts and tests.
 */
const COMPOSITION_ROOTS = ["^web-server\\.ts$", "^dev-server\\.ts$", "^server/main\\.ts$", "^server/cli/", "^scripts/", "^tests/", "^e2e/"];

/** The product's code: the web, the API and the shared rule book. */
const PRODUCT = "^(app|server|common)/";

/**
 * What a stand-in may use of the product: the seams it stands behind and their types (the
 * context's Deps and AppEnv, the configuration, the database handle and tables, the small
 * libraries, the address provider's interface, an ops command's shape). The demo scenarios,
 * which play the other parties through the product's services, are the exception.
 */
const STAND_IN_SEAMS = [
  "^server/context\\.ts$",
  "^server/config\\.ts$",
  "^server/db/",
  "^server/lib/",
  "^server/integrations/address-lookup\\.ts$",
  "^server/ops/commands\\.ts$",
];

/** Any file of an area folder. */
const AREA_FILES = `^server/(?!(?:${NOT_AREAS.join("|")})/)[^/]+/`;

/**
 * An area's door, its one public module (decision 0054): server/<area>/index.ts, a list of named
 * re-exports of what other areas, the clock and the shared layers call. An area nothing outside
 * calls (only its routes are mounted) has none.
 */
const AREA_DOORS = "^server/[^/]+/index\\.[cm]?[jt]sx?$";

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
    name: "product-imports-no-stand-in",
    comment:
      "The stand-ins (stand-ins/: the offline Stripe, identity provider, mailbox, analytics, postcode book and the " +
      "demo scenarios) are reached only through the seam the product has for the real provider, wired by a " +
      "composition root: product code (app/, server/, common/) imports nothing under stand-ins/, not even a type. " +
      "Only the composition roots do (web-server.ts, dev-server.ts, server/main.ts, server/cli/, scripts, tests). " +
      "docs/decisions/0053.",
    severity: "error",
    from: { path: PRODUCT, pathNot: COMPOSITION_ROOTS },
    to: { path: "^stand-ins/" },
  },
  {
    name: "composition-roots-load-stand-ins-through-their-door",
    comment:
      "A start (web-server.ts, dev-server.ts, server/main.ts, server/cli/) loads the stand-ins through their one door, " +
      "stand-ins/index.ts, by dynamic import() and only when it uses them, so a production start with real keys " +
      "loads none (tests/unit/production-modules.test.ts). Scripts and tests may reach a stand-in's own module.",
    severity: "error",
    from: { path: ["^web-server\\.ts$", "^dev-server\\.ts$", "^server/main\\.ts$", "^server/cli/"] },
    to: { path: "^stand-ins/", pathNot: "^stand-ins/index\\.ts$" },
  },
  {
    name: "stand-ins-import-no-web",
    comment: "A stand-in stands behind the API's seams: it imports nothing of the web (app/), as the real provider knows nothing of it.",
    severity: "error",
    from: { path: "^stand-ins/" },
    to: { path: "^app/" },
  },
  {
    name: "stand-ins-reach-product-through-seams",
    comment:
      "A stand-in is small and uses only common/ and the seams it stands behind (server/context.ts, server/config.ts, " +
      "server/db/, server/lib/, the address provider's interface, an ops command's shape): never an area, the rules " +
      "in server/domain/ or the API's factory. The demo scenarios (stand-ins/scenarios/) play the other parties " +
      "through the product's services, and may.",
    severity: "error",
    from: { path: "^stand-ins/", pathNot: "^stand-ins/(scenarios/|index\\.ts$)" },
    to: { path: "^server/", pathNot: STAND_IN_SEAMS },
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
    name: "areas-through-doors",
    comment:
      "An area (any folder under server/ but " + NOT_AREAS.join(", ") + ") is reached from outside " +
      "itself only through its door, server/<area>/index.ts (decision 0054): its services, records, money rules, " +
      "views, queries and schemas are its own, and inside it files import each other freely. Bound by this: every other area, " +
      "the shared layers, server/context.ts and the like, and the clock (server/jobs/ calls services, like a " +
      "handler). Exempt: the composition roots, which wire areas together (server/app.ts, server/runtime.ts, " +
      "server/main.ts, server/ops/, server/cli/, web-server.ts, scripts and tests). A " +
      "response shape two areas' contracts share lives in server/lib/schemas.ts.",
    severity: "error",
    // $1 is the caller's folder (its own area's files are its own); a file directly under server/ has none,
    // so for it "^server/$1/" matches nothing and every area's file but its door is refused.
    from: {
      path: "^server/(?:([^/]+)/|[^/]+$)",
      pathNot: ["^server/(?:ops|cli)/", "^server/(?:app|runtime|main)\\.[cm]?[jt]sx?$"],
    },
    to: { path: AREA_FILES, pathNot: ["^server/$1/", AREA_DOORS] },
  },
  {
    name: "payments-imports-no-area",
    comment:
      "Card money has one owner: the payments module says nothing about what a payment is for. Nothing under " +
      "server/payments/ imports another area, not even its door; an area calls the payments module's door and " +
      "says what happens when its payment succeeds, fails or is refunded.",
    severity: "error",
    from: { path: "^server/payments/" },
    to: { path: AREA_FILES, pathNot: "^server/payments/" },
  },
  {
    name: "claims-imports-no-claim-payments",
    comment:
      "Claim money runs one way (decision 0054): the claims area says what a claim's tenants owe and what a " +
      "claim order paid in full does to the claim; server/claim-payments/ takes the money and applies it " +
      "through the claims area's door. Nothing under server/claims/ imports server/claim-payments/, so the " +
      "two never need each other (a cycle through their doors).",
    severity: "error",
    from: { path: "^server/claims/" },
    to: { path: "^server/claim-payments/" },
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
