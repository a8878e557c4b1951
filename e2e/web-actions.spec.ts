import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, NO_BROWSER, signInRequest, test } from "./fixtures";
import { fillPath, webRoutes, type WebRoute } from "./route-table";

/**
 * Bad input to the web app never answers 500 (issue 8, gates): every route with an action in
 * the route table (app/routes.ts), posted a malformed multipart body, an oversized body, a
 * body that is not a form, and missing or wrong fields — with a valid session and CSRF
 * token — answers a 4xx page with a message (HTML with a heading, or for a resource route the
 * JSON its script reads), never a 5xx. A new action is covered the day it is added.
 */
const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";
/** The form limit (app/lib/body-limit.server.ts FORM_MAX_BYTES), and then some. */
const OVERSIZED_BYTES = 64 * 1024 + 1;

const actions = webRoutes.filter((r) => r.hasAction);

/**
 * Path parameters that pick a branch of the action rather than a record: each value is
 * walked besides a made-up one (the card form's steps, app/routes/payments/payment-step.tsx).
 */
const PARAM_VALUES: Record<string, string[]> = {
  step: ["duplicate-check", "card-checks", "intent", "follow-up"],
};

function urlsOf(route: WebRoute): string[] {
  const urls = [fillPath(route, (param) => (param === "*" ? "v1/made-up" : MADE_UP_ID))];
  for (const param of route.params) {
    for (const value of PARAM_VALUES[param] ?? [])
      urls.push(fillPath(route, (p) => (p === param ? value : p === "*" ? "v1/made-up" : MADE_UP_ID)));
  }
  return urls;
}

/** A 4xx a tenant can read: an HTML page with a heading and a message, or a resource route's JSON message. */
async function readableRefusal(response: APIResponse, route: WebRoute): Promise<string | null> {
  const status = response.status();
  const body = await response.text();
  if (status < 400 || status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  const type = response.headers()["content-type"] ?? "";
  if (type.includes("text/html")) {
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(body)?.[1]?.trim();
    const main = /<main[\s\S]*<\/main>/.exec(body)?.[0] ?? "";
    const after = main.slice(main.indexOf("</h1>") + 5).replace(/<script[\s\S]*?<\/script>/g, "");
    const message = after
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (!heading || message.length < 10) return `answered ${status} without a heading and a message: ${body.slice(0, 200)}`;
    return null;
  }
  if (!route.isPage && type.includes("json")) {
    const json = JSON.parse(body) as { message?: unknown; error?: unknown };
    const message = json.message ?? json.error;
    const text = typeof message === "string" ? message : (message as { message?: unknown } | undefined)?.message;
    return typeof text === "string" && text.length > 0 ? null : `answered ${status} with JSON but no message: ${body.slice(0, 200)}`;
  }
  return `answered ${status} as ${type || "no content type"}: ${body.slice(0, 200)}`;
}

/** Fields no form of ours has, and our own fields with values of the wrong shape. */
const WRONG_FIELDS = {
  email: "not an email",
  password: "",
  paymentMethodId: "'; DROP TABLE users; --",
  orderId: "../../etc/passwd",
  customerId: "%00",
  setupIntentId: "[]",
  amount: "-1e309",
  unexpected: "x".repeat(2000),
};

for (const route of actions) {
  test(`POST ${route.path} never answers 500 to bad input`, NO_BROWSER, async ({ playwright, baseURL, newTenant }) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL! },
    });
    try {
      const tenant = await newTenant();
      const failures: string[] = [];
      for (const url of urlsOf(route)) {
        const check = async (case_: string, send: (csrf: string) => Promise<APIResponse>, expected?: number) => {
          const label = `${url}, ${case_}`;
          // Each case from a fresh sign-in: a case may sign the tenant out (logout takes no fields).
          const csrf = await signInRequest(request, tenant);
          const response = await send(csrf);
          const problem = await readableRefusal(response, route);
          if (response.status() >= 500) failures.push(`${label}: ${problem}`);
          else if (expected !== undefined && response.status() !== expected) {
            failures.push(`${label}: expected ${expected}, got ${response.status()} ${(await response.text()).slice(0, 160)}`);
          } else if (expected !== undefined && problem) failures.push(`${label}: ${problem}`);
          else if (response.status() >= 400 && problem) failures.push(`${label}: ${problem}`);
        };
        // The offline card sandbox's endpoints stand for Stripe's API (no session, no token, Stripe's
        // own error JSON): they must refuse bad bodies with a 4xx too, whichever one Stripe would.
        const tokenFree = route.path.startsWith("/stripe-sandbox/");

        await check(
          "malformed multipart",
          (csrf) =>
            request.post(url, {
              headers: {
                "content-type": "multipart/form-data; boundary=KEYFREE",
              },
              data: Buffer.from(`--KEYFREE\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--KEYFREE\r\nContent-Dispo`),
              maxRedirects: 0,
            }),
          tokenFree ? undefined : 400,
        );
        await check(
          "an oversized form",
          (csrf) =>
            request.post(url, {
              headers: { "content-type": "application/x-www-form-urlencoded" },
              data: `csrf=${encodeURIComponent(csrf)}&padding=${"a".repeat(OVERSIZED_BYTES)}`,
              maxRedirects: 0,
            }),
          413,
        );
        for (const [type, body] of [
          ["application/json", (csrf: string) => JSON.stringify({ csrf })],
          ["text/plain", (csrf: string) => `csrf=${csrf}`],
        ] as const) {
          await check(
            `a ${type} body`,
            (csrf) =>
              request.post(url, {
                headers: { "content-type": type },
                data: body(csrf),
                maxRedirects: 0,
              }),
            tokenFree ? undefined : 415,
          );
        }
        await check("missing fields (only the CSRF token)", (csrf) => request.post(url, { form: { csrf }, maxRedirects: 0 }));
        await check("missing fields (multipart, only the CSRF token)", (csrf) =>
          request.post(url, { multipart: { csrf }, maxRedirects: 0 }),
        );
        await check("wrong fields", (csrf) =>
          request.post(url, {
            form: { csrf, ...WRONG_FIELDS },
            maxRedirects: 0,
          }),
        );
      }
      expect(failures).toEqual([]);
    } finally {
      await request.dispose();
    }
  });
}

test("the route table has actions to walk", NO_BROWSER, () => {
  expect(actions.map((r) => r.path)).toEqual(expect.arrayContaining(["/auth/login", "/auth/logout"]));
});
