import { addressHistoryStep } from "./checkout-steps/address-history";
import { aboutYouStep } from "./checkout-steps/about-you";
import { addendumStep } from "./checkout-steps/addendum";
import { confirmStep } from "./checkout-steps/confirm";
import { introductionStep } from "./checkout-steps/introduction";
import { referencingStep } from "./checkout-steps/referencing";
import { signStep } from "./checkout-steps/sign";
import type { JourneyTenant } from "./checkout-steps/types";
import { authoriseAndPay, expect, expectAccessible, fillCard, signedInAs, test, uniqueCard, uniqueStamp } from "./fixtures";

/**
 * The onboarding checkout, every step (issue 10, part 1 §2.3): a new tenant set up as the demo's
 * checkout@keyfree.example is (a new order, nothing done, the introduction not seen; a tenant of
 * their own, because the journey changes everything it touches) goes from the dashboard through
 * the introduction, About You, address history, referencing (INFO_REQUIRED, both uploads, Send
 * for Review, PASS), Confirm, Terms and the addendum to Pay, with JavaScript on and off; with it
 * on, they pay and reach 'You're all set!'. Each step's exercise is in e2e/checkout-steps/.
 */
test("a new tenant goes from the dashboard through every checkout step to Pay, and with JavaScript pays", async ({
  page,
  ops,
  isJsOn,
}, testInfo) => {
  testInfo.setTimeout(300_000);
  const email = `journey-${uniqueStamp()}@example.test`;
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const created = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Chris", lastName: "Patel" }],
    ppm: 95_000,
    startDate: iso(Date.now() + 21 * day),
    endDate: iso(Date.now() + 386 * day),
    isNewTenancy: true,
    topUpEnabled: true,
    organizationName: "Northgate Homes",
  })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string }> };
  const tenant: JourneyTenant = {
    email,
    orderId: created.orderId,
    customerId: created.tenants[0]!.customerId,
    orderCustomerId: created.tenants[0]!.orderCustomerId,
    firstName: "Chris",
    lastName: "Patel",
  };
  const h = { isJsOn, ops };

  await signedInAs(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
  // The dashboard's Continue opens the checkout, which shows the introduction first.
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/about-you$`));
  await introductionStep(page, tenant, h);
  await aboutYouStep(page, tenant, h);
  await expect(page).toHaveURL(/\/address-history$/);
  await addressHistoryStep(page, tenant, h);
  await expect(page).toHaveURL(/\/referencing(\?.*)?$/);
  await referencingStep(page, tenant, h);
  await expect(page).toHaveURL(/\/confirm$/);
  // Confirm shows what the tenant entered; a change link reopens About You and comes back here.
  const aboutYou = page.getByRole("region", { name: "About you" });
  await expect(aboutYou).toContainText("29th Feb 1992");
  await expect(aboutYou).toContainText("07700900123");
  await expect(page.getByRole("region", { name: "Address history" })).toContainText("14 Orchard Road");
  await page.getByRole("link", { name: "Change your details" }).click();
  await expect(page).toHaveURL(/\/about-you\?change$/);
  await expect(page.getByRole("link", { name: "Back to check your details" })).toBeVisible();
  await page.getByLabel("Mobile number").fill("07700900456");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(aboutYou).toContainText("07700900456");
  await confirmStep(page, tenant, h);
  await expect(page).toHaveURL(/\/sign(\?.*)?$/);
  await signStep(page, tenant, h);
  await expect(page).toHaveURL(/\/addendum$/);
  await addendumStep(page, tenant, h);
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/pay$`));
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  // Every step before Pay is ticked off in the tracker.
  const tracker = page.getByRole("navigation", { name: "Checkout progress" });
  for (const step of ["About You", "Eligibility", "Confirm", "Terms", "Addendum"]) {
    await expect(tracker.getByRole("listitem").filter({ hasText: step })).toContainText("(completed)");
  }
  if (!isJsOn) return; // Card details need JavaScript (checkout-pay.spec.ts covers that page).
  await fillCard(page, uniqueCard(), { first: tenant.firstName, last: tenant.lastName });
  await authoriseAndPay(page);
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/finish$`), { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "You're all set!" })).toBeVisible();
  await expectAccessible(page);
});
