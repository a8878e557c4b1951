import { Outlet } from "react-router";
import { requireAccessToken } from "~/lib/auth.server";
import type { Route } from "./+types/protected";

/** Pages below need a signed-in tenant: others go to login and come back here afterwards. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url }) => {
    await requireAccessToken(request, url);
  },
];

export default function Protected() {
  return <Outlet />;
}
