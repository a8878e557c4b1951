import { londonTimeOfDay, longLondonDate, untilWords } from "#common/wording";
import type { components } from "~/lib/api/schema";
import { fileSizeText } from "~/lib/file-size";

/**
 * Your data (issue 40, decision 0069): what the page shows of the tenant's latest export. The
 * state is the API's (being prepared, ready until when, expired, failed); the page is a plain
 * reload, no script.
 */
export const DATA_PATH = "/account/data";

export const DATA_FLASH = {
  requested: "We are preparing your data. We will e-mail you when it is ready to download.",
} as const;

type DataExports = components["schemas"]["DataExports"];

export type DataExportView =
  | { state: "NONE" }
  | { state: "PREPARING"; requested: string }
  | { state: "READY"; until: string; href: string; size: string }
  | { state: "EXPIRED"; expiredOn: string }
  | { state: "FAILED" };

/** The download's page address (a resource route: the ZIP, only to its owner). */
export const dataExportDownloadPath = (exportId: string) => `${DATA_PATH}/exports/${exportId}/download`;

export function dataExportView(data: DataExports, now: Date): { expiryDays: number; latest: DataExportView } {
  const e = data.latest;
  const latest: DataExportView = !e
    ? { state: "NONE" }
    : e.state === "PREPARING"
      ? { state: "PREPARING", requested: `${londonTimeOfDay(e.requestedAt)} on ${longLondonDate(e.requestedAt)}` }
      : e.state === "READY"
        ? { state: "READY", until: untilWords(e.expiresAt!, now), href: dataExportDownloadPath(e.id), size: fileSizeText(e.size ?? 0) }
        : e.state === "EXPIRED"
          ? { state: "EXPIRED", expiredOn: longLondonDate(e.expiresAt ?? e.requestedAt) }
          : { state: "FAILED" };
  return { expiryDays: data.expiryDays, latest };
}
