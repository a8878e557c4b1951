import { data } from "react-router";
import { cachedPdfResponse } from "~/lib/pdf-cache.server";
import { taggedPdf } from "~/lib/pdf.server";
import { claimRecordView } from "./+lib/claim-record";
import { drawClaimRecord, recordPdfKey } from "./+lib/claim-record-pdf.server";
import { openSharedRecord, shareToken } from "./+lib/shared-record.server";
import type { Route } from "./+types/shared-record-pdf";

/**
 * A shared claim record as its PDF (issue 39): the link's record, drawn as the tenant's own PDF is
 * (the view has no file links either way), made once per version and streamed. The view is logged
 * as a PDF view. A link that does not work is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shared = await openSharedRecord(context, shareToken(request), "PDF");
  if (!shared) throw data(null, { status: 404 });
  const view = claimRecordView(shared.record);
  return cachedPdfResponse(recordPdfKey(view), () => taggedPdf({ title: view.title, subject: view.address }), (pdf) => drawClaimRecord(pdf, view), view.fileName);
}
