import { data } from "react-router";

/** Any path the app does not know: the root error boundary shows 'Sorry we can't find that'. */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
