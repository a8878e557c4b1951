import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { appSettings } from "../db/schema";
import type { AdjustableClock } from "./clock";

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

/**
 * Outside production, the clock's offset is shared state: the ops `clock` command reaches one
 * instance and saves the offset; every other instance on the database follows it, reading it
 * every `intervalMs` (and the ops command reads it first). A read that raced a change made in
 * this process is dropped (the clock's version moved meanwhile), so it never undoes that change.
 */
export function followClockOffset(db: Database, clock: AdjustableClock, intervalMs = 1000) {
  async function refresh() {
    const version = clock.version;
    const offset = await loadClockOffset(db);
    if (clock.version === version && offset !== clock.offset) clock.setOffset(offset);
  }
  const timer = setInterval(() => void refresh().catch(() => undefined), intervalMs);
  timer.unref();
  return { refresh, stop: () => clearInterval(timer) };
}
