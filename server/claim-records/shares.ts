/**
 * Share with an adviser (issue 39, scope 5; decision 0065): a read-only link to a claim's record
 * for a person the tenant names. Only the token's hash is kept; the link lasts 30 days and the
 * tenant can revoke it at any time. Opening it shows the record as the tenant sees it, with no
 * document's contents, no actions and no other claim; every view is logged (record_share_views)
 * and the link's last use kept, which the tenant's list shows.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Deps } from "../context";
import { claimRespondents, recordShares, recordShareViews } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { appLink } from "../lib/app-url";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { buildClaimRecord } from "./service";

/** The web page a link opens (app/routes.ts); the token goes in the query, which no request log keeps. */
export const SHARED_RECORD_PATH = "/shared-record";
/** How long a share link works. */
export const SHARE_DAYS = 30;
/** At most this many links live at once per claim and tenant (a bound on what one account can mint). */
export const MAX_LIVE_SHARES = 20;

type ShareRow = typeof recordShares.$inferSelect;

export function shareView(row: ShareRow, now: Date) {
  return {
    id: row.id,
    adviserName: row.adviserName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    status: row.revokedAt ? ("REVOKED" as const) : row.expiresAt <= now ? ("EXPIRED" as const) : ("LIVE" as const),
  };
}

async function respondentOrNotFound(deps: Pick<Deps, "db">, claimId: string, userId: string) {
  const [row] = await deps.db
    .select({ id: claimRespondents.id })
    .from(claimRespondents)
    .where(and(eq(claimRespondents.claimId, claimId), eq(claimRespondents.userId, userId)));
  if (!row) throw notFound();
}

/** The tenant's links for a claim, newest first; 404 unless they are a respondent. */
export async function listShares(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string) {
  await respondentOrNotFound(deps, claimId, userId);
  const rows = await deps.db
    .select()
    .from(recordShares)
    .where(and(eq(recordShares.claimId, claimId), eq(recordShares.userId, userId)))
    .orderBy(desc(recordShares.createdAt), asc(recordShares.id));
  const now = deps.clock.now();
  return rows.map((r) => shareView(r, now));
}

/** Makes a link for the person named; the token is answered once and never kept. */
export async function createShare(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string, adviserName: string) {
  await respondentOrNotFound(deps, claimId, userId);
  const now = deps.clock.now();
  const live = (await listShares(deps, claimId, userId)).filter((s) => s.status === "LIVE");
  if (live.length >= MAX_LIVE_SHARES) {
    throw new ApiError(409, `You have ${MAX_LIVE_SHARES} links working for this claim. Stop one before you make another.`);
  }
  const token = newSecretToken();
  const [row] = await deps.db
    .insert(recordShares)
    .values({
      id: newId(),
      claimId,
      userId,
      adviserName,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SHARE_DAYS * 24 * 60 * 60 * 1000),
      createdAt: now,
    })
    .returning();
  return { share: shareView(row!, now), token, link: appLink(`${SHARED_RECORD_PATH}?token=${token}`) };
}

/** Revokes one of the tenant's links (again: nothing changes); 404 for a link that is not theirs. */
export async function revokeShare(deps: Pick<Deps, "db" | "clock">, claimId: string, shareId: string, userId: string) {
  const [row] = await deps.db
    .select()
    .from(recordShares)
    .where(and(eq(recordShares.id, shareId), eq(recordShares.claimId, claimId), eq(recordShares.userId, userId)));
  if (!row) throw notFound();
  if (!row.revokedAt) await deps.db.update(recordShares).set({ revokedAt: deps.clock.now() }).where(eq(recordShares.id, shareId));
}

/**
 * Opens a shared record: a live link's record (as its tenant sees it, no document ids), with the
 * view logged and the link's last use kept. An unknown, expired or revoked link is the same 404.
 */
export async function openShare(deps: Pick<Deps, "db" | "clock" | "files">, token: string, format: "PAGE" | "PDF") {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(recordShares).where(eq(recordShares.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || row.expiresAt <= now) throw notFound();
  await deps.db.transaction(async (tx) => {
    await tx.insert(recordShareViews).values({ id: newId(), recordShareId: row.id, format, viewedAt: now });
    await tx.update(recordShares).set({ lastUsedAt: now }).where(eq(recordShares.id, row.id));
  });
  const record = await buildClaimRecord(deps, row.claimId, row.userId, { shared: true });
  return { adviserName: row.adviserName, expiresAt: row.expiresAt.toISOString(), record };
}
