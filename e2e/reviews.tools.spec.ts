import type { Page, Response } from "@playwright/test";
import { TOOLS_ENV } from "../playwright.config";
import { expect, expectAccessible, ON_TOOLS_SERVER, STAND_IN_ORIGIN, test, uniqueStamp } from "./fixtures";

/**
 * Issue 26, scope 5: the offer page's reviews on the tools server (Trustpilot configured, its
 * bootstrap at the offline stand-in, another origin). Before the tenant says yes: the plain
 * reviews link, nothing asked of the stand-in, and no stand-in origin in the page's CSP. After
 * accepting the banner: with JavaScript the stand-in TrustBox drawn for our business unit, and
 * the CSP letting Trustpilot in on that page only; without it the same link. After a no on the
 * Cookies page: the plain link again. No CSP violation throughout.
 */
test.use(ON_TOOLS_SERVER);
test.describe.configure({ timeout: 120_000 });

const REVIEWS_LINK = "Read what tenants say about Keyfree (opens in a new tab)";
const TRUSTBOX = "Customer reviews powered by Trustpilot";

type StandInWidget = { businessUnitId: string; templateId: string; locale: string; theme: string; reviewsUrl: string };

/** A policy's directives by name. */
function csp(response: Response | null): Record<string, string[]> {
  const header = response?.headers()["content-security-policy"] ?? "";
  expect(header, "a Content-Security-Policy").not.toBe("");
  return Object.fromEntries(
    header.split(/;\s*/).map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** The document response of the navigation `act` starts (a click that posts and is redirected, a goto). */
async function documentOf(page: Page, path: RegExp, act: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === "GET" && path.test(new URL(r.url()).pathname) && r.status() === 200),
    act(),
  ]);
  return response;
}

async function expectPlainLink(page: Page) {
  const reviews = page.getByRole("complementary", { name: "Customer reviews" });
  await expect(reviews.getByRole("link", { name: REVIEWS_LINK })).toHaveAttribute("href", TOOLS_ENV.TRUST_RATING_URL);
  await expect(reviews.getByRole("link", { name: REVIEWS_LINK })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("group", { name: TRUSTBOX })).toHaveCount(0);
}

test("the offer page's reviews: the plain link before consent, the TrustBox after accepting (with JavaScript), the plain link again after a no", async ({
  page,
  ops,
  isJsOn,
}) => {
  const s = uniqueStamp();
  const created = (await ops("create-offer", {
    address: { buildingNumber: "4", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AP" },
    savingAmount: 115_385,
    keyfreeAmount: 34_615,
    cashDepositAmount: 150_000,
    recipients: [{ email: `kim-reviews-${s}@example.test`, firstName: "Kim", lastName: "Park" }],
  })) as { keyfreeOfferId: string; recipients: Array<{ token: string }> };
  const offerUrl = `/keyfree-offer/${created.keyfreeOfferId}?token=${encodeURIComponent(created.recipients[0]!.token)}`;
  const offerPath = new RegExp(`^/keyfree-offer/${created.keyfreeOfferId}$`);

  // Every request to the stand-ins' origin, and every CSP refusal the browser reports.
  const standInRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(STAND_IN_ORIGIN)) standInRequests.push(request.url());
  });
  // A CSP refusal, or a stand-in the browser would not take (a Cross-Origin-Resource-Policy refusal, say).
  // Not while axe runs (it applies styles of its own, which the CSP rightly refuses), and not a
  // request the next navigation cut short (the chat stand-in's ping when the tenant moves on).
  const violations: string[] = [];
  let checking = false;
  const accessible = async () => {
    checking = true;
    await expectAccessible(page);
    checking = false;
  };
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    if (request.url().startsWith(STAND_IN_ORIGIN) && failure !== "net::ERR_ABORTED") violations.push(`${request.url()}: ${failure}`);
  });
  page.on("console", (message) => {
    if (!checking && /Content Security Policy|securitypolicyviolation/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI}`));
  });

  // Before any answer: the banner, the plain link, nothing from the stand-in, no stand-in origin in the CSP.
  const before = await page.goto(offerUrl);
  await expect(page.getByRole("region", { name: "Cookies on Keyfree" })).toBeVisible();
  await expectPlainLink(page);
  await expect(page.locator(".trustpilot-widget")).toHaveCount(0);
  const beforeCsp = csp(before);
  expect(beforeCsp["script-src"]).not.toContain(STAND_IN_ORIGIN);
  expect(beforeCsp["frame-src"]).toEqual(["'none'"]);
  expect(Object.values(beforeCsp).flat()).not.toContain(STAND_IN_ORIGIN);
  await accessible();
  expect(standInRequests).toEqual([]);

  // Accept: back on the offer, under a policy that lets the TrustBox in.
  const accepted = await documentOf(page, offerPath, () => page.getByRole("button", { name: "Accept additional cookies" }).click());
  await expect(page.getByText("You've accepted additional cookies.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookies on Keyfree" })).toHaveCount(0);
  const acceptedCsp = csp(accepted);
  expect(acceptedCsp["script-src"]).toContain(STAND_IN_ORIGIN);
  // frame-src is Trustpilot's alone among the tools (its TrustBox frame).
  expect(acceptedCsp["frame-src"]).toEqual([STAND_IN_ORIGIN]);
  const reviews = page.getByRole("complementary", { name: "Customer reviews" });
  if (isJsOn) {
    const box = reviews.getByRole("group", { name: TRUSTBOX });
    await expect(box).toContainText("rated 4 out of 5");
    // The same reviews link, inside the box.
    await expect(box.getByRole("link", { name: REVIEWS_LINK })).toHaveAttribute("href", TOOLS_ENV.TRUST_RATING_URL);
    const found = await page.evaluate(() => (window as unknown as { __trustpilotStandIn: { widgets: StandInWidget[] } }).__trustpilotStandIn.widgets);
    expect(found).toEqual([
      expect.objectContaining({
        businessUnitId: TOOLS_ENV.TRUSTPILOT_BUSINESS_UNIT_ID,
        templateId: "5419b6a8b0d04a076446a9ad",
        locale: "en-GB",
        theme: "light",
        reviewsUrl: TOOLS_ENV.TRUST_RATING_URL,
      }),
    ]);
    expect(standInRequests).toContain(TOOLS_ENV.TRUSTPILOT_WIDGET_URL);
  } else {
    // Without script the TrustBox's fallback is the link itself, and nothing is fetched.
    await expectPlainLink(page);
    await expect(reviews.locator(".trustpilot-widget").getByRole("link", { name: REVIEWS_LINK })).toBeVisible();
    expect(standInRequests).toEqual([]);
  }
  await accessible();

  // Trustpilot is in the offer page's policy only: the Cookies page lets no frame in.
  const cookies = await page.goto("/cookies");
  expect(csp(cookies)["frame-src"]).toEqual(["'none'"]);
  await accessible();

  // No on the Cookies page: the plain link again, and nothing more from the stand-in for it.
  for (const question of ["Do you want to allow analytics cookies?", "Do you want to allow live chat cookies?", "Do you want to allow Trustpilot's cookies?"]) {
    await page.getByRole("group", { name: question }).getByRole("radio", { name: "No" }).check();
  }
  await page.getByRole("button", { name: "Save cookie settings" }).click();
  await expect(page.getByText("You've set your cookie preferences.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Do you want to allow Trustpilot's cookies?" }).getByRole("radio", { name: "No" })).toBeChecked();
  await accessible();

  standInRequests.length = 0;
  const rejected = await page.goto(offerUrl);
  await expectPlainLink(page);
  await expect(page.locator(".trustpilot-widget")).toHaveCount(0);
  expect(Object.values(csp(rejected)).flat()).not.toContain(STAND_IN_ORIGIN);
  expect(standInRequests).toEqual([]);
  expect(violations).toEqual([]);
});
