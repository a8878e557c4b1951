import { expect, NO_BROWSER, signInRequest, test, uniqueStamp } from "./fixtures";
import { fillPath, TOKEN_SCOPED_ROUTES, webRoutes, type WebRoute } from "./route-table";
import { world } from "./tenant-world";

/**
 * Tenant isolation on the web (issue 8, gates): every route in the route table (app/routes.ts)
 * with an id in its path, visited by a signed-in tenant B with tenant A's ids — or with a
 * made-up id — shows the not-found page with status 404, while A reaches it with the same
 * ids. A route with a parameter this test does not know fails it, so a new route is covered
 * the day it is added.
 */
const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

/** Path parameters that name no record: the card form's step, a splat. */
const NOT_IDS = new Set(["step", "*"]);

/**
 * Routes whose ids are not a tenant's: the dev mailbox (outside production only) shows every
 * e-mail the app has queued to whoever runs it, with no sign-in. Issue 40: a complaint's page is
 * its owner's or the acknowledgement token's; its 404 for another tenant and a wrong token is the
 * API's (tests/api/complaints.test.ts, the API isolation sweep), which the page relays. Left out of
 * this gate until world() raises a complaint (it builds with ops only).
 */
const NOT_TENANT_SCOPED = new Set(["/dev/mail/:emailId", "/complaints/:reference"]);

const routesWithIds = webRoutes.filter(
  (r) => r.params.some((p) => !NOT_IDS.has(p)) && !NOT_TENANT_SCOPED.has(r.path) && !(r.path in TOKEN_SCOPED_ROUTES),
);

/** Every way to fill the route's ids from `values` (a parameter with no values leaves the route unfillable). */
function combinations(route: WebRoute, values: Record<string, string[]>): string[] {
  let partial: Array<Record<string, string>> = [{}];
  for (const param of route.params.filter((p) => !NOT_IDS.has(p))) {
    partial = partial.flatMap((done) => (values[param] ?? []).map((v) => ({ ...done, [param]: v })));
  }
  return partial.map((chosen) => fillPath(route, (p) => chosen[p] ?? (p === "*" ? "x" : "intent")));
}

/**
 * The spec's own answer for a checkout page with a customer id that is not the signed-in
 * tenant's (part 1 §2.3: "If the customer id in the route is not the current customer, the
 * user is redirected to /"): a redirect home, which shows nothing of the other tenant's.
 */
const REDIRECTS_HOME_FOR_ANOTHER_CUSTOMER = (route: WebRoute) => route.path.startsWith("/checkout/");

test("a tenant gets the not-found page (404) for every web route with another tenant's ids, or a made-up id", NO_BROWSER, async ({
  playwright,
  baseURL,
  ops,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  expect(routesWithIds.length, "the route table has routes with ids").toBeGreaterThan(0);
  const stamp = `${uniqueStamp()}`;
  const a = await world(ops, `isolation-a-${stamp}@example.test`, "Ada");
  const b = await world(ops, `isolation-b-${stamp}@example.test`, "Ben");
  const madeUp = Object.fromEntries(Object.keys(a.ids).map((k) => [k, [MADE_UP_ID]]));

  const unknown = routesWithIds.flatMap((r) => r.params.filter((p) => !NOT_IDS.has(p) && !a.ids[p]).map((p) => `${r.path}: ${p}`));
  expect(unknown, "route parameters this test cannot fill with a tenant's ids (add them to world())").toEqual([]);

  const asA = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const asB = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  try {
    await signInRequest(asA, a);
    await signInRequest(asB, b);
    const failures: string[] = [];
    /** B visits `url`: the not-found page with 404 (a download too), or the spec's redirect home. */
    const expectRefused = async (route: WebRoute, url: string, label: string, customerId: string | undefined) => {
      const res = await asB.get(url, { maxRedirects: 0 });
      const html = await res.text();
      if (REDIRECTS_HOME_FOR_ANOTHER_CUSTOMER(route) && customerId !== undefined && !b.ids.customerId!.includes(customerId)) {
        if (res.status() !== 302 || res.headers()["location"] !== "/")
          failures.push(`${url} (${label}) → ${res.status()}, not the redirect to /`);
        return;
      }
      // A resource route answering its script in JSON (the upload zone's) refuses in JSON, as web-actions.spec.ts allows.
      const jsonNotFound = !route.isPage && (res.headers()["content-type"] ?? "").includes("json") && /"message":"[^"]+"/.test(html);
      const notFound = res.status() === 404 && (html.includes("<h1>Sorry we can&#x27;t find that</h1>") || jsonNotFound);
      if (!notFound) failures.push(`${url} (${label}) → ${res.status()} ${html.slice(0, 120)}`);
    };
    const customerOf = (url: string) => /^\/checkout\/[^/]+\/([^/?]+)/.exec(url)?.[1];

    for (const route of routesWithIds) {
      const ids = route.params.filter((p) => !NOT_IDS.has(p));
      // All of A's ids; then one of A's ids at a time with B's own for the rest; then made-up ids.
      let reachedByA = false;
      for (const url of combinations(route, a.ids)) {
        if ((await asA.get(url, { maxRedirects: 0 })).status() !== 404) reachedByA = true;
        await expectRefused(route, url, "A's ids", customerOf(url));
      }
      if (!reachedByA) failures.push(`${route.path}: tenant A gets 404 with every one of their own ids, so the check proves nothing`);
      if (ids.length > 1) {
        for (const foreign of ids) {
          const mixed = Object.fromEntries(ids.map((p) => [p, (p === foreign ? a : b).ids[p]!]));
          for (const url of combinations(route, mixed)) await expectRefused(route, url, `A's ${foreign}, B's other ids`, customerOf(url));
        }
      }
      for (const url of combinations(route, madeUp)) await expectRefused(route, url, "made-up ids", customerOf(url));
    }
    expect(failures).toEqual([]);
  } finally {
    await asA.dispose();
    await asB.dispose();
  }
});

test("a page opened with a token (the offer) shows the not-found page (404) for a wrong token or a made-up id, and the thank-you pages show nothing of the offer", NO_BROWSER, async ({
  request,
  ops,
}) => {
  const offer = (await ops("create-offer", {
    address: { buildingNumber: "9", street: "Token Row", town: "Leeds", postcode: "LS2 7AA" },
    savingAmount: 100_000,
    keyfreeAmount: 30_000,
    cashDepositAmount: 130_000,
    recipients: [{ email: `token-${uniqueStamp()}@example.test`, firstName: "Tia", lastName: "Token" }],
  })) as { keyfreeOfferId: string; recipients: Array<{ token: string }> };
  const token = offer.recipients[0]!.token;
  const failures: string[] = [];
  for (const route of webRoutes.filter((r) => r.path in TOKEN_SCOPED_ROUTES)) {
    const query = TOKEN_SCOPED_ROUTES[route.path];
    const path = (id: string) => fillPath(route, () => id);
    if (query === null) {
      const res = await request.get(path(offer.keyfreeOfferId), { maxRedirects: 0 });
      if (res.status() !== 200 || (await res.text()).includes("Token Row")) failures.push(`${route.path}: ${res.status()}, or shows the offer`);
      continue;
    }
    for (const [label, url] of [
      ["a wrong token", `${path(offer.keyfreeOfferId)}?${query}=wrong-token-0000000000`],
      ["a made-up id", `${path(MADE_UP_ID)}?${query}=${encodeURIComponent(token)}`],
    ] as const) {
      const res = await request.get(url, { maxRedirects: 0 });
      const html = await res.text();
      if (res.status() !== 404 || !html.includes("<h1>Sorry we can&#x27;t find that</h1>") || html.includes("Token Row")) {
        failures.push(`${url} (${label}) → ${res.status()} ${html.slice(0, 120)}`);
      }
    }
    // The recipient's own token reaches the page (or its redirect): the check above proves something.
    const own = await request.get(`${path(offer.keyfreeOfferId)}?${query}=${encodeURIComponent(token)}`, { maxRedirects: 0 });
    if (own.status() === 404) failures.push(`${route.path}: the recipient's own token gets 404, so the check proves nothing`);
  }
  expect(failures).toEqual([]);
});

test("a co-tenant's panel names the other tenant and what they did, and nothing private: no e-mail address, no phone number (issue 38)", NO_BROWSER, async ({
  request,
  ops,
}) => {
  const stamp = uniqueStamp();
  const ann = { email: `isolation-ann-${stamp}@example.test`, mobile: "07700900391" };
  const bo = { email: `isolation-bo-${stamp}@example.test`, mobile: "07700900392" };
  const shared = (await ops("create-tenancy", {
    tenants: [
      { email: ann.email, firstName: "Ann", lastName: "Lee", mobileNumber: ann.mobile },
      { email: bo.email, firstName: "Bo", lastName: "Ray", mobileNumber: bo.mobile },
    ],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: false,
    completed: [
      ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM", "KEYFREE_PAY"],
      ["KEYFREE_ABOUT_YOU"],
    ],
  })) as { orderId: string; tenants: { customerId: string }[] };
  await signInRequest(request, ann);
  const res = await request.get(`/checkout/${shared.orderId}/${shared.tenants[0]!.customerId}/finish`);
  const html = await res.text();
  const panel = /<section class="cotenants"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  expect(panel).toContain("Bo Ray");
  expect(panel).toContain("Remind Bo");
  // Neither in the panel nor anywhere on the page: Bo's e-mail address or mobile number.
  for (const secret of [bo.email, bo.mobile, bo.mobile.slice(1)]) expect(html).not.toContain(secret);
});
