import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, NO_BROWSER, signInRequest, test, uniqueStamp } from "./fixtures";
import { routeFields } from "./form-fields";
import { fillPath, TOKEN_SCOPED_ROUTES, webRoutes, type WebRoute } from "./route-table";
import { world, type World } from "./tenant-world";

/**
 * The web's fuzz gate (issue 23, scope 7): generated from the route table (app/routes.ts), it
 * sends every route with an action and every route with an id in its path the hostile input of
 * the issue — NUL and other control characters in every field of every form the pages show and
 * every field the route's source reads (e2e/form-fields.ts), 10,000-character values, the wrong
 * content types, malformed multipart, repeated fields, bodies over the limits, a missing or wrong
 * CSRF token, no session, malformed ids and another tenant's real ids — and fails on any 5xx, on
 * a stack trace in any answer, on a malformed id that is not the not-found page (404), and on
 * another tenant's id answered as if it were theirs. It checks that it reached every such route
 * in each of those ways, so a new route cannot be missed, and prints its counts.
 */

/** Ids that are not ours (common/input.ts ID_PATTERN): each is the not-found page. */
const MALFORMED_IDS = ["\u0000", "x\u0000y", "a".repeat(101), "b".repeat(300), "a.b", "a b", "a'b\"<c>", "café", "%2Fa"];
/** The few of them posted to each action with an id (the root middleware answers before any action runs). */
const MALFORMED_POSTED = ["\u0000", "a".repeat(101), "a b"];

/** A value for each path parameter that names no record: the card form's step, a splat. */
const NOT_ID_VALUES: Record<string, string> = { step: "card-checks", "*": "fuzz/anything" };

/** Hostile values for a form field, one at a time, the rest of the form as the page wrote it. */
const HOSTILE_VALUES: Array<[string, string]> = [
  ["a NUL", "Fuzz\u0000value"],
  ["a C0 control (ESC)", "Fuzz\u001b[2Jvalue"],
  ["a C1 control and DEL", "Fuzz\u0085\u007fvalue"],
  ["a line separator", "Fuzz\u2028value"],
  ["10,000 characters", "x".repeat(10_000)],
];
const [NUL, C0, , , LONG] = HOSTILE_VALUES as [[string, string], [string, string], unknown, unknown, [string, string]];

/**
 * A valid value for a field the page leaves empty, so that a post with one hostile field and the
 * rest filled in gets past the form's other checks to the API, as a tenant's would.
 */
const SAMPLE_VALUES: Record<string, string> = {
  firstName: "Ben",
  lastName: "Tenant",
  day: "1",
  month: "2",
  year: "1990",
  gender: "MALE",
  mobileNumber: "07700900123",
  email: "fuzz-visitor@example.test",
  // Not anyone's: a sign-in with it is refused (after the strategy has read the form).
  password: "Not-the-password-1",
  buildingNumber: "9",
  street: "Fuzz Row",
  town: "Leeds",
  postcode: "LS2 7AA",
  country: "GBR",
  startDate: "2020-01-01",
  currentlyAtAddress: "yes",
  amount: "100",
  explanation: "The carpet was already worn when I moved in.",
  message: "The walls were marked already.",
  customRejectionReason: "I prefer a cash deposit.",
};

/** Over the form limit (app/lib/body-limit.server.ts FORM_MAX_BYTES is 64 KB). */
const ONE_MB = 1024 * 1024;
/** Under the upload limit (30 MB): an upload path reads it whole. */
const TWENTY_MB = 20 * ONE_MB;

const isIdParam = (param: string) => !(param in NOT_ID_VALUES);
const actionRoutes = webRoutes.filter((r) => r.hasAction);
const idRoutes = webRoutes.filter((r) => r.params.some(isIdParam));
/** The dev mailbox shows every queued e-mail to whoever runs it (outside production): its ids are nobody's. */
const NOT_TENANT_SCOPED = new Set(["/dev/mail/:emailId"]);
/** The offer pages are opened with the recipient's token, not a session: another's id is a wrong token. */
const tokenScoped = (route: WebRoute) => route.path in TOKEN_SCOPED_ROUTES;
/** Pages for a visitor (signed out): the gate posts to them as one, with the visitor's own CSRF token. */
const VISITOR_ROUTE = /^\/(auth\/(login|reset-password-request|reset-password|set-password)|keyfree-offer\/|tenancy-inventory-response|tenant-vacated)/;
/** The checkout's steps in order (app/routes/checkout/+lib), each with the actions done before it: a checkout is made at each step, so the step's form shows. */
const CHECKOUT_STEPS = ["about-you", "address-history", "referencing", "confirm", "sign", "addendum"];
const CHECKOUT_ACTIONS = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"];
/** The card sandbox's endpoints stand for Stripe's API: no session, no token, Stripe's own refusals. */
const tokenFree = (route: WebRoute) => route.path.startsWith("/stripe-sandbox/");
/** Upload paths (app/lib/body-limit.server.ts UPLOAD_PATHS) take 30 MB: a 20 MB body reaches their actions. */
const UPLOAD_ROUTE = /\/(referencing|evidence|documents|supporting-information|response-documents)$/;

/** A stack trace, or a source position, in an answer: never for a tenant's eyes. */
const STACK_TRACE = /\bat\s+(?:async\s+)?[\w$.<>[\]]*\s*\(?(?:file:\/\/|node:|\/)[^\s)"']*:\d+:\d+|[\w/.-]+\.(?:ts|tsx|js|mjs|cjs):\d+:\d+/;

type Fields = Array<[string, string]>;
type Outcome = { kind: string; path: string; status: number };

const decode = (v: string) => v.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The post forms of a page: each one's fields (name and the value the page gave it), the CSRF token left out. */
function formsOf(html: string): Fields[] {
  const forms: Fields[] = [];
  for (const [, body] of html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)) {
    const fields: Fields = [];
    for (const [tag] of body!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(tag, "name");
      const type = attr(tag, "type") ?? "text";
      if (!name || name === "csrf" || type === "file") continue;
      if ((type === "radio" || type === "checkbox") && fields.some(([n]) => n === name)) continue;
      fields.push([name, decode(attr(tag, "value") ?? (type === "checkbox" ? "on" : ""))]);
    }
    for (const [, open, text] of body!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
      const name = attr(open!, "name");
      if (name) fields.push([name, decode(text!)]);
    }
    for (const [, open, options] of body!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attr(open!, "name");
      const first = /<option\b[^>]*value="([^"]*)"/.exec(options!);
      if (name) fields.push([name, decode(first?.[1] ?? "")]);
    }
    for (const [tag] of body!.matchAll(/<button\b[^>]*>/gi)) {
      const name = attr(tag, "name");
      if (name) fields.push([name, decode(attr(tag, "value") ?? "")]);
    }
    if (fields.length > 0) forms.push(fields);
  }
  return forms;
}

const form = (fields: Fields) => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

test("the web fuzz gate: hostile input to every action and id route answers 4xx (never 5xx, never a stack trace)", NO_BROWSER, async ({
  playwright,
  baseURL,
  ops,
}, testInfo) => {
  testInfo.setTimeout(180_000);
  const started = Date.now();
  const stamp = `${uniqueStamp()}`;
  // B is the tenant the gate signs in as; A owns the ids B must not reach.
  const web = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const a = await world(ops, `fuzz-a-${stamp}@example.test`, "Ada", web);
  const b = await world(ops, `fuzz-b-${stamp}@example.test`, "Ben", web);
  const offer = (await ops("create-offer", {
    address: { buildingNumber: "9", street: "Fuzz Row", town: "Leeds", postcode: "LS2 7AA" },
    savingAmount: 100_000,
    keyfreeAmount: 30_000,
    cashDepositAmount: 130_000,
    recipients: [{ email: `fuzz-offer-${stamp}@example.test`, firstName: "Tia", lastName: "Token" }],
  })) as { keyfreeOfferId: string; recipients: Array<{ token: string }> };
  const offerToken = offer.recipients[0]!.token;
  const idsOf = (w: World): Record<string, string> => ({
    ...Object.fromEntries(Object.entries(w.ids).map(([k, v]) => [k, v[0]!])),
    keyfreeOfferId: offer.keyfreeOfferId,
    emailId: "00000000-0000-4000-8000-000000000000",
    ...NOT_ID_VALUES,
  });
  const bIds = idsOf(b);
  const aIds = idsOf(a);
  // B's checkouts, one at each step: the step's own page and form, not a redirect to the next action.
  const checkoutAt = new Map<string, Record<string, string>>();
  for (const [index, step] of CHECKOUT_STEPS.entries()) {
    const made = (await ops("create-tenancy", {
      tenants: [{ email: b.email, firstName: "Ben", lastName: "Tenant" }],
      ppm: 130_000,
      startDate: "2025-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [CHECKOUT_ACTIONS.slice(0, index)],
    })) as { orderId: string; tenants: Array<{ customerId: string }> };
    checkoutAt.set(step, { ...bIds, orderId: made.orderId, customerId: made.tenants[0]!.customerId });
  }
  /** The ids B posts to a route with: for a checkout step, the checkout waiting at that step. */
  const idsFor = (route: WebRoute) => {
    const step = /^\/checkout\/:orderId\/:customerId\/([a-z-]+)/.exec(route.path)?.[1];
    return checkoutAt.get(step === "introduction" ? "about-you" : step ?? "") ?? bIds;
  };
  const unknownParams = [...new Set(idRoutes.flatMap((r) => r.params.filter((p) => !(p in bIds))))];
  expect(unknownParams, "route parameters the gate cannot fill (teach e2e/tenant-world.ts about them)").toEqual([]);

  const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signedOut = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const outcomes: Outcome[] = [];
  const failures: string[] = [];
  let csrf = "";
  const signIn = async () => {
    csrf = await signInRequest(signedIn, b);
  };
  await signIn();
  // A visitor with a session of their own (a CSRF token, no sign-in), for the pages anyone may post.
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const visitorCsrf = /name="csrf" value="([^"]+)"/.exec(await (await visitor.get("/auth/login")).text())?.[1] ?? "";
  expect(visitorCsrf, "the login page gives a visitor a CSRF token").not.toBe("");

  /** Sends one hostile request and holds its answer to the gate's rules. */
  const send = async (
    route: WebRoute,
    kind: string,
    url: string,
    request: () => Promise<APIResponse>,
    rule: { status?: number[]; notOk?: boolean } = {},
  ) => {
    const label = `${route.path} — ${kind} (${url.slice(0, 100)})`;
    let response: APIResponse;
    try {
      response = await request();
    } catch (error) {
      failures.push(`${label}: no answer (${String(error).split("\n")[0]!.slice(0, 160)})`);
      return;
    }
    const status = response.status();
    const body = await response.text().catch(() => "");
    outcomes.push({ kind, path: route.path, status });
    // Logging out ends the session the gate posts with: sign in again.
    if (route.path === "/auth/logout") await signIn();
    if (status >= 500) failures.push(`${label}: ${status} ${body.slice(0, 200)}`);
    else if (STACK_TRACE.test(body)) failures.push(`${label}: a stack trace in the answer: ${STACK_TRACE.exec(body)![0]}`);
    else if (rule.status && !rule.status.includes(status)) failures.push(`${label}: ${status}, expected ${rule.status.join(" or ")}`);
    else if (rule.notOk && status >= 200 && status < 300) failures.push(`${label}: ${status}, answered as if it were this tenant's`);
  };
  const get = (context: APIRequestContext, url: string) => () => context.get(url, { maxRedirects: 0 });
  const post =
    (url: string, options: Parameters<APIRequestContext["post"]>[1], context = signedIn) =>
    () =>
      context.post(url, { maxRedirects: 0, ...options });
  const postForm = (url: string, fields: Fields, context = signedIn) => post(url, { headers: urlencoded, data: form(fields) }, context);

  // 1. Every route with an id: malformed ids are the not-found page; another tenant's are not theirs.
  for (const route of idRoutes) {
    for (const bad of MALFORMED_IDS) {
      // Each id of the route malformed in turn, the others the tenant's own.
      for (const param of route.params.filter(isIdParam)) {
        const url = fillPath(route, (p) => (p === param ? bad : bIds[p]!));
        await send(route, "a malformed id (GET)", url, get(signedIn, url), { status: [404] });
        if (route.hasAction && MALFORMED_POSTED.includes(bad)) {
          await send(route, "a malformed id (POST)", url, postForm(url, [["csrf", csrf]]), { status: [404] });
        }
      }
    }
    const own = fillPath(route, (p) => bIds[p]!);
    await send(route, "no session", own, get(signedOut, own));
    if (NOT_TENANT_SCOPED.has(route.path)) continue;
    // Another tenant's real ids (on an offer's page: its id with a wrong token).
    const query = TOKEN_SCOPED_ROUTES[route.path];
    const foreign = tokenScoped(route)
      ? `${fillPath(route, (p) => aIds[p]!)}${query ? `?${query}=wrong-token-0000000000` : ""}`
      : fillPath(route, (p) => (isIdParam(p) ? aIds[p]! : bIds[p]!));
    // The spec sends a tenant on another's checkout home (part 1 §2.3); an offer's thank-you pages show nothing of it.
    const rule = tokenScoped(route) && query === null ? {} : { status: route.path.startsWith("/checkout/") ? [302, 404] : [404] };
    await send(route, "another tenant's ids (GET)", foreign, get(signedIn, foreign), rule);
    if (route.hasAction) await send(route, "another tenant's ids (POST)", foreign, postForm(foreign, [["csrf", csrf]]), { notOk: true });
  }

  // 2. Every route with an action. First the forms each page shows, to the tenant and to a visitor
  // (the sign-in pages, the offer with its token), and the fields each route's source reads.
  const pages = new Map<string, Fields[]>();
  for (const route of actionRoutes.filter((r) => r.isPage)) {
    const url = fillPath(route, (p) => idsFor(route)[p]!);
    const query = TOKEN_SCOPED_ROUTES[route.path];
    const page = await (VISITOR_ROUTE.test(route.path) ? visitor : signedIn).get(query ? `${url}?${query}=${encodeURIComponent(offerToken)}` : url, {
      maxRedirects: 0,
    });
    pages.set(route.path, page.ok() ? formsOf(await page.text()) : []);
  }
  const sourceFields = new Map(actionRoutes.map((r) => [r.path, routeFields(r)]));
  const knownFields = [
    ...new Set([...[...pages.values()].flat(2).map(([name]) => name), ...[...sourceFields.values()].flatMap((f) => f.fields)]),
  ].filter((name) => name !== "intent");

  for (const route of actionRoutes) {
    const url = fillPath(route, (p) => idsFor(route)[p]!);
    // A visitor's page is posted by the visitor, with their token; the rest by B.
    const asVisitor = VISITOR_ROUTE.test(route.path);
    // Read at each post: logging out and signing in again gives B a new token.
    const tok = () => (asVisitor ? visitorCsrf : csrf);
    const as = asVisitor ? visitor : signedIn;
    const post =
      (url: string, options: Parameters<APIRequestContext["post"]>[1], context = as) =>
      () =>
        context.post(url, { maxRedirects: 0, ...options });
    const postForm = (url: string, fields: Fields, context = as) => post(url, { headers: urlencoded, data: form(fields) }, context);
    const forms = pages.get(route.path) ?? [];
    const first: Fields = forms[0] ?? [];
    const { fields: named, intents } = sourceFields.get(route.path)!;
    const eachIntent: Fields[] = intents.length > 0 ? intents.map((i) => [["intent", i]]) : [[]];
    const stripe = tokenFree(route);

    await send(route, "no CSRF token", url, postForm(url, first), { status: stripe ? undefined : [403] });
    await send(route, "a wrong CSRF token", url, postForm(url, [["csrf", "x".repeat(43)], ...first]), { status: stripe ? undefined : [403] });
    await send(route, "no session", url, postForm(url, [["csrf", tok()], ...first], signedOut), { status: stripe ? undefined : [403] });
    for (const type of ["application/json", "text/plain", "application/xml", "multipart/form-data", "application/x-www-form-urlencoded; charset=utf-16"]) {
      const data = type === "application/json" ? JSON.stringify({ csrf: tok() }) : `csrf=${tok()}`;
      const refused = type === "multipart/form-data" ? [400, 415] : type.includes("utf-16") ? undefined : [415];
      await send(route, `a ${type} body`, url, post(url, { headers: { "content-type": type }, data }), { status: stripe ? undefined : refused });
    }
    const multipart = (body: string | Buffer) => post(url, { headers: { "content-type": "multipart/form-data; boundary=FUZZ" }, data: Buffer.from(body) });
    const csrfPart = `--FUZZ\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${tok()}\r\n`;
    await send(route, "truncated multipart", url, multipart(`${csrfPart}--FUZZ\r\nContent-Dispo`), { status: stripe ? undefined : [400] });
    // The page's own form, well formed, as multipart/form-data (a browser may send any form so):
    // the body is read once, by the host's reader, and every action reads that form (issue 37:
    // a login posted so was a 500, its strategy reading the body again).
    for (const shownFields of forms.length > 0 ? forms : [first]) {
      const filled = shownFields.map(([name, value]) => [name, value === "" ? (SAMPLE_VALUES[name] ?? "") : value] as [string, string]);
      const parts = [["csrf", tok()], ...filled.filter(([name]) => name !== "csrf")].map(([k, v]) => `--FUZZ\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      await send(route, "the page's form as multipart", url, multipart(`${parts.join("")}--FUZZ--\r\n`));
    }
    await send(route, "multipart with another boundary", url, multipart(csrfPart.replace("FUZZ", "OTHER") + "--OTHER--\r\n"));
    await send(route, "multipart with a NUL in a part's name", url, multipart(`${csrfPart}--FUZZ\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nx\r\n--FUZZ--\r\n`));
    await send(route, "a 1 MB form", url, post(url, { headers: urlencoded, data: `csrf=${tok()}&padding=${"a".repeat(ONE_MB)}` }), { status: [413] });
    if (UPLOAD_ROUTE.test(route.path)) {
      const file = `--FUZZ\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      // Once, with the upload's intent where the page has several forms.
      for (const intent of [eachIntent.find((i) => i[0]?.[1] === "upload") ?? eachIntent[0]!]) {
        const intentPart = intent.map(([k, v]) => `--FUZZ\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("");
        const big = Buffer.concat([Buffer.from(csrfPart + intentPart + file), Buffer.alloc(TWENTY_MB, 0x41), Buffer.from("\r\n--FUZZ--\r\n")]);
        await send(route, "a 20 MB multipart file of junk", url, multipart(big));
      }
    }
    // Repeated fields: the token, the intent and each field twice, the second time with another value.
    await send(route, "repeated fields", url, postForm(url, [["csrf", tok()], ["csrf", tok()], ...first, ...first.map(([k]) => [k, "other"] as [string, string])]));
    // Every field any form of the app has, all hostile at once, with each intent the page posts.
    for (const [label, value] of [NUL, C0]) {
      for (const intent of eachIntent) {
        await send(route, `every known field with ${label}`, url, postForm(url, [["csrf", tok()], ...intent, ...knownFields.map((k) => [k, value] as [string, string])]));
      }
    }
    // Each field of each form the page shows, one at a time, the rest as the page wrote it.
    for (const shownFields of forms) {
      const fields = shownFields.map(([name, value]) => [name, value === "" ? (SAMPLE_VALUES[name] ?? "") : value] as [string, string]);
      for (const [index, [name]] of fields.entries()) {
        for (const [label, value] of HOSTILE_VALUES) {
          const hostile = fields.map((f, i) => (i === index ? ([name, value] as [string, string]) : f));
          await send(route, `a field with ${label}`, url, postForm(url, [["csrf", tok()], ...hostile]), {});
        }
      }
    }
    // Each field the route's source reads that no form on the page showed, alone and hostile, with each intent.
    const shown = new Set(forms.flat().map(([name]) => name));
    for (const name of named.filter((n) => n !== "intent" && !shown.has(n))) {
      for (const [label, value] of [NUL, LONG]) {
        for (const intent of eachIntent) {
          await send(route, `a field with ${label}`, url, postForm(url, [["csrf", tok()], ...intent, [name, value]]));
        }
      }
    }
  }
  await signedIn.dispose();
  await signedOut.dispose();
  await visitor.dispose();

  // It reached every route with an action or an id, in every way the issue names.
  const reached = (kind: RegExp) => new Set(outcomes.filter((o) => kind.test(o.kind)).map((o) => o.path));
  const missing = (routes: WebRoute[], kind: RegExp, what: string) => routes.filter((r) => !reached(kind).has(r.path)).map((r) => `${r.path}: ${what}`);
  const uncovered = [
    ...missing(idRoutes, /^a malformed id \(GET\)$/, "no malformed id sent"),
    ...missing(idRoutes.filter((r) => !NOT_TENANT_SCOPED.has(r.path)), /^another tenant's ids/, "no other tenant's id sent"),
    ...missing(actionRoutes, /^no CSRF token$/, "no post without a token"),
    ...missing(actionRoutes, /^no session$/, "no post without a session"),
    ...missing(actionRoutes, /^a application\/json body$/, "no wrong content type"),
    ...missing(actionRoutes, /^truncated multipart$/, "no malformed multipart"),
    ...missing(actionRoutes, /^the page's form as multipart$/, "no well-formed multipart form"),
    ...missing(actionRoutes, /^a 1 MB form$/, "no body over the limit"),
    ...missing(actionRoutes, /^repeated fields$/, "no repeated fields"),
    ...missing(actionRoutes, /^every known field with a NUL$/, "no NUL in its fields"),
  ];
  const count = <K>(key: (o: Outcome) => K) => {
    const counts = new Map<K, number>();
    for (const o of outcomes) counts.set(key(o), (counts.get(key(o)) ?? 0) + 1);
    return counts;
  };
  const formCount = [...pages.values()].flat().length;
  console.log(
    [
      `web fuzz gate: ${outcomes.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} failures`,
      `  routes: ${actionRoutes.length} with an action, ${idRoutes.length} with an id (${new Set([...actionRoutes, ...idRoutes]).size} in all), every one reached: ${uncovered.length === 0}`,
      `  fields: ${formCount} forms read from the pages (${[...pages.values()].flat(2).length} fields), ${knownFields.length} field names with the routes' sources`,
      `  by status: ${[...count((o) => o.status)].sort(([x], [y]) => x - y).map(([s, n]) => `${s}×${n}`).join(", ")}`,
      `  by case: ${[...count((o) => o.kind)].map(([k, n]) => `${k} ${n}`).join("; ")}`,
      ...failures.slice(0, 60).map((f) => `  FAIL ${f}`),
    ].join("\n"),
  );
  expect(uncovered, "routes the gate did not reach").toEqual([]);
  expect(failures).toEqual([]);
});
