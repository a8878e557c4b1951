import { data } from "react-router";
import { apiContext } from "~/lib/api.server";
import { forwardDownload } from "~/lib/download.server";
import type { Route } from "./+types/data-export";

/**
 * The ZIP of the tenant's data (issue 40, decision 0069), linked from /account/data while it is
 * ready: fetched from the API with the tenant's token and passed on as it arrives. Another
 * tenant's export, one not ready or expired, falls through to the loader: the not-found page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, params, context }, next) => {
    const method = request.method === "HEAD" ? "HEAD" : "GET";
    const response = await context.get(apiContext).request(`/me/data-exports/${encodeURIComponent(params.exportId)}/content`, { method });
    return forwardDownload(response, request, url, next);
  },
];

/** Reached only when the API answered 404: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function DataExport() {
  return null;
}
