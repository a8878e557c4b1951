import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { ApiFailure, messageOf, type RawApi } from "./api.server";
import { loginPath } from "./login-path";
import { getSession } from "./session.server";

export type LoginOutcome = { requiresReset: true } | { requiresReset: false; accessToken: string; firstName: string };

/** Wrong credentials: the page says 'Wrong email or password'. */
export class LoginRefused extends Error {}

/** Too many wrong passwords for this email lately: the page says so, with the API's message. */
export class LoginLocked extends Error {}

/**
 * remix-auth with the form strategy, over this request's API client: the login form's email
 * and password are checked by the tenant API's `login`, which answers with an access token or
 * a reset requirement. The greeting's first name is read once here (`me`) and kept in the session.
 */
export function loginAuthenticator(api: RawApi) {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "");
      const password = String(form.get("password") ?? "");
      const { data, error, response } = await api.POST("/auth/login", { body: { email, password } });
      if (response.status === 401 || response.status === 400) throw new LoginRefused(messageOf(error));
      if (response.status === 429) throw new LoginLocked(messageOf(error));
      if (!data) throw new ApiFailure(response.status, messageOf(error));
      if (data.requiresReset || !data.accessToken) return { requiresReset: true };
      const me = await api.GET("/me", { headers: { authorization: `Bearer ${data.accessToken}` } });
      if (!me.data) throw new ApiFailure(me.response.status, messageOf(me.error));
      return { requiresReset: false, accessToken: data.accessToken, firstName: me.data.firstName };
    }),
    "login",
  );
  return authenticator;
}

/** The access token of a signed-in request, or a redirect to login that comes back here. */
export async function requireAccessToken(request: Request, url: URL): Promise<string> {
  const session = await getSession(request);
  const token = session.get("accessToken");
  if (token) return token;
  throw redirect(loginPath(url.pathname + url.search));
}

export async function getAccessToken(request: Request): Promise<string | undefined> {
  return (await getSession(request)).get("accessToken");
}
