import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const SHELL_MODULES = [
  "/node_modules/react/jsx-runtime.js",
  "/node_modules/react/cjs/react-jsx-runtime.production.js",
  "/app/lib/product.ts",
  "/app/lib/page-delivery.ts",
  "/app/lib/messages.ts",
  "/app/lib/third-parties.ts",
  "/app/components/action-button.tsx",
  "/app/components/button-group.tsx",
  // The live chat's empty script stub (root) and its "contact us" marker (issue 26).
  "/app/lib/chat.ts",
  "/app/components/chat-offer.tsx",
  // "Struggling to pay?" on every card page (issue 36): the link and its line.
  "/app/components/struggling-to-pay.tsx",
];

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // The browser's JavaScript counts against the hydrating pages' budget (e2e/delivery.spec.ts):
    // terser (three passes, ES2020 output) packs it a few KB tighter than the default minifier.
    minify: "terser",
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 3, pure_getters: true },
      mangle: { toplevel: true },
      format: { comments: false },
    },
    // The small modules every hydrating page loads with the root (the JSX runtime, the one-button
    // form, the product's name...) go in one file rather than one each: each file fetched costs a
    // request and compresses on its own, a few hundred bytes apiece against the budget.
    rollupOptions: { output: { manualChunks: (id) => (SHELL_MODULES.some((m) => id.includes(m)) ? "shell" : undefined) } },
  },
  // The server's code stays readable (stack traces in the logs).
  environments: { ssr: { build: { minify: false } } },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    // The embedded database ships wasm beside its JS: load it from node_modules, never bundle it.
    external: ["@electric-sql/pglite", "pg"],
  },
});
