import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";

const MAINTENANCE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

test("an unknown page says 'Sorry we can't find that' and 'Return Home' goes home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Sorry we can't find that" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("maintenance mode shows only the maintenance page", async ({ page }) => {
  for (const path of ["/", "/auth/login", "/no/such/page"]) {
    const response = await page.goto(`${MAINTENANCE_URL}${path}`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1, name: "Keyfree is currently down for maintenance" })).toBeVisible();
    await expect(page.getByText("We expect to be back at 00:00 GMT.")).toBeVisible();
  }
  await expectAccessible(page);
});

test.describe("CSRF", () => {
  test("a form posted with a token that is not the session's is refused with 403", async ({ page, newTenant }) => {
    const tenant = await newTenant();
    await signedInAs(page, tenant.email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    // A fresh page load; the dashboard does not hydrate, so nothing the app renders later can undo the tampering.
    await page.goto("/");

    await page.locator('form[action="/auth/logout"] input[name="csrf"]').evaluate((input: HTMLInputElement) => {
      input.value = "forged-token";
    });
    // With JavaScript off the evaluate above still works: it is the test, not the page, that runs it.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sorry, that did not work" })).toBeVisible();
    await expectAccessible(page);

    // Nothing changed: still signed in.
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("a cross-site post is refused with 403 even with the right token", async ({ page, newTenant }) => {
    const tenant = await newTenant();
    await page.goto("/auth/login");
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const response = await page.request.post("/auth/login", {
      form: { csrf, email: tenant.email, password: tenant.password },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a post with no token at all is refused with 403", async ({ page }) => {
    await page.goto("/auth/login");
    const response = await page.request.post("/auth/login", {
      form: { email: "demo@keyfree.example", password: "Keyfree-demo-1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test("the dashboard filter lives in the URL and shows each empty state", async ({ page, newTenant }) => {
  const tenant = await newTenant();
  await signedInAs(page, tenant.email);
  // No Keyfrees yet: the default filter is Expired.
  await expect(page.getByRole("link", { name: "Expired" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("You dont have any expired Keyfrees.")).toBeVisible();

  await page.getByRole("link", { name: "Active" }).click();
  await expect(page).toHaveURL(/\?status=active$/);
  await expect(page.getByRole("link", { name: "Active" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("You dont have any active Keyfrees.")).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByText("You dont have any active Keyfrees.")).toBeVisible();
});

test.describe("flash messages", () => {
  test("with JavaScript a flash counts down and goes after 5 seconds; without, it stays", async ({
    page,
    newTenant,
    ops,
    isJsOn,
  }) => {
    const tenant = await newTenant();
    await signedInAs(page, tenant.email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await ops("expire-tokens", { email: tenant.email });
    // The page's own clock, moved by the test (no real 5-second wait).
    if (isJsOn) await page.clock.install();
    await page.goto("/");
    const message = page.getByText("Your session has expired. Please sign in again.");
    await expect(message).toBeVisible();
    if (isJsOn) {
      await expect(page.getByText("This will disappear in 5s")).toBeVisible();
      await page.clock.runFor(1_000);
      await expect(page.getByText("This will disappear in 4s")).toBeVisible();
      await expect(message).toBeVisible();
      await page.clock.runFor(4_000);
      await expect(message).toBeHidden();
    } else {
      await expect(page.getByText(/This will disappear/)).toHaveCount(0);
      // Nothing can take it away without script: the page neither refreshes nor animates.
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      await expect(message).toBeVisible();
    }
  });

  test("a flash stays until dismissed, and Dismiss removes it", async ({ page, newTenant, ops, isJsOn }) => {
    const tenant = await newTenant();
    await signedInAs(page, tenant.email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await ops("expire-tokens", { email: tenant.email });
    await page.goto("/");
    const message = page.getByText("Your session has expired. Please sign in again.");
    await expect(message).toBeVisible();
    if (isJsOn) await message.hover(); // the countdown pauses while the pointer is on it
    else await expect(page.getByText(/This will disappear/)).toHaveCount(0);
    await page.getByRole("link", { name: "Dismiss message" }).click();
    await expect(message).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Keyfree" })).toBeVisible();
  });
});

test("a tenant downloads their claim's documents, and no one else's", async ({ page, ops, newTenant }) => {
  const email = `docs-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Dee", lastName: "Owens" }],
    ppm: 100_000,
    startDate: "2025-10-01",
    endDate: "2026-09-30",
    isNewTenancy: true,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [{ description: "Clean", type: "CLEANING", amount: 5_000, evidence: 1 }],
    documents: ["INVENTORY_CHECK_IN"],
  })) as { documentIds: string[] };
  const documentId = claim.documentIds[0]!;

  await signedInAs(page, email);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const download = await page.request.get(`/documents/${documentId}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Another tenant gets "not found".
  const other = await newTenant();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signedInAs(page, other.email);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  expect((await page.request.get(`/documents/${documentId}`)).status()).toBe(404);
  // Visited in the browser, it is the not-found page, as for every other id route.
  const refused = await page.goto(`/documents/${documentId}`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Sorry we can't find that" })).toBeVisible();
  await expectAccessible(page);
});

test("checkout@: the dashboard says there are outstanding actions and shows the Keyfree card", async ({ page }) => {
  await signedInAs(page, "checkout@keyfree.example");
  await expect(page.getByRole("heading", { level: 1, name: "You have outstanding actions" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Active" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("You have outstanding actions", { exact: true }).last()).toBeVisible();
  await expectAccessible(page);
});
