import { getHost } from "~/lib/api.server";
import { webConfig } from "~/lib/env.server";
import type { Route } from "./+types/stripe-sandbox";

/**
 * Offline card payments: the stand-in Stripe.js talks to the sandbox's browser endpoints under
 * /stripe-sandbox (the ones Stripe.js may call with the publishable key, nothing more). The host
 * gives them: the in-process sandbox's, or with TENANT_API_URL the API server's, so the card
 * form works offline under `npm start`, `npm run dev` and a separately run API alike.
 */
function forward(request: Request, context: Route.LoaderArgs["context"]): Promise<Response> | Response {
  const sandbox = getHost(context).stripeSandbox;
  if (!webConfig.stripeStandIn || !sandbox) return new Response("Not found", { status: 404 });
  return sandbox(request);
}

export const loader = ({ request, context }: Route.LoaderArgs) => forward(request, context);
export const action = ({ request, context }: Route.ActionArgs) => forward(request, context);
