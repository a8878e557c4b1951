/**
 * The unattached-documents sweep (issue 23): a document uploaded by `POST /documents` is meant
 * to be attached to a claim item, a claim response, a reference, a tenancy or an arbitration
 * soon after. One still attached to nothing 24 hours after its upload never will be: its row
 * and its stored bytes are removed, so abandoned uploads do not fill the disk for ever.
 *
 * Each document is handled in its own transaction that locks it with
 * `SELECT … FOR UPDATE SKIP LOCKED` and checks again that nothing links to it. A transaction
 * attaching it at the same moment holds a key-share lock on the row (its foreign key), so the
 * sweep skips it; the sweep is idempotent and several instances may run it at once. The bytes
 * are deleted after the row's transaction commits (a file left by a crash in between is
 * unreachable: no row names it).
 */
import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db";
import { documents } from "../db/schema";
import { UNATTACHED_DOCUMENT_TTL_MS } from "#common/uploads";
import type { Clock } from "../lib/clock";
import type { FileStore } from "../lib/files";
import { log } from "../lib/log";

export type UnattachedDocumentSweep = {
  /** The documents this sweep removed. */
  removedDocumentIds: string[];
  /** Candidates another transaction held (being attached, or another sweep), or attached since. */
  skipped: number;
};

/** Every table whose rows attach a document to something. */
const NOT_ATTACHED = sql`not exists (select 1 from tenancy_documents l where l.document_id = ${documents.id})
  and not exists (select 1 from reference_documents l where l.document_id = ${documents.id})
  and not exists (select 1 from claim_documents l where l.document_id = ${documents.id})
  and not exists (select 1 from claim_response_documents l where l.document_id = ${documents.id})
  and not exists (select 1 from claim_item_documents l where l.document_id = ${documents.id})
  and not exists (select 1 from arbitration_documents l where l.document_id = ${documents.id})`;

/** Removes every document attached to nothing that was uploaded more than 24 hours before `now`. */
export async function removeUnattachedDocuments(
  deps: { db: Database; files: FileStore; clock: Clock },
  now: Date = deps.clock.now(),
  batch = 200,
): Promise<UnattachedDocumentSweep> {
  const { db, files } = deps;
  const cutoff = new Date(now.getTime() - UNATTACHED_DOCUMENT_TTL_MS);
  const candidates = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(lt(documents.createdAt, cutoff), isNotNull(documents.uploadedByUserId), NOT_ATTACHED))
    .orderBy(asc(documents.createdAt))
    .limit(batch);
  const result: UnattachedDocumentSweep = { removedDocumentIds: [], skipped: 0 };
  for (const candidate of candidates) {
    const storageKey = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: documents.id, storageKey: documents.storageKey })
        .from(documents)
        .where(and(eq(documents.id, candidate.id), lt(documents.createdAt, cutoff), NOT_ATTACHED))
        .for("update", { skipLocked: true });
      if (!row) return null;
      await tx.delete(documents).where(eq(documents.id, row.id));
      return row.storageKey;
    });
    if (storageKey === null) {
      result.skipped += 1;
      continue;
    }
    result.removedDocumentIds.push(candidate.id);
    try {
      await files.delete(storageKey);
    } catch (error) {
      log.warn("unattached document: its file could not be deleted", { documentId: candidate.id, error: String(error) });
    }
  }
  return result;
}
