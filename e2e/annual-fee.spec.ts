import { expect, expectAccessible, fillCard, signedInAs, test, uniqueStamp } from "./fixtures";

/** A tenant whose tenancy is in its second year, with the annual fee raised. */
async function tenantWithAnnualFee(
  ops: (path: string, body: unknown) => Promise<unknown>,
  years = 1,
  redirectUrl?: string,
) {
  const email = `annual-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Ana", lastName: "Fee" }],
    ppm: 120_000,
    startDate: years > 1 ? "2024-01-01" : "2025-01-01",
    endDate: "2027-12-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  await ops("create-annual-fee", { tenancyId: tenancy.tenancyId, years, ...(redirectUrl ? { redirectUrl } : {}) });
  return email;
}

const ANA_FEE = { first: "Ana", last: "Fee" };

test("annual@: signing in goes to the annual fee for 2 years, with the roll-over note; paying it says thanks", async ({
  page,
  isJsOn,
  ops,
}) => {
  // The demo tenant pays once (JavaScript on); with it off, a fresh tenant in the same state.
  const email = isJsOn ? "annual@keyfree.example" : await tenantWithAnnualFee(ops, 2);
  await signedInAs(page, email);
  await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Your share of the annual fee payment for 2 years is" })).toBeVisible();
  await expect(page.getByText("£60.00", { exact: true })).toBeVisible();
  await expect(page.getByText("As your previous year's fee was not paid, it has been rolled into this year's payment.")).toBeVisible();
  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expectAccessible(page);
    return;
  }
  await expectAccessible(page);
  // The card must be in the tenant's own name (annual@ is Ana Silva).
  await fillCard(page, "4242424242424242", { first: "Ana", last: "Silva" });
  await page.getByRole("button", { name: "Pay £60.00" }).click();
  await expect(page).toHaveURL(/\/annual-fee\/payment-success$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
  await expect(page.getByText("Your annual fee payment has been received.")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test("an annual fee order with a redirectUrl goes there once paid, instead of the success page (part 1 §4.3)", async ({
  page,
  isJsOn,
  ops,
}) => {
  const redirectUrl = "/?paid=annual-fee";
  const email = await tenantWithAnnualFee(ops, 1, redirectUrl);
  await signedInAs(page, email);
  await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);
  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    return;
  }
  await fillCard(page, "4242424242424242", ANA_FEE);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/\?paid=annual-fee$/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectAccessible(page);
});

test.describe("the card payment's outcomes (JavaScript on; card details need it)", () => {
  // Card details need JavaScript: the page without it is checked once, in the fee's own test above.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "card details need JavaScript");
  test("a failed security code check stops the payment: the Payment Failed modal, then the issues box", async ({ page, ops }) => {
    const email = await tenantWithAnnualFee(ops);
    await signedInAs(page, email);
    await expect(page).toHaveURL(/\/annual-fee\//);
    await fillCard(page, "4000000000000101", ANA_FEE);
    await page.getByRole("button", { name: /^Pay / }).click();
    const dialog = page.getByRole("dialog", { name: "Payment Failed" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Your payment failed for the following reason(s):");
    await expect(dialog).toContainText("The security code check failed.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "I understand" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Payment card issues:" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Card check failed" })).toBeVisible();
  });

  test("a declined card shows the provider's message and takes nothing", async ({ page, ops }) => {
    const email = await tenantWithAnnualFee(ops);
    await signedInAs(page, email);
    await fillCard(page, "4000000000000002", ANA_FEE);
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("alert").filter({ hasText: /declined/i })).toBeVisible();
    await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);
  });

  test("3-D Secure: failing it stops the payment; completing it pays", async ({ page, ops }) => {
    const email = await tenantWithAnnualFee(ops);
    await signedInAs(page, email);
    await fillCard(page, "4000000000003220", ANA_FEE);
    await page.getByRole("button", { name: /^Pay / }).click();
    let challenge = page.getByRole("dialog", { name: "Confirm your payment" });
    await expect(challenge).toBeVisible();
    await expectAccessible(page);
    await challenge.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);

    await page.getByRole("button", { name: /^Pay / }).click();
    challenge = page.getByRole("dialog", { name: "Confirm your payment" });
    await expect(challenge).toBeVisible();
    await challenge.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(/\/annual-fee\/payment-success$/, { timeout: 20_000 });
  });
});
