import type { Page } from "@playwright/test";
import { expect, expectAccessible, signedInAs, signIn, test, uniqueStamp } from "./fixtures";

/**
 * Issue 9, scopes 1 to 3: the forgotten password from the login page through the dev mailbox
 * to signing in with the new password; an expired link; setting the first password from an
 * invitation e-mail. Every page sends no script, so each journey is the same with JavaScript
 * on and off.
 */

const NEW_PASSWORD = "Tuesday kettle orbit Granite 2026 & a long pasted passphrase, indeed!!";

/** The newest e-mail to `email` with this subject, opened in the dev mailbox; answers the link in it. */
async function linkInMailbox(page: Page, email: string, subject: string, path: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: subject }).first().click();
  const link = page.getByRole("link", { name: new RegExp(`${path.replace("/", "\\/")}\\?token=`) });
  const href = await link.getAttribute("href");
  expect(href).toContain(`email=${encodeURIComponent(email)}`);
  const url = new URL(href!);
  return url.pathname + url.search;
}

const alert = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });

test("forgotten password: from the login page, through the e-mailed link, to signing in with the new password", async ({
  page,
  browser,
  newTenant,
  isJsOn,
}) => {
  // Two browsers, two e-mails and a timed redirect: on 2 busy cores this takes over 90 s.
  test.setTimeout(180_000);
  const tenant = await newTenant({ firstName: "Rowan" });

  // Signed in elsewhere (another browser): the reset will sign that session out.
  const elsewhere = await browser.newContext({ javaScriptEnabled: isJsOn });
  const other = await elsewhere.newPage();
  await signedInAs(other, tenant.email);
  await expect(other.getByText("Hi, Rowan")).toBeVisible();

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password?" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Send link" }).click();
  await expect(alert(page).getByRole("link", { name: "Required" })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Forgot password\?/);
  await expectAccessible(page);
  await page.getByLabel("Email address").fill("not an email");
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(alert(page)).toContainText("Enter an email address in the correct format, like name@example.com");

  await page.getByLabel("Email address").fill(tenant.email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText("If an account exists for this email address, we have sent it a link to reset the password.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Resend Email" }).click();
  await expect(page.getByRole("status")).toHaveText("We have sent another email.");
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth/login");

  // An unknown email gets exactly the same answer.
  await page.goto("/auth/reset-password-request");
  await page.getByLabel("Email address").fill(`nobody-${uniqueStamp()}@example.test`);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText("If an account exists for this email address, we have sent it a link to reset the password.")).toBeVisible();

  const link = await linkInMailbox(page, tenant.email, "Reset your Keyfree password", "/auth/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Change Password" })).toBeVisible();
  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");
  // Long pasted passwords fit: no length limit on the field, and nothing blocks pasting.
  await expect(password).not.toHaveAttribute("maxlength", /.*/);
  await expect(password).not.toHaveAttribute("onpaste", /.*/);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(alert(page).getByRole("link", { name: "Required" })).toHaveCount(2);
  await expectAccessible(page);

  await password.fill("short");
  await confirm.fill("other");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(alert(page)).toContainText("Minimum 8 Characters");
  await expect(alert(page)).toContainText("Passwords must match");

  await password.fill("alllowercase1");
  await confirm.fill("alllowercase1");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(alert(page)).toContainText("Use at least 3 of these");

  // A common password passes the spec's rule but the API refuses it, in plain words, on the field.
  await password.fill("Password1");
  await confirm.fill("Password1");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(alert(page).getByRole("link", { name: /This password is too common/ })).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveValue("");
  await expectAccessible(page);

  expect(NEW_PASSWORD.length).toBeGreaterThanOrEqual(64);
  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password Reset" })).toBeVisible();
  await expectAccessible(page, { timedRedirect: true });
  // After 4 seconds the login page, with or without JavaScript, saying it again.
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 8_000 });
  await expect(page.getByText("Your password has been reset. Sign in with your new password.")).toBeVisible();

  await signIn(page, tenant.email, tenant.password);
  await expect(alert(page)).toContainText("Wrong email or password");
  await signIn(page, tenant.email, NEW_PASSWORD);
  await expect(page.getByText("Hi, Rowan")).toBeVisible();

  // The other browser was signed out by the reset.
  await other.goto("/");
  await expect(other).toHaveURL(/\/auth\/login$/);
  await expect(other.getByText("Your session has expired. Please sign in again.")).toBeVisible();
  await elsewhere.close();

  // The used link says so, and offers a new one.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This link has already been used" })).toBeVisible();
  await expectAccessible(page);
});

test("an expired or unknown reset link says so and offers a new one", async ({ page, newTenant, ops }) => {
  const tenant = await newTenant();
  await page.goto("/auth/reset-password-request");
  await page.getByLabel("Email address").fill(tenant.email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
  const link = await linkInMailbox(page, tenant.email, "Reset your Keyfree password", "/auth/reset-password");

  await ops("expire-password-links", { email: tenant.email });
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  await expect(page.getByText("This password reset link has expired. Please request a new one.")).toBeVisible();
  await expect(page).toHaveTitle(/^This link has expired/);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Get a new link" }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password-request$/);

  await page.goto(`/auth/reset-password?token=made-up&email=${encodeURIComponent(tenant.email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/auth/reset-password");
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
});

test("set password from an invitation e-mail signs the tenant in and shows the dashboard", async ({ page, ops }) => {
  const email = `invited-${uniqueStamp()}@example.test`;
  await ops("invite-tenant", { email, firstName: "Nia", lastName: "Hart" });

  const link = await linkInMailbox(page, email, "Set your Keyfree password", "/auth/set-password");
  await expectAccessible(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Set Password" })).toBeVisible();
  await expectAccessible(page);

  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");
  await password.fill("Keyfree-first-1");
  await confirm.fill("Keyfree-first-2");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(alert(page)).toContainText("Passwords must match");
  await expect(page).toHaveTitle(/^Error: Set Password/);
  await expectAccessible(page);

  await password.fill("Keyfree-first-1");
  await confirm.fill("Keyfree-first-1");
  await page.getByRole("button", { name: "Set Password" }).click();
  // Sent to /keyfrees, which is the dashboard.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Hi, Nia")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sit back and relax" })).toBeVisible();
  await expectAccessible(page);

  // The invitation works once.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This link has already been used" })).toBeVisible();
  await expect(page.getByText(/This link to set your password has already been used/)).toBeVisible();
  await expectAccessible(page);

  await page.goto("/auth/login");
  await signIn(page, email, "Keyfree-first-1");
  await expect(page.getByText("Hi, Nia")).toBeVisible();
  await page.goto("/keyfrees?status=expired");
  await expect(page).toHaveURL(/\/\?status=expired$/);
});
