import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { PRODUCT_CODE } from "#common/product";
import { expect, fillCard, NO_BROWSER, signedInAs, signIn, signInRequest, test, uniqueStamp } from "./fixtures";

/**
 * Issue 8, scopes 5 and 6: pages that need no JavaScript load none; a page that hydrates stays
 * under its budget; every page has a nonce-based CSP, under which the card form still works;
 * assets are sent precompressed and pages compressed on the fly.
 */

const MAINTENANCE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const CLIENT_DIR = path.resolve("build/client");
/** Scope 5: a hydrating page's JavaScript, gzipped. */
const JS_BUDGET_BYTES = 120 * 1024;

/** Every script request the page makes from now on. */
function watchScripts(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  return requested;
}

/** Fails when the page as loaded has any script element, script request or module preload. */
async function expectNoScript(page: Page, requested: string[], what: string) {
  await page.waitForLoadState("load");
  expect(await page.locator("script").count(), `${what}: <script> elements`).toBe(0);
  expect(await page.locator('link[rel="modulepreload"]').count(), `${what}: modulepreload links`).toBe(0);
  expect(requested, `${what}: script requests`).toEqual([]);
}

/**
 * The proposal page's exception (docs/decisions/0021): no script file, no module preload, no
 * hydration — only its one small inline script (the soft warning on leaving the amount).
 */
const INLINE_SCRIPT_MAX_CHARS = 4_096;
async function expectOnlyTheInlineWarning(page: Page, requested: string[], what: string) {
  await page.waitForLoadState("load");
  expect(await page.locator("script[src]").count(), `${what}: script files`).toBe(0);
  expect(await page.locator('link[rel="modulepreload"]').count(), `${what}: modulepreload links`).toBe(0);
  expect(requested, `${what}: script requests`).toEqual([]);
  const inline = await page.locator("script:not([src])").evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ""));
  const warning = inline.filter((text) => text.includes("proposal-warning-box"));
  expect(warning, `${what}: the warning script`).toHaveLength(1);
  expect(warning[0]!.length, `${what}: the warning script's size`).toBeLessThan(INLINE_SCRIPT_MAX_CHARS);
  // Anything else inline is the flash's countdown (decision 0005), never React's.
  for (const text of inline) if (text !== warning[0]) expect(text, `${what}: other inline script`).toContain("flash__countdown");
}

/** A tenant whose annual fee is due (the card page), with a name the card must match. */
async function tenantWithAnnualFee(ops: (path: string, body: unknown) => Promise<unknown>) {
  const email = `delivery-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Ana", lastName: "Fee" }],
    ppm: 120_000,
    startDate: "2025-01-01",
    endDate: "2027-12-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  await ops("create-annual-fee", { tenancyId: tenancy.tenancyId, years: 1 });
  return email;
}

/** Every checkout step (part 1 §2.3), all done. */
const CHECKOUT_STEPS = ["ABOUT_YOU", "ADDRESS_HISTORY", "REFERENCING", "CONFIRM", "SIGN", "SIGN_ADDENDUM", "PAY"].map((s) => `${PRODUCT_CODE}_${s}`);

function scriptNonce(response: { headers(): Record<string, string> } | null): string {
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, `a script nonce in: ${csp}`).toBeTruthy();
  return nonce!;
}

test.describe("no JavaScript where none is needed", () => {
  test("the login, dashboard, success, finish, About You, guide, FAQs, video walkthrough, struggling to pay, how we contact you, privacy, accessibility, your data, complaints, not-found, error, maintenance and dev mail pages load no script", async ({
    page,
    newTenant,
    ops,
  }) => {
    const requested = watchScripts(page);

    await page.goto("/auth/login");
    await expectNoScript(page, requested, "login page");

    // A failed sign-in: the error summary takes focus without any script.
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expectNoScript(page, requested, "login page with errors");

    const tenant = await newTenant();
    await signIn(page, tenant.email, tenant.password);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expectNoScript(page, requested, "dashboard");

    for (const [url, heading] of [
      ["/annual-fee/payment-success", "Thanks!"],
      ["/annual-fee/payment-success?waitingPayment", "Your payment is taking longer than expected!"],
      ["/add-payment-method-success", "Thanks!"],
      ["/tenant-vacated", "This link has not worked"],
      ["/tenancy-inventory-error", "Something has gone wrong"],
      ["/tenancy-inventory-already-responded", "Tenancy inventory"],
      ["/tenancy-inventory-previously-confirmed", "Tenancy inventory"],
      ["/keyfree-offer/00000000-0000-4000-8000-000000000000/accepted", "Thanks for choosing Keyfree!"],
      ["/keyfree-offer/00000000-0000-4000-8000-000000000000/reason-given", "Thank you for your feedback"],
      // The End of Tenancy Guide and its FAQs (issue 27).
      ["/guide", "End of Tenancy Guide"],
      ["/guide/faqs", "Frequently asked questions"],
      ["/guide/walkthrough", "Video: answering your end of tenancy charges"],
      // Struggling to pay? (issue 36): free debt advice and what we can do.
      ["/help/struggling-to-pay", "Struggling to pay?"],
      // How we contact you (issue 28): e-mails always, text messages unless turned off.
      ["/notifications", "How we contact you"],
      // ── issue 36: support needs ── the tenant's support needs, adding a helper, the helper's link pages.
      ["/account/support-needs", "Your support needs"],
      ["/account/support-needs/helper", "Add someone to help you"],
      ["/helper/confirm?token=no-such-token", "This link cannot be used"],
      ["/helper/confirmed", "Thank you for confirming"],
      // A plan the tenant can afford, worked out from their budget (issue 36, scope 2).
      ["/help/struggling-to-pay/budget", "Work out a plan you can afford"],
      // The privacy notice and the accessibility statement (issue 40).
      ["/privacy", "Privacy notice"],
      ["/accessibility", "Accessibility statement"],
      // Your data (issue 40): download a copy, close the account.
      ["/account/data", "Your data"],
      // Complaints (issue 40): the form, signed in.
      ["/complaints", "Make a complaint"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoScript(page, requested, url);
    }

    // The checkout's finish page, for a Keyfree whose every step is done (part 1 §2.3).
    const checkout = (await ops("create-tenancy", {
      tenants: [{ email: tenant.email, firstName: tenant.firstName, lastName: "Tenant" }],
      ppm: 120_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
      completed: [CHECKOUT_STEPS],
    })) as { orderId: string; tenants: Array<{ customerId: string }> };
    await page.goto(`/checkout/${checkout.orderId}/${checkout.tenants[0]!.customerId}/finish`);
    await expect(page.getByRole("heading", { level: 1, name: "You're all set!" })).toBeVisible();
    await expectNoScript(page, requested, "checkout finish page");

    // The checkout's introduction, then About You, for a Keyfree with nothing done, and its errors.
    const fresh = (await ops("create-tenancy", {
      tenants: [{ email: tenant.email, firstName: tenant.firstName, lastName: "Tenant", onboardingIntroductionComplete: false }],
      ppm: 120_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
    })) as { orderId: string; tenants: Array<{ customerId: string }> };
    await page.goto(`/checkout/${fresh.orderId}/${fresh.tenants[0]!.customerId}/about-you`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Keyfree" })).toBeVisible();
    await expectNoScript(page, requested, "checkout introduction");
    await page.getByRole("button", { name: "I understand" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tell us a bit about yourself" })).toBeVisible();
    await expectNoScript(page, requested, "checkout About You");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expectNoScript(page, requested, "checkout About You with errors");

    // The address-history step (part 1 §2.3) in its list, search-results and manual-entry states.
    const atAddresses = (await ops("create-tenancy", {
      tenants: [{ email: tenant.email, firstName: tenant.firstName, lastName: "Tenant", onboardingIntroductionComplete: true }],
      ppm: 120_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [[`${PRODUCT_CODE}_ABOUT_YOU`]],
    })) as { orderId: string; tenants: Array<{ customerId: string }> };
    const addressHistory = `/checkout/${atAddresses.orderId}/${atAddresses.tenants[0]!.customerId}/address-history`;
    for (const [url, heading] of [
      [addressHistory, "Your current address"],
      [`${addressHistory}?postcode=BS1+4DJ`, "Choose your address"],
      [`${addressHistory}?manual`, "Enter your address"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoScript(page, requested, url);
    }

    // Referencing sends script only while it shows the upload zone: not before it starts, nor for an outcome.
    const referencing = (await ops("create-tenancy", {
      tenants: [{ email: tenant.email, firstName: tenant.firstName, lastName: "Tenant", onboardingIntroductionComplete: true }],
      ppm: 120_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [CHECKOUT_STEPS.slice(0, 2)],
    })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string }> };
    const referencingUrl = `/checkout/${referencing.orderId}/${referencing.tenants[0]!.customerId}/referencing`;
    await page.goto(referencingUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Eligibility" })).toBeVisible();
    await expectNoScript(page, requested, "referencing, not started");
    await ops("set-reference-outcome", { orderCustomerId: referencing.tenants[0]!.orderCustomerId, status: "FAIL" });
    await page.goto(referencingUrl);
    await expect(page.getByRole("heading", { level: 1, name: "We can't offer you Keyfree" })).toBeVisible();
    await expectNoScript(page, requested, "referencing, an outcome");

    // A live payment plan (issue 13): active and payment-success send none, nor manual-payment's wait
    // (only its card form hydrates).
    const planTenancy = (await ops("create-tenancy", {
      tenants: [{ email: tenant.email, firstName: tenant.firstName, lastName: "Tenant" }],
      ppm: 120_000,
      startDate: "2025-01-01",
      endDate: "2026-10-31",
      isNewTenancy: false,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    })) as { tenants: Array<{ orderCustomerId: string }> };
    const plan = (await ops("offer-payment-plan", {
      orderCustomerId: planTenancy.tenants[0]!.orderCustomerId,
      amount: 30_000,
      instalments: 3,
      firstDueDate: "2027-01-01",
    })) as { paymentPlanId: string; instalmentIds: string[] };
    await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true });
    await ops("fail-instalment", { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 });
    for (const [url, heading] of [
      [`/payment-plan/${plan.paymentPlanId}/active`, "Your payment plan"],
      [`/payment-plan/${plan.paymentPlanId}/payment-success`, "Payment Success"],
      [`/payment-plan/${plan.paymentPlanId}/manual-payment?instalment=${plan.instalmentIds[0]}&since=${Date.now() - 31_000}`, "Your payment is taking longer than expected!"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoScript(page, requested, url);
    }

    // The offer (its confirmation state too) and the rejection form, opened with a recipient's token.
    const offer = (await ops("create-offer", {
      address: { buildingNumber: "4", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AP" },
      savingAmount: 115_385,
      keyfreeAmount: 34_615,
      cashDepositAmount: 150_000,
      recipients: [{ email: `delivery-offer-${uniqueStamp()}@example.test`, firstName: "Kim", lastName: "Park" }],
    })) as { keyfreeOfferId: string; recipients: Array<{ token: string }> };
    const offerUrl = `/keyfree-offer/${offer.keyfreeOfferId}?token=${offer.recipients[0]!.token}`;
    await page.goto(`${offerUrl}&choice=cash-deposit`);
    await expectNoScript(page, requested, "offer page, confirming");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Why didn't you choose Keyfree?" })).toBeVisible();
    await expectNoScript(page, requested, "offer rejection form");

    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "Sorry we can't find that" })).toBeVisible();
    await expectNoScript(page, requested, "not-found page");

    // The error page: a form whose CSRF token is not the session's (from a page in the shell: the
    // dashboard now sends this tenant to their plan's manual payment, which hydrates).
    await page.goto("/add-payment-method-success");
    await page.locator('form[action="/auth/logout"] input[name="csrf"]').evaluate((input: HTMLInputElement) => {
      input.value = "forged-token";
    });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sorry, that did not work" })).toBeVisible();
    await expectNoScript(page, requested, "error page");

    await page.goto("/dev/mail");
    await expectNoScript(page, requested, "dev mailbox");

    await page.goto("/unauthorised?reason=unknown");
    await expect(page.getByRole("heading", { level: 1, name: "You are not signed in" })).toBeVisible();
    await expectNoScript(page, requested, "unauthorised page");

    await page.goto(`${MAINTENANCE_URL}/auth/login`);
    await expect(page.getByRole("heading", { level: 1, name: "Keyfree is currently down for maintenance" })).toBeVisible();
    await expectNoScript(page, requested, "maintenance page");
  });

  test("the checkout's Confirm, Agree to Terms (terms open, and waiting) and Sign Addendum pages load no script", async ({ page, ops }) => {
    const requested = watchScripts(page);
    const email = `delivery-terms-${uniqueStamp()}@example.test`;
    const stepsBefore = (step: string) => CHECKOUT_STEPS.slice(0, CHECKOUT_STEPS.indexOf(`${PRODUCT_CODE}_${step}`));
    const at = async (step: string, coTenantBehind = false) => {
      const tenants = [{ email, firstName: "Dee", lastName: "Livery", onboardingIntroductionComplete: true }];
      if (coTenantBehind) tenants.push({ email: `co-${email}`, firstName: "Co", lastName: "Livery", onboardingIntroductionComplete: true });
      const created = (await ops("create-tenancy", {
        tenants,
        ppm: 120_000,
        startDate: "2027-01-01",
        endDate: "2027-12-31",
        isNewTenancy: true,
        topUpEnabled: true,
        completed: coTenantBehind ? [stepsBefore(step), []] : [stepsBefore(step)],
      })) as { orderId: string; tenants: Array<{ customerId: string }> };
      return `/checkout/${created.orderId}/${created.tenants[0]!.customerId}`;
    };
    const confirm = await at("CONFIRM");
    const sign = await at("SIGN");
    const addendum = await at("SIGN_ADDENDUM");
    const waiting = await at("SIGN", true);
    await signedInAs(page, email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    for (const [url, heading] of [
      [`${confirm}/confirm`, "Is everything correct?"],
      [`${sign}/sign`, "Agree to Terms"],
      [`${sign}/sign?terms`, "Agree to Terms"],
      [`${waiting}/sign`, "Agree to Terms"],
      [`${addendum}/addendum`, "Sign Addendum"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoScript(page, requested, url);
    }
  });

  test("the claim page loads no script in any of its states: Show more, the History and Evidence tabs, the intro, the explainer", async ({
    page,
  }) => {
    const requested = watchScripts(page);
        // claim@ is only read: the dashboard sends them to their claim.
    await signedInAs(page, "claim@keyfree.example");
    await expect(page).toHaveURL(/\/claims\/[^/?]+\?mediationEnabled=true$/);
    const claimPage = page.url();
    await expectNoScript(page, requested, "the claim page");
    const itemId = (await page.locator(".claim-items > li").first().getAttribute("id"))!.replace(/^item-/, "");
    for (const state of [`&item=${itemId}&tab=history`, `&item=${itemId}&tab=evidence`, "&intro", "&explainer"]) {
      await page.goto(`${claimPage}${state}`);
      await expect(page.getByRole("heading", { level: 1, name: "Your end of tenancy charges" })).toBeVisible();
      await expectNoScript(page, requested, `the claim page ${state}`);
    }
  });

  test("the claim's submit and accept confirmations, the arbitration page and the payment success pages load no script (the payment screens hydrate for the card form)", async ({
    page,
    ops,
  }) => {
    test.slow();
    const requested = watchScripts(page);
    const email = `delivery-claim-${uniqueStamp()}@example.test`;
    const raise = async (mediationEnabled = true) => {
      const tenancy = (await ops("create-tenancy", {
        tenants: [{ email, firstName: "Dee", lastName: "Livery" }],
        ppm: 120_000,
        startDate: "2025-01-01",
        endDate: "2026-10-31",
        isNewTenancy: false,
        topUpEnabled: true,
        orderStatus: "COMPLETE",
      })) as { tenancyId: string };
      return (await ops("raise-claim", {
        tenancyId: tenancy.tenancyId,
        items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000 }],
        mediationEnabled,
      })) as { claimId: string; itemIds: string[] };
    };
    const proposing = await raise();
    const accepting = await raise();
    const disputing = await raise(false); // without mediation the charges may be disputed at once
    // An adjudicated claim: the arbitration page sends no script (its payment screen hydrates).
    const disputed = (await ops("raise-claim", {
      tenancyId: (
        (await ops("create-tenancy", {
          tenants: [{ email, firstName: "Dee", lastName: "Livery" }],
          ppm: 120_000,
          startDate: "2025-01-01",
          endDate: "2026-10-31",
          isNewTenancy: false,
          topUpEnabled: true,
          orderStatus: "COMPLETE",
        })) as { tenancyId: string }
      ).tenancyId,
      items: [{ description: "Redecoration", type: "REDECORATION", amount: 18_000 }],
      mediationEnabled: false,
    })) as { claimId: string; claimProposalId: string };
    const fee = (await ops("tenant-dispute", { ...disputed, email, message: "The walls were marked already" })) as { feeActionId: string };
    await ops("pay-action", { orderCustomerActionId: fee.feeActionId });
    const { arbitrationId } = (await ops("send-to-adjudication", { claimId: disputed.claimId })) as { arbitrationId: string };
    await ops("decide-adjudication", { claimId: disputed.claimId, amount: 9_000, reportPdf: false });
    await ops("tenant-item-proposals", {
      claimId: proposing.claimId,
      email,
      proposals: [{ claimItemId: proposing.itemIds[0], amount: 9_000, explanation: "Only one room was marked" }],
    });
    await signedInAs(page, email);
    await expect(page).not.toHaveURL(/\/auth\/login/);
    for (const [url, heading] of [
      [`/claims/${proposing.claimId}/submit`, "Submit proposal"],
      [`/claims/${accepting.claimId}/accept`, "Accept charges"],
      // Issue 36: ask for more time (decision 0049).
      [`/claims/${accepting.claimId}/more-time`, "Ask for more time"],
      [`/claims/${disputing.claimId}/dispute`, "Formal dispute"],
      [`/claims/${disputing.claimId}/reject-no-evidence`, "Reject with no evidence"],
      ["/claims/arbitration-payment-success", "Thanks!"],
      ["/claims/payment-success", "Thanks!"],
      ["/claims/proposal-payment-success", "Thanks!"],
      ["/claims/payment-success-remaining-balance", "Thanks!"],
      ["/claims/payment-success?waitingPayment=true", "Your payment is taking longer than expected!"],
      [`/arbitrations/${arbitrationId}`, "Your adjudication"],
      ["/arbitrations/payment-success", "Thanks!"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoScript(page, requested, url);
    }
  });

  test("a payment plan's confirm, address (with look-up results) and live pages load no script (card details hydrate for the card form)", async ({
    page,
    ops,
  }) => {
    const requested = watchScripts(page);
    const email = `delivery-plan-${uniqueStamp()}@example.test`;
    const offer = async () => {
      const tenancy = (await ops("create-tenancy", {
        tenants: [{ email, firstName: "Pim", lastName: "Livery" }],
        ppm: 120_000,
        startDate: "2024-01-01",
        endDate: "2026-10-31",
        isNewTenancy: false,
        topUpEnabled: true,
        orderStatus: "COMPLETE",
      })) as { tenants: { orderCustomerId: string }[] };
      return (
        (await ops("offer-payment-plan", {
          orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
          amount: 60_000,
          instalments: 6,
          firstDueDate: "2027-01-01",
        })) as { paymentPlanId: string }
      ).paymentPlanId;
    };
    const stepping = await offer();
    const live = await offer();
    await signedInAs(page, email);
    // The dashboard sends the tenant to a plan's first step; the second plan goes live only now.
    await expect(page.getByRole("heading", { level: 1, name: "Proposed Payment Summary" })).toBeVisible();
    await ops("activate-payment-plan", { paymentPlanId: live, completeEarlierSteps: true });
    await page.goto(`/payment-plan/${stepping}/confirm?schedule=all`);
    await expect(page.getByRole("heading", { level: 1, name: "Proposed Payment Summary" })).toBeVisible();
    await expectNoScript(page, requested, "confirm");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Current Address" })).toBeVisible();
    await expectNoScript(page, requested, "address");
    await page.goto(`/payment-plan/${stepping}/address?postcode=BS1+4DJ`);
    await expect(page.getByRole("group", { name: "Addresses at BS1 4DJ" })).toBeVisible();
    await expectNoScript(page, requested, "address with look-up results");
    await page.goto(`/payment-plan/${live}/payment-plan-live`);
    await expect(page.getByRole("heading", { level: 1, name: "Your Payment Plan is Live!" })).toBeVisible();
    await expectNoScript(page, requested, "payment-plan-live");
  });

  test("'Provide a new proposal' loads no script file, only its inline warning, with its errors and with a soft warning", async ({ page, ops, isJsOn }) => {
    const requested = watchScripts(page);
    const email = `delivery-proposal-${uniqueStamp()}@example.test`;
    const tenancy = (await ops("create-tenancy", {
      tenants: [{ email, firstName: "Pia", lastName: "Livery" }],
      ppm: 120_000,
      startDate: "2025-09-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    })) as { tenancyId: string };
    const claim = (await ops("raise-claim", {
      tenancyId: tenancy.tenancyId,
      mediationEnabled: true,
      items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000 }],
    })) as { claimId: string; itemIds: string[] };
    await signedInAs(page, email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const url = `/claims/${claim.claimId}/items/${claim.itemIds[0]}/proposal`;
    await page.goto(url);
    await expectOnlyTheInlineWarning(page, requested, url);
    await page.getByRole("button", { name: "Save proposal" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expectOnlyTheInlineWarning(page, requested, `${url} with errors`);
    await page.getByLabel("Your proposed amount (£)").fill("0");
    await page.getByLabel("Reasoning").fill("Not ours");
    // With JavaScript the warning shows on leaving the amount; without it, after Save.
    if (!isJsOn) await page.getByRole("button", { name: "Save proposal" }).click();
    await expect(page.getByText("Warning! It's unlikely your offer will be accepted")).toBeVisible();
    await expectOnlyTheInlineWarning(page, requested, `${url} with a warning`);
  });

  test("the password pages load no script: forgot password, Check Your Email, a link that cannot be used, Set Password", async ({
    page,
    ops,
  }) => {
    const requested = watchScripts(page);
    await page.goto("/auth/reset-password-request");
    await expectNoScript(page, requested, "forgot password");
    await page.getByLabel("Email address").fill(`nobody-${uniqueStamp()}@example.test`);
    await page.getByRole("button", { name: "Send link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
    await expectNoScript(page, requested, "Check Your Email");

    await page.goto("/auth/reset-password?token=made-up&email=nobody%40example.test");
    await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
    await expectNoScript(page, requested, "a reset link that cannot be used");

    const email = `delivery-invite-${uniqueStamp()}@example.test`;
    const invite = (await ops("invite-tenant", { email, firstName: "Ida", lastName: "Vite" })) as { link: string };
    const link = new URL(invite.link);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { level: 1, name: "Set Password" })).toBeVisible();
    await expectNoScript(page, requested, "Set Password");
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expectNoScript(page, requested, "Set Password with errors");
  });

  test("a flash message's countdown is one small inline script carrying the page's nonce", async ({ page, newTenant, ops, isJsOn }) => {
    const tenant = await newTenant();
    await signedInAs(page, tenant.email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await ops("expire-tokens", { email: tenant.email });
    const requested = watchScripts(page);
    const response = await page.goto("/");
    await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
    const nonce = scriptNonce(response);
    const scripts = await page.locator("script").evaluateAll((all) =>
      all.map((s) => ({ src: (s as HTMLScriptElement).src, nonce: (s as HTMLScriptElement).nonce, bytes: s.textContent?.length ?? 0 })),
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe("");
    if (isJsOn) expect(scripts[0]!.nonce).toBe(nonce); // the browser hides nonces from the DOM only with scripts on
    expect(scripts[0]!.bytes).toBeLessThan(1000);
    expect(requested).toEqual([]);
  });

  test(`a card page hydrates within ${JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript`, async ({ page, ops, isJsOn }) => {
    const requested = watchScripts(page);
    const email = await tenantWithAnnualFee(ops);
    await signedInAs(page, email);
    await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);
    if (isJsOn) {
      await page.locator("html[data-hydrated]").waitFor();
      await expect(page.getByLabel("Card number")).toBeVisible(); // the stand-in Stripe.js loaded too
    } else {
      await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    }
    // What the page loaded, or (JavaScript off) would have: scripts, module preloads, requests.
    const listed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>("script[src]")]
        .map((s) => s.src)
        .concat([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href)),
    );
    const files = new Set<string>();
    for (const url of [...listed, ...requested]) {
      const { origin, pathname } = new URL(url);
      expect(origin, `script from elsewhere: ${url}`).toBe(new URL(page.url()).origin);
      // The offline stand-in for Stripe.js is not counted: with keys, Stripe's own script
      // (js.stripe.com) takes its place, outside the app's bundle.
      if (pathname.startsWith("/stripe-sandbox/")) continue;
      files.add(pathname);
    }
    expect(files.size).toBeGreaterThan(0);
    for (const pathname of files) {
      expect(statSync(path.join(CLIENT_DIR, pathname), { throwIfNoEntry: false })?.isFile(), `built file for ${pathname}`).toBe(true);
    }
    const gzipped = gzippedSize(files);
    test.info().annotations.push({ type: "gzipped JS", description: `${(gzipped / 1024).toFixed(1)} KB in ${files.size} files` });
    expect(gzipped, `gzipped JavaScript of the annual fee page (${[...files].join(", ")})`).toBeLessThan(JS_BUDGET_BYTES);
  });
});

/** Gzipped bytes of built files (paths as the browser asks for them). */
function gzippedSize(pathnames: Iterable<string>): number {
  let total = 0;
  for (const pathname of pathnames) total += gzipSync(readFileSync(path.join(CLIENT_DIR, pathname)), { level: 9 }).length;
  return total;
}

test("every route that opts into hydration stays within the JavaScript budget (from the build's manifest)", NO_BROWSER, () => {
  // Every route module's files, as React Router preloads them: the client entry, then each route
  // from the root down. A route hydrates when its module says `handle = { hydrate: true }`.
  type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
  const manifestFile = readdirSync(path.join(CLIENT_DIR, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  expect(manifestFile, "the build's route manifest").toBeTruthy();
  const text = readFileSync(path.join(CLIENT_DIR, "assets", manifestFile!), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const hydrating = Object.keys(manifest.routes).filter((id) => {
    const source = ["tsx", "ts"].map((ext) => path.resolve("app", `${id}.${ext}`)).find((f) => existsSync(f));
    // `hydrate: true`, a function of the loader data (a page that hydrates in some states only),
    // or a card form's CARD_FORM_HANDLE (app/lib/page-delivery.ts).
    const opted = /export const handle\b[^=]*=\s*(?:CARD_FORM_HANDLE\b|\{[^}]*\bhydrate:\s*(?!false\b)\S)/;
    return source ? opted.test(readFileSync(source, "utf8")) : false;
  });
  expect(hydrating).toEqual(
    expect.arrayContaining(["routes/annual-fee/pay", "routes/checkout/pay", "routes/payments/add-payment-method", "routes/checkout/referencing"]),
  );
  const sizes: string[] = [];
  for (const id of hydrating) {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let route: ManifestRoute | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    const bytes = gzippedSize(files);
    sizes.push(`${id}: ${(bytes / 1024).toFixed(1)} KB`);
    expect(bytes, `${id}'s gzipped JavaScript (${[...files].join(", ")})`).toBeLessThan(JS_BUDGET_BYTES);
  }
  test.info().annotations.push({ type: "gzipped JS", description: sizes.join("; ") });
});

test.describe("Content-Security-Policy and delivery", () => {
  test("every page has a CSP with a new script nonce per request, and the locked-down directives", NO_BROWSER, async ({ request }) => {
    const first = await request.get("/auth/login");
    const second = await request.get("/auth/login");
    const csp = first.headers()["content-security-policy"] ?? "";
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'", "form-action 'self'"]) {
      expect(csp).toContain(directive);
    }
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const nonceAgain = /'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(nonceAgain).toBeTruthy();
    expect(nonceAgain).not.toBe(nonce);
    // No Stripe hosts without Stripe keys (the offline stand-in is this site's).
    expect(csp).not.toContain("stripe.com");
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["x-frame-options"]).toBe("DENY");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers()["strict-transport-security"]).toBeUndefined(); // production only
    const notFound = await request.get("/no/such/page");
    expect(notFound.headers()["content-security-policy"]).toContain("'nonce-");
  });

  test("with no outside tool configured: no cookie banner, nothing to choose on the Cookies page, and no page's CSP names a third party (a card page's neither)", NO_BROWSER, async ({ request, ops }) => {
    const thirdParty = /\b(?:https?|wss?):/;
    for (const path of ["/auth/login", "/contact", "/cookies"]) {
      const response = await request.get(path);
      expect(response.headers()["content-security-policy"], path).not.toMatch(thirdParty);
      const html = await response.text();
      expect(html, path).not.toContain("cookie-banner");
      // The footer, on every page: the contact page and the Cookies page.
      expect(html, path).toMatch(/<footer class="site-footer">.*href="\/contact".*href="\/cookies"/s);
      if (path === "/cookies") expect(html).toContain("We do not use any other cookies.");
    }
    // A card page (the annual fee's): the stand-in Stripe.js is this site's, so no third party either.
    await signInRequest(request, { email: await tenantWithAnnualFee(ops) });
    const cardPage = await request.get("/");
    expect(cardPage.url()).toMatch(/\/annual-fee\/[^/]+\/[^/]+$/);
    expect(cardPage.headers()["content-security-policy"]).not.toMatch(thirdParty);
    expect(await cardPage.text()).not.toMatch(/<script[^>]+src="(?:https?:)?\/\//);
  });

  test("the card form works under the CSP: every script carries the nonce, and nothing is refused", async ({ page, ops, isJsOn }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { __violations: string[] }).__violations ??= [];
        (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective}: ${event.blockedURI}`);
      });
    });
    const email = await tenantWithAnnualFee(ops);
    await signedInAs(page, email);
    await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);

    // The page as sent: each script, inline or not, has this response's nonce.
    const response = await page.request.get(page.url());
    const nonce = scriptNonce(response);
    const tags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);

    if (isJsOn) {
      await page.locator("html[data-hydrated]").waitFor();
      await fillCard(page, "4242424242424242", { first: "Ana", last: "Fee" });
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/annual-fee\/payment-success$/, { timeout: 20_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
    } else {
      await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test("assets are sent precompressed and cached for a year; pages are compressed", NO_BROWSER, async ({ request }) => {
    const html = await (await request.get("/auth/login")).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const brotli = await request.get(css!, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(brotli.headers()["content-encoding"]).toBe("br");
    expect(brotli.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(brotli.headers()["content-length"])).toBe(statSync(path.join(CLIENT_DIR, `${css}.br`)).size);
    const gzip = await request.get(css!, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(Number(gzip.headers()["content-length"])).toBe(statSync(path.join(CLIENT_DIR, `${css}.gz`)).size);

    const page = await request.get("/auth/login", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["cache-control"]).toBe("private, no-store");
  });
});
