import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Keyfree-demo-1";
const DATA_DIR = ".data/e2e";

function opsToken(): string {
  return readFileSync(path.join(DATA_DIR, "ops-token"), "utf8").trim();
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * WCAG 2.2 AA, checked by axe on the page as it is now. axe runs as a script in the page,
 * so with JavaScript off the page's HTML (scripts removed, as that browser saw it) is
 * checked in a scripted twin page on the same origin, styles and all.
 */
export async function expectAccessible(page: Page) {
  const jsOn = base.info().project.use.javaScriptEnabled !== false;
  let target = page;
  let twinContext: BrowserContext | undefined;
  if (!jsOn) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const url = new URL(page.url());
    twinContext = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    target = await twinContext.newPage();
    const snapshotUrl = `${url.origin}/__axe-snapshot${url.pathname}`;
    await target.route(snapshotUrl, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
    await target.goto(snapshotUrl);
  }
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  await twinContext?.close();
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
}>({
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
