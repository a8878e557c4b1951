import type { Page } from "@playwright/test";
import { claimOnEndedTenancy, type Ops } from "./claim-setup";
import { expect, expectAccessible, outboxFor, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * A plan the tenant can afford, worked out from their budget (issue 36, scope 2), with JavaScript
 * on and off (the page sends no script either way): the budget works out the plans that fit, and
 * bad amounts get the error summary and their field's message; a request sends the tenant a
 * receipt and support an e-mail, and the plan the back office offers on it is set up as any plan
 * is (its page opens at its first step).
 */
const SUPPORT_EMAIL = "support@keyfree.example";
const BUDGET = "/help/struggling-to-pay/budget";

/** A tenant whose ended Keyfree has £300 of charges they accepted: their balance to pay. */
async function tenantOwing(ops: Ops, email: string, firstName: string) {
  const claim = await claimOnEndedTenancy(ops, [{ email, firstName, lastName: "Budget" }], {
    items: [{ description: "Oven clean", type: "CLEANING", amount: 30_000 }],
  });
  await ops("tenant-accept", { claimId: claim.claimId, claimProposalId: claim.claimProposalId, email });
  return claim;
}

/** Types an amount on a line (its label, exactly) and how often it comes. */
async function line(page: Page, label: string, amount: string, often?: string) {
  await page.getByLabel(label, { exact: true }).fill(amount);
  if (often) await page.getByLabel(`How often (${label.toLowerCase()})`).selectOption({ label: often });
}

/** £1,800 a month in; £1,700 a month out: £100 left. */
async function budgetWithHundredLeft(page: Page) {
  await line(page, "Wages or salary", "1,800", "Every month");
  await line(page, "Rent", "1000");
  await line(page, "Food, toiletries and cleaning", "100", "Every week");
  await line(page, "Gas and electricity", "150", "Every 4 weeks");
  await line(page, "Council tax", "104.17");
}

const workOut = (page: Page) => page.getByRole("button", { name: "Work out my plan" }).click();

test("the budget works out the plans that fit what is left each month; bad amounts get their field's message, and too little left is said plainly", async ({
  page,
  ops,
}) => {
  const email = `budget-${uniqueStamp()}@example.test`;
  await tenantOwing(ops, email, "Bea");
  await signedInAs(page, email, BUDGET);
  await expect(page.getByRole("heading", { level: 1, name: "Work out a plan you can afford" })).toBeVisible();
  await expect(page.getByText("A plan is at most 12 monthly instalments, with no interest and no fees.")).toBeVisible();
  // The one debt is chosen: the tenant's share of the charges.
  await expect(page.getByLabel("What do you want a plan for?")).toHaveValue(/^CLAIM_BALANCE:/);
  await expect(page.getByRole("group", { name: "Home and contents" })).toBeVisible();
  await expect(page.getByLabel("How often (rent)")).toHaveValue("MONTHLY");
  await expectAccessible(page);

  // Not a number, negative, absurd: the summary links each to its field, which says what to do.
  await line(page, "Rent", "lots");
  await line(page, "Council tax", "-20");
  await line(page, "Wages or salary", "30000", "Every week");
  await workOut(page);
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Wages or salary must be £100,000 a month or less" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter rent as an amount in pounds, like 150 or 150.50" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Council tax must be £0 or more" })).toBeVisible();
  await expect(page.getByLabel("Council tax", { exact: true })).toHaveAccessibleDescription("Error: Council tax must be £0 or more");
  await expect(page).toHaveTitle("Error: Work out a plan you can afford — Keyfree");
  // What was typed is kept.
  await expect(page.getByLabel("Rent", { exact: true })).toHaveValue("lots");
  await expectAccessible(page);

  // More going out than coming in: said plainly, with the ways out and no plan to choose.
  await line(page, "Wages or salary", "1000", "Every month");
  await line(page, "Rent", "1000");
  await line(page, "Council tax", "100");
  await workOut(page);
  await expect(page.getByRole("heading", { level: 1, name: "What you have left each month" })).toBeVisible();
  await expect(page.getByText("Nothing: £100.00 more goes out than comes in")).toBeVisible();
  await expect(page.getByText(/nothing is left each month once your outgoings are paid/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Find free debt advice" })).toHaveAttribute("href", "/help/struggling-to-pay");
  await expect(page.getByRole("link", { name: "About Breathing Space" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask for this plan" })).toHaveCount(0);
  await expectAccessible(page);

  // £100 left: from 3 instalments of £100 (the fewest that fit) up to 12.
  await budgetWithHundredLeft(page);
  await workOut(page);
  await expect(page.getByRole("heading", { level: 1, name: "The plans you can afford" })).toBeVisible();
  const answer = page.getByRole("region", { name: "Your budget worked out" });
  await expect(answer.getByText("Your share of the end of tenancy charges for")).toContainText("£300.00");
  const totals = answer.locator(".budget-answer__totals");
  await expect(totals).toContainText("Coming in each month£1,800.00");
  await expect(totals).toContainText("Going out each month£1,700.00");
  await expect(totals).toContainText("Left each month£100.00");
  const plans = page.getByRole("group", { name: /^Choose a plan/ }).getByRole("radio");
  await expect(plans).toHaveCount(10);
  await expect(page.getByLabel("3 monthly instalments of £100.00")).toBeChecked();
  await expect(page.getByLabel("12 monthly instalments of £25.00")).not.toBeChecked();
  // The budget is still there to change.
  await expect(page.getByLabel("Food, toiletries and cleaning", { exact: true })).toHaveValue("100");
  await expect(page.getByLabel("How often (food, toiletries and cleaning)")).toHaveValue("WEEKLY");
  await expectAccessible(page);
});

test("a request sends a receipt and tells support; the plan the back office offers on it is set up as any plan is", async ({ page, ops }) => {
  const email = `budget-request-${uniqueStamp()}@example.test`;
  const claim = await tenantOwing(ops, email, "Rae");
  await signedInAs(page, email, `${BUDGET}?debt=CLAIM_BALANCE:${claim.claimId}`);
  await budgetWithHundredLeft(page);
  await workOut(page);
  await page.getByLabel("6 monthly instalments of £50.00").check();
  await page.getByRole("button", { name: "Ask for this plan" }).click();

  await expect(page).toHaveURL(/\/help\/struggling-to-pay\/budget\?sent=[\w-]+$/);
  const requestId = new URL(page.url()).searchParams.get("sent")!;
  await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();
  await expect(page.getByText(/We have your request to pay 6 monthly instalments of £50\.00 for your share of the end of tenancy charges/)).toBeVisible();
  await expect(page.getByText("Until we answer, nobody will ask you for this money, and nothing about it will be escalated.")).toBeVisible();
  await expect(page.getByText(/within 48 hours/)).toBeVisible();
  await expectAccessible(page);

  // The receipt, and support's e-mail naming the request, the debt and the plan (not the budget).
  const receipt = (await outboxFor(page.request, email)).find((e) => e.template === "PAYMENT_PLAN_REQUEST_RECEIVED");
  expect(receipt?.text).toContain("£300.00, in 6 monthly instalments of £50.00, with no interest and no fees");
  expect(receipt?.text).toContain("Until we answer, nobody will ask you for this money");
  const toSupport = (await outboxFor(page.request, SUPPORT_EMAIL)).find((e) => e.text.includes(`Request: ${requestId}`));
  expect(toSupport?.template).toBe("PAYMENT_PLAN_REQUEST_TO_SUPPORT");
  expect(toSupport?.text).toContain(`Debt: CLAIM_BALANCE, claim ${claim.claimId}`);
  expect(toSupport?.text).toContain("Plan asked for: 6 monthly instalments of £50.00");
  expect(toSupport?.text).not.toMatch(/1,?800|433\.33|Wages|Rent/);

  // Back on the page: the request waits for an answer; there is nothing else to plan.
  await page.goto(BUDGET);
  await expect(page.getByRole("heading", { level: 2, name: "Waiting for our answer" })).toBeVisible();
  await expect(page.getByText(/in 6 monthly instalments of £50\.00\. We will answer you by e-mail/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Work out my plan" })).toHaveCount(0);
  await expectAccessible(page);

  // The back office offers the plan asked for; the tenant is e-mailed, and the plan opens at its first step.
  const offered = (await ops("offer-payment-plan", { requestId })) as { paymentPlanId: string; instalments: number; amount: number };
  expect(offered).toMatchObject({ instalments: 6, amount: 30_000 });
  const offer = (await outboxFor(page.request, email)).find((e) => e.template === "PAYMENT_PLAN_OFFERED");
  expect(offer?.text).toContain(`/payment-plan/${offered.paymentPlanId}`);
  await page.goto(`/payment-plan/${offered.paymentPlanId}`);
  await expect(page).toHaveURL(new RegExp(`/payment-plan/${offered.paymentPlanId}/confirm$`));
  await expect(page.getByRole("heading", { level: 1, name: "Proposed Payment Summary" })).toBeVisible();
  await expect(page.getByText(/^Your outstanding balance of £300\.00 will be spread over 6 instalments$/)).toBeVisible();
  await expectAccessible(page);
});
