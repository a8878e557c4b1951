import type { Page } from "@playwright/test";
import { CONFIRM_ACKNOWLEDGEMENT_KEYS, CONFIRM_REFUSALS } from "#common/tenant-terms";
import { expect, expectAccessible } from "../fixtures";
import { expectTitleFirst } from "../reading-order";
import type { JourneyHelpers, JourneyTenant } from "./types";

/**
 * Confirm (part 1 §2.3, §5), from the page at /confirm to Agree to Terms: the summary of what the
 * tenant entered with its change links, every box refused unticked (a ticked one stays ticked),
 * then all ticked.
 */
export async function confirmStep(page: Page, tenant: JourneyTenant, _h: JourneyHelpers): Promise<void> {
  const base = `/checkout/${tenant.orderId}/${tenant.customerId}`;
  await expect(page).toHaveURL(new RegExp(`${base}/confirm$`));
  await expect(page.getByRole("heading", { level: 1, name: "Is everything correct?" })).toBeVisible();
  await expectTitleFirst(page, "Is everything correct?");
  const aboutYou = page.getByRole("region", { name: "About you" });
  await expect(aboutYou).toContainText(`${tenant.firstName} ${tenant.lastName}`);
  await expect(aboutYou).toContainText(tenant.email);
  await expect(page.getByRole("link", { name: "Change your details" })).toHaveAttribute("href", `${base}/about-you?change`);
  await expect(page.getByRole("link", { name: "Change your address history" })).toHaveAttribute("href", `${base}/address-history?change`);
  await expectAccessible(page);

  // Every box must be ticked: the first one ticked alone is kept, each other one is refused by name.
  const boxes = page.getByRole("group", { name: "Please confirm" }).getByRole("checkbox");
  const count = await boxes.count();
  expect(count, "the confirm box and four acknowledgements, and the annual fee's with top-ups").toBeGreaterThanOrEqual(5);
  await boxes.first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Is everything correct\?/);
  const shown = CONFIRM_ACKNOWLEDGEMENT_KEYS.slice(0, count);
  await expect(summary).not.toContainText(CONFIRM_REFUSALS.detailsCorrect);
  for (const key of shown.slice(1)) await expect(summary.getByRole("link", { name: CONFIRM_REFUSALS[key] })).toBeVisible();
  await expect(boxes.first()).toBeChecked();
  await expect(boxes.nth(1)).toHaveAccessibleDescription(`Error: ${CONFIRM_REFUSALS[shown[1]!]}`);
  await expectAccessible(page);

  for (let i = 0; i < count; i += 1) await boxes.nth(i).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/sign$`));
}
