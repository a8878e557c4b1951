import type { Page } from "@playwright/test";
import { claimOnEndedTenancy, type Ops, type TenantOnTenancy } from "./claim-setup";
import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * The claim page (issue 11 scopes 1-3, part 1 §2.5, §4.1), JavaScript on and off: claim@ from
 * sign-in to their claim (read only: nothing is changed), an item's History and Evidence, the
 * mediation intro and the explainer, the .ics download; fresh claims (ops) for a deadline of
 * today with a co-tenant, and one past.
 */

/** A tenancy that has ended, with its tenants, and charges raised `publishedDaysAgo` days ago. */
async function claimFor(ops: Ops, tenants: TenantOnTenancy[], publishedDaysAgo: number) {
  return claimOnEndedTenancy(ops, tenants, {
    items: [
      { description: "Oven cleaning", type: "CLEANING", amount: 12_000, explanation: "The oven was left greasy.", evidence: 1 },
      { description: "Unpaid rent", type: "RENTARREARS", amount: 30_000 },
    ],
    publishedDaysAgo,
  });
}

const unique = (label: string) => `claim-page-${label}-${uniqueStamp()}@example.test`;

async function signInTo(page: Page, email: string) {
  await signedInAs(page, email);
  await expect(page).toHaveURL(/\/claims\/[^/?]+\?mediationEnabled=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your end of tenancy charges" })).toBeVisible();
}

test("claim@: from sign-in to the claim, an item's History and Evidence, the intro, the explainer and the calendar file", async ({ page }) => {
  // Five page states, each with the axe and HTML checks.
  test.setTimeout(180_000);
  await signInTo(page, "claim@keyfree.example");
  const claimUrl = new URL(page.url());
  // Without mediationEnabled=true the page adds it (part 1 §2.5).
  await page.goto(claimUrl.pathname);
  await expect(page).toHaveURL(claimUrl.href);
  await expect(page.getByText(/^You have \d+ days? left to respond$/)).toBeVisible();
  await expect(page.getByText("If you do nothing by the deadline, the charges are treated as accepted and you will have to pay them.")).toBeVisible();
  // The co-tenant warning: any tenant can answer for all.
  await expect(page.getByText("Any tenant can answer for all tenants")).toBeVisible();
  await expect(page.getByText(/You share this Keyfree with Jo Brennan/)).toBeVisible();
  for (const heading of ["Charges Raised", "Review Charges Raised", "Supporting Information", "Tenancy documents"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Accept charges" })).toHaveAttribute("href", `${claimUrl.pathname}/accept`);
  const items = page.locator(".claim-items > li");
  await expect(items).toHaveCount(3);
  // Nothing answered yet: each charge is highlighted as required, in words too.
  await expect(page.getByText("Response required: agree or disagree with this charge.")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "inventory check out.pdf" })).toHaveAttribute("href", /^\/documents\/[^/]+$/);
  await expectAccessible(page);

  // Show more: the History tab, with the spec's phrase, the amount and the exact date.
  const carpet = items.nth(1);
  const title = (await carpet.getByRole("heading", { level: 3 }).textContent())!;
  await carpet.getByRole("link", { name: /^Show more/ }).click();
  await expect(page).toHaveURL(/[?&]item=[^&]+&tab=history#item-/);
  const open = page.locator(".claim-items > li").nth(1);
  await expect(open.getByRole("link", { name: "History", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(open.getByText(/^Your landlord created a charge of £[\d,]+\.\d\d/)).toBeVisible();
  await expect(open.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expectAccessible(page);

  // The Evidence tab: the landlord's document, none from the tenant.
  await open.getByRole("link", { name: "Evidence", exact: true }).click();
  await expect(page).toHaveURL(/&tab=evidence#item-/);
  const evidence = page.locator(".claim-items > li").nth(1);
  await expect(evidence.getByRole("heading", { name: "Landlord evidence" })).toBeVisible();
  await expect(evidence.getByRole("link", { name: `${title} evidence 1.pdf` })).toHaveAttribute("href", /^\/documents\/[^/]+$/);
  await expect(evidence.getByRole("heading", { name: "Tenant evidence" })).toBeVisible();
  await expect(evidence.getByText("No Evidence Provided")).toBeVisible();
  await expectAccessible(page);

  // Hide: back to the collapsed panel.
  await evidence.getByRole("link", { name: /^Hide/ }).click();
  await expect(page.locator(".claim-items > li").nth(1).getByRole("link", { name: /^Show more/ })).toBeVisible();

  // The mediation intro and the explainer.
  await page.getByRole("link", { name: "Read intro" }).click();
  await expect(page).toHaveURL(/[?&]intro#mediation$/);
  await expect(page.getByText(/has 7 days to answer your proposal/)).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "End of Tenancy Guide", exact: true })).toHaveAttribute("href", "/guide");
  await page.getByRole("main").getByRole("link", { name: "Explaining your end of tenancy process" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Explaining your end of tenancy process" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue to charges" }).click();
  await expect(page).toHaveURL(/#charges$/);
  await expect(page.getByRole("heading", { level: 2, name: "Explaining your end of tenancy process" })).toHaveCount(0);

  // Add to calendar: an .ics attachment whose date is the deadline shown.
  const deadline = await page.locator(".claim-deadline time").getAttribute("datetime");
  const ics = await page.request.get((await page.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href"))!);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(ics.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.ics"$/);
  const body = await ics.text();
  expect(body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(body).toContain(`\r\nDTSTART;VALUE=DATE:${deadline!.replaceAll("-", "")}\r\n`);
});

test("a deadline of today, with a co-tenant: 'midnight tonight' and the warning that any tenant can answer for all", async ({ page, ops }) => {
  const email = unique("today");
  await claimFor(
    ops,
    [
      { email, firstName: "Tia", lastName: "Today" },
      { email: unique("today-co"), firstName: "Cal", lastName: "Cotenant" },
    ],
    7,
  );
  await signInTo(page, email);
  await expect(page.getByText("Your deadline to respond is midnight tonight")).toBeVisible();
  await expect(page.getByText("Due soon", { exact: true })).toBeVisible();
  await expect(page.getByText(/You share this Keyfree with Cal Cotenant/)).toBeVisible();
  // The types title-cased, and Agree / Disagree on each charge.
  await expect(page.getByText("Rent Arrears", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Agree to Oven cleaning" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Disagree with Unpaid rent" })).toHaveAttribute("href", /\/items\/[^/]+\/proposal$/);
  await expectAccessible(page);
});

test("a deadline past: the charges were treated as accepted, 'You must pay immediately', and Pay now", async ({ page, ops }) => {
  const email = unique("past");
  await claimFor(ops, [{ email, firstName: "Pam", lastName: "Past" }], 8);
  // The clock applies the deadline (the sweeper does it every 30 s; here at once).
  await ops("sweep", {});
  await signInTo(page, email);
  await expect(page.getByText("You must pay immediately")).toBeVisible();
  await expect(page.getByText("Urgent", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", /^\/claims\/[^/]+\/pay$/);
  // Nothing left to answer: no Agree, Disagree or Accept charges.
  await expect(page.getByRole("button", { name: /^Agree/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Accept charges" })).toHaveCount(0);
  await expectAccessible(page);
});
