import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The stand-in Stripe.js (browser/, TypeScript) built into one classic ES2019 script that
 * defines `window.Stripe`, as Stripe's own does: public/stripe-sandbox/stripe.js (not committed;
 * `npm run build` and `npm run dev` make it first), which the web serves at /stripe-sandbox/stripe.js.
 */
export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    target: "es2019",
    outDir: fileURLToPath(new URL("../../public/stripe-sandbox", import.meta.url)),
    emptyOutDir: false,
    // Readable in the browser's tools, as the hand-written script was; it is a development stand-in.
    minify: false,
    lib: {
      entry: fileURLToPath(new URL("./browser/index.ts", import.meta.url)),
      formats: ["iife"],
      name: "KeyfreeStripeStandIn",
      fileName: () => "stripe.js",
    },
  },
});
