import type { Browser, Page } from "@playwright/test";
import { authoriseAndPay, expect, expectAccessible, fillCard, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Issue 12, scopes 3–5: the arbitration page (the dashboard sends the tenant there), its Result
 * card for each dispute-fee outcome, the adjudication payment screen (the choice, the share
 * explanation, the card) and a co-tenant paying the remaining balance. Fresh tenants and claims
 * (ops): a claim without mediation, disputed by the first tenant (tenant-dispute), the £60 paid
 * (pay-action), sent to the adjudicator and decided. Rent £520 a month: the limit is 8 weeks'
 * rent, £960.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;
type Tenant = { email: string; first: string; last: string; liability: number };

const PPM = 52_000;

function tenantsFor(count: number, liabilities: number[] = []): Tenant[] {
  const stamp = `${uniqueStamp()}`;
  return [
    { email: `arbitration-${stamp}@example.test`, first: "Ari", last: "Stone", liability: liabilities[0] ?? 1 },
    { email: `arbitration-co-${stamp}@example.test`, first: "Kit", last: "Stone", liability: liabilities[1] ?? 1 },
  ].slice(0, count);
}

/**
 * Charges of `charges` pence, disputed and with the adjudicator; decided at `award` unless it is
 * null, with the adjudicator's `reason` for the one item when given (issue 39).
 */
async function adjudicated(ops: Ops, tenants: Tenant[], charges: number, award: number | null, reason?: string) {
  const tenancy = (await ops("create-tenancy", {
    tenants: tenants.map((t) => ({ email: t.email, firstName: t.first, lastName: t.last, tenantLiability: t.liability })),
    ppm: PPM,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [{ description: "Redecoration", type: "REDECORATION", amount: charges, evidence: 0 }],
    mediationEnabled: false,
    organization: { name: "Harbour Lettings" },
  })) as { claimId: string; claimProposalId: string; itemIds: string[] };
  const { feeActionId } = (await ops("tenant-dispute", {
    claimId: claim.claimId,
    claimProposalId: claim.claimProposalId,
    email: tenants[0]!.email,
    message: "The walls were already marked when we moved in.",
  })) as { feeActionId: string };
  await ops("pay-action", { orderCustomerActionId: feeActionId });
  const { arbitrationId } = (await ops("send-to-adjudication", { claimId: claim.claimId })) as { arbitrationId: string };
  const reasons = reason ? { reasons: { [claim.itemIds[0]!]: reason }, awarded: { [claim.itemIds[0]!]: award } } : {};
  if (award !== null) await ops("decide-adjudication", { claimId: claim.claimId, amount: award, ...reasons });
  return { claimId: claim.claimId, arbitrationId };
}

async function signInAs(page: Page, tenant: Tenant) {
  await signedInAs(page, tenant.email);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

async function pageFor(browser: Browser, isJsOn: boolean, tenant: Tenant) {
  const context = await browser.newContext({ javaScriptEnabled: isJsOn });
  const page = await context.newPage();
  await signInAs(page, tenant);
  return { page, close: () => context.close() };
}

test("the Result card says what happens to the dispute fee in each case, and before the decision what is happening", async ({
  page,
  ops,
  isJsOn,
}) => {
  test.skip(isJsOn, "the arbitration page sends no script: checked once, with JavaScript off");
  test.slow(); // four claims through the adjudicator
  const [tenant] = tenantsFor(1);
  // £300 of £500: credited. £1,000 of £1,200: reduced, but still above the £960 limit. £500 of £500: wholly to the landlord.
  const credited = await adjudicated(ops, [tenant!], 50_000, 30_000);
  const overLimit = await adjudicated(ops, [tenant!], 120_000, 100_000);
  const wholly = await adjudicated(ops, [tenant!], 50_000, 50_000);
  const waiting = await adjudicated(ops, [tenant!], 50_000, null);
  await signInAs(page, tenant!);
  const result = page.getByRole("region", { name: "Result" });

  await page.goto(`/arbitrations/${credited.arbitrationId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your adjudication" })).toBeVisible();
  await expect(result).toContainText("Harbour Lettings asked for£500.00");
  await expect(result).toContainText("The adjudicator awarded£300.00");
  await expect(result).toContainText("To pay in all£240.00");
  await expect(result).toContainText("Dispute fee credited.");
  await expect(result).toContainText("your £60.00 dispute fee is credited: it comes off what you owe.");
  const report = result.getByRole("link", { name: /Read the adjudication report: Adjudication report\.pdf \(opens in a new tab\)/ });
  await expect(report).toHaveAttribute("target", "_blank");
  await expectAccessible(page);

  await page.goto(`/arbitrations/${overLimit.arbitrationId}`);
  await expect(result).toContainText("Dispute fee not credited.");
  await expect(result).toContainText("but still your maximum liability of £960.00 (8 weeks' rent) or more");
  await expect(result).toContainText("To pay in all£960.00");
  await expectAccessible(page);

  await page.goto(`/arbitrations/${wholly.arbitrationId}`);
  await expect(result).toContainText("Dispute fee not credited.");
  await expect(result).toContainText("The adjudicator awarded Harbour Lettings everything that was asked for, so your £60.00 dispute fee is not credited or refunded.");
  await expect(result).toContainText("To pay in all£500.00");
  await expectAccessible(page);

  await page.goto(`/arbitrations/${waiting.arbitrationId}`);
  await expect(page.getByRole("heading", { name: "Waiting for the adjudicator" })).toBeVisible();
  await expect(page.getByText("This can take up to 6 weeks.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Result" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Payment required" })).toHaveCount(0);
  await expectAccessible(page);
  // Nothing to pay yet: the payment screen sends the tenant back.
  await page.goto(`/arbitrations/${waiting.arbitrationId}/pay`);
  await expect(page).toHaveURL(new RegExp(`/arbitrations/${waiting.arbitrationId}$`));
});

test("from the dashboard to the arbitration page; choosing Your Share, its explanation and paying it; then the co-tenant pays the remaining balance", async ({
  page,
  browser,
  ops,
  isJsOn,
}) => {
  test.slow(); // two tenants and two card payments
  // Ari answers for 2 tenants' shares, Kit for 1: of the £240 due, £160 and £80.
  const [ari, kit] = tenantsFor(2, [2, 1]);
  const reason = "Some marks were there at check-in; the rest are beyond fair wear and tear.";
  const { arbitrationId, claimId } = await adjudicated(ops, [ari!, kit!], 50_000, 30_000, reason);
  const arbitrationPage = `/arbitrations/${arbitrationId}`;

  // The dashboard sends Ari to the arbitration page (part 2 §2).
  await signInAs(page, ari!);
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`${arbitrationPage}$`));
  await expect(page.getByRole("heading", { name: "Payment required" })).toBeVisible();
  await expect(page.getByText("You have £240.00 to pay.", { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/You have 3 calendar days from the decision to pay: pay by \d/).first()).toBeVisible();
  // The adjudicator's reasons, item by item (issue 39), where the decision's e-mail links (#reasons).
  const reasons = page.locator("#reasons");
  await expect(reasons.getByRole("heading", { level: 2, name: "The adjudicator’s reasons" })).toBeVisible();
  await expect(reasons.getByRole("row", { name: /Redecoration/ })).toHaveText(`Redecoration£500.00£300.00${reason}`);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Pay Now", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${arbitrationPage}#payment$`));
  await page.getByRole("link", { name: "Pay now", exact: true }).click();

  // 'How much would you like to pay?': the remaining balance is chosen unless the tenant picks their share.
  await expect(page).toHaveURL(new RegExp(`${arbitrationPage}/pay$`));
  const choice = page.getByRole("group", { name: "How much would you like to pay?" });
  await expect(choice.getByLabel("Remaining Balance: £240.00")).toBeChecked();
  await expect(choice.getByLabel("Your Share: £160.00")).not.toBeChecked();
  await expect(page.getByText("You are responsible for paying the fee for 2 tenants.")).toBeVisible();
  await expectAccessible(page);
  await choice.getByLabel("Your Share: £160.00").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${arbitrationPage}/pay\\?choice=share$`));
  await expect(page.getByRole("heading", { name: "Your share of this adjudication is" })).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£160.00");

  // 'What does paying my share mean?': its own page state, without a dialog.
  await page.getByRole("link", { name: "What does paying my share mean?" }).click();
  await expect(page).toHaveURL(new RegExp(`${arbitrationPage}/pay\\?choice=share&explain=share$`));
  await expect(page.getByRole("heading", { name: "What does paying my share mean?" })).toBeVisible();
  await expect(page.getByText("jointly and severally liable", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Close the explanation" }).click();
  await expect(page).toHaveURL(new RegExp(`${arbitrationPage}/pay\\?choice=share$`));

  if (isJsOn) {
    await fillCard(page, "4242424242424242", { first: ari!.first, last: ari!.last });
    await authoriseAndPay(page);
    await expect(page).toHaveURL(/\/claims\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
    await expect(page.getByText("Your payment for the end of tenancy charges has been received.")).toBeVisible();
    await expectAccessible(page);
  } else {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    await expectAccessible(page);
    // Ari's share paid by the back office (the stand-in for the card without JavaScript).
    const actions = (await ops("claim-pay-actions", { claimId, email: ari!.email })) as {
      payActions: { id: string; typeId: string }[];
    };
    await ops("pay-action", { orderCustomerActionId: actions.payActions.find((a) => a.typeId === "ARBITRATION_PAY")!.id });
  }

  // Ari's page: his share paid, £80 still to pay (by anyone).
  await page.goto(arbitrationPage);
  await expect(page.getByText("You have paid your share. £160.00 of £240.00 has been paid so far, and £80.00 is still to pay.")).toBeVisible();

  // Kit: told what was paid and what is left; offered the £80 left, never more.
  const kitPage = await pageFor(browser, isJsOn, kit!);
  try {
    const other = kitPage.page;
    await other.goto("/");
    await expect(other).toHaveURL(new RegExp(`${arbitrationPage}$`));
    await expect(other.getByText("Another tenant on your tenancy has already paid £160.00 of £240.00. £80.00 is left to pay.")).toBeVisible();
    await expectAccessible(other);
    await other.getByRole("link", { name: "Pay now", exact: true }).click();
    await expect(other.getByRole("group", { name: "How much would you like to pay?" })).toHaveCount(0);
    await expect(other.getByRole("heading", { name: "The remaining balance for this adjudication is" })).toBeVisible();
    await expect(other.locator(".summary-card__amount")).toHaveText("£80.00");
    await expect(other.getByText("You are responsible for paying the fee for")).toHaveCount(0);
    if (!isJsOn) {
      await expect(other.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
      return;
    }
    await expectAccessible(other);
    await fillCard(other, "4242424242424242", { first: kit!.first, last: kit!.last });
    await authoriseAndPay(other);
    await expect(other).toHaveURL(/\/arbitrations\/payment-success$/, { timeout: 20_000 });
    await expect(other.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
    await expect(other.getByText("The remaining balance the adjudicator awarded has been paid, so nothing more is owed for these charges.")).toBeVisible();
    await expectAccessible(other);
    // Paid in full: the dashboard no longer sends Kit to the arbitration, whose page says so.
    await other.goto("/");
    await expect(other).not.toHaveURL(/\/arbitrations\//);
    await other.goto(arbitrationPage);
    await expect(other.getByText("The amount the adjudicator awarded has been paid in full. There is nothing more to pay.")).toBeVisible();
    await other.goto(`${arbitrationPage}/pay`);
    await expect(other).toHaveURL(new RegExp(`${arbitrationPage}$`));
  } finally {
    await kitPage.close();
  }
});
