import { data } from "react-router";
import { logoutRedirect } from "./api.server";

/**
 * A file the API answered, passed on to the browser as a download (a document, a tenant's data
 * export): its body as it arrives, never read whole here. A 401 signs the tenant out and back to
 * this URL; a 404 (or a 400 for an id of the wrong shape) falls through to `next`, the route's
 * loader, which shows the not-found page like every other id route; anything else is a 502.
 */
export async function forwardDownload(response: Response, request: Request, url: URL, next: () => Promise<Response>): Promise<Response> {
  if (response.status === 401) throw await logoutRedirect(request, url);
  if (response.status === 404 || response.status === 400) {
    await response.body?.cancel();
    return next();
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw data(null, { status: 502 });
  }
  const headers = new Headers();
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: 200, headers });
}
