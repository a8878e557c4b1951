/**
 * The sign-in page, coming back to `back` (a path and query on this site) afterwards: the one
 * rule for every way a tenant is sent to sign in (no session, an expired one, a card step's 401).
 * The home page and the sign-in pages themselves need no way back.
 */
export function loginPath(back: string): string {
  return back === "/" || back.startsWith("/auth/") ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(back)}`;
}
