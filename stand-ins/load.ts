/**
 * What a composition root hands the runtime (server/runtime.ts `StandIns`) when
 * `standInsWanted()`: the stand-ins' tables, and the offline Stripe when no Stripe keys are set.
 * Roots load this module by a dynamic `import()` only then, so a production start with real keys
 * loads no stand-in (decision 0052).
 */
import type { StandIns } from "../server/runtime";
import { usesStripeSandbox } from "../server/lib/stripe";
import { migrateStandIns } from "./db/migrate";

export async function loadStandIns(env: Record<string, string | undefined> = process.env): Promise<StandIns> {
  const stripeSandbox = usesStripeSandbox(env) ? (await import("./stripe-sandbox")).createStripeSandbox : undefined;
  return { migrate: migrateStandIns, stripeSandbox };
}
