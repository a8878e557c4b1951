/**
 * The retention job (issue 40, decision 0068), run by the sweeper and by `ops retention`: the
 * periods of common/retention.ts applied, the closure requests done.
 *
 * 1. Requested accounts with nothing still open are closed (server/accounts, closeRequestedAccounts).
 * 2. Each record rule (./retention-rules.ts), for each record whose period has ended: in one
 *    transaction the record is locked (FOR UPDATE SKIP LOCKED: another instance applying it skips
 *    it), the rule is recorded as applied to it (retention_applied: once, whoever is first), and
 *    its personal data replaced or deleted and its documents marked removed.
 * 3. Each bulk rule changes what is past its period in one statement (the rows carry their own
 *    "not done yet" condition).
 * 4. The bytes of every marked document not deleted yet are deleted from the file store (local
 *    disk or S3) and the document stamped: after the commit, so a crash in between leaves a
 *    marked row whose file the next run deletes (deleting a missing file does nothing).
 * Money records are never touched. A second run changes nothing. The dry run counts what each
 * rule would change now, and changes nothing; its answer holds counts only, no personal data.
 */
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db";
import { documents, retentionApplied } from "../db/schema";
import { RETENTION_JOB_RULES, retentionCutoff, retentionRule, type RetentionRuleId } from "#common/retention";
import { closeRequestedAccounts, pendingClosureRequests, stillOpenFor } from "../accounts";
import type { Clock } from "../lib/clock";
import type { FileStore } from "../lib/files";
import { log } from "../lib/log";
import { BULK_RULES, RECORD_RULES, type RecordRule } from "./retention-rules";

type Deps = { db: Database; files: FileStore; clock: Clock };

/** What one rule did (or, in a dry run, would do): records or rows changed, documents marked. */
export type RuleCount = { rule: RetentionRuleId; action: string; changed: number; documents: number };

export type RetentionRun = {
  dryRun: boolean;
  /** Requested accounts closed (dry run: with nothing open, to be closed), and those kept open by a claim or a plan. */
  accountsClosed: number;
  accountsKeptOpen: number;
  rules: RuleCount[];
  /** Document files deleted from the file store (dry run: marked or to be marked, not yet deleted). */
  filesDeleted: number;
};

const BATCH = 200;

/** The rows of a raw query's answer (PGlite's and node-postgres's both carry `rows`). */
const rowsOf = <T>(answer: unknown): T[] => (answer as { rows: T[] }).rows;

async function dueRecords(db: Database, rule: RecordRule, cutoff: Date, limit: number): Promise<string[]> {
  const result = await db.execute(
    sql`select r.id from ${sql.identifier(rule.table)} r where ${rule.due(cutoff)}
      and not exists (select 1 from retention_applied a where a.rule = ${rule.id} and a.record_id = r.id)
      order by r.created_at limit ${limit}`,
  );
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

async function applyRecordRule(deps: Deps, rule: RecordRule, now: Date): Promise<RuleCount> {
  const cutoff = retentionCutoff(now, retentionRule(rule.id).period);
  const result: RuleCount = { rule: rule.id, action: retentionRule(rule.id).action, changed: 0, documents: 0 };
  for (const recordId of await dueRecords(deps.db, rule, cutoff, BATCH)) {
    const applied = await deps.db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select r.id from ${sql.identifier(rule.table)} r where r.id = ${recordId} and ${rule.due(cutoff)} for update skip locked`);
      if (rowsOf(locked).length === 0) return null;
      const claimed = await tx
        .insert(retentionApplied)
        .values({ rule: rule.id, recordId, appliedAt: now })
        .onConflictDoNothing()
        .returning({ recordId: retentionApplied.recordId });
      if (claimed.length === 0) return null;
      return rule.apply(tx, recordId, now);
    });
    if (!applied) continue;
    result.changed += 1;
    result.documents += applied.documentIds.length;
  }
  return result;
}

/** Deletes the bytes of the documents marked removed and not yet deleted, then stamps each. */
async function deleteMarkedFiles(deps: Deps, now: Date): Promise<number> {
  const marked = await deps.db
    .select({ id: documents.id, storageKey: documents.storageKey })
    .from(documents)
    .where(and(isNotNull(documents.removedAt), isNull(documents.fileDeletedAt)))
    .orderBy(asc(documents.removedAt))
    .limit(BATCH);
  let deleted = 0;
  for (const doc of marked) {
    try {
      await deps.files.delete(doc.storageKey);
    } catch (error) {
      // Left unstamped: the next run tries again.
      log.warn("retention: a document's file could not be deleted", { documentId: doc.id, error: String(error) });
      continue;
    }
    const stamped = await deps.db
      .update(documents)
      .set({ fileDeletedAt: now })
      .where(and(eq(documents.id, doc.id), isNull(documents.fileDeletedAt)))
      .returning({ id: documents.id });
    deleted += stamped.length;
  }
  return deleted;
}

/** Applies every rule whose period has ended (the sweeper's run). */
export async function applyRetention(deps: Deps, now: Date = deps.clock.now()): Promise<RetentionRun> {
  const closed = await closeRequestedAccounts(deps, now);
  const rules: RuleCount[] = [];
  for (const rule of RECORD_RULES) rules.push(await applyRecordRule(deps, rule, now));
  for (const rule of BULK_RULES) {
    const cutoff = retentionCutoff(now, retentionRule(rule.id).period);
    rules.push({ rule: rule.id, action: retentionRule(rule.id).action, changed: await rule.apply(deps.db, cutoff), documents: 0 });
  }
  const filesDeleted = await deleteMarkedFiles(deps, now);
  const changed = rules.reduce((n, r) => n + r.changed, 0) + closed.closedUserIds.length + filesDeleted;
  if (changed > 0) log.info("retention", { accountsClosed: closed.closedUserIds.length, filesDeleted, ...Object.fromEntries(rules.map((r) => [r.rule, r.changed])) });
  return { dryRun: false, accountsClosed: closed.closedUserIds.length, accountsKeptOpen: closed.keptOpen, rules: ordered(rules), filesDeleted };
}

/** What applyRetention would change now, rule by rule, in counts; changes nothing. */
export async function retentionDryRun(deps: Deps, now: Date = deps.clock.now()): Promise<RetentionRun> {
  let accountsClosed = 0;
  let accountsKeptOpen = 0;
  for (const request of await pendingClosureRequests(deps.db, 10_000)) {
    if ((await stillOpenFor(deps.db, request.userId)).length > 0) accountsKeptOpen += 1;
    else accountsClosed += 1;
  }
  const rules: RuleCount[] = [];
  for (const rule of RECORD_RULES) {
    const cutoff = retentionCutoff(now, retentionRule(rule.id).period);
    const ids = await dueRecords(deps.db, rule, cutoff, 100_000);
    rules.push({ rule: rule.id, action: retentionRule(rule.id).action, changed: ids.length, documents: 0 });
  }
  for (const rule of BULK_RULES) {
    const cutoff = retentionCutoff(now, retentionRule(rule.id).period);
    rules.push({ rule: rule.id, action: retentionRule(rule.id).action, changed: await rule.pending(deps.db, cutoff), documents: 0 });
  }
  const [pendingFiles] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(isNotNull(documents.removedAt), isNull(documents.fileDeletedAt)));
  return { dryRun: true, accountsClosed, accountsKeptOpen, rules: ordered(rules), filesDeleted: Number(pendingFiles?.n ?? 0) };
}

/** In the table's order, with the rules the job never applies (KEEP) listed as changing nothing; another job's rules left out. */
function ordered(counts: RuleCount[]): RuleCount[] {
  return RETENTION_JOB_RULES.map((r) => counts.find((c) => c.rule === r.id) ?? { rule: r.id, action: r.action, changed: 0, documents: 0 });
}
