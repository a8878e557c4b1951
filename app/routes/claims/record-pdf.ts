import { apiContext } from "~/lib/api.server";
import { cachedPdfResponse } from "~/lib/pdf-cache.server";
import { taggedPdf } from "~/lib/pdf.server";
import { claimRecordView } from "./+lib/claim-record";
import { drawClaimRecord, recordPdfKey } from "./+lib/claim-record-pdf.server";
import type { Route } from "./+types/record-pdf";

/**
 * A claim's record as a tagged PDF (issue 39, decision 0065): the record page's view, drawn by the
 * app's one PDF setup, made once per version of the record (cached by a hash of it) and streamed.
 * Another tenant's claim is a 404 inside the API client (the not-found page).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await context.get(apiContext).GET("/claims/{claimId}/record", { params: { path: { claimId: params.claimId } } });
  const view = claimRecordView(record);
  return cachedPdfResponse(recordPdfKey(view), () => taggedPdf({ title: view.title, subject: view.address }), (pdf) => drawClaimRecord(pdf, view), view.fileName);
}
