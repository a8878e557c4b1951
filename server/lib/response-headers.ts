/**
 * A header on the response a handler has already made, set in place. Hono's `c.header()` after
 * `next()` first copies the whole response into a new one (so that it may change headers that
 * could be frozen); our middlewares set a header on every request, and the tenant API's two
 * did so on each of the dozen calls a page can make (decision 0073). A response whose headers
 * are frozen (one passed on from `fetch`) still goes through `c.header()`.
 */
import type { Context } from "hono";

export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
