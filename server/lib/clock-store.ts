import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { appSettings } from "../db/schema";

const KEY = "clockOffsetMs";

export async function loadClockOffset(db: Database): Promise<number> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY)).limit(1);
  return typeof row?.value === "number" ? row.value : 0;
}

export async function saveClockOffset(db: Database, offsetMs: number) {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: offsetMs, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: offsetMs, updatedAt: new Date() } });
}
