import { redirect, redirectDocument } from "react-router";
import { apiContext } from "~/lib/api.server";
import { destroySession, getSession } from "~/lib/session.server";
import type { Route } from "./+types/logout";

/**
 * Logout is a POST (CSRF-checked by the root middleware): the API revokes the token and
 * records the logout event, and the session cookie is cleared. Login is loaded as a whole page
 * even from a page running script (redirectDocument): the live chat, if on, is shut down there
 * (app/lib/chat.server.ts), which only a page loaded whole does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request);
  const token = session.get("accessToken");
  // A token that has already expired is as good as revoked: sign out all the same.
  if (token) await context.get(apiContext).raw.POST("/auth/logout");
  return redirectDocument("/auth/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

/** Nothing to see here: a GET (say, a bookmarked URL) goes home. */
export function loader() {
  return redirect("/");
}

/** A page module (not a resource route), so a refused post shows the error page rather than JSON. */
export default function Logout() {
  return null;
}
