import { redirect } from "react-router";
import { apiContext } from "~/lib/api.server";
import { clearFlowCookie, finishIdentitySignIn, type UnauthorisedReason } from "./+lib/oidc.server";
import { startSignedInSession } from "~/lib/auth.server";
import type { Route } from "./+types/authenticate";

/**
 * `/authenticate`, the identity provider's callback (part 1 §2.2): a verified identity of a
 * known tenant is signed in, with the session a password login makes (access token and first
 * name), and goes to /. Anything else (an unknown identity, a cancelled or expired sign-in, a
 * wrong state, a replayed answer) goes to /unauthorised, which says which.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await clearFlowCookie());
  const refuse = (reason: UnauthorisedReason) => redirect(`/unauthorised?reason=${reason}`, { headers });

  const outcome = await finishIdentitySignIn(request, url);
  if (!outcome.ok) return refuse(outcome.reason);

  const api = context.get(apiContext).raw;
  const signIn = await api.POST("/auth/identity-login", { body: { idToken: outcome.idToken } });
  if (!signIn.data) return refuse(signIn.response.status === 404 ? "unknown" : "failed");
  const me = await api.GET("/me", { headers: { authorization: `Bearer ${signIn.data.accessToken}` } });
  if (!me.data) return refuse("failed");

  headers.append("Set-Cookie", await startSignedInSession(request, api, { accessToken: signIn.data.accessToken, firstName: me.data.firstName, userId: me.data.id }));
  return redirect("/", { headers });
}

/** A page module (no page of its own: the loader always redirects). */
export default function Authenticate() {
  return null;
}
