import { data } from "react-router";
import { apiContext } from "~/lib/api.server";
import { forwardDownload } from "~/lib/download.server";
import type { Route } from "./+types/document";

/**
 * A document the tenant may see (evidence, signed terms, an adjudication report), fetched
 * from the API with the tenant's token and passed through as a download. The API decides
 * who may see what. The download is answered by the route's middleware (a loader's answer
 * would be read as page data); anything the tenant may not see, or that does not exist,
 * falls through to the loader, which shows the not-found page like every other id route.
 * The body is passed through as it arrives, never read whole here (issue 25: a document can be
 * 30 MB, read from the bucket as it is sent).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, params, context }, next) => {
    // A HEAD asks the API for a HEAD: it closes the file at once instead of sending a body nobody reads.
    const method = request.method === "HEAD" ? "HEAD" : "GET";
    const response = await context.get(apiContext).request(`/documents/${encodeURIComponent(params.documentId)}/content`, { method });
    return forwardDownload(response, request, url, next);
  },
];

/** Reached only when the API answered 404: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function Document() {
  return null;
}
