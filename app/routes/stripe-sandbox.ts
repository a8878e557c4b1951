import { webConfig } from "~/lib/env.server";
import type { Route } from "./+types/stripe-sandbox";

/**
 * Offline card payments: the stand-in Stripe.js talks to the sandbox's browser endpoints under
 * /stripe-sandbox (the ones Stripe.js may call with the publishable key, nothing more). They
 * are the in-process sandbox's, or with TENANT_API_URL the API server's, so the card form
 * works offline under `npm start`, `npm run dev` and a separately run API alike.
 */
async function forward(request: Request): Promise<Response> {
  if (!webConfig.stripeStandIn) return new Response("Not found", { status: 404 });
  if (webConfig.tenantApiUrl) {
    const from = new URL(request.url);
    const to = new URL(from.pathname + from.search, webConfig.tenantApiUrl);
    const body = ["GET", "HEAD"].includes(request.method) ? undefined : await request.arrayBuffer();
    const headers = new Headers();
    for (const name of ["authorization", "content-type", "accept", "idempotency-key", "stripe-version"]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    return fetch(to, { method: request.method, headers, body });
  }
  const { getRuntime } = await import("../../server/runtime");
  const sandbox = (await getRuntime({ startJobs: true })).payments.sandbox;
  if (!sandbox) return new Response("Not found", { status: 404 });
  return sandbox.browserApp.fetch(request);
}

export const loader = ({ request }: Route.LoaderArgs) => forward(request);
export const action = ({ request }: Route.ActionArgs) => forward(request);
