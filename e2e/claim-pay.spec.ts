import type { Page } from "@playwright/test";
import { expect, expectAccessible, fillCard, signedInAs, test, uniqueStamp } from "./fixtures";
import { expectTitleFirst } from "./reading-order";

/**
 * Issue 11, scopes 5 and 6: submitting the tenant's proposal (the confirmation that fits its
 * total, publish, the proposal payment and Back), accepting the charges and paying them (the
 * tenant's share, or the remaining balance once a co-tenant paid part). Fresh tenants and claims
 * (ops); the tenant's item proposals are made through the API as the proposal form does (ops
 * tenant-item-proposals). Rent £520 a month: the maximum liability is 8 weeks' rent, £960.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;
type Tenant = { email: string; first: string; last: string };

const PPM = 52_000;

function tenantsFor(count: number): Tenant[] {
  const stamp = `${uniqueStamp()}`;
  return [
    { email: `claim-pay-${stamp}@example.test`, first: "Cleo", last: "Payne" },
    { email: `claim-pay-co-${stamp}@example.test`, first: "Dev", last: "Payne" },
  ].slice(0, count);
}

/** A finished Keyfree for `tenants` with the landlord's charges raised (pence per item). */
async function claimFor(ops: Ops, tenants: Tenant[], amounts: number[]) {
  const tenancy = (await ops("create-tenancy", {
    tenants: tenants.map((t) => ({ email: t.email, firstName: t.first, lastName: t.last })),
    ppm: PPM,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: amounts.map((amount, i) => ({ description: `Item ${i + 1}`, type: "CLEANING", amount, evidence: 0 })),
    mediationEnabled: true,
    organization: { name: "Harbour Lettings" },
  })) as { claimId: string; itemIds: string[] };
  return claim;
}

/** The tenant's draft proposal: one amount (pence) per item, with reasoning. */
async function propose(ops: Ops, claim: { claimId: string; itemIds: string[] }, email: string, amounts: number[]) {
  await ops("tenant-item-proposals", {
    claimId: claim.claimId,
    email,
    proposals: amounts.map((amount, i) => ({ claimItemId: claim.itemIds[i], amount, explanation: "The property was left as found" })),
  });
}

async function signInAs(page: Page, tenant: Tenant) {
  await signedInAs(page, tenant.email);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

const submit = (claimId: string) => `/claims/${claimId}/submit`;

test("each confirmation kind is reached by its total (part 1 §4.1), with the totals it quotes", async ({ page, ops }) => {
  test.slow(); // five claims, and a page check on each of them
  const [tenant] = tenantsFor(1);
  // Charges of £1,000 (above the £960 limit) or £900 (below it).
  const aboveLimit = await claimFor(ops, [tenant!], [60_000, 40_000]);
  const equal = await claimFor(ops, [tenant!], [50_000, 40_000]);
  const zero = await claimFor(ops, [tenant!], [60_000, 40_000]);
  const low = await claimFor(ops, [tenant!], [60_000, 40_000]);
  const fair = await claimFor(ops, [tenant!], [60_000, 40_000]);
  await propose(ops, aboveLimit, tenant!.email, [60_000, 40_000]);
  await propose(ops, equal, tenant!.email, [50_000, 40_000]);
  await propose(ops, zero, tenant!.email, [0, 0]);
  await propose(ops, low, tenant!.email, [20_000, 0]);
  await propose(ops, fair, tenant!.email, [30_000, 20_000]);
  await signInAs(page, tenant!);
  const heading = (name: string) => page.getByRole("heading", { level: 1, name });

  await page.goto(submit(aboveLimit.claimId));
  await expect(heading("Accept maximum liability")).toBeVisible();
  await expect(page.getByText("Your proposal of £1,000.00 is more than your maximum liability of £960.00.")).toBeVisible();
  await expectAccessible(page);

  await page.goto(submit(equal.claimId));
  await expect(heading("Accept charges")).toBeVisible();
  await expect(page.getByText("Your proposal of £900.00 is the same as the charges raised.")).toBeVisible();
  await expect(page.getByText("upfront payment of £900.00")).toBeVisible();
  await expectAccessible(page);

  await page.goto(submit(zero.claimId));
  await expect(heading("Submit proposal")).toBeVisible();
  await expect(page.getByText("It's unlikely a proposal of £0.00 will be accepted")).toBeVisible();
  await expect(page.getByText("needs no payment")).toBeVisible();
  await expectAccessible(page);

  await page.goto(submit(low.claimId));
  await expect(heading("Submit proposal")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Woah! Your proposal looks a little low" })).toBeVisible();
  await expectAccessible(page);

  await page.goto(submit(fair.claimId));
  await expect(heading("Submit proposal")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Woah|Warning/ })).toHaveCount(0);
  await expect(
    page.getByText("To submit your proposal you need to make an upfront payment of £500.00. We hold it for at most 7 days: if your proposal is refused, it is refunded in full."),
  ).toBeVisible();
  const totals = page.locator(".claim-totals");
  await expect(totals).toContainText("Your proposal£500.00");
  await expect(totals).toContainText("Charges raised£1,000.00");
  await expect(totals).toContainText("Maximum liability£960.00");
  await expectAccessible(page);
});

test("Confirm publishes: £0 needs no payment; otherwise the proposal payment, whose Back unpublishes; above the limit only the limit is paid", async ({
  page,
  ops,
  isJsOn,
}) => {
  test.slow();
  const [tenant] = tenantsFor(1);
  const aboveLimit = await claimFor(ops, [tenant!], [60_000, 40_000]);
  const zero = await claimFor(ops, [tenant!], [60_000, 40_000]);
  const fair = await claimFor(ops, [tenant!], [60_000, 40_000]);
  await propose(ops, aboveLimit, tenant!.email, [60_000, 40_000]);
  await propose(ops, zero, tenant!.email, [0, 0]);
  await propose(ops, fair, tenant!.email, [30_000, 20_000]);
  await signInAs(page, tenant!);
  const heading = (name: string) => page.getByRole("heading", { level: 1, name });

  // Confirm a £0 proposal: sent at once, no payment; Continue is then no longer open.
  await page.goto(submit(zero.claimId));
  await page.getByRole("button", { name: "Submit proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${zero.claimId}(\\?mediationEnabled=true)?$`));
  await page.goto(submit(zero.claimId));
  await expect(page).toHaveURL(new RegExp(`/claims/${zero.claimId}(\\?mediationEnabled=true)?$`));

  // Confirm 'Submit proposal': the payment screen for £500; Back makes it a draft again.
  await page.goto(submit(fair.claimId));
  await page.getByRole("button", { name: "Submit proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${fair.claimId}/proposal-payment$`));
  await expect(heading("Pay for your proposal")).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£500.00");
  if (!isJsOn) await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
  await expectAccessible(page);

  // Meanwhile the claim page (issue 24): each item says its proposal waits for its payment, and
  // asks for no answer it offers no control for ("Response required: agree or disagree").
  await page.goto(`/claims/${fair.claimId}`);
  const charges = page.getByRole("region", { name: "Review Charges Raised" });
  await expect(charges.getByText("Your proposal is waiting for its payment")).toHaveCount(2);
  await expect(charges.getByText(/Response required/)).toHaveCount(0);
  await expect(charges.getByRole("button", { name: /^Agree/ })).toHaveCount(0);
  await expect(charges.getByRole("link", { name: /^(Disagree|Edit)/ })).toHaveCount(0);
  await expect(page.getByRole("listitem").getByRole("link", { name: "Pay for your proposal (£500.00)" })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/claims/${fair.claimId}/proposal-payment`);
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${fair.claimId}(\\?mediationEnabled=true)?$`));
  await page.goto(submit(fair.claimId));
  await expect(heading("Submit proposal")).toBeVisible();

  // 'Accept maximum liability': publishing pays the limit (£960), not the £1,000 proposed.
  await page.goto(submit(aboveLimit.claimId));
  await page.getByRole("button", { name: "Accept maximum liability" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${aboveLimit.claimId}/proposal-payment$`));
  await expect(page.locator(".summary-card__amount")).toHaveText("£960.00");
  await expect(page.getByText("Your proposal of £1,000.00 is more than your maximum liability")).toBeVisible();
  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    return;
  }
  await expectAccessible(page);
  await fillCard(page, "4242424242424242", { first: tenant!.first, last: tenant!.last });
  await page.getByLabel("I authorise payment to be taken").check();
  await page.getByRole("button", { name: "Pay £960.00" }).click();
  await expect(page).toHaveURL(/\/claims\/proposal-payment-success$/, { timeout: 20_000 });
  await expect(heading("Thanks!")).toBeVisible();
  await expect(page.getByText("We hold your payment for at most 7 days. If your proposal is refused, your payment is refunded in full.")).toBeVisible();
  await expectAccessible(page);
  // Paid: the proposal is submitted, so there is no payment step to come back to.
  await page.goto(`/claims/${aboveLimit.claimId}/proposal-payment`);
  await expect(page).toHaveURL(new RegExp(`/claims/${aboveLimit.claimId}(\\?mediationEnabled=true)?$`));
});

test("accepting the charges: the accept confirmation, then paying them by card to /claims/payment-success", async ({ page, ops, isJsOn }) => {
  test.slow(); // a card payment and its wait
  const [tenant] = tenantsFor(1);
  const claim = await claimFor(ops, [tenant!], [18_000]);
  await signInAs(page, tenant!);
  await page.goto(`/claims/${claim.claimId}/accept`);
  await expect(page.getByRole("heading", { level: 1, name: "Accept charges" })).toBeVisible();
  await expect(page.locator(".claim-totals")).toContainText("Amount to pay£180.00");
  await expect(page.getByText(/Your deadline to respond is \d/)).toBeVisible();
  // A sole tenant answers for nobody else.
  await expect(page.getByRole("heading", { name: "You are answering for every tenant" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Accept charges" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/pay$`));
  await expect(page.getByRole("heading", { level: 1, name: "Pay the charges" })).toBeVisible();
  await expectTitleFirst(page, "Pay the charges");
  await expect(page.getByRole("heading", { name: "The amount to pay for these charges is" })).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£180.00");
  // Accepted: the confirmation is behind the tenant.
  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/claims/${claim.claimId}/accept`);
    await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/pay$`));
    return;
  }
  await expectAccessible(page);
  await fillCard(page, "4242424242424242", { first: tenant!.first, last: tenant!.last });
  await page.getByLabel("I authorise payment to be taken").check();
  await page.getByRole("button", { name: "Pay £180.00" }).click();
  await expect(page).toHaveURL(/\/claims\/payment-success$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
  await expect(page.getByText("Your payment for the end of tenancy charges has been received.")).toBeVisible();
  await expectAccessible(page);
});

test("a co-tenant sees the charges answered for them (their share to pay); once they paid it, the other pays the remaining balance", async ({
  page,
  browser,
  ops,
  isJsOn,
}) => {
  test.slow(); // two tenants signed in, and a card payment
  const [cleo, dev] = tenantsFor(2);
  const claim = await claimFor(ops, [cleo!, dev!], [18_000]);
  await signInAs(page, cleo!);
  await page.goto(`/claims/${claim.claimId}/accept`);
  await expect(page.getByRole("heading", { name: "You are answering for every tenant" })).toBeVisible();
  await expect(page.getByText("accepting these charges accepts them for Dev Payne as well.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Accept charges" }).click();
  await expect(page.getByRole("heading", { name: "Your share of these charges is" })).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£90.00");

  // The co-tenant: the charges were accepted for them; accepting again leads to paying their share.
  const other = await browser.newContext({ javaScriptEnabled: isJsOn });
  const devPage = await other.newPage();
  await signInAs(devPage, dev!);
  // The claim page: answered for him, nothing left to agree or disagree with, only his payment.
  await devPage.goto(`/claims/${claim.claimId}`);
  await expect(devPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(devPage.getByRole("button", { name: /^Agree/ })).toHaveCount(0);
  await expect(devPage.getByRole("link", { name: /^Disagree/ })).toHaveCount(0);
  await expect(devPage.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", `/claims/${claim.claimId}/pay`);
  await expectAccessible(devPage);
  await devPage.goto(`/claims/${claim.claimId}/accept`);
  await expect(devPage).toHaveURL(new RegExp(`/claims/${claim.claimId}/pay$`));
  await expect(devPage.getByRole("heading", { name: "Your share of these charges is" })).toBeVisible();
  await expect(devPage.locator(".summary-card__amount")).toHaveText("£90.00");
  await devPage.goto(`/claims/${claim.claimId}/submit`);
  await expect(devPage).toHaveURL(new RegExp(`/claims/${claim.claimId}(\\?mediationEnabled=true)?$`));
  await other.close();

  // Dev pays his share (back office stand-in for his card payment).
  const devActions = (await ops("claim-pay-actions", { claimId: claim.claimId, email: dev!.email })) as {
    payActions: { id: string; typeId: string }[];
  };
  await ops("pay-action", { orderCustomerActionId: devActions.payActions.find((a) => a.typeId === "CLAIM_PAY")!.id });

  await page.goto(`/claims/${claim.claimId}/pay`);
  await expect(page.getByRole("heading", { name: "The remaining balance for these charges is" })).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£90.00");
  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    await expectAccessible(page);
    return;
  }
  await expectAccessible(page);
  await fillCard(page, "4242424242424242", { first: cleo!.first, last: cleo!.last });
  await page.getByLabel("I authorise payment to be taken").check();
  await page.getByRole("button", { name: "Pay £90.00" }).click();
  await expect(page).toHaveURL(/\/claims\/payment-success-remaining-balance$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
  await expect(page.getByText("Your Keyfree is now closed.")).toBeVisible();
  await expectAccessible(page);
});
