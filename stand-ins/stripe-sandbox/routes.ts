import type { Ctx, Result } from "./handlers";
import * as h from "./handlers";
import { authenticationError } from "./errors";

/** The sandbox's endpoints, who may call each (the secret key, or the publishable one too), and the helpers its router answers with. */
export type Access = "secret" | "publishable";
export type Route = { method: "GET" | "POST"; path: string; access: Access; handler: (ctx: Ctx) => Promise<Result>; html?: boolean };

export const ROUTES: Route[] = [
  { method: "POST", path: "/v1/customers", access: "secret", handler: h.createCustomer },
  { method: "GET", path: "/v1/customers/:id", access: "secret", handler: h.retrieveCustomer },
  { method: "POST", path: "/v1/customers/:id", access: "secret", handler: h.updateCustomer },
  { method: "GET", path: "/v1/customers/:customer/payment_methods", access: "secret", handler: h.listCustomerPaymentMethods },
  { method: "GET", path: "/v1/customers/:customer/payment_methods/:id", access: "secret", handler: h.retrieveCustomerPaymentMethod },
  { method: "POST", path: "/v1/payment_methods", access: "publishable", handler: h.createPaymentMethod },
  { method: "GET", path: "/v1/payment_methods", access: "secret", handler: h.listPaymentMethods },
  { method: "GET", path: "/v1/payment_methods/:id", access: "secret", handler: h.retrievePaymentMethod },
  { method: "POST", path: "/v1/payment_methods/:id/attach", access: "secret", handler: h.attachPaymentMethod },
  { method: "POST", path: "/v1/payment_methods/:id/detach", access: "secret", handler: h.detachPaymentMethod },
  { method: "POST", path: "/v1/payment_intents", access: "secret", handler: h.createPaymentIntent },
  { method: "GET", path: "/v1/payment_intents/:id", access: "publishable", handler: h.retrievePaymentIntent },
  { method: "POST", path: "/v1/payment_intents/:id", access: "secret", handler: h.updatePaymentIntent },
  { method: "POST", path: "/v1/payment_intents/:id/confirm", access: "publishable", handler: h.confirmPaymentIntent },
  { method: "POST", path: "/v1/setup_intents", access: "secret", handler: h.createSetupIntent },
  { method: "GET", path: "/v1/setup_intents/:id", access: "publishable", handler: h.retrieveSetupIntent },
  { method: "POST", path: "/v1/setup_intents/:id/confirm", access: "publishable", handler: h.confirmSetupIntent },
  { method: "POST", path: "/v1/refunds", access: "secret", handler: h.createRefund },
  { method: "GET", path: "/v1/refunds", access: "secret", handler: h.listRefunds },
  { method: "GET", path: "/v1/refunds/:id", access: "secret", handler: h.retrieveRefund },
  { method: "GET", path: "/v1/charges/:id", access: "secret", handler: h.retrieveCharge },
  { method: "GET", path: "/v1/events", access: "secret", handler: h.listEvents },
  { method: "GET", path: "/v1/events/:id", access: "secret", handler: h.retrieveEvent },
  { method: "POST", path: "/sandbox/3ds/:id", access: "publishable", handler: h.answerChallenge, html: true },
];

export const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
export const PUBLISHABLE_NOT_ALLOWED =
  "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.";
export const SECRET_NOT_ALLOWED = "The sandbox's browser endpoints take the publishable key only: never send a secret key from a browser.";

export const MAX_BODY_CHARS = 256 * 1024;

export function maskKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : "****";
}

export function keyFromHeader(header: string): string {
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (value && scheme?.toLowerCase() === "bearer") return value;
  if (value && scheme?.toLowerCase() === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    return decoded.split(":", 1)[0] ?? "";
  }
  throw authenticationError(
    "Invalid Authorization header. Use Bearer auth ('Authorization: Bearer YOUR_SECRET_KEY') or Basic auth with the key as the user name.",
  );
}

export function jsonResponse(status: number, body: string, headers: Record<string, string>): Response {
  return new Response(body, { status, headers: { "content-type": "application/json", ...headers } });
}

export function htmlResponse(status: number, html: string, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers } });
}
