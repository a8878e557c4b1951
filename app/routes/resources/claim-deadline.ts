import { data } from "react-router";
import { apiContext, logoutRedirect } from "~/lib/api.server";
import { deadlineCalendar } from "~/routes/claims/+lib/claim-deadline-calendar";
import type { Route } from "./+types/claim-deadline";

/**
 * The claim's response deadline as a calendar file (RFC 5545), for the claim page's "Add to
 * calendar". Answered by the route's middleware (a loader's answer would be read as page data,
 * as in document.ts); another tenant's claim, a made-up id, or a claim with no deadline falls
 * through to the loader: the not-found page with 404.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, params, context }, next) => {
    const { data: claim, response } = await context
      .get(apiContext)
      .raw.GET("/claims/{claimId}", { params: { path: { claimId: params.claimId } } });
    if (response.status === 401) throw await logoutRedirect(request, url);
    if (response.status === 404 || !claim) return next();
    const calendar = deadlineCalendar(claim, url.origin, new Date());
    if (calendar === null) return next();
    return new Response(calendar, {
      status: 200,
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'attachment; filename="keyfree-claim-deadline.ics"',
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
];

/** Reached only when there is no deadline to give: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ClaimDeadline() {
  return null;
}
