import { Outlet, redirect } from "react-router";
import { getAccessToken } from "~/lib/auth.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { fullWidth: true };

/** Signed-in tenants who open a login page go to the dashboard. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    if (await getAccessToken(request)) throw redirect("/");
  },
];

export default function AuthLayout() {
  return (
    <div className="auth-layout">
      <Outlet />
    </div>
  );
}
