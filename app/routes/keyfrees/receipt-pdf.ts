import { data } from "react-router";
import { receiptDownload, receiptFileName } from "./+lib/receipt.server";
import { drawReceipt, receiptTitle } from "./+lib/statement.server";
import { pdfResponse, taggedPdf } from "~/lib/pdf.server";
import type { Route } from "./+types/receipt-pdf";

/**
 * A payment's receipt as a tagged PDF (issue 39, scope 3), the twin of its text form
 * (resources/payment-receipt.ts): the same API receipt and middleware (404 for anyone else's
 * payment, or one of another Keyfree than the path's: the not-found page), the same words, drawn
 * by the app's one PDF setup (decision 0064) and streamed.
 */
export const middleware: Route.MiddlewareFunction[] = [
  receiptDownload((receipt) =>
    pdfResponse(taggedPdf({ title: receiptTitle(receipt) }), (pdf) => drawReceipt(pdf, receipt), receiptFileName(receipt, "pdf")),
  ),
];

/** Reached only when there is no such receipt here: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ReceiptPdf() {
  return null;
}
