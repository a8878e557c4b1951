import { redirect } from "react-router";
import { getAccessToken } from "~/lib/auth.server";
import { startIdentitySignIn } from "./+lib/oidc.server";
import type { Route } from "./+types/identity-login";

/**
 * `/login` (part 1 §2.2): sends the browser straight to the identity provider's sign-in, with
 * the authorization-code flow and PKCE (docs/decisions/0009-identity-provider-sign-in.md).
 * A signed-in tenant goes to /; without a configured provider (production without OIDC_*),
 * to the password login.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getAccessToken(request)) return redirect("/");
  const start = await startIdentitySignIn();
  if (start.kind === "off") return redirect("/auth/login");
  if (start.kind === "unavailable") return redirect("/unauthorised?reason=unavailable");
  return redirect(start.location, { headers: { "Set-Cookie": start.setCookie, "Cache-Control": "no-store" } });
}

/** A page module (no page of its own: the loader always redirects). */
export default function IdentityLogin() {
  return null;
}
