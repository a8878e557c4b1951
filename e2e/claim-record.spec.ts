import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";
import { pdfText } from "../tests/helpers/pdf";
import { claimOnEndedTenancy } from "./claim-setup";

/**
 * The claim record (issue 39), JavaScript on and off: a claim's life from raised to settled —
 * the record reached from the claim page while it is open, then, once the adjudicator has decided
 * (with reasons) and the claim is settled, from the Keyfree page and the adjudication's page —
 * its PDF holding every amount the page shows; then a link for an adviser made, opened signed
 * out (the record and its PDF, no files), stopped, and refused after.
 */
const POUNDS = /£[\d,]+\.\d\d/g;

/** Every amount the record shows (its facts and sections, not the links panel), sorted. */
async function amountsOnPage(page: Page): Promise<string[]> {
  const texts = await page.locator(".claim-record__facts, .claim-record__section:not(:has(#share))").allInnerTexts();
  return texts.flatMap((t) => t.match(POUNDS) ?? []).sort();
}

async function downloadPdf(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^keyfree-claim-record-[0-9a-f-]{8}\.pdf$/);
  return pdfText(await readFile((await download.path())!));
}

test("a claim from raised to settled, its record and PDF; a link for an adviser made, used signed out, stopped and refused", async ({ page, ops, browser, isJsOn }) => {
  test.slow(); // a whole claim, two browsers
  const email = `record-${uniqueStamp()}@example.test`;
  const claim = await claimOnEndedTenancy(ops, [{ email, firstName: "Rosa", lastName: "Díaz" }], {
    items: [
      { description: "Redecoration", type: "REDECORATION", amount: 50_000, evidence: 1 },
      { description: "Oven clean", type: "CLEANING", amount: 9_000 },
    ],
    mediationEnabled: false,
  });
  const main = page.getByRole("main");

  // Raised: the record from the claim page, still open.
  await signedInAs(page, email, `/claims/${claim.claimId}`);
  await main.getByRole("link", { name: "Your claim record" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/record$`));
  await expect(main.getByRole("heading", { level: 1, name: "Claim record" })).toBeVisible();
  await expect(main.getByRole("table", { name: "The charges as raised" })).toContainText("£590.00");
  await expect(main.getByRole("table", { name: "Evidence for Redecoration" })).toContainText(/[0-9a-f]{64}/);
  await expect(main.getByText("The charges were not disputed.")).toBeVisible();
  await expect(page.locator("script[src]"), "the record page sends no script").toHaveCount(0);
  await expectAccessible(page);

  // Disputed, the fee paid, the adjudicator decides with reasons, and the claim is settled.
  const { feeActionId } = (await ops("tenant-dispute", {
    claimId: claim.claimId,
    claimProposalId: claim.claimProposalId,
    email,
    message: "The walls were already marked when we moved in.",
  })) as { feeActionId: string };
  await ops("pay-action", { orderCustomerActionId: feeActionId });
  const [redecoration, oven] = claim.itemIds as [string, string];
  await ops("decide-adjudication", {
    claimId: claim.claimId,
    amount: 30_000,
    reasons: { [redecoration]: "Marks beyond fair wear and tear.", [oven]: "No check-out photograph of the oven." },
    awarded: { [redecoration]: 30_000, [oven]: 0 },
  });
  await ops("resolve-claim", { claimId: claim.claimId });

  // Settled: the claim page is gone (the dashboard), the record is reached from the Keyfree page…
  await page.goto("/?status=expired");
  await main.getByRole("heading", { level: 3 }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/keyfrees\/[^/]+$/);
  await main.getByRole("link", { name: "Your claim record" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/record$`));
  const facts = main.locator(".claim-record__facts");
  await expect(facts).toContainText("Settled");
  await expect(main.getByRole("table", { name: "The adjudicator's reasons" })).toContainText("Marks beyond fair wear and tear.");
  await expect(main.getByRole("table", { name: "The dispute and its fee" })).toContainText("£60.00");
  const payments = main.getByRole("table", { name: "Payments towards the claim, oldest first" });
  await expect(payments).toContainText("Formal dispute fee");
  await expect(payments).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expectAccessible(page);

  // …and its PDF holds every amount the page shows, no more, no fewer.
  const onPage = await amountsOnPage(page);
  expect(onPage).toEqual(expect.arrayContaining(["£590.00", "£60.00", "£300.00"]));
  const pdf = await downloadPdf(page, main.getByRole("link", { name: "Download this record (PDF)" }));
  expect((pdf.match(POUNDS) ?? []).sort()).toEqual(onPage);
  expect(pdf).toContain("The adjudicator's reasons");

  // A link for an adviser: shown once, then listed.
  await main.getByRole("textbox", { name: "Who is the link for?" }).fill("Citizens Advice Bristol");
  await main.getByRole("button", { name: "Make a link" }).click();
  const made = main.locator(".claim-record__new-link");
  await expect(made).toContainText("Your link for Citizens Advice Bristol");
  const link = (await made.getByRole("link").getAttribute("href"))!;
  expect(link).toMatch(/\/shared-record\?token=[A-Za-z0-9_-]{40,}$/);
  await expectAccessible(page);

  // Opened while signed out: the record, read only, no files; its PDF too.
  const adviser = await browser.newContext({ javaScriptEnabled: isJsOn });
  const outside = await adviser.newPage();
  await outside.goto(link);
  const theirs = outside.getByRole("main");
  await expect(theirs.getByRole("heading", { level: 1, name: "Claim record" })).toBeVisible();
  await expect(theirs).toContainText("A tenant shared this record with Citizens Advice Bristol.");
  await expect(theirs.locator('a[href^="/documents/"]')).toHaveCount(0);
  await expect(theirs.getByRole("button")).toHaveCount(0);
  expect(await amountsOnPage(outside)).toEqual(onPage);
  const sharedPdf = await outside.request.get((await theirs.getByRole("link", { name: "Download this record (PDF)" }).getAttribute("href"))!);
  expect(sharedPdf.headers()["content-type"]).toBe("application/pdf");
  await expectAccessible(outside);

  // The tenant sees when it was used, and stops it.
  await page.goto(`/claims/${claim.claimId}/record`);
  const links = main.getByRole("table", { name: "Your links to this record" });
  await expect(links).toContainText("Citizens Advice Bristol");
  await expect(links).not.toContainText("Not used yet");
  await expect(main.locator(".claim-record__new-link")).toHaveCount(0);
  await links.getByRole("button", { name: "Stop this link for Citizens Advice Bristol" }).click();
  await expect(links).toContainText("Stopped");

  // Refused after.
  const refused = await outside.goto(link);
  expect(refused?.status()).toBe(404);
  await expect(theirs.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await expectAccessible(outside);
  expect((await outside.request.get(link.replace("/shared-record?", "/shared-record.pdf?"))).status()).toBe(404);
  await adviser.close();
});
