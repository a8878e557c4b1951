/**
 * "Download your data" as a job (issue 40, decision 0069). The request writes a PENDING row (one
 * at a time per tenant: a partial unique index); the API process that took it starts the build at
 * once, and the sweeper takes up any PENDING row whose build a crash left (its lease run out).
 * A build leases its row (FOR UPDATE SKIP LOCKED, `claimed_until`), writes the ZIP to the file
 * store (./archive.ts), then in one transaction marks it READY with its expiry and queues the
 * e-mail (deduplicated by the export's id): two builds of one row e-mail once. After the expiry
 * the sweeper deletes the file and marks the row EXPIRED.
 */
import { and, asc, desc, eq, gt, isNull, lt, lte, or } from "drizzle-orm";
import type { Deps } from "../context";
import { dataExports, users } from "../db/schema";
import {
  canDownloadDataExport,
  DATA_EXPORT_LEASE_MS,
  DATA_EXPORT_MAX_ATTEMPTS,
  dataExportExpiresAt,
  dataExportState,
} from "../domain/data-exports";
import { appLink } from "../lib/app-url";
import { ApiError, notFound } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { queueNotice } from "../lib/notices";
import { writeDataExport } from "./archive";

type Row = typeof dataExports.$inferSelect;

export const DATA_EXPORT_PATH = "/account/data";
export const ALREADY_PREPARING = "Your data is already being prepared. We will e-mail you when it is ready.";

/** The tenant's latest export, as their page shows it. */
export function dataExportView(row: Row | undefined, now: Date) {
  if (!row) return null;
  return {
    id: row.id,
    state: dataExportState(row, now),
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size ?? null,
  };
}

export async function latestDataExport(deps: Pick<Deps, "db">, userId: string): Promise<Row | undefined> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt), desc(dataExports.id)).limit(1);
  return row;
}

/**
 * Asks for a new export: refused (409) while one is being prepared. A ready one not yet expired
 * ends now (one export at a time): the sweeper deletes its file.
 */
export async function requestDataExport(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<Row> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // The user's row locked: two requests at once are one after the other, and the second finds the first.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [pending] = await tx.select({ id: dataExports.id }).from(dataExports).where(and(eq(dataExports.userId, userId), eq(dataExports.status, "PENDING")));
      if (pending) throw new ApiError(409, ALREADY_PREPARING);
      await tx
        .update(dataExports)
        .set({ expiresAt: now })
        .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "READY"), gt(dataExports.expiresAt, now)));
      const [row] = await tx.insert(dataExports).values({ id: crypto.randomUUID(), userId, status: "PENDING", requestedAt: now, createdAt: now }).returning();
      return row!;
    });
  } catch (error) {
    // Another instance's request won the partial unique index (one PENDING per tenant).
    if (error instanceof ApiError) throw error;
    if (/data_exports_one_pending_idx/.test(String((error as { message?: string }).message ?? ""))) throw new ApiError(409, ALREADY_PREPARING);
    throw error;
  }
}

const running = new Set<Promise<unknown>>();

/** Starts building an export in this process now, without waiting: the answer goes back at once. */
export function startDataExport(deps: Deps, exportId: string) {
  const job = buildDataExport(deps, exportId)
    .catch((error) => log.error("data export failed to start", { exportId, ...describeError(error) }))
    .finally(() => running.delete(job));
  running.add(job);
}

/** Resolves once the builds this process started have finished (tests, and a graceful shutdown). */
export async function dataExportsSettled() {
  while (running.size > 0) await Promise.all([...running]);
}

/** Leases one PENDING export (this one, or the oldest) whose lease is free; null when there is none. */
async function lease(deps: Pick<Deps, "db">, now: Date, exportId?: string): Promise<Row | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(dataExports)
      .where(
        and(
          eq(dataExports.status, "PENDING"),
          or(isNull(dataExports.claimedUntil), lt(dataExports.claimedUntil, now)),
          exportId ? eq(dataExports.id, exportId) : undefined,
        ),
      )
      .orderBy(asc(dataExports.requestedAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const [leased] = await tx
      .update(dataExports)
      .set({ claimedUntil: new Date(now.getTime() + DATA_EXPORT_LEASE_MS), attempts: row.attempts + 1 })
      .where(eq(dataExports.id, row.id))
      .returning();
    return leased!;
  });
}

/** Builds one export (this one, or the oldest waiting): the id built, or null when there was none to take. */
export async function buildDataExport(deps: Deps, exportId?: string): Promise<string | null> {
  const row = await lease(deps, deps.clock.now(), exportId);
  if (!row) return null;
  const started = performance.now();
  try {
    const { key, size } = await writeDataExport(deps, row.userId, row.id);
    const readyAt = deps.clock.now();
    const expiresAt = dataExportExpiresAt(readyAt);
    await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(dataExports)
        .set({ status: "READY", readyAt, expiresAt, storageKey: key, size, claimedUntil: null })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, "PENDING")))
        .returning({ id: dataExports.id });
      if (!done) return;
      await queueNotice(tx, { kind: "DATA_EXPORT_READY", facts: { link: appLink(DATA_EXPORT_PATH), expiresAt } }, [row.userId], readyAt, {
        dedupeKey: `data-export-ready:${row.id}`,
      });
    });
    log.info("data export ready", { exportId: row.id, bytes: size, ms: Math.round(performance.now() - started) });
    return row.id;
  } catch (error) {
    log.error("data export failed", { exportId: row.id, attempt: row.attempts, ...describeError(error) });
    await deps.db
      .update(dataExports)
      .set(row.attempts >= DATA_EXPORT_MAX_ATTEMPTS ? { status: "FAILED", claimedUntil: null } : { claimedUntil: null })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, "PENDING")));
    return null;
  }
}

/**
 * The clock's part (server/jobs/sweeper.ts): builds the exports a crash left waiting, then deletes
 * the files of those past their expiry (a file first, then its row: a crash between deletes it again).
 */
export async function sweepDataExports(deps: Deps, now: Date) {
  const built: string[] = [];
  for (let i = 0; i < 5; i++) {
    const id = await buildDataExport(deps);
    if (!id) break;
    built.push(id);
  }
  const expired = await deps.db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, "READY"), lte(dataExports.expiresAt, now)))
    .limit(100);
  for (const row of expired) {
    if (row.storageKey) await deps.files.delete(row.storageKey);
    await deps.db
      .update(dataExports)
      .set({ status: "EXPIRED", storageKey: null })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, "READY")));
  }
  return { built, expired: expired.map((r) => r.id) };
}

/** The ZIP of one of the tenant's own exports while it is ready; 404 otherwise (another tenant's, expired, not ready). */
export async function dataExportContent(deps: Pick<Deps, "db" | "files" | "clock">, userId: string, exportId: string) {
  const [row] = await deps.db.select().from(dataExports).where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row || !row.storageKey || !canDownloadDataExport(row, deps.clock.now())) throw notFound();
  const file = await deps.files.get(row.storageKey);
  if (!file) throw notFound();
  const day = (row.readyAt ?? row.requestedAt).toISOString().slice(0, 10);
  return {
    body: file.body,
    headers: {
      "content-type": "application/zip",
      "content-length": String(file.size),
      "content-disposition": `attachment; filename="keyfree-data-${day}.zip"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  };
}
