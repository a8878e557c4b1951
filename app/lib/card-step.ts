import { useRouteLoaderData } from "react-router";
import { loginPath } from "./login-path";
import { SESSION_EXPIRED_MESSAGE } from "./messages";

/** A card step's answer: what the step gives, or the message the card form shows. */
export type CardStepAnswer<T> = (T & { error?: undefined }) | { error: string };

/**
 * Posts one card step (a JSON resource route the card form calls while its page runs script;
 * app/lib/card-step.server.ts answers): the fields as a form with the session's CSRF token, the
 * JSON back. The one way a step's failure reaches the card form:
 * - the session has ended (a 401, or the sign-in page the post was sent on to): the browser goes
 *   to sign in and comes back to this page afterwards; the form shows the spec's message meanwhile;
 * - a refusal: `{ error }` with the server's message;
 * - an answer that is not the step's JSON (a page of ours in its place): `{ error: fallback }`.
 * A network failure is thrown, for the card form to show.
 */
export async function postCardStep<T>(url: string, fields: Record<string, string>, csrf: string, fallback: string): Promise<CardStepAnswer<T>> {
  const form = new FormData();
  form.set("csrf", csrf);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(url, { method: "POST", body: form, headers: { accept: "application/json" } });
  if (response.status === 401 || (response.redirected && new URL(response.url).pathname === "/auth/login")) {
    window.location.assign(loginPath(window.location.pathname + window.location.search));
    return { error: SESSION_EXPIRED_MESSAGE };
  }
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (body !== null && typeof body === "object") {
    if (typeof body.error === "string" && body.error !== "") return { error: body.error };
    if (response.ok) return body as CardStepAnswer<T>;
  }
  return { error: fallback };
}

/** `postCardStep` with this page's CSRF token (from the root loader): `const post = useCardStep(fallback)`, then `post<Answer>(url, fields)`. */
export function useCardStep(fallback: string) {
  const root = useRouteLoaderData("root") as { csrf: string } | undefined;
  const csrf = root?.csrf ?? "";
  return <T>(url: string, fields: Record<string, string> = {}) => postCardStep<T>(url, fields, csrf, fallback);
}
