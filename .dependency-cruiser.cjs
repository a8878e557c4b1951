/**
 * The layering rules (ARCHITECTURE.md: "Arrows point one way"), checked by `npm run check:layers`
 * (dependency-cruiser) in `npm test`. tests/unit/layers.test.ts runs these same rules over small
 * fixture trees under tests/fixtures/layers/, one breaking each rule, so each rule is shown to fail.
 * Paths are relative to the folder cruised (the repository root, or a fixture's root).
 */

/** Route modules: server/routes/** today, server/<area>/routes.ts (or routes/**) after the move to areas. */
const ROUTE_MODULES = "^server/(routes/|[^/]+/(routes|[^/]+\\.routes)(\\.[cm]?[jt]sx?$|/))";

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: "domain-imports-only-itself",
    comment:
      "server/domain/ holds pure rules: it imports only itself and the shared vocabulary in common/ " +
      "(and dayjs for London dates), never the database, the HTTP layer, Node's modules or other libraries.",
    severity: "error",
    from: { path: "^server/domain/" },
    to: { pathNot: ["^server/domain/", "^common/", "(^|/)node_modules/dayjs/"] },
  },
  {
    name: "common-imports-nothing",
    comment: "common/ is the vocabulary the web and the API share: it imports nothing outside itself.",
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
    name: "app-never-imports-server",
    comment: "The web (app/) reaches the API through its client only; what both need lives in common/.",
    severity: "error",
    from: { path: "^app/" },
    to: { path: "^server/" },
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
