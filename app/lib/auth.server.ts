import { redirect } from "react-router";
import { Strategy } from "remix-auth/strategy";
import { ApiFailure, messageOf, type RawApi } from "./api.server";
import { readForm } from "./csrf.server";
import { loginPath } from "./login-path";
import { commitSession, getSession, sessionStorage, startCsrfToken } from "./session.server";

export type LoginOutcome = { requiresReset: true } | { requiresReset: false; accessToken: string; firstName: string; userId: string };

/** Wrong credentials: the page says 'Wrong email or password'. */
export class LoginRefused extends Error {}

/** Too many wrong passwords from this address lately (for this e-mail, or for many): the page says so, with the API's message and the time to wait. */
export class LoginLocked extends Error {}

/**
 * remix-auth's strategy for a posted form, reading it through readForm: the one reader of a
 * request's body (csrf.server.ts). A multipart post has already been read by the host's
 * streaming reader, so a strategy that read the body again (remix-auth-form's did, with a
 * clone) found it used: a login posted as multipart/form-data was a 500.
 */
class PostedFormStrategy<User> extends Strategy<User, { form: FormData; request: Request }> {
  // Called directly, not through remix-auth's Authenticator, whose authenticate() copies the
  // request with its body: a copy of a body already read throws, and a copy is
  // not the request whose form readForm holds.
  name = "form";
  override async authenticate(request: Request): Promise<User> {
    return this.verify({ form: await readForm(request), request });
  }
}

/**
 * remix-auth with our posted-form strategy, over this request's API client: the login form's email
 * and password are checked by the tenant API's `login`, which answers with an access token or
 * a reset requirement. The greeting's first name is read once here (`me`) and kept in the session.
 */
export function loginStrategy(api: RawApi): Strategy<LoginOutcome, { form: FormData; request: Request }> {
  return new PostedFormStrategy<LoginOutcome>(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const { data, error, response } = await api.POST("/auth/login", { body: { email, password } });
    if (response.status === 401 || response.status === 400) throw new LoginRefused(messageOf(error));
    if (response.status === 429) throw new LoginLocked(messageOf(error));
    if (!data) throw new ApiFailure(response.status, messageOf(error));
    if (data.requiresReset || !data.accessToken) return { requiresReset: true };
    const me = await api.GET("/me", { headers: { authorization: `Bearer ${data.accessToken}` } });
    if (!me.data) throw new ApiFailure(me.response.status, messageOf(me.error));
    return { requiresReset: false, accessToken: data.accessToken, firstName: me.data.firstName, userId: me.data.id };
  });
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

/**
 * Revokes an access token at the API (its logout), for a way out of a session other than the
 * logout button: `?clear_session`, and a sign-in that replaces an earlier one in this browser.
 * A token that is already expired or revoked answers 401: nothing more to do.
 */
export async function revokeAccessToken(api: RawApi, token: string): Promise<void> {
  await api.POST("/auth/logout", { headers: { authorization: `Bearer ${token}` } });
}

/**
 * The Set-Cookie of a new signed-in session, for every way of signing in (login form, identity
 * provider, set-password): a fresh session (nothing of the previous one carries over), a new CSRF
 * token, and the previous session's token in this browser, if any, revoked at the API, so
 * signing in as someone else leaves nothing of the first person usable (issue 23).
 */
export async function startSignedInSession(
  request: Request,
  api: RawApi,
  signedIn: { accessToken: string; firstName: string; userId: string },
): Promise<string> {
  const previous = (await getSession(request)).get("accessToken");
  if (previous && previous !== signedIn.accessToken) await revokeAccessToken(api, previous);
  const session = await sessionStorage.getSession(null);
  session.set("accessToken", signedIn.accessToken);
  session.set("firstName", signedIn.firstName);
  session.set("userId", signedIn.userId);
  startCsrfToken(session);
  return commitSession(session);
}
