import { expect, expectAccessible, outboxFor, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Support needs and someone to help (issue 36, scope 5; decision 0050), with JavaScript on and
 * off (the pages send no script either way). A tenant records what would help, which is saved
 * only once they agree, then removes it; they add someone to help, who confirms from the e-mailed
 * link and gets a copy of the tenant's next notice; removed, they are told and get nothing more.
 */

test("support needs: nothing is saved without consent; with it they are recorded, the back office sees them, and removing them deletes them", async ({
  page,
  ops,
  newTenant,
}) => {
  const tenant = await newTenant({ firstName: "Jordan" });
  await signedInAs(page, tenant.email);
  // Every signed-in page's footer links the page.
  await page.getByRole("contentinfo").getByRole("link", { name: "Your support needs" }).click();
  await expect(page).toHaveURL(/\/account\/support-needs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your support needs" })).toBeVisible();
  await expectAccessible(page);

  // Needs ticked, but no consent: nothing saved, what was ticked kept.
  await page.getByRole("checkbox", { name: "More time to answer us or to do what we ask" }).check();
  await page.getByRole("checkbox", { name: "Contact me by email only, with no text messages" }).check();
  await page.getByLabel("Anything else you want us to know (optional)").fill("Please email in the mornings.");
  await page.getByRole("button", { name: "Save my support needs" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "To save this, tick the box to say you agree to us recording it" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "More time to answer us or to do what we ask" })).toBeChecked();
  await expect(page).toHaveTitle(/^Error: /);
  await expectAccessible(page);
  expect(((await ops("support-needs", { email: tenant.email })) as { needs: unknown }).needs).toBe("Nothing recorded");

  await page.getByRole("checkbox", { name: "I agree to Keyfree recording this information to help support me" }).check();
  await page.getByRole("button", { name: "Save my support needs" }).click();
  await expect(page.getByText("Thank you. We have recorded your support needs.")).toBeVisible();
  const told = page.getByRole("region", { name: "What you have told us" });
  await expect(told.getByRole("listitem")).toHaveText(["More time to answer us or to do what we ask", "Contact me by email only, with no text messages"]);
  await expect(told).toContainText("In your own words: Please email in the mornings.");
  await expect(told).toContainText("We will not send you text messages while this is recorded");
  await expectAccessible(page);
  expect(await ops("support-needs", { email: tenant.email })).toMatchObject({
    needs: { recorded: ["More time to answer us or to do what we ask", "Contact me by email only, with no text messages"], details: "Please email in the mornings." },
    emailOnly: true,
  });

  await page.getByRole("button", { name: "Remove my support needs" }).click();
  await expect(page.getByText("We have deleted your support needs. You can tell us again at any time.")).toBeVisible();
  await expect(page.getByRole("region", { name: "What you have told us" })).toHaveCount(0);
  await expectAccessible(page);
  expect(((await ops("support-needs", { email: tenant.email })) as { needs: unknown }).needs).toBe("Nothing recorded");
});

test("someone to help: added, confirms from the e-mailed link, gets a copy of the tenant's next notice; removed, is told and gets no more", async ({
  page,
  request,
  ops,
}) => {
  test.setTimeout(90_000);
  const stamp = uniqueStamp();
  const tenantEmail = `helped-${stamp}@example.test`;
  const helperEmail = `helper-${stamp}@example.test`;
  /** The landlord raises charges on a tenancy of the tenant's (a new one each time: one claim per tenancy). */
  const raiseCharges = async (description: string) => {
    const tenancy = (await ops("create-tenancy", {
      tenants: [{ email: tenantEmail, firstName: "Jordan", lastName: "Okoro" }],
      ppm: 120_000,
      startDate: "2025-01-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    })) as { tenancyId: string };
    await ops("raise-claim", { tenancyId: tenancy.tenancyId, items: [{ description, type: "CLEANING", amount: 12_000 }] });
  };
  await ops("create-tenant", { email: tenantEmail, firstName: "Jordan", lastName: "Okoro" });

  await signedInAs(page, tenantEmail, "/account/support-needs");
  await page.getByRole("link", { name: "Add someone to help you" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add someone to help you" })).toBeVisible();
  await expectAccessible(page);

  // Their own address is refused on its field.
  await page.getByLabel("Their name").fill("Hana Help");
  await page.getByLabel("Their email address").fill(tenantEmail);
  await page.getByLabel("How do you know them?").selectOption({ label: "A money or debt adviser" });
  await page.getByRole("checkbox", { name: /I want this person to get a copy of the emails/ }).check();
  await page.getByRole("button", { name: "Send them the link" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: "Enter their email address, not yours" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Their email address").fill(helperEmail);
  await page.getByRole("checkbox", { name: /I want this person to get a copy of the emails/ }).check();
  await page.getByRole("button", { name: "Send them the link" }).click();
  await expect(page).toHaveURL(/\/account\/support-needs$/);
  await expect(page.getByText("We have emailed Hana Help a link to confirm. They will get copies once they confirm.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Someone to help you" })).toContainText("They get no copies until they confirm.");
  await expectAccessible(page);

  // The helper follows the link in their e-mail (no sign-in needed) and confirms.
  const [invitation] = await outboxFor(request, helperEmail);
  expect(invitation).toMatchObject({ template: "SUPPORT_HELPER_CONFIRM", subject: "Jordan has asked you to help with their Keyfree" });
  const link = new URL(/https?:\/\/\S+\/helper\/confirm\?token=\S+/.exec(invitation!.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Help Jordan with their Keyfree" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm that I will help Jordan" }).click();
  await expect(page).toHaveURL(/\/helper\/confirmed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for confirming" })).toBeVisible();
  await expectAccessible(page);
  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
  await expect(page.getByText("This link has already been used.")).toBeVisible();
  await expectAccessible(page);

  // The tenant's next notice (the landlord raises charges): a copy reaches the helper, saying whose it is.
  await raiseCharges("Oven clean");
  const copies = (await outboxFor(request, helperEmail)).filter((e) => e.template === "CLAIM_RAISED");
  expect(copies.map((e) => e.subject)).toEqual(["Copy for you: End of tenancy charges have been raised"]);
  expect(copies[0]!.text.split("\n")[0]).toBe(
    "This is a copy of an email we sent to Jordan. Jordan asked us to send you a copy of the emails we send them about their Keyfree, their claims and their payments.",
  );
  expect(copies[0]!.text).toContain("Hello Jordan,");

  // The tenant removes them: at once, and they are told.
  await page.goto("/account/support-needs");
  const helping = page.getByRole("region", { name: "Someone to help you" });
  await expect(helping).toContainText("Hana Help (A money or debt adviser, ");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Stop sending copies to Hana Help" }).click();
  await expect(page.getByText("Hana Help will not get any more copies of your emails, from now on. We have emailed them to tell them.")).toBeVisible();
  await expect(helping.getByRole("link", { name: "Add someone to help you" })).toBeVisible();
  await expectAccessible(page);

  // Nothing is sent by SMTP here, so the copy above was still unsent: removal withdrew it too.
  // The helper's mail is now the invitation and the removal only, and the next notice is not copied.
  await raiseCharges("Carpet clean");
  const toHelper = await outboxFor(request, helperEmail);
  expect(toHelper.map((e) => e.template).sort()).toEqual(["SUPPORT_HELPER_CONFIRM", "SUPPORT_HELPER_REMOVED"]);
  expect(toHelper.find((e) => e.template === "SUPPORT_HELPER_REMOVED")!.subject).toBe("You will no longer get copies of Jordan's Keyfree emails");
  expect((await outboxFor(request, tenantEmail)).filter((e) => e.template === "CLAIM_RAISED")).toHaveLength(2);
});
