import type { Page } from "@playwright/test";
import { expect, expectAccessible, signedInAs, test } from "./fixtures";

/**
 * The whole dashboard card (part 2 §2) for three demo tenants, JavaScript on and off: tenants,
 * status line, the Continue banner, signed documents, total charges settled.
 */

async function dashboardOf(page: Page, email: string) {
  await signedInAs(page, email);
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
}

test("demo@: one active Keyfree, nothing to do, its signed documents to download", async ({ page }) => {
  const cards = await dashboardOf(page, "demo@keyfree.example");
  await expect(page.getByRole("heading", { level: 1, name: "Sit back and relax" })).toBeVisible();
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByText("This Keyfree is Active", { exact: true })).toBeVisible();
  await expect(card.getByText("Alex Morgan", { exact: true })).toBeVisible();
  await expect(card.getByText("Please press continue to complete your Keyfree")).toHaveCount(0);
  await expect(card.getByRole("heading", { level: 4, name: "Signed documents" })).toBeVisible();
  const terms = card.getByRole("link", { name: /Signed terms and conditions/ });
  const addendum = card.getByRole("link", { name: /Signed addendum/ });
  await expect(terms).toHaveAttribute("href", /^\/documents\/[^/]+$/);
  await expect(addendum).toHaveAttribute("href", /^\/documents\/[^/]+$/);
  // The link downloads the PDF for the signed-in tenant.
  const pdf = await page.request.get((await addendum.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  await expect(card.getByText("Total charges settled")).toHaveCount(0);
  await expectAccessible(page);
});

test("waiting@: both tenants named, 'Awaiting other tenants', no banner and no documents yet", async ({ page }) => {
  const cards = await dashboardOf(page, "waiting@keyfree.example");
  await expect(page.getByRole("heading", { level: 1, name: "Sit back and relax" })).toBeVisible();
  const card = cards.first();
  await expect(card.getByText("Awaiting other tenants", { exact: true })).toBeVisible();
  await expect(card.getByRole("term").filter({ hasText: "Tenants" })).toBeVisible();
  await expect(card.getByText("Wren Okafor", { exact: true })).toBeVisible();
  await expect(card.getByText("Sol Okafor", { exact: true })).toBeVisible();
  await expect(card.getByText("Please press continue to complete your Keyfree")).toHaveCount(0);
  await expect(card.getByRole("link", { name: "Continue" })).toHaveCount(0);
  await expect(card.getByText("Signed documents")).toHaveCount(0);
  await expectAccessible(page);
});

test("expired@: the Expired tab by default, closed, with the total charges settled", async ({ page }) => {
  const cards = await dashboardOf(page, "expired@keyfree.example");
  await expect(page.getByRole("link", { name: "Expired" })).toHaveAttribute("aria-current", "page");
  const card = cards.first();
  await expect(card.getByText("This Keyfree is closed", { exact: true })).toBeVisible();
  await expect(card.getByText("Eli Turner", { exact: true })).toBeVisible();
  const settled = card.getByRole("term").filter({ hasText: "Total charges settled" });
  await expect(settled).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: /^£[\d,]+\.\d\d$/ }).last()).toBeVisible();
  await expectAccessible(page);
  // The Active tab is empty, with the spec's words.
  await page.getByRole("link", { name: "Active" }).click();
  await expect(page.getByText("You dont have any active Keyfrees.")).toBeVisible();
  await expectAccessible(page);
});

test("checkout@: an actionable card has the banner and a Continue link to its checkout", async ({ page }) => {
  const cards = await dashboardOf(page, "checkout@keyfree.example");
  await expect(page.getByRole("heading", { level: 1, name: "You have outstanding actions" })).toBeVisible();
  const card = cards.first();
  await expect(card.getByText("Please press continue to complete your Keyfree")).toBeVisible();
  const proceed = card.getByRole("link", { name: "Continue" });
  await expect(proceed).toHaveAttribute("href", /^\/checkout\/[^/]+\/[^/]+$/);
  await expectAccessible(page);
  await proceed.click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/[^/]+/);
});

test("claim@: with charges to answer and no checkout step open, the dashboard sends them to their claim (part 2 §2)", async ({ page }) => {
  await signedInAs(page, "claim@keyfree.example");
  await expect(page).toHaveURL(/\/claims\/[^/?]+\?mediationEnabled=true$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/claims\/[^/?]+\?mediationEnabled=true$/);
});
