import { claimOnEndedTenancy } from "./claim-setup";
import { expect, expectAccessible, outboxFor, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Your co-tenants (issue 38, decision 0061), JavaScript on and off: the first payer on a shared
 * Keyfree reaches 'Processing...' from the dashboard card and from the receipt's link
 * (/keyfrees/:orderId), with the panel; "Remind Bo" e-mails Bo, a second press is refused with
 * the time the next can go, and Bo's link lands on his checkout; on a claim, the panel as a
 * co-tenant answers: whose answer binds and when. Tenants made by ops, signed in by minted sessions.
 */
const STEPS = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"];
const AT_TIME = "\\d{1,2}:\\d{2}[ap]m on \\d{1,2}(st|nd|rd|th) \\w{3} \\d{4}";

test("the first payer reaches Processing... from the card and the receipt link; Remind Bo sends once in 24 hours; Bo's link lands", async ({ page, request, ops }) => {
  test.setTimeout(90_000);
  const stamp = uniqueStamp();
  const ann = `cot-ann-${stamp}@example.test`;
  const bo = `cot-bo-${stamp}@example.test`;
  const shared = (await ops("create-tenancy", {
    tenants: [
      { email: ann, firstName: "Ann", lastName: "Lee", mobileNumber: "07700900381" },
      { email: bo, firstName: "Bo", lastName: "Ray", mobileNumber: "07700900382" },
    ],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: false,
    completed: [[...STEPS, "KEYFREE_PAY"], ["KEYFREE_ABOUT_YOU"]],
  })) as { orderId: string; tenants: { customerId: string }[] };
  const finish = `/checkout/${shared.orderId}/${shared.tenants[0]!.customerId}/finish`;

  // From the dashboard card ('Processing...'): the checkout sends Ann to Finish's Processing state.
  await signedInAs(page, ann);
  const card = page.locator(".card").filter({ hasText: "Processing..." });
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(finish);
  await expect(page.getByRole("heading", { level: 1, name: "Processing..." })).toBeVisible();
  await expect(page.getByText("Awaiting other tenants")).toBeVisible();
  const panel = page.locator("section.cotenants");
  await expect(panel.getByRole("heading", { level: 3, name: "Bo Ray" })).toBeVisible();
  await expect(panel.getByText("Still to do: finish their checkout steps.")).toBeVisible();
  // Nothing private of Bo's: no e-mail address, no phone number.
  await expect(panel).not.toContainText("@");
  await expect(panel).not.toContainText("07700");
  await expectAccessible(page);

  // From the receipt e-mail's link: the same page.
  await page.goto(`/keyfrees/${shared.orderId}`);
  await expect(page).toHaveURL(finish);

  // Remind Bo: sent, then refused until 24 hours have passed, with when (UK time).
  await panel.getByRole("button", { name: "Remind Bo" }).click();
  await expect(page.getByText("We have e-mailed Bo a reminder.")).toBeVisible();
  await expect(page).toHaveURL(finish);
  await panel.getByRole("button", { name: "Remind Bo" }).click();
  await expect(page.getByText(new RegExp(`You reminded Bo at ${AT_TIME} \\(UK time\\)\\. You can send Bo another reminder from ${AT_TIME} \\(UK time\\)\\.$`))).toBeVisible();
  await expectAccessible(page);
  const reminders = (await outboxFor(request, bo)).filter((e) => e.template === "COTENANT_REMINDER");
  expect(reminders).toHaveLength(1);
  expect(reminders[0]!.subject).toBe("Ann Lee asked us to remind you to finish your part of the Keyfree checkout");

  // Bo's link lands on his own checkout once he is signed in.
  const link = new URL(/https?:\/\/\S+\/checkout\/\S+/.exec(reminders[0]!.text)![0]);
  expect(link.pathname).toBe(`/checkout/${shared.orderId}/${shared.tenants[1]!.customerId}`);
  await signedInAs(page, bo, link.pathname);
  await expect(page).toHaveURL(new RegExp(`/checkout/${shared.orderId}/${shared.tenants[1]!.customerId}/(address-history|introduction)`));
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sorry we can't find that");
});

test("on a claim, the panel as a co-tenant answers: what each did and when, and whose answer binds", async ({ page, ops }) => {
  const stamp = uniqueStamp();
  const ann = `cot-claim-ann-${stamp}@example.test`;
  const bo = `cot-claim-bo-${stamp}@example.test`;
  const claim = await claimOnEndedTenancy(
    ops,
    [
      { email: ann, firstName: "Ann", lastName: "Lee" },
      { email: bo, firstName: "Bo", lastName: "Ray" },
    ],
    { mediationEnabled: false },
  );

  // Before anyone answers: Bo still has to answer, and Ann can remind him.
  await signedInAs(page, ann, `/claims/${claim.claimId}`);
  const panel = page.locator("section.cotenants");
  await expect(panel.getByText("Still to do: answer the charges (any one of you can answer for everyone).")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Remind Bo" })).toBeVisible();

  // Bo accepts: his answer binds everyone, with when; each now has a share to pay.
  await ops("tenant-accept", { claimId: claim.claimId, claimProposalId: claim.claimProposalId, email: bo });
  await page.goto(`/claims/${claim.claimId}`);
  await expect(panel.getByText(new RegExp(`^Bo Ray's answer binds everyone on the claim: Bo accepted the charges at ${AT_TIME}\\.$`))).toBeVisible();
  await expect(panel.getByText(new RegExp(`^Accepted the charges at ${AT_TIME}\\.$`))).toBeVisible();
  await expect(panel.getByText("Still to do: pay their share.")).toBeVisible();
  await expect(panel).not.toContainText("@");
  await expectAccessible(page);
});
