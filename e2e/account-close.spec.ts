import { claimOnEndedTenancy } from "./claim-setup";
import { expect, expectAccessible, outboxFor, signedInAs, signIn, signInRequest, test } from "./fixtures";

/**
 * Close your account (issue 40, decision 0068), with JavaScript on and off (the page sends no
 * script either way): a tenant with a claim still open asks from their account's settings page;
 * the box must be ticked; the request is kept open because of the claim, linked, and confirmed
 * by e-mail. The retention job keeps the account while the claim is open; a tenant with nothing
 * open is closed by its next run, and signing in is refused. The rules behind it (closing once a
 * claim resolves, a plan keeping it open, two instances) are tests/api/retention.test.ts's.
 */
test("close your account: asked with a claim open, kept open and e-mailed, and with nothing open closed by the job, sign-in refused", async ({ page, request, ops, newTenant }) => {
  const tenant = await newTenant({ firstName: "Cleo" });
  const claim = await claimOnEndedTenancy(ops, [{ email: tenant.email, firstName: "Cleo", lastName: "Tenant" }], {
    items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000 }],
    mediationEnabled: false,
  });

  await signedInAs(page, tenant.email, "/notifications");
  await page.getByRole("link", { name: "Close your account", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Close your account" })).toBeVisible();
  const claimLink = page.getByRole("link", { name: /^The claim on / });
  await expect(claimLink).toHaveAttribute("href", `/claims/${claim.claimId}`);
  await expect(page.getByRole("link", { name: "How long we keep each kind of record, and why" })).toHaveAttribute("href", "/privacy#how-long");
  await expect(page.locator("script")).toHaveCount(0);
  await expectAccessible(page);

  // Not ticked: the field's message, nothing asked.
  await page.getByRole("button", { name: "Close your account" }).click();
  await expect(page).toHaveTitle("Error: Close your account — Keyfree");
  await expect(page.getByText("Tick the box to say you understand what happens when your account is closed").first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("checkbox", { name: /I understand that once my account is closed/ }).check();
  await page.getByRole("button", { name: "Close your account" }).click();
  await expect(page.getByText("We have your request to close your account. We have sent you an e-mail about it.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "You have asked us to close your account" })).toBeVisible();
  await expect(page.getByText("We cannot close it yet, because these are still open:")).toBeVisible();
  await expect(claimLink).toHaveAttribute("href", `/claims/${claim.claimId}`);
  await expectAccessible(page);

  // The e-mail (the dev mailbox): what keeps it open, and its link back to the page.
  const email = (await outboxFor(request, tenant.email)).find((e) => e.template === "ACCOUNT_CLOSURE_REQUESTED")!;
  expect(email.subject).toBe("We have your request to close your Keyfree account");
  expect(email.text).toContain("We cannot close it yet, because these are still open:\n- the claim on ");
  await page.goto(new URL(/https?:\/\/\S+\/account\/close\b/.exec(email.text)![0]).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "You have asked us to close your account" })).toBeVisible();

  // The job keeps it while the claim is open.
  await ops("retention", {});
  await page.reload();
  await expect(claimLink).toBeVisible();

  // A tenant with nothing open asks (as their browser would): the job's next run closes the account,
  // and signing in with their password is refused. (Closing once a claim resolves is tests/api/retention.test.ts's.)
  const done = await newTenant({ firstName: "Dev" });
  const csrf = await signInRequest(request, done);
  const asked = await request.post("/account/close", { form: { csrf, confirm: "on" }, headers: { origin: new URL(page.url()).origin }, maxRedirects: 0 });
  expect(asked.status(), await asked.text()).toBe(302);
  await ops("retention", {});
  await page.context().clearCookies();
  await page.goto("/auth/login");
  await signIn(page, done.email, done.password);
  // Refused as a wrong password is: the account is not named as closed to whoever types its e-mail.
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Wrong email or password");
  await expect(page).toHaveURL(/\/auth\/login/);
});
