import { expect, expectAccessible, fillCard, signedInAs, test } from "./fixtures";

test.describe("Update your details (add a payment method)", () => {
  test("newcard@: signing in goes to the page; a new card is saved and 'Thanks!' follows", async ({ page, isJsOn, newTenant }) => {
    // The demo tenant once (JavaScript on); with it off, a fresh tenant in the same state.
    const email = isJsOn ? "newcard@keyfree.example" : (await newTenant({ requiresNewPaymentMethod: true })).email;
    await signedInAs(page, email);
    await expect(page).toHaveURL(/\/add-payment-method$/);
    await expect(page.getByRole("heading", { level: 1, name: "Update your details" })).toBeVisible();
    await expect(page.getByText("We need a new payment method from you.")).toBeVisible();

    if (!isJsOn) {
      await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Confirm" })).toHaveCount(0);
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await expectAccessible(page);
      return;
    }

    await expect(page.getByLabel("Card number")).toBeVisible();
    await expectAccessible(page);
    await fillCard(page, "4000008260000000", { first: "Noor", last: "Rahman" });
    await page.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(/\/add-payment-method-success$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
    await expectAccessible(page);
    // Done: the dashboard no longer sends them here.
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a missing card number is named, and nothing is saved", async ({ page, isJsOn, newTenant }) => {
    const tenant = await newTenant({ hasDuplicatePaymentMethod: true });
    await signedInAs(page, tenant.email);
    await expect(page).toHaveURL(/\/add-payment-method$/);
    await expect(page.getByText("You share a payment method with another tenant.")).toBeVisible();
    if (!isJsOn) {
      await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
      return;
    }
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/add-payment-method$/);
  });

  test("'Card details need JavaScript' is never painted while the page's script loads, and shows if the script fails", async ({
    page,
    isJsOn,
    newTenant,
  }) => {
    const tenant = await newTenant({ requiresNewPaymentMethod: true });
    await signedInAs(page, tenant.email, "/add-payment-method");
    const message = page.getByRole("heading", { name: "Card details need JavaScript" });
    const html = page.locator("html");
    if (!isJsOn) {
      // Without script the message is the page's answer (the head's script never runs).
      await expect(message).toBeVisible();
      await expect(html).not.toHaveClass(/\bjs\b/);
      return;
    }
    await expect(page.getByLabel("Card number")).toBeVisible();

    // The app's script held back (a slow phone): the page as painted before it hydrates shows no
    // message, and a screen reader finds none, since the head's inline script marked the page `js`.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/add-payment-method", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Update your details" })).toBeVisible();
    await expect(page.getByText("Card details need JavaScript")).toBeAttached();
    await expect(html).not.toHaveAttribute("data-hydrated");
    await expect(message).toBeHidden();
    await expect(html).toHaveClass(/\bjs\b/);
    release();
    await expect(page.getByLabel("Card number")).toBeVisible();
    await page.unroute(/\/assets\/.+\.js$/);

    // The app's script fails to load: the message shows after all, saying what to do.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto("/add-payment-method");
    await expect(message).toBeVisible();
    await expect(html).not.toHaveClass(/\bjs\b/);
  });
});
