import { data } from "react-router";
import type { Middleware } from "openapi-fetch";
import { isWellFormedId } from "#common/input";

/**
 * Ids are checked for shape before anything is asked of the API (issue 23, scope 1): an id that
 * is not one of ours (a NUL, a slash, a space, 101 characters: `ID_PATTERN` in common/input.ts)
 * is simply not found, the not-found page with a 404, never a 500 and never a query.
 */

/** What the not-found page's 404 carries (the root error boundary shows 'Sorry we can't find that'). */
export const NOT_FOUND_MESSAGE = "Not found";

export function notFound(): never {
  throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
}

/** The route's id parameter `name`, or the not-found page when it is missing or not the shape of an id. */
export function requireWellFormedId(params: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = params[name];
  if (!isWellFormedId(value)) notFound();
  return value;
}

/**
 * Every named parameter of the matched route (`:claimId`, `:orderId`, a card step's `:step`…) must
 * have the shape of an id; a splat (`*`, the rest of a path) is the route's own business. The
 * root middleware runs this for every page, action and resource route, so a new route with an
 * id in its path is covered the day it is added (e2e/web-fuzz.spec.ts checks it).
 */
export function assertWellFormedParams(params: Readonly<Record<string, string | undefined>>): void {
  for (const [name, value] of Object.entries(params)) {
    if (name === "*" || value === undefined) continue;
    requireWellFormedId(params, name);
  }
}

/**
 * The API client's guard: an operation whose path would carry an id that is not the shape of one
 * (read from a form's hidden field, say) is never sent. `onMalformed` answers instead: the page
 * client shows the not-found page, the raw client answers 404 as the API would.
 */
export function wellFormedPathIds(onMalformed: () => Response): Middleware {
  return {
    onRequest({ params }) {
      const path = (params as { path?: Record<string, unknown> }).path ?? {};
      for (const value of Object.values(path)) {
        if (!isWellFormedId(typeof value === "number" ? String(value) : (value as string))) return onMalformed();
      }
      return undefined;
    },
  };
}

/** The raw client's answer to a malformed id: the API's own 404, `{ message }`. */
export function notFoundAnswer(): Response {
  return Response.json({ message: NOT_FOUND_MESSAGE }, { status: 404 });
}
