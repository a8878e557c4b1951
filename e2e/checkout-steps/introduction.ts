import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "../fixtures";
import type { JourneyHelpers, JourneyTenant } from "./types";

/**
 * The onboarding introduction (part 1 §2.3): on a checkout page showing it ('Welcome to
 * Keyfree'), the tenant presses 'I understand' and is on About You without it.
 */
export async function introductionStep(page: Page, tenant: JourneyTenant, _h: JourneyHelpers): Promise<void> {
  const heading = page.getByRole("heading", { level: 1, name: "Welcome to Keyfree" });
  await expect(heading).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "I understand" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/about-you$`));
  await expect(page.getByRole("heading", { level: 1, name: "Tell us a bit about yourself" })).toBeVisible();
  await expect(heading).toHaveCount(0);
}
