import { expect, expectAccessible, signedInAs, test } from "./fixtures";

/**
 * 'What helps for this charge' (issue 27 scope 4), JavaScript on and off, on claim@'s items (read
 * only: the calculator is a GET form, nothing is changed): the cleaning item's checklist; the
 * carpet's wear-and-tear note and calculator, with a result and with bad input (a 400, the error
 * summary, what was typed kept).
 */
test("claim@: the evidence checklist of a charge, and the wear-and-tear calculator (a result, then bad input)", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, "claim@keyfree.example");
  await expect(page.getByRole("heading", { level: 1, name: "Your end of tenancy charges" })).toBeVisible();
  const main = page.getByRole("main");

  // The cleaning item: its checklist, and no calculator (nothing is replaced).
  await main.getByRole("link", { name: "What helps for a cleaning charge (Professional clean of the kitchen and bathroom)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What helps for a cleaning charge" })).toBeVisible();
  await expect(page).toHaveTitle("What helps for a cleaning charge — Keyfree");
  const checklist = main.locator(".item-help__checklist li");
  await expect(checklist.first()).toContainText("check-in report pages");
  await expect(main.getByText("Dated photos or video from the day you moved in and the day you moved out")).toBeVisible();
  await expect(main.getByText("Receipts or invoices for any cleaning you paid for before you left")).toBeVisible();
  await expect(main.getByText(/the burden of proof is on them/)).toBeVisible();
  await expect(main.getByRole("button", { name: "Work it out" })).toHaveCount(0);
  await expectAccessible(page);
  await main.getByRole("link", { name: "Back to the charges" }).click();
  await expect(page).toHaveURL(/\/claims\/[^/?]+\?mediationEnabled=true#item-/);

  // The carpet: fair wear and tear, betterment, and the calculator.
  await main.getByRole("link", { name: "What helps for a damage charge (Replace the stained living room carpet)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What helps for a damage charge" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Fair wear and tear, and betterment" })).toBeVisible();
  await expect(main.getByText("This is guidance, not the adjudicator's decision.", { exact: false }).first()).toBeVisible();
  const helpUrl = new URL(page.url());
  expect(helpUrl.pathname).toMatch(/^\/claims\/[^/]+\/items\/[^/]+\/help$/);

  await page.getByLabel("How old was it when your tenancy started?").fill("2");
  await page.getByLabel("How many years does an item like it usually last?").fill("10");
  await page.getByLabel("How many months did your tenancy last?").fill("36");
  await page.getByRole("button", { name: "Work it out" }).click();
  await expect(page).toHaveURL(`${helpUrl.pathname}?age=2&life=10&tenancy=36`);
  const result = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Your result" }) });
  await expect(result).toContainText("An item 2 years old when your tenancy started, after 36 months, was 5 years old, with 5 years of its usual 10 years left.");
  await expect(result).toContainText("A tenant would usually pay about 50% of the cost of a new one.");
  await expect(result).toContainText("If £420.00 is what a new one costs, that is about £210.00.");
  await expect(result).toContainText("This is guidance, not the adjudicator's decision.");
  await expect(page.getByLabel("How many months did your tenancy last?")).toHaveValue("36");
  await expectAccessible(page);

  // Bad input: the error summary, each error a link to its field, what was typed kept.
  await page.getByLabel("How old was it when your tenancy started?").fill("three");
  await page.getByLabel("How many years does an item like it usually last?").fill("");
  await page.getByRole("button", { name: "Work it out" }).click();
  await expect(page).toHaveURL(`${helpUrl.pathname}?age=three&life=&tenancy=36`);
  await expect(page).toHaveTitle("Error: What helps for a damage charge — Keyfree");
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
  await expect(summary.getByRole("link", { name: "Enter the item's age as a number of years, like 3 or 2.5" })).toHaveAttribute("href", "#wear-age");
  await expect(summary.getByRole("link", { name: "Enter how many years an item like this usually lasts" })).toHaveAttribute("href", "#wear-life");
  await expect(page.getByLabel("How old was it when your tenancy started?")).toHaveValue("three");
  await expect(page.getByLabel("How old was it when your tenancy started?")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { name: "Your result" })).toHaveCount(0);
  await expectAccessible(page);

  // Junk in the URL is a 400 with the page, never a 500.
  const junk = await page.request.get(`${helpUrl.pathname}?age=%00%3Cscript%3E&life=-1&tenancy=${"9".repeat(300)}`);
  expect(junk.status()).toBe(400);
  expect(await junk.text()).toContain("There is a problem");
});
