import { readFile } from "node:fs/promises";
import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { MINIMUM_KEYFREE_FEE_PENCE } from "#common/keyfree-fee";
import { RESPONSE_WINDOW_DAYS } from "#common/tenant-terms";
import { expect, expectAccessible, signedInAs, test } from "./fixtures";

/**
 * The End of Tenancy Guide (issue 27 scopes 1 and 2), JavaScript on and off: the guide page and
 * its steps' anchors, the FAQs linking to them, the same guide downloaded as a PDF, and the
 * links to them from the claim page's explainer, the dashboard and a Keyfree's page.
 */

test("the guide, no login: its steps, a FAQ's link to its step, and the guide downloaded as a PDF", async ({ page }) => {
  await page.goto("/guide");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "End of Tenancy Guide" })).toBeVisible();
  await expect(page).toHaveTitle(/^End of Tenancy Guide/);
  await expect(main.getByRole("heading", { level: 3, name: "Step 1: You pay a fee instead of a deposit" })).toBeVisible();
  await expect(main.getByText(`with a minimum of £${MINIMUM_KEYFREE_FEE_PENCE / 100}`)).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: `You have ${RESPONSE_WINDOW_DAYS} days to respond` })).toHaveAttribute("id", "seven-days");
  await expect(main.getByRole("heading", { level: 3, name: /: A formal dispute and its £60 fee$/ })).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);
  await expectAccessible(page);

  // The PDF: its link says the format and size; it downloads, a PDF of that size.
  const pdfLink = main.getByRole("link", { name: /^Download this guide \(PDF, \d+ KB\)$/ });
  const kb = Number(/(\d+) KB/.exec((await pdfLink.textContent())!)![1]);
  const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(Math.round(bytes.length / 1024)).toBe(kb);
  const response = await page.request.get("/guide.pdf");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");

  // The video walkthrough, from the guide's links.
  const video = main.getByRole("link", { name: "Watch a video of answering your charges (with captions and a transcript)" });
  await expect(video).toHaveAttribute("href", "/guide/walkthrough");

  // The FAQs, and an answer's link to its step of the guide.
  await main.getByRole("link", { name: "Frequently asked questions" }).first().click();
  await expect(page).toHaveURL(/\/guide\/faqs$/);
  await expect(main.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  const refused = main.getByRole("region", { name: "When do I get my payment back if my proposal is refused?" });
  await expect(refused.getByText(`at most ${PROPOSAL_HOLD_DAYS} days`)).toBeVisible();
  // A tenant who cannot afford the charges is sent to "Struggling to pay?" (issue 36).
  const afford = main.getByRole("region", { name: "I can't afford to pay the charges" });
  await expect(afford.getByRole("link", { name: /^Struggling to pay\?/ })).toHaveAttribute("href", "/help/struggling-to-pay");
  await expect(page.locator("script")).toHaveCount(0);
  await expectAccessible(page);
  await main
    .getByRole("region", { name: "I missed the deadline" })
    .getByRole("link", { name: /^Read step \d+ of the guide: If you do nothing$/ })
    .click();
  await expect(page).toHaveURL(/\/guide#doing-nothing$/);
  await expect(main.getByRole("heading", { level: 3, name: /: If you do nothing$/ })).toBeInViewport();
});

test("claim@: the claim page's explainer links the guide, its PDF and the FAQs; the End of Tenancy Guide link opens the guide", async ({ page }) => {
  await signedInAs(page, "claim@keyfree.example");
  await expect(page).toHaveURL(/\/claims\/[^/?]+\?mediationEnabled=true$/);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Explaining your end of tenancy process" }).click();
  const explainer = main.getByRole("region", { name: "Explaining your end of tenancy process" });
  await expect(explainer).toBeVisible();
  await expect(explainer.getByRole("link", { name: "Read the End of Tenancy Guide" })).toHaveAttribute("href", "/guide");
  await expect(explainer.getByRole("link", { name: /^Download the guide \(PDF, \d+ KB\)$/ })).toHaveAttribute("href", "/guide.pdf");
  await expect(explainer.getByRole("link", { name: "Frequently asked questions" })).toHaveAttribute("href", "/guide/faqs");
  // Part 1 §2.5: the explainer links the guide, its PDF, the FAQs and a video tutorial.
  await expect(explainer.getByRole("link", { name: /^Watch a video of answering your charges/ })).toHaveAttribute("href", "/guide/walkthrough");
  await expectAccessible(page);
  await explainer.getByRole("link", { name: "Frequently asked questions" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  await page.goBack();
  await main.getByRole("link", { name: "End of Tenancy Guide", exact: true }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(main.getByRole("heading", { level: 1, name: "End of Tenancy Guide" })).toBeVisible();
});

test("demo@: the dashboard and the Keyfree's page link the guide", async ({ page }) => {
  await signedInAs(page, "demo@keyfree.example", "/?status=active");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "End of Tenancy Guide" })).toHaveAttribute("href", "/guide");
  await main.getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(main.getByRole("heading", { level: 1, name: "Your Keyfree" })).toBeVisible();
  await expect(main.getByRole("link", { name: "frequently asked questions" })).toHaveAttribute("href", "/guide/faqs");
  await main.getByRole("link", { name: "End of Tenancy Guide" }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(main.getByRole("heading", { level: 1, name: "End of Tenancy Guide" })).toBeVisible();
});
