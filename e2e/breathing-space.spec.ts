import { claimOnEndedTenancy } from "./claim-setup";
import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Breathing Space (issue 36, decision 0047), JavaScript on and off: a tenant with charges to
 * answer records their Breathing Space on /help/breathing-space (bad input gets its messages
 * first), and the claim page then shows "Breathing Space until …" with the deadline moved by the
 * moratorium's 61 days, as the calendar file does.
 */
const londonDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(ms));
/** A calendar day `n` days after `day` (YYYY-MM-DD). */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The pages' date ('Do MMM YYYY', part 2 §9). */
function shown(day: string) {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${d}${suffix} ${new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-GB", { month: "short", timeZone: "UTC" })} ${y}`;
}

test("a tenant records their Breathing Space (bad input gets messages); the claim page shows it and the moved deadline", async ({ page, ops }) => {
  test.setTimeout(120_000);
  const email = `breathing-space-${uniqueStamp()}@example.test`;
  const claim = await claimOnEndedTenancy(ops, [{ email, firstName: "Rae", lastName: "Quinn" }]);
  // The API's clock (never moved on this server): today, London.
  const now = Date.parse(((await ops("clock", {})) as { now: string }).now);
  const today = londonDay(now);

  await signedInAs(page, email, "/help/breathing-space");
  await expect(page.getByRole("heading", { level: 1, name: "Breathing Space" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What we pause while it lasts" })).toBeVisible();
  await expectAccessible(page);

  // Bad input: each field's message, and nothing typed is lost.
  const form = page.locator("form#breathing-space");
  await form.getByLabel("Breathing Space reference").fill("B<");
  await form.getByLabel("Day", { exact: true }).fill("31");
  await form.getByLabel("Month", { exact: true }).fill("2");
  await form.getByLabel("Year", { exact: true }).fill("2026");
  await page.getByRole("button", { name: "Record my Breathing Space" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("The reference can only have letters, numbers, spaces, hyphens and slashes");
  await expect(summary).toContainText("Invalid day for this month");
  await expect(summary).toContainText("Choose the type of Breathing Space");
  await expect(form.getByLabel("Breathing Space reference")).toHaveValue("B<");
  await expectAccessible(page);

  // A start date in the future: the API's own check, on the date.
  const tomorrow = addDays(today, 1).split("-");
  await form.getByLabel("Breathing Space reference").fill("BS-2026-123456");
  await form.getByLabel("Day", { exact: true }).fill(String(Number(tomorrow[2])));
  await form.getByLabel("Month", { exact: true }).fill(String(Number(tomorrow[1])));
  await form.getByLabel("Year", { exact: true }).fill(tomorrow[0]!);
  await form.getByLabel("Standard Breathing Space (up to 60 days)").check();
  await page.getByRole("button", { name: "Record my Breathing Space" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("The start date cannot be in the future");

  // Today: recorded.
  const [y, m, d] = today.split("-");
  await form.getByLabel("Day", { exact: true }).fill(String(Number(d)));
  await form.getByLabel("Month", { exact: true }).fill(String(Number(m)));
  await form.getByLabel("Year", { exact: true }).fill(y!);
  await form.getByLabel("Standard Breathing Space (up to 60 days)").check();
  await page.getByRole("button", { name: "Record my Breathing Space" }).click();
  await expect(page).toHaveURL(/\/help\/breathing-space$/);
  await expect(page.getByText("Your Breathing Space is recorded. We have e-mailed you what pauses and until when.")).toBeVisible();
  const until = `Breathing Space until ${shown(addDays(today, 60))}`;
  await expect(page.getByRole("heading", { level: 2, name: "Your Breathing Space" })).toBeVisible();
  await expect(page.getByText(until)).toBeVisible();
  await expect(page.getByText("BS-2026-123456")).toBeVisible();
  await expect(page.getByRole("button", { name: "Record my Breathing Space" })).toHaveCount(0);
  await expectAccessible(page);

  // The claim page: "Breathing Space until …", and 7 + 61 days left to respond.
  await page.goto(`/claims/${claim.claimId}?mediationEnabled=true`);
  await expect(page.getByRole("heading", { level: 1, name: "Your end of tenancy charges" })).toBeVisible();
  const notice = page.getByRole("region", { name: "Breathing Space" });
  await expect(notice.getByRole("heading", { level: 2, name: until })).toBeVisible();
  await expect(notice.getByRole("link", { name: "What Breathing Space pauses" })).toHaveAttribute("href", "/help/breathing-space");
  await expect(page.getByText("You have 68 days left to respond")).toBeVisible();
  await expectAccessible(page);
  // The calendar file has the moved day.
  const ics = await page.request.get(`/claims/${claim.claimId}/deadline.ics`);
  expect(await ics.text()).toContain(`DTSTART;VALUE=DATE:${addDays(today, 68).replaceAll("-", "")}`);
});
