import { commitSession, sessionStorage, startCsrfToken } from "./session.server";

/**
 * The browser tests' signed-in sessions (e2e/fixtures.ts `signedInAs`): `POST /__ops/web-session`
 * with `{ "email": … }` and the ops token answers with the web session cookie of that tenant,
 * signed in, without the login form (which a few tests still go through, one per way of
 * signing in). The API mints the access token (its ops command `issue-access-token`, which
 * checks the ops token); this only wraps it in the session cookie.
 *
 * Never in production: web-server.ts mounts it only when NODE_ENV is test, and it checks again
 * here; the API's ops routes are not mounted in production and refuse without the token.
 */
export function testSessionHandler(nodeEnv: string | undefined, apiFetch: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const notFound = () => new Response("Not found", { status: 404 });
    if (nodeEnv !== "test" || request.method !== "POST") return notFound();
    const token = request.headers.get("x-ops-token");
    if (!token) return notFound();
    const body = (await request.json().catch(() => undefined)) as { email?: unknown } | undefined;
    if (typeof body?.email !== "string") return new Response("An email is required", { status: 400 });
    const minted = await apiFetch(
      new Request(new URL("/ops/run/issue-access-token", request.url), {
        method: "POST",
        headers: { "content-type": "application/json", "x-ops-token": token },
        body: JSON.stringify({ email: body.email }),
      }),
    );
    if (!minted.ok) return new Response(await minted.text(), { status: minted.status });
    const { accessToken, firstName, userId } = (await minted.json()) as { accessToken: string; firstName: string; userId: string };
    const session = await sessionStorage.getSession(null);
    session.set("accessToken", accessToken);
    session.set("firstName", firstName);
    session.set("userId", userId);
    startCsrfToken(session);
    return new Response(null, { status: 204, headers: { "Set-Cookie": await commitSession(session) } });
  };
}
