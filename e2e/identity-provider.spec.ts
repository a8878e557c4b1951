import { DEMO_PASSWORD, expect, expectAccessible, test } from "./fixtures";

/**
 * Identity-provider sign-in (part 1 §2.2, issue 9 scope 4): /login sends the browser to the
 * embedded development identity provider (offline, outside production), whose answer comes
 * back to /authenticate. Works the same with JavaScript off: every step is a link, a redirect
 * or a plain form.
 */

test.describe("sign in through the identity provider", () => {
  test("a demo tenant signs in at the provider and sees the dashboard", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dev\/idp\/interaction\//);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to the development identity provider" })).toBeVisible();
    await expectAccessible(page);

    // A wrong password is refused on the provider's page.
    await page.getByLabel("Email address").fill("demo@keyfree.example");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Wrong email or password");
    await expect(page).toHaveTitle(/^Error: Sign in/);
    await expectAccessible(page);

    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Hi, Alex")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Sit back and relax|You have outstanding actions/);
    await expectAccessible(page);

    // Signed in, /login goes straight to the dashboard.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an identity with no Keyfree account ends on /unauthorised, which offers the login page", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email address").fill("stranger@keyfree.example");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/unauthorised\?reason=unknown$/);
    await expect(page.getByRole("heading", { level: 1, name: "You are not signed in" })).toBeVisible();
    await expect(page.getByText("there is no Keyfree account for that identity")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Go to login" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("cancelling at the provider, or coming back without having started, ends on /unauthorised saying so", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/unauthorised\?reason=cancelled$/);
    await expect(page.getByText("The sign-in was cancelled at the identity provider")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/authenticate?code=made-up&state=made-up");
    await expect(page).toHaveURL(/\/unauthorised\?reason=expired$/);
    await expect(page.getByText("This sign-in took too long or was already used")).toBeVisible();
  });
});
