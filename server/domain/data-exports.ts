import { retentionRule } from "#common/retention";

/**
 * "Download your data" (issue 40, decision 0069): how long an export is kept, how its build job
 * holds a row, and what state a tenant is shown. Pure: the data exports area applies it.
 */

/** A ready export can be downloaded for 7 days; then the sweeper deletes its file. The period is the retention table's row (common/retention.ts). */
export const DATA_EXPORT_EXPIRY_DAYS = retentionRule("data-export").period.days ?? 7;

/** The build job's lease on a row: a crashed build is taken up by the sweeper once it runs out. */
export const DATA_EXPORT_LEASE_MS = 15 * 60_000;

/** Builds tried before the export is FAILED (the tenant can then ask again). */
export const DATA_EXPORT_MAX_ATTEMPTS = 3;

export type DataExportStatus = "PENDING" | "READY" | "EXPIRED" | "FAILED";

/** What the tenant's page shows: being prepared, ready (until when), expired, or failed. */
export type DataExportState = "PREPARING" | "READY" | "EXPIRED" | "FAILED";

export function dataExportExpiresAt(readyAt: Date): Date {
  return new Date(readyAt.getTime() + DATA_EXPORT_EXPIRY_DAYS * 86_400_000);
}

/** The state shown: a READY export past its expiry is EXPIRED even before the sweeper has deleted the file. */
export function dataExportState(row: { status: string; expiresAt: Date | null }, now: Date): DataExportState {
  if (row.status === "PENDING") return "PREPARING";
  if (row.status === "FAILED") return "FAILED";
  if (row.status === "READY" && row.expiresAt && row.expiresAt.getTime() > now.getTime()) return "READY";
  return "EXPIRED";
}

/** Whether its file may be downloaded now. */
export function canDownloadDataExport(row: { status: string; expiresAt: Date | null }, now: Date): boolean {
  return dataExportState(row, now) === "READY";
}

/**
 * An e-mail or text as it goes in the export: a link's one-time token is taken out (a password
 * link not yet used would otherwise sign in whoever holds the ZIP). The rest is the text as sent.
 */
export function withoutLinkTokens(text: string): string {
  return text.replace(/([?&](?:token|code)=)[^\s&#"'<>)]+/gi, "$1[removed]");
}

/** A stored document's name as a safe file name inside the ZIP: documents/<id>-<name>. */
export function exportDocumentPath(id: string, name: string): string {
  const safe = name
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 80);
  return `documents/${id}-${safe || "file"}`;
}
