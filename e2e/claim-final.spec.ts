import type { Page } from "@playwright/test";
import { authoriseAndPay, expect, expectAccessible, fillCard, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Issue 12 scopes 1 and 5 on the claim side: a final@-like tenant (their £0 proposal refused
 * with a final proposal) sees the final proposal and both ways forward, accepts it and pays by
 * card; charges without mediation offer the same choice; a co-tenant's payment is shown with
 * what is left. The dispute and reject-no-evidence pages are another helper's: only their links
 * are checked here. Rent £520 a month: the maximum liability is 8 weeks' rent, £960.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;
type Tenant = { email: string; first: string; last: string };

function tenantsFor(count: number): Tenant[] {
  const stamp = `${uniqueStamp()}`;
  return [
    { email: `claim-final-${stamp}@example.test`, first: "Finn", last: "Shore" },
    { email: `claim-final-co-${stamp}@example.test`, first: "Robin", last: "Shore" },
  ].slice(0, count);
}

async function claimFor(ops: Ops, tenants: Tenant[], amounts: number[], mediationEnabled: boolean) {
  const tenancy = (await ops("create-tenancy", {
    tenants: tenants.map((t) => ({ email: t.email, firstName: t.first, lastName: t.last })),
    ppm: 52_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  return (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: amounts.map((amount, i) => ({ description: `Item ${i + 1}`, type: "CLEANING", amount, evidence: 0 })),
    mediationEnabled,
    organization: { name: "Harbour Lettings" },
  })) as { claimId: string; itemIds: string[] };
}

async function signInAs(page: Page, tenant: Tenant) {
  await signedInAs(page, tenant.email);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

test("a final proposal: both ways forward, then accepting it and paying by card", async ({ page, ops, isJsOn }) => {
  test.slow(); // a proposal submitted, a final proposal, and a card payment
  const [tenant] = tenantsFor(1);
  const claim = await claimFor(ops, [tenant!], [30_000, 50_000], true);
  // final@'s way there: the tenant proposes (£0 needs no upfront payment) and submits; the agent answers with a final proposal.
  await ops("tenant-item-proposals", {
    claimId: claim.claimId,
    email: tenant!.email,
    proposals: claim.itemIds.map((claimItemId) => ({ claimItemId, amount: 0, explanation: "The property was left as found" })),
  });
  await signInAs(page, tenant!);
  await page.goto(`/claims/${claim.claimId}/submit`);
  await page.getByRole("button", { name: "Submit proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}\\?mediationEnabled=true$`));
  await ops("agent-final-proposal", {
    claimId: claim.claimId,
    amounts: { [claim.itemIds[0]!]: 25_000, [claim.itemIds[1]!]: 40_000 },
    explanations: { [claim.itemIds[0]!]: "Two rooms needed a second coat" },
  });

  await page.goto(`/claims/${claim.claimId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Your landlord's final proposal" })).toBeVisible();
  await expect(page.getByText("Your landlord put forward a final proposal of £650.00 in total.")).toBeVisible();
  const item1 = page.locator(`#item-${claim.itemIds[0]}`);
  await expect(item1).toContainText("Your landlord put forward a final proposal of £250.00");
  await expect(item1).toContainText("Reasoning: Two rooms needed a second coat");
  // Answered as a whole: nothing to agree, disagree or edit item by item, and no mediation intro inviting a proposal.
  await expect(page.getByRole("heading", { name: "Mediation" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Agree/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^(Disagree|Edit)/ })).toHaveCount(0);
  const choice = page.locator(".claim-choice");
  await expect(choice.getByRole("heading", { level: 3 })).toHaveText(["Accept the final proposal", "Raise a formal dispute"]);
  await expect(choice).toContainText("Costs: £650.00");
  await expect(choice).toContainText("Costs: the £60.00 adjudication fee");
  await expect(choice).toContainText("decides within up to 6 weeks. You then have 3 calendar days to pay what they award.");
  await expect(choice.getByRole("link", { name: "Raise a formal dispute" })).toHaveAttribute("href", `/claims/${claim.claimId}/dispute`);
  await expect(choice.getByRole("link", { name: "Reject with no evidence" })).toHaveAttribute("href", `/claims/${claim.claimId}/reject-no-evidence`);
  const table = page.getByRole("table", { name: "What happens to the £60.00 fee if you dispute" });
  await expect(table.getByRole("rowheader")).toHaveText(["Everything (£650.00)", "Part of it (for example £325.00)", "Nothing (£0.00)"]);
  await expectAccessible(page);

  await choice.getByRole("link", { name: "Accept the final proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/accept$`));
  await expect(page.getByRole("heading", { level: 1, name: "Accept the final proposal" })).toBeVisible();
  await expect(page.locator(".claim-totals")).toContainText("Final proposal£650.00");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Accept the final proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/pay$`));
  await expect(page.locator(".summary-card__amount")).toHaveText("£650.00");
  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    await expectAccessible(page);
    return;
  }
  await fillCard(page, "4242424242424242", { first: tenant!.first, last: tenant!.last });
  await authoriseAndPay(page);
  await expect(page).toHaveURL(/\/claims\/payment-success$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
  await expectAccessible(page);
});

test("charges without mediation offer the same choice; once a co-tenant paid their share, both pages say so and ask only for what is left", async ({
  page,
  ops,
}) => {
  test.slow();
  const [finn, robin] = tenantsFor(2);
  const claim = await claimFor(ops, [finn!, robin!], [18_000], false);
  await signInAs(page, finn!);
  await page.goto(`/claims/${claim.claimId}`);
  const choice = page.locator(".claim-choice");
  await expect(choice.getByRole("heading", { level: 3 })).toHaveText(["Accept the charges", "Raise a formal dispute"]);
  await expect(choice).toContainText("You pay £90.00 by card now. That is your share of £180.00");
  await expect(choice.getByRole("link", { name: "Raise a formal dispute" })).toHaveAttribute("href", `/claims/${claim.claimId}/dispute`);
  await expectAccessible(page);
  await choice.getByRole("link", { name: "Accept the charges" }).click();
  await page.getByRole("button", { name: "Accept charges" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/pay$`));

  const robinActions = (await ops("claim-pay-actions", { claimId: claim.claimId, email: robin!.email })) as { payActions: { id: string; typeId: string }[] };
  await ops("pay-action", { orderCustomerActionId: robinActions.payActions.find((a) => a.typeId === "CLAIM_PAY")!.id });

  await page.goto(`/claims/${claim.claimId}`);
  await expect(page.getByText("Robin Shore has paid £90.00. £90.00 is left to pay.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Pay now" }).click();
  await expect(page.getByText("Robin Shore has paid £90.00. £90.00 is left to pay.")).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£90.00");
  await expectAccessible(page);
});
