import type { Page } from "@playwright/test";
import { expect, expectAccessible, fillCard, signedInAs, test, uniqueStamp } from "./fixtures";
import { expectTitleFirst } from "./reading-order";

/**
 * Issue 12, scope 2: the formal dispute of a final proposal — the message ('Message is
 * required'), the £60 fee payment and its Back (at most 2; a third is refused), paying the fee
 * by card (JavaScript on) to /claims/arbitration-payment-success — and 'Reject with no
 * evidence', its confirmation, then the fee. Fresh tenants and claims (ops), one per journey.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;
type Tenant = { email: string; first: string; last: string };

function freshTenant(): Tenant {
  return { email: `claim-dispute-${uniqueStamp()}@example.test`, first: "Dara", last: "Quinn" };
}

async function claimFor(ops: Ops, tenant: Tenant, mediationEnabled: boolean) {
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email: tenant.email, firstName: tenant.first, lastName: tenant.last }],
    ppm: 52_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  return (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [
      { description: "Carpet cleaning", type: "CLEANING", amount: 18_000, evidence: 0 },
      { description: "Wall repair", type: "DAMAGE", amount: 12_000, evidence: 0 },
    ],
    mediationEnabled,
    organization: { name: "Harbour Lettings" },
  })) as { claimId: string; itemIds: string[] };
}

async function signInAs(page: Page, tenant: Tenant) {
  await signedInAs(page, tenant.email);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("disputing a final proposal: the message is required, Back twice, a third Back refused, then the £60 fee by card", async ({
  page,
  ops,
  isJsOn,
  baseURL,
}) => {
  test.slow(); // a proposal, a final proposal, six page steps and a card payment
  const tenant = freshTenant();
  const claim = await claimFor(ops, tenant, true);
  // As demo.ts builds final@: the tenant's proposal (£0 here, no upfront payment), then the agent's final proposal.
  await ops("tenant-item-proposals", {
    claimId: claim.claimId,
    email: tenant.email,
    proposals: claim.itemIds.map((claimItemId) => ({ claimItemId, amount: 0, explanation: "The property was left as found" })),
  });
  await signInAs(page, tenant);
  await page.goto(`/claims/${claim.claimId}/submit`);
  await page.getByRole("button", { name: "Submit proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}\\?mediationEnabled=true$`));
  await ops("agent-final-proposal", { claimId: claim.claimId, amounts: { [claim.itemIds[0]!]: 15_000, [claim.itemIds[1]!]: 10_000 } });

  const disputePage = new RegExp(`/claims/${claim.claimId}/dispute$`);
  const feePage = new RegExp(`/claims/${claim.claimId}/dispute-fee$`);
  await page.goto(`/claims/${claim.claimId}/dispute`);
  await expect(h1(page, "Formal dispute")).toBeVisible();
  await expectTitleFirst(page, "Formal dispute");
  await expect(page.getByText("It costs £60.00")).toBeVisible();
  // What happens to the £60, in the one set of sentences (common/wording/fees.ts, issue 27).
  await expect(page.getByRole("region", { name: "What happens to the dispute fee" })).toContainText(
    "If they award nothing, you owe nothing, so the £60.00 is refunded to your card in full.",
  );
  await expect(page.getByText("The adjudicator takes up to 6 weeks to decide.")).toBeVisible();
  await expect(page.getByText("you have 3 calendar days to pay")).toBeVisible();
  await expectAccessible(page);
  // Evidence: the claim's Supporting Information, whose way back returns to the form.
  await page.getByRole("link", { name: "Add or remove documents" }).click();
  await expect(h1(page, "Supporting Information")).toBeVisible();
  await page.getByRole("link", { name: "Back to your dispute" }).click();
  await expect(page).toHaveURL(disputePage);

  const proceed = () => page.getByRole("button", { name: "Proceed To Payment" }).click();
  const message = page.getByLabel("Why do you dispute these charges?");
  await proceed();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Message is required" })).toBeVisible();
  await expect(message).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveTitle(/^Error: Formal dispute/);
  await expectAccessible(page);

  await message.fill("The carpet was already worn at check-in; the inventory photos show it.");
  await proceed();
  await expect(page).toHaveURL(feePage);
  await expect(h1(page, "Pay the dispute fee")).toBeVisible();
  await expectTitleFirst(page, "Pay the dispute fee");
  await expect(
    page.getByText(
      "You must complete payment for this dispute to be considered. If payment is not made, these end of tenancy charges will be considered accepted and you will take full liability of the charges.",
    ),
  ).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£60.00");
  await expect(page.getByText("you can go back 2 more times")).toBeVisible();
  await expectAccessible(page);

  // Back once: the form with the message kept; forward again.
  const back = page.getByRole("button", { name: "Back", exact: true });
  await back.click();
  await expect(page).toHaveURL(disputePage);
  await expect(message).toHaveValue("The carpet was already worn at check-in; the inventory photos show it.");
  await expect(page.getByText("From the payment you can go back 1 more time.")).toBeVisible();
  await expectAccessible(page);
  await message.fill("The carpet was already worn at check-in.");
  await proceed();
  await expect(page).toHaveURL(feePage);
  await expect(page.getByText("you can go back 1 more time")).toBeVisible();

  // Back a second time: the last one.
  await back.click();
  await expect(page).toHaveURL(disputePage);
  await expect(page.getByText("You cannot go back from the payment again.")).toBeVisible();
  await proceed();
  await expect(page).toHaveURL(feePage);
  await expect(back).toHaveCount(0);
  await expectAccessible(page);

  // A third Back, forged (the page no longer offers it): refused, with a clear message.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const forged = await page.request.post(`/claims/${claim.claimId}/dispute-fee`, {
    form: { csrf, intent: "back" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(302);
  expect(forged.headers().location).toBe(`/claims/${claim.claimId}/dispute-fee`);
  await page.goto(`/claims/${claim.claimId}/dispute-fee`);
  await expect(page.getByText("You have already gone back 2 times, the most allowed. To continue your dispute, pay the dispute fee.")).toBeVisible();
  await expectAccessible(page);
  // The form is behind the tenant now: its URL sends them to the fee.
  await page.goto(`/claims/${claim.claimId}/dispute`);
  await expect(page).toHaveURL(feePage);

  if (!isJsOn) {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    return;
  }
  await fillCard(page, "4242424242424242", { first: tenant.first, last: tenant.last });
  await page.getByLabel("I authorise payment to be taken").check();
  await page.getByRole("button", { name: "Pay £60.00" }).click();
  await expect(page).toHaveURL(/\/claims\/arbitration-payment-success$/, { timeout: 20_000 });
  await expect(h1(page, "Thanks!")).toBeVisible();
  await expect(page.getByText("Your dispute fee has been received")).toBeVisible();
  await expect(page.getByText("decides within up to 6 weeks")).toBeVisible();
  await expectAccessible(page);
  // Paid: no fee page any more.
  await page.goto(`/claims/${claim.claimId}/dispute-fee`);
  await expect(page).not.toHaveURL(feePage);
});

test("'Reject with no evidence': the confirmation (the £60 and what happens to it), then Confirm goes to the dispute fee", async ({ page, ops }) => {
  const tenant = freshTenant();
  // Without mediation the charges may be rejected at once (part 1 §4.1).
  const claim = await claimFor(ops, tenant, false);
  await signInAs(page, tenant);
  await page.goto(`/claims/${claim.claimId}/reject-no-evidence`);
  await expect(h1(page, "Reject with no evidence")).toBeVisible();
  await expect(page.getByText("the claim goes to an external arbitrator")).toBeVisible();
  // The one set of sentences about the £60 (common/wording/fees.ts, issue 27).
  const feeRule = page.getByRole("region", { name: "What happens to the dispute fee" });
  await expect(feeRule).toContainText("If the adjudicator awards everything that was asked for, the £60.00 is not credited or refunded.");
  await expect(feeRule).toContainText("the £60.00 is credited: it comes off what you owe. If you owe less than £60.00, the rest is refunded to your card.");
  await expect(feeRule).toContainText("If they award nothing, you owe nothing, so the £60.00 is refunded to your card in full.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/dispute-fee$`));
  await expect(h1(page, "Pay the dispute fee")).toBeVisible();
  await expect(page.locator(".summary-card__amount")).toHaveText("£60.00");
  await expectAccessible(page);
  // The claim page offers the fee while it is due.
  await page.goto(`/claims/${claim.claimId}`);
  await expect(page.getByRole("link", { name: "Pay the dispute fee" })).toHaveAttribute("href", `/claims/${claim.claimId}/dispute-fee`);
});
