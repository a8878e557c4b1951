import { data, type RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/api.server";

/** The token of a shared record's link, from the query (never the path: request logs keep paths). */
export function shareToken(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
}

/**
 * Opens a shared record (issue 39): the API logs the view (the page or the PDF) and answers the
 * record, or null for a link that does not work (unknown, stopped, or more than 30 days old: the
 * API does not say which). Anything else the API answers is a 502, never the record.
 */
export async function openSharedRecord(context: Readonly<RouterContextProvider>, token: string, format: "PAGE" | "PDF") {
  if (!token) return null;
  const opened = await context.get(apiContext).raw.POST("/shared-records", { body: { token, format } });
  if (opened.data) return opened.data;
  if (opened.response.status === 404 || opened.response.status === 400) return null;
  throw data(null, { status: 502 });
}
