import { data } from "react-router";
import { apiContext, logoutRedirect } from "~/lib/api.server";
import type { Route } from "./+types/document";

/**
 * A document the tenant may see (evidence, signed terms, an adjudication report), fetched
 * from the API with the tenant's token and passed through as a download. The API decides
 * who may see what: anything else is a 404.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const response = await context.get(apiContext).request(`/documents/${encodeURIComponent(params.documentId)}/content`);
  if (response.status === 401) throw await logoutRedirect(request, url);
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 502 });
  const headers = new Headers();
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: 200, headers });
}
