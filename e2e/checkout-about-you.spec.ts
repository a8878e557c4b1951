import { expect, signIn, DEMO_PASSWORD, test } from "./fixtures";
import { aboutYouStep } from "./checkout-steps/about-you";
import { introductionStep } from "./checkout-steps/introduction";
import type { JourneyTenant } from "./checkout-steps/types";

/**
 * Issue 10, scopes 2 and 4: a tenant with nothing done opens their Keyfree, reads the onboarding
 * introduction, and meets every About You message before their details are taken.
 *
 * The order has About You and Pay only, so the step's move-on lands on a page this branch has
 * (the whole checkout goes on to address history; tests/routes/about-you.test.ts checks that
 * redirect).
 */
test("a new tenant reads the introduction, then About You refuses each bad entry with the spec's words and moves on", async ({
  page,
  ops,
  isJsOn,
}) => {
  const email = `about-you-${test.info().project.name}-${Date.now()}@example.test`;
  const created = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Amara", lastName: "Osei" }],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: false,
    actionTypes: ["KEYFREE_ABOUT_YOU", "KEYFREE_PAY"],
  })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string }> };
  const tenant: JourneyTenant = {
    email,
    orderId: created.orderId,
    customerId: created.tenants[0]!.customerId,
    orderCustomerId: created.tenants[0]!.orderCustomerId,
    firstName: "Amara",
    lastName: "Osei",
  };
  await page.goto("/auth/login");
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/checkout/${tenant.orderId}/${tenant.customerId}`);
  const h = { isJsOn, ops };
  await introductionStep(page, tenant, h);
  await aboutYouStep(page, tenant, h, "pay");
});
