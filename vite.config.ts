import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

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
  },
  // The server's code stays readable (stack traces in the logs).
  environments: { ssr: { build: { minify: false } } },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    // The embedded database ships wasm beside its JS: load it from node_modules, never bundle it.
    external: ["@electric-sql/pglite", "pg"],
  },
});
