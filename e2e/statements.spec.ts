import { RETENTION_RULES } from "#common/retention";
import { REFLOW_WIDTH, TESTING_METHODS } from "#common/testing-methods";
import { expect, expectAccessible, NO_BROWSER, signInRequest, test, TOOLS_URL } from "./fixtures";
import { fillPath, webRoutes } from "./route-table";

/**
 * Issue 40, scopes 2 and 3: the accessibility statement and the privacy notice, reachable from
 * every page's footer (the cookie banner links the notice too), checked by axe, the HTML checker
 * and the text check, and reflowing at REFLOW_WIDTH (the width the statement names, decision 0067).
 */

/** The page's width is the viewport's: nothing makes it scroll sideways. Layout is CSS's: checked where the page can measure itself. */
async function expectReflows(page: import("@playwright/test").Page) {
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${page.url()} at ${REFLOW_WIDTH} px`).toBeLessThanOrEqual(widths.client);
}

test("the privacy notice and the accessibility statement, each reached from the footer", async ({ page, isJsOn }) => {
  await page.goto("/contact");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  // How long each kind of data is kept: the retention table itself, row by row.
  const table = page.getByRole("table", { name: "How long we keep each kind of data, and why" });
  for (const row of RETENTION_RULES) await expect(table.getByRole("rowheader", { name: row.what })).toBeVisible();
  await expect(page.getByRole("link", { name: "ico.org.uk" })).toHaveAttribute("href", "https://ico.org.uk");
  await expectAccessible(page);
  if (isJsOn) await expectReflows(page);

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility statement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility statement" })).toBeVisible();
  // How it was tested: the suite's own list (common/testing-methods.ts).
  const tested = page.getByRole("region", { name: "How we tested this website" });
  for (const method of TESTING_METHODS) await expect(tested.getByRole("listitem").filter({ hasText: method.words })).toBeVisible();
  await expect(page.getByRole("link", { name: "Equality Advisory and Support Service (EASS)" })).toHaveAttribute(
    "href",
    "https://www.equalityadvisoryservice.com",
  );
  await expectAccessible(page);
  if (isJsOn) await expectReflows(page);
});

/** Both links inside the page's footer. */
function expectFooterLinks(html: string, url: string) {
  const footer = /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";
  expect(footer, `${url}: the footer`).toContain('href="/privacy"');
  expect(footer, `${url}: the footer`).toContain('href="/accessibility"');
}

test("every page of the route table has both links in its footer, signed out, signed in and not found; the cookie banner links the notice", NO_BROWSER, async ({
  request,
  baseURL,
  playwright,
  newTenant,
}) => {
  const made = "00000000-0000-4000-8000-000000000000";
  const pages = webRoutes.filter((route) => route.isPage);
  expect(pages.length).toBeGreaterThan(50);
  for (const route of pages) {
    // Signed out: a page of its own, the login page a protected page sends to, or not found for a made-up id.
    const url = fillPath(route, (param) => (param === "*" ? "no-such-page" : made));
    const response = await request.get(url);
    expect(response.status(), url).toBeLessThan(500);
    // Signing in with the identity provider (/login) lands on the provider's own page, not ours
    // (in tests the stand-in's, under /dev/idp/).
    const landed = new URL(response.url());
    if (landed.origin !== new URL(baseURL!).origin || landed.pathname.startsWith("/dev/idp/")) continue;
    expectFooterLinks(await response.text(), `${url} (${response.url()})`);
  }
  const tenant = await newTenant();
  await signInRequest(request, tenant);
  expectFooterLinks(await (await request.get("/")).text(), "the signed-in dashboard");

  // The cookie banner (shown where a tool needing consent is configured: the tools server).
  const tools = await playwright.request.newContext({ baseURL: TOOLS_URL });
  const banner = /<section class="cookie-banner"[\s\S]*?<\/section>/.exec(await (await tools.get("/privacy")).text())?.[0] ?? "";
  expect(banner).toContain('href="/privacy"');
  await tools.dispose();
});
