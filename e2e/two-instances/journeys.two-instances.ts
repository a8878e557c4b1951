import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { addressHistoryStep } from "../checkout-steps/address-history";
import { aboutYouStep } from "../checkout-steps/about-you";
import { addendumStep } from "../checkout-steps/addendum";
import { confirmStep } from "../checkout-steps/confirm";
import { introductionStep } from "../checkout-steps/introduction";
import { referencingStep } from "../checkout-steps/referencing";
import { signStep } from "../checkout-steps/sign";
import { authoriseAndPay, DEMO_PASSWORD, expect, fillCard, signedInAs, signIn, test, uniqueCard, uniqueStamp } from "../fixtures";
import { deploymentState, feeRecord, feeRuleBreaks, query, tenantWithClaim } from "./deployment";

/**
 * The main journeys once, through nginx in front of two instances (playwright.two-instances.config.ts):
 * each has its full test in e2e/; these show they hold when consecutive requests land on
 * different processes. Where it matters which instance answered, the test asks each instance
 * directly, on its own port, as well as through nginx.
 */

/** A signed-in page on each instance directly: the session (a cookie) is good on both. */
async function expectSignedInOnEach(request: APIRequestContext) {
  for (const instance of deploymentState().instances) {
    const html = await (await request.get(`${instance.url}/`)).text();
    expect(html, `instance ${instance.name} knows the session`).toContain(">Logout<");
  }
}

test("the password form signs a tenant in; every page after it, on either instance, knows them", async ({ page, ops }) => {
  const email = `two-signin-${uniqueStamp()}@example.test`;
  await ops("create-tenant", { email, firstName: "Robin" });
  await page.goto("/auth/login");
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Hi, Robin")).toBeVisible();
  // Round robin: these land on both instances, in turn.
  for (let i = 0; i < 4; i += 1) {
    await page.reload();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  }
  await expectSignedInOnEach(page.request);
  // Signing out on one ends the session everywhere.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  for (const instance of deploymentState().instances) {
    const res = await page.request.get(`${instance.url}/`, { maxRedirects: 0 });
    expect(res.status(), `instance ${instance.name} after the sign-out`).toBe(302);
  }
});

test("the identity provider's sign-in, its steps spread over both instances, ends on the dashboard", async ({ page }) => {
  test.setTimeout(45_000);
  // Each step (the provider's interaction, its form post, the callback) may land on either instance.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dev\/idp\/interaction\//);
  await page.getByLabel("Email address").fill("demo@keyfree.example");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectSignedInOnEach(page.request);
});

test("evidence uploaded through nginx is downloaded from each instance", async ({ page, ops }) => {
  const { email, claimId, itemId } = await tenantWithClaim(ops, "two-evidence", uniqueStamp());
  await signedInAs(page, email, `/claims/${claimId}/items/${itemId}/evidence`);
  await page.locator("html[data-hydrated]").waitFor();
  const zone = page.getByRole("region", { name: "Your documents for this item" });
  await zone.locator('input[type="file"]').setInputFiles(path.resolve("e2e/files/passport.pdf"));
  const link = zone.getByRole("link", { name: "passport.pdf" });
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/documents\//);
  // Whichever instance stored it, both serve it (and to its tenant only).
  for (const instance of deploymentState().instances) {
    const download = await page.request.get(`${instance.url}${href}`);
    expect(download.status(), `instance ${instance.name} serves the document`).toBe(200);
    expect((await download.body()).subarray(0, 5).toString(), `instance ${instance.name}`).toBe("%PDF-");
  }
  const stranger = await page.context().browser()!.newContext();
  const refused = await stranger.request.get(`${href}`, { maxRedirects: 0 });
  expect([302, 404]).toContain(refused.status());
  await stranger.close();
});

test("accepted claim charges paid by card: one charge, its webhook applied once", async ({ page, ops }) => {
  const email = `two-claim-pay-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Cleo", lastName: "Payne" }],
    ppm: 52_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [{ description: "Cleaning", type: "CLEANING", amount: 18_000, evidence: 0 }],
    mediationEnabled: true,
    organization: { name: "Harbour Lettings" },
  })) as { claimId: string };
  await signedInAs(page, email, `/claims/${claim.claimId}/accept`);
  await page.getByRole("button", { name: "Accept charges" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.claimId}/pay$`));
  await fillCard(page, uniqueCard(), { first: "Cleo", last: "Payne" });
  await authoriseAndPay(page);
  await expect(page).toHaveURL(/\/claims\/payment-success$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
  // The webhook (delivered by whichever instance leased it) completes the tenant's pay action, once.
  await expect
    .poll(
      async () => {
        const record = await feeRecord(email);
        return record.action.completed ? feeRuleBreaks(record) : ["no pay action completed by the payment yet"];
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
  const record = await feeRecord(email);
  expect(record.charges).toEqual([expect.objectContaining({ amount: 18_000 })]);
});

test("the checkout, every step through nginx, then the fee paid by card and its webhook applied once", async ({ page, ops }) => {
  test.setTimeout(240_000);
  const email = `two-checkout-${uniqueStamp()}@example.test`;
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
  })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string; actionIds: Record<string, string> }> };
  const t = created.tenants[0]!;
  const tenant = { email, orderId: created.orderId, customerId: t.customerId, orderCustomerId: t.orderCustomerId, firstName: "Chris", lastName: "Patel" };
  const h = { isJsOn: true, ops };
  await signedInAs(page, email);
  await page.getByRole("link", { name: "Continue" }).click();
  await introductionStep(page, tenant, h);
  await aboutYouStep(page, tenant, h);
  await addressHistoryStep(page, tenant, h);
  await referencingStep(page, tenant, h);
  await confirmStep(page, tenant, h);
  await signStep(page, tenant, h);
  await addendumStep(page, tenant, h);
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/pay$`));
  await fillCard(page, uniqueCard(), { first: tenant.firstName, last: tenant.lastName });
  await authoriseAndPay(page);
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/finish$`), { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "You're all set!" })).toBeVisible();
  const record = await feeRecord(email, t.actionIds.KEYFREE_PAY!);
  expect(feeRuleBreaks(record)).toEqual([]);
  expect(record.charges).toHaveLength(1);
  expect(record.action.completed).toBe(true);
});

/** A tenant with a live plan whose first instalment is due today on the API's clock, charged on a card that pays. */
async function planDueToday(ops: (path: string, body: unknown) => Promise<unknown>, email: string, firstName: string) {
  const { now } = (await ops("clock", {})) as { now: string };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(now));
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName, lastName: "Plan" }],
    ppm: 120_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenants: { orderCustomerId: string }[] };
  const plan = (await ops("offer-payment-plan", { orderCustomerId: tenancy.tenants[0]!.orderCustomerId, amount: 30_000, instalments: 3, firstDueDate: today })) as {
    paymentPlanId: string;
  };
  await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true, cardNumber: "4242424242424242" });
  return { today, paymentPlanId: plan.paymentPlanId };
}

test("a Breathing Space holds on both instances: sweeps run at once leave its tenant's due instalment uncharged, and charge another tenant's", async ({ ops }) => {
  const stamp = uniqueStamp();
  const paused = `two-bs-${stamp}@example.test`;
  const other = `two-bs-other-${stamp}@example.test`;
  const pausedPlan = await planDueToday(ops, paused, "Bree");
  const otherPlan = await planDueToday(ops, other, "Otto");
  // A mental health crisis moratorium has no end yet, so nothing is moved: the instalment stays due today and only the pause holds it.
  await ops("breathing-space", { email: paused, reference: `BS-${stamp}`.slice(0, 40), type: "mental-health-crisis", start: pausedPlan.today });
  // Four sweeps at once through nginx, spread over both instances (their own sweepers run too).
  await Promise.all([1, 2, 3, 4].map(() => ops("sweep", {})));
  const charged = async (paymentPlanId: string) =>
    (
      await query<{ charge_payment_intent_id: string | null }>(
        "select charge_payment_intent_id from payment_plan_instalments where payment_plan_id = $1 and instalment_number = 1",
        [paymentPlanId],
      )
    )[0]!.charge_payment_intent_id !== null;
  expect(await charged(otherPlan.paymentPlanId), "the other tenant's instalment is charged").toBe(true);
  expect(await charged(pausedPlan.paymentPlanId), "no instalment of a tenant in Breathing Space is charged").toBe(false);
  const asked = await query<{ template: string }>(
    "select template from outbox_emails where lower(\"to\") = lower($1) and template like 'PAYMENT_PLAN_INSTALMENT%'",
    [paused],
  );
  expect(asked, "nothing asks the tenant in Breathing Space to pay").toEqual([]);
});
