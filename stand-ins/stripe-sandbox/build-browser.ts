import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sources = path.join(here, "browser");
/** What the web serves at /stripe-sandbox/stripe.js (not committed). */
export const STANDIN_SCRIPT = path.resolve(here, "../../public/stripe-sandbox/stripe.js");

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The stand-in Stripe.js built by Vite (vite.config.ts beside this file), unless it is newer than every source. */
export async function buildStandInScript(options: { onlyIfStale?: boolean } = {}): Promise<void> {
  const newest = Math.max(...readdirSync(sources).map((name) => mtime(path.join(sources, name))), mtime(path.join(here, "vite.config.ts")));
  if (options.onlyIfStale && mtime(STANDIN_SCRIPT) > newest) return;
  const { build } = await import("vite");
  await build({ configFile: path.join(here, "vite.config.ts") });
}
