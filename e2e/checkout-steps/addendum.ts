import type { Page } from "@playwright/test";
import { AGREEMENT_MESSAGES } from "#common/tenant-terms";
import { expect, expectAccessible } from "../fixtures";
import { expectTitleFirst } from "../reading-order";
import type { JourneyHelpers, JourneyTenant } from "./types";

/**
 * Sign Addendum (part 1 §2.3), from /addendum to Pay: refused unticked, then agreed, arriving on
 * Pay with the success flash (5 seconds with JavaScript; without it, until dismissed).
 */
export async function addendumStep(page: Page, tenant: JourneyTenant, h: JourneyHelpers): Promise<void> {
  const base = `/checkout/${tenant.orderId}/${tenant.customerId}`;
  await expect(page).toHaveURL(new RegExp(`${base}/addendum$`));
  await expect(page.getByRole("heading", { level: 1, name: "Sign Addendum" })).toBeVisible();
  await expectTitleFirst(page, "Sign Addendum");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(AGREEMENT_MESSAGES.agreeAddendum);
  await expect(page).toHaveTitle(/^Error: Sign Addendum/);
  await expectAccessible(page);

  await page.getByRole("checkbox", { name: "I agree to the addendum to my tenancy agreement" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/pay$`));
  await expect(page.getByText("Success! Your addendum is signed.")).toBeVisible();
  if (h.isJsOn) await expect(page.getByText(/^This will disappear in [1-5]s$/)).toBeVisible();
  await expectAccessible(page);
}
