/**
 * Outside production only: the analytics stand-in's store (issue 26). web-server.ts answers
 * PostHog's capture API (`POST /__stand-ins/posthog/batch/`) for the tools it points at the
 * stand-ins, and keeps what arrives here; the browser tests list it (GET /ops/analytics-events).
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../server/db";
import { devAnalyticsEvents } from "../db/schema";

/** One event as PostHog's capture API takes it (the fields the stand-in keeps). */
export const StandInEvent = z.object({
  uuid: z.uuid(),
  event: z.string().min(1).max(200),
  distinct_id: z.string().min(1).max(200),
  properties: z.record(z.string().max(200), z.unknown()).default({}),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});
export type StandInEvent = z.infer<typeof StandInEvent>;

export const StandInBatch = z.object({ events: z.array(StandInEvent).max(1000) });

/** Keeps the events; one already kept (the same uuid) is kept once. Answers how many were new. */
export async function storeAnalyticsEvents(db: Database, events: readonly StandInEvent[]): Promise<{ stored: number }> {
  if (events.length === 0) return { stored: 0 };
  const rows = await db
    .insert(devAnalyticsEvents)
    .values(
      events.map((e) => ({
        uuid: e.uuid,
        event: e.event,
        distinctId: e.distinct_id,
        properties: e.properties,
        timestamp: e.timestamp ? new Date(e.timestamp) : null,
      })),
    )
    .onConflictDoNothing({ target: devAnalyticsEvents.uuid })
    .returning({ uuid: devAnalyticsEvents.uuid });
  return { stored: rows.length };
}

export const ANALYTICS_LIST_LIMIT = 500;

/** The events kept for one distinct id (a tenant's user id), as they arrived. */
export async function analyticsEventsFor(db: Database, distinctId: string) {
  const rows = await db
    .select()
    .from(devAnalyticsEvents)
    .where(eq(devAnalyticsEvents.distinctId, distinctId))
    .orderBy(asc(devAnalyticsEvents.receivedAt), asc(devAnalyticsEvents.timestamp))
    .limit(ANALYTICS_LIST_LIMIT);
  return {
    events: rows.map((r) => ({
      uuid: r.uuid,
      event: r.event,
      distinctId: r.distinctId,
      properties: r.properties,
      timestamp: r.timestamp?.toISOString() ?? null,
      receivedAt: r.receivedAt.toISOString(),
    })),
  };
}
