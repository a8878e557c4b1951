import type { Page } from "@playwright/test";
import { SLOW_REFERENCE } from "./checkout-steps/referencing";
import type { JourneyTenant } from "./checkout-steps/types";
import { expect, expectAccessible, NO_BROWSER, signedInAs, signInRequest, test, uniqueStamp } from "./fixtures";
import { expectStepsNumberedOnce, expectTitleFirst } from "./reading-order";

/**
 * Referencing (Eligibility, part 1 §4.2), JavaScript on and off, beyond what the checkout journey
 * (e2e/checkout-journey.spec.ts: Start, pending, documents, review, PASS, Continue) passes
 * through: a reference that stays pending (the 30-second message), the FAIL and
 * GUARANTOR_REQUIRED outcomes, and a tenant's own bad uploads.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;
type Guarantor = { firstName: string; lastName: string };

/** A new tenancy whose tenant has done About You and address history: referencing is next. */
async function tenantAtReferencing(ops: Ops, options: { email?: string; guarantor?: Guarantor } = {}): Promise<JourneyTenant> {
  const email = options.email ?? `referencing-${uniqueStamp()}@example.test`;
  const created = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Rhea", lastName: "Fenwick", ...(options.guarantor ? { guarantor: options.guarantor } : {}) }],
    ppm: 120_000,
    startDate: "2027-02-01",
    endDate: "2028-01-31",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"]],
  })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string }> };
  const t = created.tenants[0]!;
  return { email, orderId: created.orderId, customerId: t.customerId, orderCustomerId: t.orderCustomerId, firstName: "Rhea", lastName: "Fenwick" };
}

async function openReferencing(page: Page, tenant: JourneyTenant) {
  await signedInAs(page, tenant.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/checkout/${tenant.orderId}/${tenant.customerId}`);
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/referencing$`));
}

test("a reference that stays pending: 'Check again' from the start; after 30 seconds the page stops checking and says so", async ({ page, ops }) => {
  const tenant = await tenantAtReferencing(ops);
  await openReferencing(page, tenant);
  await page.getByRole("button", { name: "Start my eligibility check" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checking your eligibility" })).toBeVisible();
  // The wait's start time is in the URL (app/lib/polling.ts): each check carries it on, so the
  // same page opened with a start 30 seconds back is the wait as it ends, without waiting for it.
  await expect(page).toHaveURL(/\/referencing\?since=\d+$/);
  const since = Number(new URL(page.url()).searchParams.get("since"));
  await expect(page.getByRole("status")).not.toHaveText(SLOW_REFERENCE);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", new RegExp(`since=${since}$`));
  // The h1 first (the Back link and 'Your Keyfree' shown above it come after it), the steps numbered once.
  await expectTitleFirst(page, "Checking your eligibility");
  await expectStepsNumberedOnce(page, "Checkout progress");
  // From the start, a link that checks again by hand, for a browser that ignores the refresh (w3m):
  // the same wait, its start kept, so following it neither restarts nor ends the wait.
  const checkAgain = page.getByRole("link", { name: "Check again" });
  await expect(checkAgain).toHaveAttribute("href", `/checkout/${tenant.orderId}/${tenant.customerId}/referencing?since=${since}`);
  await checkAgain.click();
  await expect(page).toHaveURL(new RegExp(`/referencing\\?since=${since}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Checking your eligibility" })).toBeVisible();
  await expect(page.getByRole("status")).not.toHaveText(SLOW_REFERENCE);
  await page.goto(`/checkout/${tenant.orderId}/${tenant.customerId}/referencing?since=${since - 30_000}`);
  await expect(page.getByRole("heading", { level: 1, name: "Checking your eligibility" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(SLOW_REFERENCE);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await expectAccessible(page);
});

test("the outcomes FAIL and GUARANTOR_REQUIRED (with the guarantor's name, and without one)", async ({ page, ops }) => {
  const failed = await tenantAtReferencing(ops);
  const named = await tenantAtReferencing(ops, { email: failed.email, guarantor: { firstName: "Gail", lastName: "Fenwick" } });
  const unnamed = await tenantAtReferencing(ops, { email: failed.email });
  await ops("set-reference-outcome", { orderCustomerId: failed.orderCustomerId, status: "FAIL" });
  await ops("set-reference-outcome", { orderCustomerId: named.orderCustomerId, status: "GUARANTOR_REQUIRED" });
  await ops("set-reference-outcome", { orderCustomerId: unnamed.orderCustomerId, status: "GUARANTOR_REQUIRED" });

  await openReferencing(page, failed);
  await expect(page.getByRole("heading", { level: 1, name: "We can't offer you Keyfree" })).toBeVisible();
  await expect(page.getByText("you have not passed our eligibility checks")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to your Keyfrees" })).toHaveAttribute("href", "/");
  await expectAccessible(page);

  await page.goto(`/checkout/${named.orderId}/${named.customerId}/referencing`);
  await expect(page.getByRole("heading", { level: 1, name: "A guarantor is needed" })).toBeVisible();
  await expect(page.getByText("we need your guarantor, Gail Fenwick, to pass our checks")).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/checkout/${unnamed.orderId}/${unnamed.customerId}/referencing`);
  await expect(page.getByRole("heading", { level: 1, name: "A guarantor is needed" })).toBeVisible();
  await expect(page.getByText("Please ask your letting agent to add your guarantor's details")).toBeVisible();
});

test("a tenant's own bad uploads are refused with a message, never a 500: no file, too large, bytes not of their type", NO_BROWSER, async ({
  playwright,
  baseURL,
  ops,
}) => {
  const tenant = await tenantAtReferencing(ops);
  await ops("set-reference-outcome", { orderCustomerId: tenant.orderCustomerId, status: "INFO_REQUIRED" });
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  try {
    const csrf = await signInRequest(request, tenant);
    const page = `/checkout/${tenant.orderId}/${tenant.customerId}/referencing`;
    const noFile = await request.post(page, { multipart: { csrf, intent: "upload", type: "PROOF_OF_IDENTITY" }, maxRedirects: 0 });
    expect(noFile.status()).toBe(400);
    expect(await noFile.text()).toContain("Choose a file to upload.");
    const file = (name: string, text: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(text) });
    const notPdf = await request.post(page, {
      multipart: { csrf, intent: "upload", type: "PROOF_OF_ADDRESS", file: file("bill.pdf", "not really a PDF") },
      maxRedirects: 0,
    });
    expect(notPdf.status()).toBe(400);
    expect(await notPdf.text()).toContain("bill.pdf is an invalid type, please convert to a PDF");
    // Just over 30 MB: it reaches the page (the upload paths' body limit allows a form's worth more), which names it.
    const tooLarge = await request.post(page, {
      multipart: {
        csrf,
        intent: "upload",
        type: "PROOF_OF_ADDRESS",
        file: { name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(31_457_281, 0x25) },
      },
      maxRedirects: 0,
    });
    expect(tooLarge.status()).toBe(400);
    expect(await tooLarge.text()).toContain("scan.pdf is too large (max 30MB), please compress this file and re-upload");
    const zone = await request.post(`${page}/documents`, {
      multipart: { csrf, type: "PROOF_OF_ADDRESS", file: file("bill.pdf", "not really a PDF") },
      maxRedirects: 0,
    });
    expect(zone.status()).toBe(400);
    expect(await zone.json()).toMatchObject({ message: "bill.pdf is an invalid type, please convert to a PDF" });
    const review = await request.post(page, { form: { csrf, intent: "review" }, maxRedirects: 0 });
    expect(review.status()).toBe(302);
    const unknown = await request.post(page, { form: { csrf, intent: "something-else" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
  } finally {
    await request.dispose();
  }
});
