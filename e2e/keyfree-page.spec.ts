import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signedInAs, test } from "./fixtures";
import { pdfText } from "../tests/helpers/pdf";

/**
 * A page for each Keyfree (issue 27, scope 6), JavaScript on and off: the dashboard card of an
 * Active or Expired Keyfree goes to it (no longer to a checkout that bounces back to the
 * dashboard), it shows the Keyfree's facts, documents, charges and payments, a payment's receipt
 * downloads (as text and as a PDF, issue 39), the statement PDF downloads, and another tenant's
 * Keyfree is not found. A pending Keyfree keeps its checkout.
 */

/** The one Keyfree card on the dashboard's `tab`, opened by its heading link: the Keyfree's page. */
async function openFromDashboard(page: Page, email: string, tab: "active" | "expired") {
  await signedInAs(page, email, `/?status=${tab}`);
  const main = page.getByRole("main");
  const link = main.getByRole("heading", { level: 3 }).getByRole("link");
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute("href", /^\/keyfrees\/[^/]+$/);
  await link.click();
  await expect(page).toHaveURL(/\/keyfrees\/[^/]+$/);
  await expect(main.getByRole("heading", { level: 1, name: "Your Keyfree" })).toBeVisible();
  return { main, orderId: new URL(page.url()).pathname.split("/")[2]! };
}

/** The definition beside a term in the page's facts. */
const fact = (page: Page, term: string) => page.getByRole("main").getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");

test("demo@: an active Keyfree's card opens its page; its facts, documents, no charges, the fee paid, a receipt downloaded", async ({ page }) => {
  const { main, orderId } = await openFromDashboard(page, "demo@keyfree.example", "active");
  await expect(main.getByText("This Keyfree is Active", { exact: true })).toBeVisible();
  await expect(fact(page, "Tenant")).toHaveText("Alex Morgan");
  await expect(fact(page, "Rent per month")).toHaveText("£1,300.00");
  await expect(fact(page, "Tenancy dates")).toHaveText(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4} to \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);
  // One week's rent, paid when the Keyfree was completed.
  await expect(fact(page, "Your Keyfree fee")).toHaveText(/^£300\.00, paid on \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);
  const addendum = main.getByRole("link", { name: /Signed addendum/ });
  await expect(addendum).toHaveAttribute("href", /^\/documents\/[^/]+$/);
  expect((await page.request.get((await addendum.getAttribute("href"))!)).headers()["content-type"]).toContain("application/pdf");
  await expect(main.getByText("Your landlord or agent has not raised any charges against this Keyfree.")).toBeVisible();
  const payments = main.getByRole("table", { name: "Every payment you have made on this Keyfree, newest first" });
  await expect(payments.getByRole("row")).toHaveCount(2);
  await expect(payments.getByRole("rowheader", { name: "Keyfree fee" })).toBeVisible();
  const contact = main.getByRole("link", { name: "Contact us about this Keyfree" });
  await expect(contact).toHaveAttribute("href", new RegExp(`^/contact\\?topic=keyfree&orderId=${orderId}&customerId=[^&]+$`));
  // The guide and its FAQs (issue 27, scopes 1 and 2).
  await expect(main.getByRole("link", { name: "End of Tenancy Guide" })).toHaveAttribute("href", "/guide");
  await expect(main.getByRole("link", { name: "frequently asked questions" })).toHaveAttribute("href", "/guide/faqs");
  expect(await page.locator("script[src]").count()).toBe(0);
  await expectAccessible(page);

  // The receipt downloads as an HTML file of its own.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    payments.getByRole("link", { name: /^Download receipt for Keyfree fee, £300\.00, / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^keyfree-receipt-\d{4}-\d{2}-\d{2}-[0-9a-f-]{8}\.html$/);
  const receipt = await readFile((await download.path())!, "utf8");
  expect(receipt).toContain("<h1>Keyfree payment receipt</h1>");
  expect(receipt).toContain("<dt>Amount paid</dt><dd>£300.00</dd>");
  expect(receipt).toContain("<dt>Paid by</dt><dd>Alex Morgan (demo@keyfree.example)</dd>");
  // The receipt as a browser opens it: the same checks as a page (HTML, axe, a text browser).
  await page.route("**/__receipt-as-downloaded", (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: receipt }));
  await page.goto("/__receipt-as-downloaded");
  await expect(page.getByRole("heading", { level: 1, name: "Keyfree payment receipt" })).toBeVisible();
  await expectAccessible(page);
});

test("expired@: an expired Keyfree's page shows the charges settled and both payments; another tenant gets not found", async ({ page }) => {
  const { main, orderId } = await openFromDashboard(page, "expired@keyfree.example", "expired");
  await expect(main.getByText("This Keyfree is closed", { exact: true })).toBeVisible();
  await expect(fact(page, "Outcome")).toHaveText("Settled. There is nothing more to pay on these charges.");
  await expect(fact(page, "Total charges settled")).toHaveText("£180.00");
  const payments = main.getByRole("table", { name: /Every payment you have made/ });
  await expect(payments.getByRole("rowheader", { name: "End of tenancy charges (the whole balance)" })).toBeVisible();
  await expect(payments.getByRole("rowheader", { name: "Keyfree fee" })).toBeVisible();
  await expect(payments.getByRole("row").filter({ hasText: "End of tenancy charges" })).toContainText("£180.00");
  await expectAccessible(page);
  const receiptHref = (await payments.getByRole("link", { name: /^Download receipt for End of tenancy charges/ }).getAttribute("href"))!;
  expect(receiptHref).toMatch(new RegExp(`^/keyfrees/${orderId}/receipts/[^/]+$`));
  const own = await page.request.get(receiptHref);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain("<dd>£180.00</dd>");

  // The statement and the receipt's PDF twin download from the page (issue 39): PDFs whose text is the page's.
  const pdfOf = async (link: ReturnType<Page["getByRole"]>) => {
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    return pdfText(file);
  };
  const statementLink = main.getByRole("link", { name: "Download your statement (PDF)" });
  expect((await page.request.get((await statementLink.getAttribute("href"))!)).headers()["content-type"]).toBe("application/pdf");
  const statement = await pdfOf(statementLink);
  expect(statement).toContain("Keyfree statement");
  expect(statement).toContain("End of tenancy charges (the whole balance)");
  expect(statement).toContain("£180.00");
  const receiptPdf = await pdfOf(payments.getByRole("link", { name: /^\(PDF\) receipt for End of tenancy charges/ }));
  expect(receiptPdf).toContain("Keyfree payment receipt");
  expect(receiptPdf).toContain("£180.00");

  // Another tenant (demo@) with expired@'s Keyfree and receipt: not found.
  await signedInAs(page, "demo@keyfree.example", `/keyfrees/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Sorry we can't find that" })).toBeVisible();
  expect((await page.request.get(`/keyfrees/${orderId}`)).status()).toBe(404);
  const theirs = await page.request.get(receiptHref);
  expect(theirs.status()).toBe(404);
  expect(await theirs.text()).not.toContain("£180.00");
});

test("checkout@: a pending Keyfree's card still goes to its checkout, and its page sends the tenant there", async ({ page }) => {
  await signedInAs(page, "checkout@keyfree.example", "/?status=active");
  const link = page.getByRole("main").getByRole("heading", { level: 3 }).getByRole("link");
  await expect(link).toHaveAttribute("href", /^\/checkout\/[^/]+\/[^/]+$/);
  const [, , orderId, customerId] = (await link.getAttribute("href"))!.split("/");
  const res = await page.request.get(`/keyfrees/${orderId}`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe(`/checkout/${orderId}/${customerId}`);
});
