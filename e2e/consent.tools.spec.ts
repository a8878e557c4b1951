import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, NO_BROWSER, ON_TOOLS_SERVER, STAND_IN_ORIGIN, test } from "./fixtures";

/**
 * Consent first (issue 26, scope 1; decision 0042), on the tools server (chat, analytics and
 * reviews configured to their stand-ins at another origin): the banner's Accept and Reject are
 * plain form posts, the Cookies page changes the answers, and until a kind of cookie is accepted
 * nothing of its tool is requested and the page's CSP does not name it. JavaScript on and off.
 */
test.use(ON_TOOLS_SERVER);

const BANNER = "Cookies on Keyfree";

/** Every request the page makes to the stand-ins' origin (the third party here). */
function watchThirdParty(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(STAND_IN_ORIGIN)) requested.push(request.url());
  });
  return requested;
}

function scriptSources(response: Response | null): string {
  const csp = response?.headers()["content-security-policy"] ?? "";
  return /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? "";
}

test("the banner asks first: nothing outside is loaded or allowed until accepted; Reject keeps it so, Accept lets the tools in", async ({ page }) => {
  const requested = watchThirdParty(page);
  const first = await page.goto("/contact");
  const banner = page.getByRole("region", { name: BANNER });
  await expect(banner).toBeVisible();
  for (const use of ["analytics cookies", "live chat cookies", "Trustpilot's cookies"]) {
    await expect(banner.getByRole("listitem").filter({ hasText: use })).toBeVisible();
  }
  expect(scriptSources(first)).not.toContain(STAND_IN_ORIGIN);
  await expectAccessible(page);

  // Reject: back on the same page, told so, the banner gone, and still nothing from outside.
  await banner.getByRole("button", { name: "Reject additional cookies" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByText("You've rejected additional cookies. You can change your cookie settings at any time.")).toBeVisible();
  await expect(page.getByRole("region", { name: BANNER })).toHaveCount(0);
  const afterReject = await page.reload();
  expect(scriptSources(afterReject)).not.toContain(STAND_IN_ORIGIN);
  expect(requested, "no request to a third party before consent").toEqual([]);

  // The Cookies page, from the footer: the answers given, changed one by one.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookies" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cookies" })).toBeVisible();
  const analytics = page.getByRole("group", { name: "Do you want to allow analytics cookies?" });
  await expect(analytics.getByLabel("No")).toBeChecked();
  await expect(page.getByRole("group", { name: "Do you want to allow live chat cookies?" }).getByLabel("No")).toBeChecked();
  await expectAccessible(page);
  await analytics.getByLabel("Yes").check();
  await page.getByRole("button", { name: "Save cookie settings" }).click();
  await expect(page.getByText("You've set your cookie preferences.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Do you want to allow analytics cookies?" }).getByLabel("Yes")).toBeChecked();
  await expect(page.getByRole("group", { name: "Do you want to allow live chat cookies?" }).getByLabel("No")).toBeChecked();

  // Analytics only: its host is allowed, chat's and the reviews' are not (the stand-ins share one
  // origin here, so connect-src tells them apart: the messenger's API base is not in it).
  const withAnalytics = await page.goto("/contact");
  const csp = withAnalytics?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain(`connect-src 'self' ${STAND_IN_ORIGIN}`);
  expect(csp).not.toContain("frame-src " + STAND_IN_ORIGIN);
});

test("Accept on the banner: the tenant comes back to the page, and its CSP lets the consented tools' origins in", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByRole("region", { name: BANNER }).getByRole("button", { name: "Accept additional cookies" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText("You've accepted additional cookies. You can change your cookie settings at any time.")).toBeVisible();
  await expect(page.getByRole("region", { name: BANNER })).toHaveCount(0);
  const again = await page.reload();
  expect(scriptSources(again)).toContain(STAND_IN_ORIGIN);

  // The Cookies page shows every answer as yes; rejecting them all there takes the origins out again.
  await page.goto("/cookies");
  for (const question of ["analytics", "live chat", "Trustpilot's"]) {
    const group = page.getByRole("group", { name: new RegExp(`Do you want to allow ${question} cookies\\?`) });
    await expect(group.getByLabel("Yes")).toBeChecked();
    await group.getByLabel("No").check();
  }
  await page.getByRole("button", { name: "Save cookie settings" }).click();
  await expect(page.getByText("You've set your cookie preferences.")).toBeVisible();
  expect(scriptSources(await page.goto("/auth/login"))).not.toContain(STAND_IN_ORIGIN);
});

test("the Cookies page before any answer: the banner is not repeated there, and saving without choosing says what is missing", async ({ page }) => {
  await page.goto("/cookies");
  await expect(page.getByRole("region", { name: BANNER })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Essential cookies" })).toBeVisible();
  await page.getByRole("button", { name: "Save cookie settings" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: /Choose yes or no: do you want to allow analytics cookies/ })).toBeVisible();
  await expect(page).toHaveTitle("Error: Cookies — Keyfree");
  await expectAccessible(page);
  // Nothing was recorded: the banner still asks on the next page.
  await page.goto("/contact");
  await expect(page.getByRole("region", { name: BANNER })).toBeVisible();
});

test("a banner answer that names another site as the way back goes home instead", NO_BROWSER, async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(csrf).not.toBe("");
  const answer = await request.post("/cookies", { form: { csrf, intent: "reject", returnTo: "https://evil.example/" }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe("/");
  // An intent no form has: the one 400 answer, nothing recorded.
  const odd = await request.post("/cookies", { form: { csrf, intent: "everything" }, maxRedirects: 0 });
  expect(odd.status()).toBe(400);
});
