/**
 * Breathing Space reads every area checks (issue 36, decision 0047): whether a tenant, or any
 * tenant of a claim, is in a Breathing Space at an instant, and what the pages show. The jobs
 * call these inside the transactions that already hold their rows' locks (the claim, the
 * instalment), so a Breathing Space recorded a moment earlier is seen, and one being recorded
 * now waits for those locks before it moves anything (server/breathing-space/service.ts).
 */
import { and, eq, gte, inArray, isNull, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { Database } from "../db";
import { breathingSpaces, claimRespondents, customers } from "../db/schema";
import { breathingSpaceUntil, isInForce, type BreathingSpaceType, type Moratorium } from "../domain/breathing-space";
import { londonDate } from "../domain/london-time";

type Reader = Pick<Database, "select">;
export type BreathingSpaceRow = typeof breathingSpaces.$inferSelect;

/** What the pages show ("Breathing Space until …"): the last day, null while a crisis one has no end yet. */
export type BreathingSpaceStatus = { until: string | null; type: BreathingSpaceType };

/** A stored row as the domain reads it. */
export function moratoriumOf(row: Pick<BreathingSpaceRow, "type" | "startDate" | "treatmentEndedOn" | "endedAt" | "endReason">): Moratorium {
  return {
    type: row.type as BreathingSpaceType,
    startDate: row.startDate,
    treatmentEndedOn: row.treatmentEndedOn,
    // Closed by the sweeper after its last day is not an early end: only a cancellation is.
    endedAt: row.endReason === "CANCELLED" ? row.endedAt : null,
  };
}

/**
 * The rows that may be in force on `now`'s London day (the domain's isInForce says for certain):
 * not ended, started on or before today, and with no known last day or one not before today.
 */
export function mayBeInForce(now: Date): SQL {
  const today = londonDate(now);
  return and(isNull(breathingSpaces.endedAt), lte(breathingSpaces.startDate, today), or(isNull(breathingSpaces.endsOn), gte(breathingSpaces.endsOn, today)))!;
}

/** For a query's WHERE: the tenant whose user id is in `userId` has no Breathing Space in force on `now`'s London day. */
export function noBreathingSpaceFor(userId: Column, now: Date): SQL {
  return sql`not exists (select 1 from ${breathingSpaces} where ${breathingSpaces.userId} = ${userId} and ${mayBeInForce(now)})`;
}

/** Each of these tenants' Breathing Space in force at `now`, by user id (those with none are absent). */
export async function breathingSpacesInForce(db: Reader, userIds: readonly string[], now: Date): Promise<Map<string, BreathingSpaceRow>> {
  const found = new Map<string, BreathingSpaceRow>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return found;
  const rows = await db.select().from(breathingSpaces).where(and(inArray(breathingSpaces.userId, ids), mayBeInForce(now)));
  for (const row of rows) if (isInForce(moratoriumOf(row), now)) found.set(row.userId, row);
  return found;
}

/** Whether a tenant is in a Breathing Space at `now`. */
export async function inBreathingSpace(db: Reader, userId: string, now: Date): Promise<boolean> {
  return (await breathingSpacesInForce(db, [userId], now)).has(userId);
}

/**
 * Whether any tenant of a claim is in a Breathing Space at `now` (the joint reading of decision
 * 0047): then nothing on the claim is treated as accepted, and no one is reminded of its deadlines.
 */
export async function claimInBreathingSpace(db: Reader, claimId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ row: breathingSpaces })
    .from(claimRespondents)
    .innerJoin(breathingSpaces, eq(breathingSpaces.userId, claimRespondents.userId))
    .where(and(eq(claimRespondents.claimId, claimId), mayBeInForce(now)));
  return rows.some((r) => isInForce(moratoriumOf(r.row), now));
}

/** What a tenant's pages show: their Breathing Space in force, or null. */
export async function breathingSpaceStatus(db: Reader, userId: string, now: Date): Promise<BreathingSpaceStatus | null> {
  const row = (await breathingSpacesInForce(db, [userId], now)).get(userId);
  return row ? statusOf(row) : null;
}

export function statusOf(row: BreathingSpaceRow): BreathingSpaceStatus {
  return { until: breathingSpaceUntil(moratoriumOf(row)), type: row.type as BreathingSpaceType };
}

/** The same, for the tenant whose customer this is (a payment plan's owner). */
export async function breathingSpaceStatusOfCustomer(db: Reader, customerId: string, now: Date): Promise<BreathingSpaceStatus | null> {
  const rows = await db
    .select({ row: breathingSpaces })
    .from(customers)
    .innerJoin(breathingSpaces, eq(breathingSpaces.userId, customers.userId))
    .where(and(eq(customers.id, customerId), mayBeInForce(now)));
  const row = rows.map((r) => r.row).find((r) => isInForce(moratoriumOf(r), now));
  return row ? statusOf(row) : null;
}

/**
 * The signed-in tenant's Breathing Space status from what the token lookup found (server/lib/auth.ts):
 * no query. A GET of the dashboard or a claim passes it to its view.
 */
export function requestBreathingSpace(c: Context<AppEnv>): BreathingSpaceStatus | null {
  const open = c.get("openBreathingSpace");
  if (!open) return null;
  const m: Moratorium = { type: open.type as BreathingSpaceType, startDate: open.startDate, treatmentEndedOn: open.treatmentEndedOn };
  return isInForce(m, c.get("deps").clock.now()) ? { until: breathingSpaceUntil(m), type: m.type } : null;
}
