import { addressHistoryStep } from "./checkout-steps/address-history";
import type { JourneyTenant } from "./checkout-steps/types";
import { DEMO_PASSWORD, expect, signIn, test } from "./fixtures";

/** Address history (part 1 §2.3), JavaScript on and off: a tenant whose About You is done. */
test("address history: search, choose, manual entry, remove, then Continue to referencing", async ({ page, ops, isJsOn }) => {
  const email = `address-${test.info().project.name}-${Date.now()}@example.test`;
  const created = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Rosa", lastName: "Lane" }],
    ppm: 120_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [["KEYFREE_ABOUT_YOU"]],
  })) as {
    orderId: string;
    tenants: Array<{ customerId: string; orderCustomerId: string }>;
  };
  const tenant: JourneyTenant = {
    email,
    orderId: created.orderId,
    customerId: created.tenants[0]!.customerId,
    orderCustomerId: created.tenants[0]!.orderCustomerId,
    firstName: "Rosa",
    lastName: "Lane",
  };
  await page.goto("/auth/login");
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/checkout/${tenant.orderId}/${tenant.customerId}`);
  await addressHistoryStep(page, tenant, { isJsOn, ops });
});
