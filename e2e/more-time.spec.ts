import { addCalendarDays, londonDate } from "../server/domain/london-time";
import { formatDate } from "#common/wording";
import { claimOnEndedTenancy, type Ops } from "./claim-setup";
import { expect, expectAccessible, outboxFor, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * More time to answer (issue 36, scope 4; docs/decisions/0049), JavaScript on and off: a tenant
 * asks from the claim page (a bad attempt first), the request waits; the back office grants it
 * (ops) and the claim page and its calendar file show the new deadline; on another claim it is
 * refused (ops) and the page gives the reason and what the tenant can still do. The clock's side
 * (the held deadline, the grant after 2 working days) is tests/api/more-time.test.ts's.
 */
async function claimFor(ops: Ops, email: string) {
  return claimOnEndedTenancy(ops, [{ email, firstName: "Mo", lastName: "Tyme" }]);
}

test("more time is asked for from the claim page, granted (the claim page and calendar show the new deadline), and refused (the reason)", async ({
  page,
  ops,
  request,
}) => {
  test.slow(); // two claims, five page states
  const email = `more-time-${uniqueStamp()}@example.test`;
  const granted = await claimFor(ops, email);
  const refused = await claimFor(ops, email);
  const { now } = (await ops("clock", {})) as { now: string };
  const day = (days: number) => addCalendarDays(londonDate(now), days);

  await signedInAs(page, email, `/claims/${granted.claimId}`);
  await expect(page.getByText(`Deadline: ${formatDate(day(7))}`)).toBeVisible();
  await page.getByRole("link", { name: "Ask for more time" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${granted.claimId}/more-time$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ask for more time" })).toBeVisible();
  await expect(page.getByText("While we look at your request, the charges will not be treated as accepted.")).toBeVisible();
  await expect(page.getByText("Only the team that decides on your request reads this.", { exact: false })).toBeVisible();
  await expectAccessible(page);

  // A bad attempt: each message on its field, nothing typed lost.
  await page.getByLabel("How many more days do you need?").fill("20");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(page.locator(".field__error")).toHaveText([
    "Error: Enter how many more days you need, from 1 to 14",
    "Error: Tell us why you need more time",
  ]);
  await expect(page.getByLabel("How many more days do you need?")).toHaveValue("20");
  await expect(page).toHaveTitle("Error: Ask for more time — Keyfree");
  await expectAccessible(page);

  await page.getByLabel("How many more days do you need?").fill("5");
  await page.getByLabel("Why do you need more time?").fill("I am in hospital this week and cannot look at the evidence.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We are looking at your request" })).toBeVisible();
  await expect(page.getByText("You asked for 5 more days to answer the charges")).toBeVisible();
  await expect(page.getByText("While we look at your request, the charges will not be treated as accepted.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  const receipt = (await outboxFor(request, email)).find((e) => e.template === "MORE_TIME_REQUESTED");
  expect(receipt?.text).toContain(`/claims/${granted.claimId}/more-time`);

  // The back office grants 5 days: the claim page, its calendar file and the request show the new date.
  await ops("grant-more-time", { email, days: 5, claimId: granted.claimId });
  await page.goto(`/claims/${granted.claimId}`);
  await expect(page.getByText(`Deadline: ${formatDate(day(12))}`)).toBeVisible();
  await expect(page.getByText("You have 12 days left to respond")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for more time" })).toHaveCount(0);
  await expectAccessible(page);
  const ics = await page.request.get(`/claims/${granted.claimId}/deadline.ics`);
  expect(await ics.text()).toContain(`\r\nDTSTART;VALUE=DATE:${day(12).replaceAll("-", "")}\r\n`);
  await page.goto(`/claims/${granted.claimId}/more-time`);
  await expect(page.getByRole("heading", { level: 1, name: "You have more time" })).toBeVisible();
  await expect(page.getByText(`Your new deadline: ${formatDate(day(12))}`)).toBeVisible();
  await expectAccessible(page);

  // On the other claim, the request is refused: the reason, the deadline, and what the tenant can still do.
  await ops("tenant-ask-more-time", { claimId: refused.claimId, email, days: 14, reason: "I need to find the check-in report." });
  await ops("refuse-more-time", { email, claimId: refused.claimId, reason: "Your landlord needs an answer before the new tenancy starts." });
  await page.goto(`/claims/${refused.claimId}/more-time`);
  await expect(page.getByRole("heading", { level: 1, name: "We could not give more time" })).toBeVisible();
  await expect(page.getByText("Your landlord needs an answer before the new tenancy starts.")).toBeVisible();
  await expect(page.getByText(`Your deadline: ${formatDate(day(7))}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What you can still do" })).toBeVisible();
  await expectAccessible(page);
});
