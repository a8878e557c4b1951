import { useRouteLoaderData } from "react-router";
import { loginPath } from "./login-path";

/** A card step's answer: what the step gives, or the message the card form shows. */
export type CardStepAnswer<T> = (T & { error?: undefined }) | { error: string };

/**
 * Posts one card step (a JSON resource route the card form calls while its page runs script;
 * app/lib/card-step.server.ts answers): the fields as a form (urlencoded) with the session's CSRF
 * token, the JSON back. The one way a step's failure reaches the card form:
 * - the session has ended (a 401, or the sign-in page the post was sent on to): the browser goes
 *   to sign in and comes back to this page afterwards; the form shows the server's message
 *   ('Your session has expired…') meanwhile;
 * - a refusal: `{ error }` with the server's message;
 * - an answer that is not the step's JSON (a page of ours in its place): `{ error: fallback }`.
 * A network failure is thrown, for the card form to show. (Kept small: it is in every card page's
 * script, which has a budget.)
 */
export async function postCardStep<T>(url: string, fields: Record<string, string>, csrf: string, fallback: string): Promise<CardStepAnswer<T>> {
  const body = new URLSearchParams({ csrf, ...fields });
  const response = await fetch(url, { method: "POST", body, headers: { accept: "application/json" } });
  const here = window.location;
  if (response.status === 401 || (response.redirected && new URL(response.url).pathname === "/auth/login")) {
    here.assign(loginPath(here.pathname + here.search));
  }
  const answer = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (answer?.error) return { error: answer.error };
  return response.ok && answer ? (answer as CardStepAnswer<T>) : { error: fallback };
}

/** `postCardStep` with this page's CSRF token (from the root loader): `const post = useCardStep(fallback)`, then `post<Answer>(url, fields)`. */
export function useCardStep(fallback: string) {
  const root = useRouteLoaderData("root") as { csrf: string } | undefined;
  const csrf = root?.csrf ?? "";
  return <T>(url: string, fields: Record<string, string> = {}) => postCardStep<T>(url, fields, csrf, fallback);
}
