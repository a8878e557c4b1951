import { useRouteLoaderData } from "react-router";

type RootData = { csrf: string };

/**
 * The session's CSRF token: every state-changing form carries it. Its own module so the
 * header's logout form does not bring the form library to every hydrating page.
 */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const token = root?.csrf ?? "";
  // Uncontrolled, and new when the token changes: React never rewrites it behind the form's back.
  return <input key={token} type="hidden" name="csrf" defaultValue={token} />;
}
