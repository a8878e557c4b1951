import { data } from "react-router";
import { receiptDocument, receiptDownload, receiptFileName } from "../keyfrees/+lib/receipt.server";
import type { Route } from "./+types/payment-receipt";

/**
 * A payment's receipt to download (issue 27, scope 6): the API's receipt for the signed-in tenant
 * (GET /payments/{paymentId}/receipt, which answers 404 for anyone else's payment) as a plain
 * HTML file. The download is answered by the route's middleware, as a document's is
 * (resources/document.ts); a payment the tenant may not see, or one of another Keyfree than the
 * one in the path, falls through to the loader, which shows the not-found page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  receiptDownload(
    (receipt) =>
      new Response(receiptDocument(receipt), {
        status: 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Disposition": `attachment; filename="${receiptFileName(receipt)}"`,
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "private, no-store",
        },
      }),
  ),
];

/** Reached only when there is no such receipt here: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function PaymentReceipt() {
  return null;
}
