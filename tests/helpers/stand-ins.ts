import type { DatabaseHandle } from "../../server/db";
import { migrateStandIns } from "../../stand-ins/db/migrate";

export { createStripeSandbox } from "../../stand-ins/stripe-sandbox";

/** The product's migrations, then the stand-ins' (their own folder and table), as a composition root runs them. */
export async function migrateWithStandIns(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await migrateStandIns(handle);
}
