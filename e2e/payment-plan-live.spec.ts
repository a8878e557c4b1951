import type { Page } from "@playwright/test";
import { authoriseAndPay, expect, expectAccessible, fillCard, outboxFor, signedInAs, test, uniqueStamp } from "./fixtures";
import { expectTitleFirst } from "./reading-order";

/**
 * Issue 13 scope 6 and the web half of 8–9 (docs/decisions/0028): a live plan's active page
 * (schedule with statuses, Show more, the calendar file, paid in full), paying a failed
 * instalment on manual-payment (the failure e-mail's link, the card, the wait) and 'Payment
 * Success'. Fresh tenants and plans (ops): a plan of six £100 instalments, made live.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;
type LivePlan = { email: string; paymentPlanId: string; instalmentIds: string[] };

const INSTALMENTS = 6;

/** The API's day in London (the e2e server's clock), YYYY-MM-DD: a first instalment due on it is charged by the next run. */
async function apiToday(ops: Ops): Promise<string> {
  const { now } = (await ops("clock", {})) as { now: string };
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(now));
}

/**
 * A tenant with a live payment plan (its three steps done by ops, as the card step would). With
 * `card`, the plan's saved card is that sandbox test card and its first instalment is due today.
 */
async function livePlan(ops: Ops, card?: string): Promise<LivePlan> {
  const email = `plan-live-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Lena", lastName: "Live" }],
    ppm: 120_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenants: { orderCustomerId: string }[] };
  const plan = (await ops("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 60_000,
    instalments: INSTALMENTS,
    firstDueDate: card ? await apiToday(ops) : "2027-01-01",
  })) as { paymentPlanId: string; instalmentIds: string[] };
  await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true, ...(card ? { cardNumber: card } : {}) });
  return { email, paymentPlanId: plan.paymentPlanId, instalmentIds: plan.instalmentIds };
}

/** Stripe's test card that attaches and saves, then declines every payment, off-session too. */
const DECLINES_OFF_SESSION = "4000000000000341";

/**
 * The month's charge runs without the tenant (ops charge-instalments: the sweep's job) and the
 * card declines off-session: instalment 1 is FAILED and the tenant is e-mailed the manual-payment link.
 */
async function chargeFails(ops: Ops) {
  await ops("charge-instalments", {});
}

/** Instalment `number` marked failed by the back office (for the pages' states; the real decline is above). */
async function failInstalment(ops: Ops, plan: LivePlan, number: number) {
  await ops("fail-instalment", { paymentPlanId: plan.paymentPlanId, instalmentNumber: number });
}

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const statusOf = (page: Page, number: number) => page.getByRole("row", { name: new RegExp(`^${number} `) }).getByRole("cell").last();

test("the month's charge declines off-session: the failure e-mail's link, paying the instalment by card, the wait, 'Payment Success', then Paid on the plan", async ({
  page,
  request,
  ops,
  isJsOn,
}) => {
  test.skip(!isJsOn, "card details need JavaScript");
  test.slow(); // a card payment and its wait, and four page checks
  // Charged off-session on the plan's saved card, which declines: the plan now needs the tenant.
  const plan = await livePlan(ops, DECLINES_OFF_SESSION);
  await chargeFails(ops);

  const failure = (await outboxFor(request, plan.email)).find((e) => e.template === "PAYMENT_PLAN_INSTALMENT_FAILED");
  const link = /https?:\/\/\S+\/manual-payment/.exec(failure?.text ?? "")?.[0];
  expect(link, "the failure e-mail links to manual-payment").toBeTruthy();
  await signedInAs(page, plan.email, new URL(link!).pathname);

  await expect(h1(page, "Pay your missed instalment")).toBeVisible();
  await expectTitleFirst(page, "Pay your missed instalment");
  await expect(page.getByText("Instalment 1", { exact: true })).toBeVisible();
  await expect(page.getByText("£100.00", { exact: true })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor();
  await expectAccessible(page);

  await fillCard(page, "4242424242424242", { first: "Lena", last: "Live" });
  await authoriseAndPay(page);
  await expect(h1(page, "Payment Success")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Thank you: instalment 1 of £100.00 has been paid.")).toBeVisible();
  await expect(page.getByText(/jointly and severally liable/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "See your payment plan" }).click();
  await expect(h1(page, "Your payment plan")).toBeVisible();
  await expect(statusOf(page, 1)).toHaveText("Paid");
  await expect(page.getByText("A payment has failed")).toHaveCount(0);
  await expectAccessible(page);
});

/** A live plan with instalment 1 paid and instalment 2 failed, signed in without JavaScript at the plan's own URL. */
async function paidThenFailed(page: Page, ops: Ops) {
  const plan = await livePlan(ops);
  await ops("mark-instalment-paid", { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 });
  await failInstalment(ops, plan, 2);
  const base = `/payment-plan/${plan.paymentPlanId}`;
  await signedInAs(page, plan.email, base);
  return { plan, base };
}

test.describe("without JavaScript (these pages send no script: checked once)", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false);
  test.slow(); // four page checks each, every one in a scripted twin page (JavaScript off)

  test("manual-payment's states (what is owed, the wait, its time-out) and 'Payment Success'", async ({ page, ops }) => {
    const { plan, base } = await paidThenFailed(page, ops);
    // The plan's own URL goes to the page it shows now: a failed instalment, so manual-payment.
    await expect(h1(page, "Pay your missed instalment")).toBeVisible();
    await expect(page.getByText("We could not take instalment 2 of your payment plan, due on 01/02/27.", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`${base}/payment-success?instalment=${plan.instalmentIds[0]}`);
    await expect(h1(page, "Payment Success")).toBeVisible();
    await expect(page.getByText("Thank you: instalment 1 of £100.00 has been paid.")).toBeVisible();
    await expect(page.getByText(/jointly and severally liable/)).toBeVisible();
    await expectAccessible(page);

    // The wait after paying: its time-out (the spec's message), then the wait itself, last, since it
    // refreshes itself every 2 s (a navigation after it could race the refresh).
    const waiting = `${base}/manual-payment?instalment=${plan.instalmentIds[1]}`;
    await page.goto(`${waiting}&since=${Date.now() - 31_000}`);
    await expect(h1(page, "Your payment is taking longer than expected!")).toBeVisible();
    await expect(page.getByText("Please contact us if this issue persists.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "contact us" })).toHaveAttribute("href", /^\/contact\?topic=payment-plan&/);
    await expectAccessible(page);
    await page.goto(`${waiting}&since=${Date.now()}`);
    await expect(h1(page, "Processing your payment")).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", /^2;url=.*since=/);
    await expectAccessible(page, { timedRedirect: true });
  });

  test("the active page: statuses in words, what is left, Show more / Hide, the calendar file, then paid in full", async ({ page, ops }) => {
    const { plan, base } = await paidThenFailed(page, ops);
    await page.goto(`${base}/active`);
    await expect(h1(page, "Your payment plan")).toBeVisible();
    await expect(statusOf(page, 1)).toHaveText("Paid");
    await expect(statusOf(page, 2)).toHaveText("Payment failed");
    await expect(statusOf(page, 3)).toHaveText("Scheduled");
    await expect(page.getByRole("definition").filter({ hasText: "£500.00" })).toBeVisible(); // left to pay
    await expect(page.getByRole("link", { name: "Pay instalment 2 now" })).toHaveAttribute("href", `${base}/manual-payment`);
    await expect(page.getByRole("heading", { level: 2, name: "If a payment fails" })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(1 + 5);
    await expectAccessible(page);
    await page.getByRole("link", { name: /Show more/ }).click();
    await expect(page.getByRole("row")).toHaveCount(1 + INSTALMENTS);
    await expect(page.getByRole("link", { name: "Hide" })).toBeVisible();
    await expectAccessible(page);

    const calendarHref = await page.getByRole("link", { name: /Add to calendar/ }).getAttribute("href");
    const calendar = await page.request.get(calendarHref!);
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    expect((await calendar.text()).match(/BEGIN:VEVENT/g)).toHaveLength(INSTALMENTS);

    // Every instalment paid: paid in full, and nothing about what comes next.
    for (let number = 2; number <= INSTALMENTS; number += 1) {
      await ops("mark-instalment-paid", { paymentPlanId: plan.paymentPlanId, instalmentNumber: number });
    }
    await page.goto(`${base}/active`);
    await expect(page.getByRole("heading", { level: 2, name: "Your payment plan is paid in full" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Add to calendar/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "If a payment fails" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
