import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    // The embedded database ships wasm beside its JS: load it from node_modules, never bundle it.
    external: ["@electric-sql/pglite", "pg"],
  },
});
