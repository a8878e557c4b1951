import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "../fixtures";
import { expectTitleFirst } from "../reading-order";
import type { JourneyHelpers, JourneyTenant } from "./types";

/**
 * Address history (part 1 §2.3, §5): starts on the page with no address and leaves on the
 * next step (referencing). Continue refused without a current address; postcode search (empty,
 * no results, BS1 4DJ from the fixture book) and choosing an address; manual entry with a bad
 * postcode and no building, then a valid previous address; removing one with the confirmation.
 * The page sends no script, so both projects take the same path.
 */
export async function addressHistoryStep(page: Page, tenant: JourneyTenant, _h: JourneyHelpers): Promise<void> {
  const base = `/checkout/${tenant.orderId}/${tenant.customerId}/address-history`;
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Your current address" })).toBeVisible();
  await expectTitleFirst(page, "Your current address");
  await expect(page.getByText("You have not added an address yet.")).toBeVisible();
  await expectAccessible(page);

  // Continue with no current address: refused, saying why.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Add your current address to continue.");
  await expect(page).toHaveTitle(/^Error: /);
  await expectAccessible(page);

  // A postcode with no addresses (the search is a GET form: the URL is the search as typed).
  await page.getByLabel("Postcode").fill("b1 1aa");
  await page.getByRole("button", { name: "Find address" }).click();
  await expect(page).toHaveURL(/\?postcode=b1\+1aa$/);
  await expect(page.getByRole("heading", { level: 1, name: "No results found" })).toBeVisible();
  await expectAccessible(page);

  // Searching again with no postcode.
  await page.getByLabel("Postcode").fill("");
  await page.getByRole("button", { name: "Find address" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Postcode is required");
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // BS1 4DJ (the fixture book): choose one of its addresses, the current one, with the date moved in.
  await page.getByLabel("Postcode").fill("BS1 4DJ");
  await page.getByRole("button", { name: "Find address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose your address" })).toBeVisible();
  await expectTitleFirst(page, "Choose your address");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Choose an address");
  await expectAccessible(page);
  await page.getByLabel("14 Orchard Road, Bristol, BS1 4DJ").check();
  await page.getByLabel("Date you moved in (optional)").fill("2022-03-01");
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByText("Address successfully added")).toBeVisible();
  const current = page.getByRole("listitem").filter({ hasText: "14 Orchard Road, Bristol" });
  await expect(current).toContainText("Current address. Moved in 1st Mar 2022");
  await expectAccessible(page);

  // Manual entry: a postcode that is not a UK one and no building number or name.
  await page.getByRole("link", { name: "Enter the address manually" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your address" })).toBeVisible();
  await expectTitleFirst(page, "Enter your address");
  await expectAccessible(page);
  await page.getByLabel("Street").fill("Portland Street");
  await page.getByLabel("Postcode").fill("NOT A POSTCODE");
  await page.getByRole("button", { name: "Add address" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problems).toContainText("Must be a UK postcode");
  await expect(problems).toContainText("Either a building number or name is required");
  await expect(page.getByLabel("Street")).toHaveValue("Portland Street");
  await expectAccessible(page);

  // A valid previous address.
  await page.getByLabel("Building number").fill("22");
  await page.getByLabel("Town or city (optional)").fill("Manchester");
  await page.getByLabel("Postcode").fill("m1 1ae");
  await page.getByLabel("No, I lived here before").check();
  await page.getByLabel("Date you moved in (optional)").fill("2019-09-01");
  await page.getByLabel("Date you moved out (optional)").fill("2022-02-28");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address successfully added")).toBeVisible();
  const previous = page.getByRole("listitem").filter({ hasText: "22 Portland Street, Manchester" });
  await expect(previous).toContainText("M1 1AE");
  await expect(previous).toContainText("Moved in 1st Sep 2019, moved out 28th Feb 2022");
  await expect(current).toContainText("Current address");

  // Remove the previous address, with the confirmation.
  await previous.getByRole("link", { name: /^Remove/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Remove this address?" })).toBeVisible();
  await expect(page.getByText(/Are you sure you want to remove 22 Portland Street, Manchester/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Address successfully removed")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "22 Portland Street" })).toHaveCount(0);
  await expectAccessible(page);

  // Continue, now with a current address: the next step's page (referencing).
  const next = new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/referencing$`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(next);
}

