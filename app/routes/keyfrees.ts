import { redirect } from "react-router";
import type { Route } from "./+types/keyfrees";

/**
 * /keyfrees (the spec's /{product}s, where a tenant lands after setting a password) is the
 * dashboard: it sends the browser to /, keeping any filter (docs/decisions/0010).
 */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/${url.search}`);
}
