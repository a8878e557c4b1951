import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "../fixtures";
import { expectTitleFirst } from "../reading-order";
import type { JourneyHelpers, JourneyTenant } from "./types";

type Values = Partial<Record<"firstName" | "lastName" | "day" | "month" | "year" | "mobileNumber", string>>;

const LABELS: Record<keyof Values, string> = {
  firstName: "First name",
  lastName: "Last name",
  day: "Day",
  month: "Month",
  year: "Year",
  mobileNumber: "Mobile number",
};

async function fill(page: Page, values: Values) {
  for (const [field, value] of Object.entries(values) as Array<[keyof Values, string]>) {
    await page.getByLabel(LABELS[field], { exact: true }).fill(value);
  }
}

/** Submits and expects 'There is a problem' listing exactly these messages, each shown by its field too. */
async function submitExpecting(page: Page, messages: string[]) {
  await page.getByRole("button", { name: "Continue" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Tell us a bit about yourself/);
  await expect(summary.getByRole("listitem")).toHaveText(messages);
  for (const message of messages) await expect(page.locator(".field__error", { hasText: message })).toHaveCount(1);
}

/**
 * About You (part 1 §2.3, §5): every message of the rules at least once, in as few submits as
 * the rules allow (the day's messages, and the whole date's, exclude one another), the values
 * kept after each refusal, then a valid submit that moves the tenant on to address history.
 */
export async function aboutYouStep(page: Page, tenant: JourneyTenant, _h: JourneyHelpers): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Tell us a bit about yourself" })).toBeVisible();
  await expectTitleFirst(page, "Tell us a bit about yourself");
  // Prefilled with what the tenant's invitation holds; the email is shown, not editable.
  await expect(page.getByLabel("First name")).toHaveValue(tenant.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(tenant.lastName);
  await expect(page.getByLabel("Email address")).toHaveValue(tenant.email);
  await expect(page.getByLabel("Email address")).not.toBeEditable();
  await expect(page.getByRole("group", { name: "Gender" }).getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to your Keyfrees" })).toHaveAttribute("href", "/");
  await expectAccessible(page);

  // 1. Everything empty.
  await fill(page, { firstName: "", lastName: "", day: "", month: "", year: "", mobileNumber: "" });
  await submitExpecting(page, [
    "First name is required",
    "Last name is required",
    "Day is required",
    "Invalid month",
    "Year must be 4 digits",
    "Gender is required",
    "Mobile number is required",
  ]);
  await expectAccessible(page);
  // The summary's date links go to the part in error.
  await expect(page.getByRole("link", { name: "Day is required" })).toHaveAttribute("href", /#.*day$/);

  // 2. A day that is not a number, a badly formatted phone number; what was typed is kept.
  await fill(page, { firstName: tenant.firstName, lastName: tenant.lastName, day: "abc", month: "13", year: "90", mobileNumber: "0770 090 0123" });
  await page.getByLabel("Female").check();
  await submitExpecting(page, ["Day must be a number", "Invalid month", "Year must be 4 digits", "Incorrectly formatted phone number"]);
  await expect(page.getByLabel("First name")).toHaveValue(tenant.firstName);
  await expect(page.getByLabel("Female")).toBeChecked();
  await expect(page.getByLabel("Mobile number")).toHaveValue("0770 090 0123");

  // 3 – 5. The day's own rules, one at a time.
  await fill(page, { day: "1.5", month: "2", year: "1990", mobileNumber: "+447700900123" });
  await submitExpecting(page, ["Day must be a whole number"]);
  await fill(page, { day: "32" });
  await submitExpecting(page, ["Invalid day"]);
  await fill(page, { day: "30" });
  await submitExpecting(page, ["Invalid day for this month"]);

  // 6 – 8. The whole date: in the future, under 18, before any plausible birth.
  const thisYear = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));
  await fill(page, { day: "1", month: "1", year: String(thisYear + 1) });
  await submitExpecting(page, ["Date cannot be in the future"]);
  await expect(page.getByRole("link", { name: "Date cannot be in the future" })).toHaveAttribute("href", /#.*day$/);
  await expectAccessible(page);
  await fill(page, { year: String(thisYear - 10) });
  await submitExpecting(page, ["You must be at least 18 years old"]);
  await fill(page, { year: "1899" });
  await submitExpecting(page, ["Invalid date"]);

  // A valid submit completes the step: on to the next action's page.
  await fill(page, { day: "29", month: "2", year: "1992", mobileNumber: "07700900123" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/address-history$`));
}
