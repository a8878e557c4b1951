import { data } from "react-router";
import { drawStatement, statementFileName, statementView } from "./+lib/statement.server";
import { apiContext, logoutRedirect } from "~/lib/api.server";
import { pdfResponse, taggedPdf } from "~/lib/pdf.server";
import type { Route } from "./+types/statement-pdf";

/**
 * A Keyfree's statement as a tagged PDF (issue 39, scope 3; decision 0064): the Keyfree page's
 * own two reads (GET /tenancy-orders/{id} and its payments, both 404 for another tenant's
 * Keyfree), worded by the page's code, drawn by the app's one PDF setup and streamed as it is
 * made. Answered by the route's middleware, as a receipt is (resources/payment-receipt.ts): a
 * Keyfree the tenant may not see falls through to the loader, which shows the not-found page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, params, context }, next) => {
    const api = context.get(apiContext).raw;
    const id = params.orderId;
    const [order, payments] = await Promise.all([
      api.GET("/tenancy-orders/{id}", { params: { path: { id } } }),
      api.GET("/tenancy-orders/{id}/payments", { params: { path: { id } } }),
    ]);
    if (order.response.status === 401 || payments.response.status === 401) throw await logoutRedirect(request, url);
    if (!order.data || !payments.data || order.data.status === "IN_PROGRESS") {
      const refused = (s: number) => s === 404 || s === 400;
      if (order.data || refused(order.response.status) || refused(payments.response.status)) return next();
      throw data(null, { status: 502 });
    }
    const view = statementView(order.data, payments.data.payments, new Date());
    return pdfResponse(taggedPdf({ title: view.title, subject: view.address }), (pdf) => drawStatement(pdf, view), statementFileName(id));
  },
];

/** Reached only when there is no such Keyfree of the tenant's: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function KeyfreeStatement() {
  return null;
}
