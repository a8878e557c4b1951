import { Outlet } from "react-router";
import { claimMiddleware } from "./+lib/claims.server";
import type { Route } from "./+types/layout";

/**
 * Every page of a claim (part 1 §2.5): the middleware reads the claim once per request (another
 * tenant's claim is the not-found page) and sends the tenant to their payment plan, the
 * arbitration or the dashboard when the claim is not theirs to answer here. Pages read it with
 * getClaim(context).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params }) => {
    await claimMiddleware({ context, params });
  },
];

export default function ClaimLayout() {
  return <Outlet />;
}
