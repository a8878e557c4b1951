import type { Page } from "@playwright/test";
import { confirmStep } from "./checkout-steps/confirm";
import { signStep } from "./checkout-steps/sign";
import type { JourneyTenant } from "./checkout-steps/types";
import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Confirm, Agree to Terms and Sign Addendum (part 1 §2.3, §5; part 2 §1) beyond the checkout
 * journey (e2e/checkout-journey.spec.ts walks all three): the terms with a terms document and
 * without the addendum or the annual fee, and the terms step while a co-tenant is behind.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;

const EARLIER = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"];

async function tenantAt(ops: Ops, input: { completed?: string[][]; coTenant?: boolean; termsLink?: string; topUpEnabled?: boolean; actionTypes?: string[] }) {
  const email = `terms-${uniqueStamp()}@example.test`;
  const tenants = [{ email, firstName: "Ngozi", lastName: "Bello" }];
  if (input.coTenant) tenants.push({ email: `co-${email}`, firstName: "Femi", lastName: "Bello" });
  const created = (await ops("create-tenancy", {
    tenants,
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2028-06-30",
    isNewTenancy: true,
    topUpEnabled: input.topUpEnabled ?? true,
    termsLink: input.termsLink ?? null,
    actionTypes: input.actionTypes,
    completed: input.completed ?? [EARLIER],
  })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string }> };
  const t = created.tenants[0]!;
  return { email, orderId: created.orderId, customerId: t.customerId, orderCustomerId: t.orderCustomerId, firstName: "Ngozi", lastName: "Bello" } satisfies JourneyTenant;
}

async function openCheckout(page: Page, tenant: JourneyTenant, step: string) {
  await signedInAs(page, tenant.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/checkout/${tenant.orderId}/${tenant.customerId}`);
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/${step}$`));
}

test("with a terms document, no top-ups and no addendum: five boxes, the document linked, then Payment", async ({ page, ops, isJsOn }) => {
  const tenant = await tenantAt(ops, {
    termsLink: "https://terms.example.test/keyfree-terms.pdf",
    topUpEnabled: false,
    actionTypes: ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_PAY"],
  });
  await openCheckout(page, tenant, "confirm");
  await expect(page.getByRole("checkbox")).toHaveCount(5);
  await confirmStep(page, tenant, { isJsOn, ops });
  await expect(page.getByText("Next: Payment")).toBeVisible();
  await expect(page.getByText(/e-signed document/)).toHaveCount(0);
  await page.getByRole("link", { name: "Read our terms" }).click();
  await expect(page.getByRole("link", { name: "Read the full terms document" })).toHaveAttribute(
    "href",
    "https://terms.example.test/keyfree-terms.pdf",
  );
  await page.getByRole("link", { name: "Close" }).click();
  await signStep(page, tenant, { isJsOn, ops });
});

test("while a co-tenant has not confirmed, Agree to Terms waits for them", async ({ page, ops }) => {
  const tenant = await tenantAt(ops, { coTenant: true, completed: [[...EARLIER, "KEYFREE_CONFIRM"], ["KEYFREE_ABOUT_YOU"]] });
  await openCheckout(page, tenant, "sign");
  await expect(page.getByRole("heading", { level: 1, name: "Agree to Terms" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Waiting for other tenants..." })).toContainText(
    // No mobile number from About You here: e-mail only (issue 38).
    "We will let you know by email when you can agree to the terms.",
  );
  await expect(page.getByRole("checkbox", { name: "Accept terms" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to your Keyfrees" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
});
