import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";
import { expectTitleFirst } from "./reading-order";

/**
 * 'Provide a new proposal' (part 1 §2.5, §4.1, §5, §8) on a fresh claim with mediation and
 * three items: every message of the proposal form, both soft warnings, Disagree with evidence
 * (a refused file, an upload, a removal), Edit prefilled, Agree on another item, and the
 * supporting information's response documents. The proposal page sends no script (decision
 * 0019); Supporting Information's zone sends files with progress when JavaScript is on.
 */

const FILES = path.resolve("e2e/files");
const WARNING_ZERO = "Warning! It's unlikely your offer will be accepted, unless this charge is incorrect.";
const WARNING_LOW = "Woah! Your offer looks a little low.";

async function freshClaim(ops: (path: string, body: unknown) => Promise<unknown>) {
  const email = `proposal-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Pat", lastName: "Rowe" }],
    ppm: 120_000,
    startDate: "2025-09-01",
    endDate: "2026-10-31",
    isNewTenancy: true,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    mediationEnabled: true,
    items: [
      { description: "Carpet cleaning", type: "CLEANING", amount: 18_000, evidence: 1 },
      { description: "Broken blind", type: "DAMAGE", amount: 6_000, evidence: 1 },
      { description: "Repaint the hallway", type: "REDECORATION", amount: 15_000 },
    ],
  })) as { claimId: string; itemIds: [string, string, string] };
  return { email, ...claim };
}

const proposalUrl = (claimId: string, itemId: string) => `/claims/${claimId}/items/${itemId}/proposal`;
const amount = (page: Page) => page.getByLabel("Your proposed amount (£)");
const reasoning = (page: Page) => page.getByLabel("Reasoning");
const save = (page: Page) => page.getByRole("button", { name: "Save proposal" });
const zone = (page: Page, label: string) => page.getByRole("region", { name: label });

/**
 * The proposal page does not hydrate (its form would break the hydration budget; one inline
 * script warns on leaving the amount); the item's evidence page and Supporting Information do.
 */
async function open(page: Page, url: string, isJsOn: boolean, hydrates = false) {
  await page.goto(url);
  await arrived(page, isJsOn, hydrates);
}
async function arrived(page: Page, isJsOn: boolean, hydrates: boolean) {
  if (isJsOn && hydrates) await page.locator("html[data-hydrated]").waitFor();
  if (!hydrates) await expect(page.locator('script[src], script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
}

/** Chooses a file in a zone and sends it: the drop zone sends on choosing, the plain form with its button. */
async function upload(page: Page, label: string, file: string, dropZone: boolean) {
  await zone(page, label).locator('input[type="file"]').setInputFiles(path.join(FILES, file));
  if (!dropZone) await zone(page, label).getByRole("button", { name: /^Upload/ }).click();
}

test("a tenant proposes per item: every form message, both warnings, evidence, Edit prefilled, Agree, supporting information", async ({
  page,
  ops,
  isJsOn,
}) => {
  test.setTimeout(300_000);
  const claim = await freshClaim(ops);
  const [carpet, blind, hallway] = claim.itemIds;
  await signedInAs(page, claim.email);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  // ── Disagree on the carpet: every message of the form ──
  await open(page, proposalUrl(claim.claimId, carpet), isJsOn);
  await expect(page.getByRole("heading", { level: 1, name: "Provide a new proposal" })).toBeVisible();
  await expectTitleFirst(page, "Provide a new proposal");
  await expect(page.getByRole("heading", { level: 2, name: "Carpet cleaning" })).toBeVisible();
  await expect(page.getByText("Cleaning", { exact: true })).toBeVisible();
  await expect(page.getByText("Item charges £180.00")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to charges" })).toHaveAttribute("href", `/claims/${claim.claimId}?mediationEnabled=true#item-${carpet}`);
  // No error before a field is touched.
  await expect(page.getByText("There is a problem")).toHaveCount(0);
  await expectAccessible(page);

  await save(page).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Required" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "You must provide reasoning for your new proposal for this item" })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Provide a new proposal/);
  await expectAccessible(page);

  await reasoning(page).fill("The carpet was ten years old and already worn.");
  for (const [typed, message] of [
    ["lots", "Amount must be a number"],
    ["10.555", "Item amount must have a maximum of two decimal places"],
    ["-1", "Amount must be 0 or more"],
    ["180.01", "New offer cannot exceed the charges raised (£180.00)."],
  ] as const) {
    await amount(page).fill(typed);
    await save(page).click();
    await expect(summary.getByRole("link", { name: message })).toBeVisible();
    await expect(reasoning(page)).toHaveValue("The carpet was ten years old and already worn.");
  }
  await expectAccessible(page);

  // ── The soft warnings: £0, then under 25%. With JavaScript they show on leaving the amount
  // (the page's inline script), without it after Save; the warned amount is saved by the next Save ──
  const enter = async (value: string) => {
    await amount(page).fill(value);
    if (isJsOn) await amount(page).blur();
    else await save(page).click();
  };
  await enter("0");
  await expect(page.getByText(WARNING_ZERO)).toBeVisible();
  await expect(amount(page)).toHaveValue("0");
  await expect(amount(page)).toHaveAccessibleDescription(/Warning! It's unlikely/);
  await expectAccessible(page);

  await enter("40");
  await expect(page.getByText(WARNING_LOW)).toBeVisible();
  await expect(page.getByText(WARNING_ZERO)).toHaveCount(0);
  await expectAccessible(page);
  // With JavaScript the warning came before any Save: still on the form, nothing saved yet.
  if (isJsOn) await expect(page).toHaveURL(new RegExp(`/items/${carpet}/proposal$`));
  // Saving the warned amount keeps it.
  await save(page).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}(\\?mediationEnabled=true)?#item-${carpet}$`));

  // Edit: the page starts with what was saved.
  await open(page, proposalUrl(claim.claimId, carpet), isJsOn);
  await expect(amount(page)).toHaveValue("40.00");
  await expect(reasoning(page)).toHaveValue("The carpet was ten years old and already worn.");
  await amount(page).fill("90");
  await save(page).click();
  await expect(page).toHaveURL(new RegExp(`#item-${carpet}$`));

  // ── Disagree on the blind, with evidence (its own page, with progress when it runs its
  // script): a refused file, an upload, a removal ──
  const evidence = "Your documents for this item";
  await open(page, proposalUrl(claim.claimId, blind), isJsOn);
  await expect(page.getByRole("region", { name: "Your evidence for this item" })).toContainText("No documents uploaded");
  await page.getByRole("link", { name: "Add evidence" }).click();
  await expect(page).toHaveURL(new RegExp(`/items/${blind}/evidence$`));
  await arrived(page, isJsOn, true);
  await expect(page.getByRole("heading", { level: 1, name: "Your evidence for this item" })).toBeVisible();
  await expectTitleFirst(page, "Your evidence for this item");
  await expect(zone(page, evidence)).toContainText("No documents uploaded");
  await expectAccessible(page);
  await upload(page, evidence, "notes.txt", isJsOn);
  await expect(zone(page, evidence).getByRole("alert")).toContainText("notes.txt is an invalid type, please convert to a PDF");
  await expectAccessible(page);

  await upload(page, evidence, "passport.pdf", isJsOn);
  await expect(page.getByText("Success! Item successfully uploaded")).toBeVisible();
  await expect(zone(page, evidence).getByRole("link", { name: "passport.pdf" })).toBeVisible();
  await expectAccessible(page);

  await zone(page, evidence).getByRole("button", { name: "Remove passport.pdf" }).click();
  await expect(page.getByText("Success! You deleted the document.")).toBeVisible();
  await expect(zone(page, evidence)).toContainText("No documents uploaded");

  await upload(page, evidence, "utility-bill.png", isJsOn);
  await expect(zone(page, evidence).getByRole("link", { name: "utility-bill.png" })).toBeVisible();
  await page.getByRole("link", { name: "Continue to your proposal" }).click();
  await arrived(page, isJsOn, false);
  await expect(page.getByRole("region", { name: "Your evidence for this item" }).getByRole("link", { name: "utility-bill.png" })).toBeVisible();
  await amount(page).fill("30");
  await reasoning(page).fill("The blind was broken when we moved in.");
  await save(page).click();
  await expect(page).toHaveURL(new RegExp(`#item-${blind}$`));
  await open(page, proposalUrl(claim.claimId, blind), isJsOn);
  await expect(amount(page)).toHaveValue("30.00");
  await expect(page.getByRole("region", { name: "Your evidence for this item" }).getByRole("link", { name: "utility-bill.png" })).toBeVisible();

  // ── Agree on the hallway, from the claim page's own button (a post of intent=agree to the item's proposal URL) ──
  await page.goto(`/claims/${claim.claimId}`);
  // Two of three items have the tenant's proposal: Continue waits for the third.
  await expect(page.getByRole("link", { name: "Continue", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Agree to Repaint the hallway" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}(\\?[^#]*)?#item-${hallway}$`));
  const agreedFlash = page.locator(".flash");
  await expect(agreedFlash).toContainText("You accepted your landlord's charge for this item.");
  await expect(page.locator(`#item-${hallway}`)).toContainText("Your proposal");
  await expectAccessible(page);
  // Every item now has the tenant's proposal: Continue leads to the confirmation that fits the total.
  await page.getByRole("link", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/submit$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await open(page, proposalUrl(claim.claimId, hallway), isJsOn);
  await expect(amount(page)).toHaveValue("150.00");
  await expect(reasoning(page)).toHaveValue("");
  await expectAccessible(page);

  // ── Supporting information ──
  const documents = "Your supporting documents";
  await open(page, `/claims/${claim.claimId}/supporting-information`, isJsOn, true);
  await expect(page.getByRole("heading", { level: 1, name: "Supporting Information" })).toBeVisible();
  await expectTitleFirst(page, "Supporting Information");
  await expect(zone(page, documents)).toContainText("No documents uploaded");
  await expectAccessible(page);
  await upload(page, documents, "notes.txt", isJsOn);
  await expect(zone(page, documents).getByRole("alert")).toContainText("notes.txt is an invalid type, please convert to a PDF");
  await upload(page, documents, "passport.pdf", isJsOn);
  await expect(page.getByText("Claim response document successfully created")).toBeVisible();
  await expect(zone(page, documents).getByRole("link", { name: "passport.pdf" })).toBeVisible();
  await expectAccessible(page);
  await zone(page, documents).getByRole("button", { name: "Remove passport.pdf" }).click();
  await expect(page.getByText("Success! You deleted the document.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the claim" })).toHaveAttribute("href", `/claims/${claim.claimId}?mediationEnabled=true`);
});
