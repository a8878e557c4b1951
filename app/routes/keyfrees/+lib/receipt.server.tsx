import { renderToStaticMarkup } from "react-dom/server";
import { data, type MiddlewareFunction } from "react-router";
import { apiContext, logoutRedirect } from "~/lib/api.server";
import { Facts } from "~/components/facts";
import type { components } from "~/lib/api/schema";
import { addressLine } from "~/lib/format";
import { PRODUCT } from "~/lib/product";
import { paymentWords } from "./keyfree-page-view";
import { receiptTitle } from "./statement.server";

type Receipt = components["schemas"]["PaymentReceipt"];

/**
 * The middleware of a receipt's download, in either form (the text receipt, issue 27; its PDF
 * twin, issue 39): the API's receipt for the signed-in tenant (GET /payments/{paymentId}/receipt,
 * 404 for anyone else's payment), answered by `answer`. A payment the tenant may not see, or one
 * of another Keyfree than the one in the path, falls through to the route's loader, which shows
 * the not-found page.
 */
export function receiptDownload(answer: (receipt: Receipt) => Response): MiddlewareFunction<Response> {
  return async ({ request, url, params, context }, next) => {
    const { data: receipt, response } = await context
      .get(apiContext)
      .raw.GET("/payments/{paymentId}/receipt", { params: { path: { paymentId: params.paymentId ?? "" } } });
    if (response.status === 401) throw await logoutRedirect(request, url);
    if (!receipt || receipt.keyfree.orderId !== params.orderId) {
      if (response.ok || response.status === 404 || response.status === 400) return next();
      throw data(null, { status: 502 });
    }
    return answer(receipt);
  };
}

/** The receipt's file name: the product, the day paid and the start of the receipt number. */
export function receiptFileName(receipt: Pick<Receipt, "id" | "paidAt">, extension: "html" | "pdf" = "html"): string {
  return `${PRODUCT.slug}-receipt-${receipt.paidAt.slice(0, 10)}-${receipt.id.slice(0, 8)}.${extension}`.replace(/[^A-Za-z0-9._-]/g, "-");
}

/**
 * A payment's receipt as a document of its own (issue 27, scope 6): plain HTML that opens in any
 * browser, offline, with a language, a title, one heading and a description list, readable by a
 * screen reader and printable. No script, no outside file.
 */
export function receiptDocument(receipt: Receipt): string {
  const { date, amount, label, refund } = paymentWords(receipt);
  const address = `${addressLine(receipt.keyfree.address)}, ${receipt.keyfree.address.postcode}`;
  const body = renderToStaticMarkup(
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{receiptTitle(receipt)}</title>
        <style>{RECEIPT_STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{PRODUCT.name} payment receipt</h1>
          <p>Thank you. This is your receipt for a payment you made to {PRODUCT.name}. Keep it for your records.</p>
          <Facts
            facts={[
              ["Receipt number", receipt.id],
              ["Date paid", date],
              ["Amount paid", amount],
              ["Payment for", label],
              refund ? ["Given back", refund] : null,
              ["Paid by", <>{receipt.payer.name} ({receipt.payer.email})</>],
              ["Property", address],
            ]}
          />
        </main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>\n${body}\n`;
}

const RECEIPT_STYLE = `
body { font-family: system-ui, sans-serif; line-height: 1.5; color: #0b0c0c; margin: 0; padding: 1.5rem; max-width: 40rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
dl { margin: 0; }
dl div { display: flex; flex-wrap: wrap; gap: 0 1rem; padding: 0.5rem 0; border-bottom: 1px solid #b1b4b6; }
dt { min-width: 10rem; color: #505a5f; }
dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;
