import type { OutboxSmsMessage } from "#common/dev-mail";
import { AXE_TAGS } from "#common/testing-methods";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type Response } from "@playwright/test";
import { HtmlValidate, type ConfigData } from "html-validate";
import { alreadyChecked, logCheck, markChecked, normaliseHtml, reportTextProblems, stateKey, type CheckKind } from "./page-states";
import { textProblems } from "./text-render";

export const DEMO_PASSWORD = "Keyfree-demo-1";
/** Where the server under test keeps its ops token: the e2e server's data folder, or E2E_DATA_DIR (the two-instance run's state folder). */
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
/** The tools server's (playwright.config.ts TOOLS_URL): a spec on it says `test.use(ON_TOOLS_SERVER)`. */
export const TOOLS_DATA_DIR = ".data/e2e-tools";

/** The tools server (playwright.config.ts: chat, analytics and reviews configured, to their stand-ins at STAND_IN_ORIGIN). */
export const TOOLS_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 2}`;
export const STAND_IN_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`;
/** `test.use(ON_TOOLS_SERVER)`: a spec's pages, ops and minted sessions on the tools server. */
export const ON_TOOLS_SERVER = { baseURL: TOOLS_URL, opsDataDir: TOOLS_DATA_DIR };

/** The data folder of the server the running test talks to (set per test by the `opsDataDir` option; a worker runs one test at a time). */
/**
 * The clock server's (playwright.config.ts CLOCK_URL): a spec that moves the API's clock says
 * `test.use(ON_CLOCK_SERVER)` and is named e2e/<name>.clock.spec.ts; no other spec uses that
 * server, so no other spec sees its time jump. Its sweeper is off: such a spec runs `sweep`.
 */
export const CLOCK_DATA_DIR = ".data/e2e-clock";
export const CLOCK_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 3}`;
export const ON_CLOCK_SERVER = { baseURL: CLOCK_URL, opsDataDir: CLOCK_DATA_DIR };

let currentDataDir = DATA_DIR;

function opsToken(): string {
  return readFileSync(path.join(currentDataDir, "ops-token"), "utf8").trim();
}

/**
 * The HTML checker: html-validate's recommended rules (.htmlvalidate.json, which cannot hold
 * comments), minus only what React's and the browser's valid HTML trips over:
 * - attr-case off: React writes attribute names in camelCase (charSet, autoComplete,
 *   noValidate); HTML attribute names are case-insensitive.
 * - void-style off: React closes void elements as `<input/>`, which HTML allows.
 * - attribute-boolean-style and attribute-empty-style off: React and the browser write
 *   boolean attributes as `required=""` and `hidden=""`, which HTML allows.
 * - valid-id relaxed: React's own ids (the streaming script's `_R_`, useId's) need not start
 *   with a letter; HTML allows any id without spaces, and relaxed still refuses empty ids.
 * - form-dup-name lets checkboxes share a name, as radios do: a 'Tick all that apply' group posts
 *   one name with each ticked value (issue 36's support needs); any other duplicate is still refused.
 */
const htmlValidate = new HtmlValidate(JSON.parse(readFileSync(".htmlvalidate.json", "utf8")) as ConfigData);

/** Each page's last document response (not a redirect): the HTML exactly as the server sent it. */
const documents = new WeakMap<Page, Response>();

function trackDocuments(page: Page) {
  page.on("response", (response) => {
    const status = response.status();
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame() && (status < 300 || status >= 400)) {
      documents.set(page, response);
    }
  });
}

/** The document the server sent for the page now shown, unless it has been navigated from since (by script, or to a fragment). */
async function sentDocument(page: Page): Promise<string | undefined> {
  const response = documents.get(page);
  if (!response) return undefined;
  const sameUrl = (a: string, b: string) => a.replace(/#.*$/, "") === b.replace(/#.*$/, "");
  if (!sameUrl(response.url(), page.url())) return undefined;
  return response.text().catch(() => undefined);
}

/**
 * Each distinct page state is checked once per run (e2e/page-states.ts): `check` runs unless a
 * state with the same key already passed (in either project, on either worker); a failing check
 * fails the test as always. E2E_CHECK_EVERY_VISIT=1 checks every visit.
 */
async function checkOnce(kind: CheckKind, page: Page, html: string, keyed: unknown, check: () => Promise<void>) {
  const key = stateKey(html, keyed);
  const fresh = process.env.E2E_CHECK_EVERY_VISIT === "1" || !alreadyChecked(kind, key);
  record(kind, page, key, fresh);
  if (!fresh) return;
  await check();
  markChecked(kind, key, normaliseHtml(html));
}

/**
 * The page's HTML passes the HTML checker. With JavaScript off the page is the document the
 * server sent, so that is checked as sent; with it on, the page may have been rendered in the
 * browser since, so the document as it is now (the browser's serialisation) is checked, except
 * on a page that sends no script, where the document as sent is what the browser shows (and
 * checking it is the same check, and state, as without JavaScript).
 */
export async function expectValidHtml(page: Page, options: AccessibleOptions = {}) {
  const jsOn = base.info().project.use.javaScriptEnabled !== false;
  let html: string | undefined;
  if (!jsOn)
    html = await documents
      .get(page)
      ?.text()
      .catch(() => undefined);
  else {
    const sent = await sentDocument(page);
    if (sent !== undefined && !/<script\b/i.test(sent)) html = sent;
  }
  html ??= await page.content();
  const checked = html;
  await checkOnce("html", page, checked, { options }, () => validateHtml(page, checked, options));
}

async function validateHtml(page: Page, html: string, options: AccessibleOptions) {
  // Rules given here are merged into the checker's own: every other rule still applies.
  const report = options.timedRedirect
    ? await htmlValidate.validateString(html, page.url(), { rules: { "meta-refresh": "off" } })
    : await htmlValidate.validateString(html, page.url());
  const lines = html.split("\n");
  const problems = report.results.flatMap((r) =>
    r.messages.map(
      (m) =>
        `${m.ruleId}: ${m.message} at ${m.line}:${m.column} near ${JSON.stringify((lines[m.line - 1] ?? "").slice(Math.max(0, m.column - 60), m.column + 60))}`,
    ),
  );
  expect(problems, `HTML errors on ${page.url()}`).toEqual([]);
}

export type AccessibleOptions = {
  /**
   * The page is one the spec sends on after a delay ('Password Reset', then login after 4
   * seconds): the meta-refresh rule (WCAG 2.2.1, F41) of html-validate and of axe is the one
   * rule not applied. The page links on at once and the next page repeats its message
   * (docs/decisions/0010 records this conflict between the spec and WCAG).
   */
  timedRedirect?: boolean;
};

/** One line in the run's record of checks (e2e/page-states.ts). */
function record(kind: CheckKind, page: Page, key: string, ran: boolean) {
  const info = base.info();
  logCheck({ kind, project: info.project.name, file: path.basename(info.file), title: info.titlePath.slice(1).join(" › "), url: page.url(), key, ran });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core run in the page itself: the source injected once, then `axe.run` on the document
 * with the WCAG 2.2 A/AA tags, violations only. @axe-core/playwright's AxeBuilder did the same
 * check at twice the cost (it injects axe into a second, blank page to combine frames' results,
 * and our pages have no frames): decision 0033.
 */
async function axeViolations(target: Page, disabledRules: string[]) {
  await target.evaluate(AXE_SOURCE);
  return target.evaluate(
    async ({ tags, disabled }) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      if (document.querySelector("iframe")) throw new Error("axe is run without frames here: a page with an iframe needs them checked");
      return axe.run(document, {
        runOnly: { type: "tag", values: tags },
        rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
        resultTypes: ["violations"],
      });
    },
    { tags: [...AXE_TAGS], disabled: disabledRules },
  );
}

/**
 * The scripted twin page of a JavaScript-off context (one per test's context, closed with it):
 * a new browser context for every check made the JavaScript-off run a quarter slower.
 */
const twins = new WeakMap<BrowserContext, Promise<Page>>();
/** The twins made during the running test: closed when its own context is torn down (the `context` fixture). */
const openTwins = new Set<Promise<Page>>();
function twinOf(page: Page): Promise<Page> {
  const context = page.context();
  let twin = twins.get(context);
  if (!twin) {
    twin = context
      .browser()!
      .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
      .then((twinContext) => twinContext.newPage());
    twins.set(context, twin);
    openTwins.add(twin);
  }
  return twin;
}

async function closeTwins() {
  const all = [...openTwins];
  openTwins.clear();
  await Promise.all(all.map(async (twin) => (await twin.catch(() => undefined))?.context().close()));
}

/**
 * Every page state a journey sees is checked here: valid HTML (expectValidHtml), then
 * WCAG 2.2 AA, checked by axe on the page as it is now, then how it reads in a text browser
 * (expectReadableAsText). axe runs as a script in the page,
 * so with JavaScript off (or on a page that refreshes itself) the page's HTML (scripts
 * removed, as that browser saw it) is checked in a scripted twin page on the same origin,
 * styles and all. Each distinct state once per run (checkOnce).
 */
export async function expectAccessible(page: Page, options: AccessibleOptions = {}) {
  await expectValidHtml(page, options);
  const jsOn = base.info().project.use.javaScriptEnabled !== false;
  const content = await page.content();
  // The page as the browser holds it, scripts removed: with JavaScript off that is what the
  // twin checks, and a page that runs no script shows the same with it on (one state, one key,
  // in both projects). A page running script is keyed apart: what script did to it (a modal
  // dialog, focus) is not all in its HTML.
  const html = content.replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const live = jsOn && /<script\b/i.test(content);
  await checkOnce("axe", page, html, { viewport: page.viewportSize(), options, live }, () => runAxe(page, html, jsOn, options));
  await expectReadableAsText(page);
}

/**
 * The page as a text browser reads it (e2e/text-render.ts: w3m, no styles, no script): no
 * controls or words run together, no aria-hidden text shown, the h1 first in main, a link on a
 * page that refreshes itself, no radio group Lynx would answer by itself. What a text browser
 * gets is the document the server sent, scripts removed: checked when that is the page shown
 * (with JavaScript on, a state reached by script is not one a text browser reaches). Each
 * distinct state once per run. TEXT_CHECK=report prints the problems at the end of the run
 * instead of failing (while pages are being fixed); the default fails.
 */
async function expectReadableAsText(page: Page) {
  const sent = await sentDocument(page);
  if (sent === undefined) return;
  const html = sent.replace(/<script\b[\s\S]*?<\/script>/gi, "");
  await checkOnce("text", page, html, {}, async () => {
    const problems = textProblems(html, page.url());
    if (process.env.TEXT_CHECK === "report") {
      if (problems.length > 0) reportTextProblems(page.url(), problems);
      return;
    }
    expect(problems, `how ${page.url()} reads in a text browser (w3m -dump, e2e/text-render.ts)`).toEqual([]);
  });
}

async function runAxe(page: Page, snapshot: string, jsOn: boolean, options: AccessibleOptions) {
  let html = snapshot;
  let target = page;
  // A page that refreshes itself (a wait, a timed redirect) may leave mid-check ("Execution
  // context was destroyed" when axe outlasts the 2-second refresh on a busy machine): with
  // JavaScript on too, its HTML as it is now is checked in the twin (such a page runs no script).
  const refreshes = /<meta\s+http-equiv="refresh"/i.test(snapshot);
  if (!jsOn || refreshes) {
    // The twin must not leave mid-check either; the refresh is the one rule not applied to it anyway.
    if (options.timedRedirect) html = html.replace(/<meta\s+http-equiv="refresh"[^>]*>/gi, "");
    const url = new URL(page.url());
    target = await twinOf(page);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    const snapshotUrl = `${url.origin}/__axe-snapshot${url.pathname}`;
    await target.route(snapshotUrl, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }), { times: 1 });
    await target.goto(snapshotUrl);
  }
  const results = await axeViolations(target, options.timedRedirect ? ["meta-refresh"] : []);
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

type Tenant = { email: string; password: string; userId: string; customerId: string; firstName: string };

export const test = base.extend<{
  isJsOn: boolean;
  newTenant: (input?: {
    firstName?: string;
    requiresPasswordReset?: boolean;
    hasDuplicatePaymentMethod?: boolean;
    requiresNewPaymentMethod?: boolean;
  }) => Promise<Tenant>;
  ops: (path: string, body: unknown) => Promise<unknown>;
  opsDataDir: string;
  useOpsDataDir: void;
}>({
  opsDataDir: [DATA_DIR, { option: true }],
  useOpsDataDir: [
    async ({ opsDataDir }, use) => {
      currentDataDir = opsDataDir;
      await use();
      currentDataDir = DATA_DIR;
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    context.on("page", trackDocuments);
    await use(context);
    await closeTwins();
  },
  isJsOn: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  ops: async ({ request }, use) => {
    await use(async (opsPath, body) => {
      const res = await request.post(`/__ops/run/${opsPath}`, { data: body, headers: { "x-ops-token": opsToken() } });
      expect(res.ok(), `ops ${opsPath}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    });
  },
  newTenant: async ({ ops }, use) => {
    await use(async (input = {}) => {
      const firstName = input.firstName ?? "Jordan";
      const created = (await ops("create-tenant", { ...input, firstName })) as Omit<Tenant, "password" | "firstName">;
      return { ...created, firstName, password: DEMO_PASSWORD };
    });
  },
});

export { expect };

/**
 * A test that opens no browser (it uses `request` only): it runs once, in the "no-browser"
 * project, instead of twice to the same effect (playwright.config.ts).
 */
export const NO_BROWSER = { tag: "@no-browser" };

/** Fills the login form and submits it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Fills the card form (the offline stand-in's plain inputs): card, expiry, code and billing address in `name`. */
export async function fillCard(page: Page, number: string, name: { first: string; last: string }) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("First name").fill(name.first);
  await page.getByLabel("Last name").fill(name.last);
  await page.getByLabel("Address line 1").fill("1 High Street");
  await page.getByLabel("Town or city").fill("Bristol");
  await page.getByLabel("Postcode").fill("BS1 4DJ");
}

/**
 * Signs the page's browser context in as `email` without the login form: a session minted by
 * the test server (`POST /__ops/web-session`, NODE_ENV=test and the ops token only), then opens
 * `to` (the dashboard unless given, where the login form sends a tenant). Only the tests of
 * signing in itself go through the form (auth, passwords, identity-provider specs).
 */
export async function signedInAs(page: Page, email: string, to = "/") {
  await mintSession(page.request, email);
  await page.goto(to);
}

async function mintSession(request: APIRequestContext, email: string) {
  const minted = await request.post("/__ops/web-session", { data: { email }, headers: { "x-ops-token": opsToken() } });
  expect(minted.status(), `a signed-in session for ${email}: ${await minted.text()}`).toBe(204);
}

/** Signs `request` (an API request context on the app) in as `tenant` (a minted session); returns the session's CSRF token. */
export async function signInRequest(request: APIRequestContext, tenant: { email: string }) {
  await mintSession(request, tenant.email);
  // The first page made the session's CSRF token; every signed-in page carries it (Logout's form).
  const html = await (await request.get("/")).text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(token, "a signed-in page carries the CSRF token").not.toBe("");
  return token;
}

export type Email = { id: string; to: string; template: string; subject: string; text: string };

/** Every e-mail queued to `to` (the ops outbox), newest last as the outbox lists them. */
export async function outboxFor(request: APIRequestContext, to: string): Promise<Email[]> {
  const headers = { "x-ops-token": opsToken() };
  const list = await request.get(`/__ops/outbox?to=${encodeURIComponent(to)}`, { headers });
  expect(list.ok()).toBe(true);
  const { emails } = (await list.json()) as { emails: { id: string }[] };
  return Promise.all(emails.map(async (e) => (await (await request.get(`/__ops/outbox/${e.id}`, { headers })).json()) as Email));
}

/** A text message as the dev mailbox lists it, with its delivery status (the offline Twilio's, issue 38). */
export type TextMessage = OutboxSmsMessage;

/** Every text message queued to the tenant with the e-mail address `to` (the ops outbox), newest first. */
export async function smsFor(request: APIRequestContext, to: string): Promise<TextMessage[]> {
  const list = await request.get(`/__ops/outbox-sms?to=${encodeURIComponent(to)}`, { headers: { "x-ops-token": opsToken() } });
  expect(list.ok(), `text messages: ${list.status()}`).toBe(true);
  return ((await list.json()) as { messages: TextMessage[] }).messages;
}

export type AnalyticsEvent = { uuid: string; event: string; distinctId: string; properties: Record<string, unknown>; timestamp: string | null };

/** The analytics events the PostHog stand-in kept for `distinctId` (a tenant's user id): the ops route, as the tools server's /__stand-ins/posthog received them. */
export async function analyticsEventsFor(request: APIRequestContext, distinctId: string): Promise<AnalyticsEvent[]> {
  const list = await request.get(`/__ops/analytics-events?distinctId=${encodeURIComponent(distinctId)}`, { headers: { "x-ops-token": opsToken() } });
  expect(list.ok(), `analytics events: ${list.status()}`).toBe(true);
  return ((await list.json()) as { events: AnalyticsEvent[] }).events;
}

let stamps = 0;
/**
 * A stamp no other test shares, for the e-mail addresses and names a test makes: the project,
 * the worker, the time, a count and random bytes. (Time and a per-file count alone collided when
 * two workers started tests of one file in the same millisecond.)
 */
export function uniqueStamp(): string {
  stamps += 1;
  const { project, parallelIndex } = base.info();
  return `${project.name}-${parallelIndex}-${Date.now().toString(36)}-${stamps}-${randomBytes(3).toString("hex")}`;
}

/** A Luhn-valid Visa number no other test uses: the sandbox succeeds with it and its fingerprint is new. */
export function uniqueCard(): string {
  const body = `4242${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Ticks 'I authorise payment to be taken' (the button waits for it) and pays. */
export async function authoriseAndPay(page: Page) {
  await page.getByLabel("I authorise payment to be taken").check();
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

