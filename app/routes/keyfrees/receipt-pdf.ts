import { data } from "react-router";
import { receiptFileName } from "./+lib/receipt.server";
import { drawReceipt, receiptTitle } from "./+lib/statement.server";
import { apiContext, logoutRedirect } from "~/lib/api.server";
import { pdfResponse, taggedPdf } from "~/lib/pdf.server";
import type { Route } from "./+types/receipt-pdf";

/**
 * A payment's receipt as a tagged PDF (issue 39, scope 3), the twin of its text form
 * (resources/payment-receipt.ts): the same API receipt (404 for anyone else's payment), the same
 * words, drawn by the app's one PDF setup (decision 0064) and streamed. A payment the tenant may
 * not see, or one of another Keyfree than the one in the path, shows the not-found page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, params, context }, next) => {
    const { data: receipt, response } = await context
      .get(apiContext)
      .raw.GET("/payments/{paymentId}/receipt", { params: { path: { paymentId: params.paymentId } } });
    if (response.status === 401) throw await logoutRedirect(request, url);
    if (!receipt || receipt.keyfree.orderId !== params.orderId) {
      if (response.ok || response.status === 404 || response.status === 400) return next();
      throw data(null, { status: 502 });
    }
    return pdfResponse(taggedPdf({ title: receiptTitle(receipt) }), (pdf) => drawReceipt(pdf, receipt), receiptFileName(receipt, "pdf"));
  },
];

/** Reached only when there is no such receipt here: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ReceiptPdf() {
  return null;
}
