import { expect, expectAccessible, signedInAs, signIn, test } from "./fixtures";

test.describe("sign in", () => {
  test("a wrong password says so, keeps the email and clears the password", async ({ page, newTenant }) => {
    const tenant = await newTenant();
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Keyfree" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
    await expectAccessible(page);

    await signIn(page, tenant.email, "not-the-password");
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Wrong email or password");
    await expect(page.getByLabel("Email address")).toHaveValue(tenant.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page).toHaveTitle(/^Error: Login/);
    await expectAccessible(page);
  });

  test("wrong passwords slow down, then lock, this e-mail from this address, and the page says when to try again", async ({ page, newTenant }) => {
    const tenant = await newTenant();
    await page.goto("/auth/login");
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    for (let i = 0; i < 2; i += 1) {
      await signIn(page, tenant.email, `guess-${i}`);
      await expect(summary).toContainText("Wrong email or password");
      // Answered (the password is cleared) before the next try.
      await expect(page.getByLabel("Password")).toHaveValue("");
    }
    // From the second wrong password, a try soon after is refused with the wait (2 s, 4 s, 8 s);
    // after the fifth the pair is locked for 15 minutes. However fast or slow this browser types,
    // it is told to wait within four more tries.
    const toldToWait = /Too many attempts to sign in\. Please (wait \d+ seconds? and try again|try again in 15 minutes), or reset your password\./;
    let told = false;
    for (let i = 0; i < 4 && !told; i += 1) {
      await signIn(page, tenant.email, `guess-again-${i}`);
      await expect(summary).toContainText(/Wrong email or password|Too many attempts/);
      told = toldToWait.test((await summary.textContent()) ?? "");
    }
    expect(told).toBe(true);
    await expect(page).toHaveURL(/\/auth\/login/);
    await expectAccessible(page);
  });

  test("missing fields are named in the error summary and beside each field", async ({ page, isJsOn }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Login" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Required" })).toHaveCount(2);
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    if (isJsOn) await expect(summary).toBeFocused();
    await expectAccessible(page);

    await page.getByLabel("Email address").fill("not an email");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(summary).toContainText("Enter an email address in the correct format, like name@example.com");
    await expect(page.getByLabel("Email address")).toHaveValue("not an email");
  });

  test("sign in shows the greeting; logout signs out; a protected page then sends you to login and back", async ({
    page,
    newTenant,
  }) => {
    const tenant = await newTenant({ firstName: "Morgan" });
    await page.goto("/?status=active");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2F%3Fstatus%3Dactive$/);
    await signIn(page, tenant.email, tenant.password);

    await expect(page).toHaveURL(/\/\?status=active$/);
    await expect(page.getByText("Hi, Morgan")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Sit back and relax" })).toBeVisible();
    await expect(page.getByText("You dont have any active Keyfrees.")).toBeVisible();
    await expectAccessible(page);

    // Signed in, the login page sends you home.
    await page.goto("/auth/login");
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0); // auth pages have no header

    await page.goto("/");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a tenant who must reset their password sees 'Check Your Email'", async ({ page, newTenant }) => {
    const tenant = await newTenant({ requiresPasswordReset: true });
    await page.goto("/auth/login");
    await signIn(page, tenant.email, tenant.password);
    await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Keyfree" })).toBeVisible();
  });

  test("an expired access token logs you out and says why", async ({ page, newTenant, ops }) => {
    const tenant = await newTenant();
    await signedInAs(page, tenant.email);
    await expect(page.getByRole("heading", { level: 1, name: "Sit back and relax" })).toBeVisible();

    await ops("expire-tokens", { email: tenant.email });
    await page.goto("/?status=expired");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2F%3Fstatus%3Dexpired$/);
    await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
    await expectAccessible(page);

    // Signing in again brings the tenant back where they were.
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/\?status=expired$/);
  });

  test("?clear_session signs this browser out", async ({ page, newTenant }) => {
    const tenant = await newTenant();
    await signedInAs(page, tenant.email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await page.goto("/?clear_session");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test("the reset e-mail promised by 'Check Your Email' is in the dev mailbox, with its link", async ({ page, newTenant }) => {
  const tenant = await newTenant({ requiresPasswordReset: true });
  await page.goto("/auth/login");
  await signIn(page, tenant.email, tenant.password);
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();

  await page.goto(`/dev/mail?to=${encodeURIComponent(tenant.email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Dev mailbox" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Reset your Keyfree password" }).click();
  const link = page.getByRole("link", { name: /\/auth\/reset-password\?token=/ });
  await expect(link).toBeVisible();
  expect(await link.getAttribute("href")).toContain(`email=${encodeURIComponent(tenant.email)}`);
  await expectAccessible(page);
});
