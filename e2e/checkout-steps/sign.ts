import type { Page } from "@playwright/test";
import { AGREEMENT_MESSAGES } from "#common/tenant-terms";
import { expect, expectAccessible } from "../fixtures";
import { expectTitleFirst } from "../reading-order";
import type { JourneyHelpers, JourneyTenant } from "./types";

/**
 * Agree to Terms (part 1 §2.3), from /sign to the next step (the addendum, or Pay when the order
 * has none): the terms opened and closed, Continue refused until 'Accept terms' is ticked.
 */
export async function signStep(page: Page, tenant: JourneyTenant, _h: JourneyHelpers): Promise<void> {
  const base = `/checkout/${tenant.orderId}/${tenant.customerId}`;
  await expect(page).toHaveURL(new RegExp(`${base}/sign(#read-terms)?$`));
  await expect(page.getByRole("heading", { level: 1, name: "Agree to Terms" })).toBeVisible();
  await expectTitleFirst(page, "Agree to Terms");
  const next = (await page.getByText(/^Next: (Sign Addendum|Payment)$/).textContent()) ?? "";

  await page.getByRole("link", { name: "Read our terms" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/sign\\?terms#terms$`));
  const terms = page.getByRole("region", { name: "Our terms" });
  await expect(terms).toContainText(/Maximum policy cover: £[\d,]+\.\d\d/);
  await expect(terms.getByRole("heading", { level: 3, name: "End of tenancy charges" })).toBeVisible();
  await expectAccessible(page);
  await terms.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/sign#read-terms$`));
  await expect(page.getByRole("region", { name: "Our terms" })).toHaveCount(0);

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(AGREEMENT_MESSAGES.acceptTerms);
  await expect(page.getByRole("checkbox", { name: "Accept terms" })).toHaveAccessibleDescription(`Error: ${AGREEMENT_MESSAGES.acceptTerms}`);
  await expectAccessible(page);

  await page.getByRole("checkbox", { name: "Accept terms" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${next === "Next: Sign Addendum" ? "addendum" : "pay"}$`));
}
