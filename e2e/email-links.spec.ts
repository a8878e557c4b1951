import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { DEMO_PASSWORD, expect, outboxFor, signIn, test, uniqueStamp } from "./fixtures";

/**
 * Issue 9 scope 8: every e-mailed link lands on a page. Produces every kind of e-mail the app and
 * the ops commands send, follows each link in each against the running web app (redirects
 * followed, signed out, as a tenant clicking it in their mail would), and fails on a 404 or a 5xx.
 *
 * PENDING lists the links whose screens a later issue builds: such a link may answer 404 today,
 * and must not once its screen exists (the entry is then an error: delete it). The list must be
 * empty when the payment-plan issue is done.
 */
const PENDING: { path: RegExp; builtBy: string }[] = [];

/**
 * E-mails with no link in them, and where that is checked: the refund e-mail needs a card payment
 * refused through the sandbox, which tests/api/refunds.test.ts does; tests/api/email-kinds.test.ts
 * asserts its text carries no link. The contact page's two (to support, and the sender's
 * receipt) are produced by e2e/contact.spec.ts; tests/api/support-messages.test.ts asserts they
 * carry no link.
 */
const WITHOUT_LINKS_CHECKED_ELSEWHERE = ["PAYMENT_REFUNDED", "SUPPORT_MESSAGE", "SUPPORT_MESSAGE_RECEIPT"];

/** Every e-mail kind the server can queue: each `template: "X"` in server/ (a new kind fails this test until it is produced here). */
function templatesInSource(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith(".ts")) {
        for (const m of readFileSync(file, "utf8").matchAll(/template: "([A-Z_]+)"/g)) found.add(m[1]!);
      }
    }
  };
  walk(path.resolve("server"));
  return [...found].sort();
}


const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => new URL(m[0]));

test("every e-mailed link lands on a page (links to screens of later issues are listed as pending)", async ({
  page,
  request,
  ops,
  newTenant,
}) => {
  test.setTimeout(120_000);
  const run = `${uniqueStamp()}`;
  const tenant = `links-${run}@example.test`;
  const offered = `links-offer-${run}@example.test`;
  const invited = `links-invite-${run}@example.test`;

  // A Keyfree in its third year: the annual fee, a claim, a payment plan whose instalment fails, an inventory request.
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email: tenant, firstName: "Lin", lastName: "Kes" }],
    ppm: 120_000,
    startDate: "2024-01-01",
    endDate: "2027-12-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string; tenants: { orderCustomerId: string }[] };
  await ops("create-annual-fee", { tenancyId: tenancy.tenancyId, years: 1 });
  await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000, evidence: 1 }],
    mediationEnabled: true,
  });
  const plan = (await ops("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 60_000,
    instalments: 6,
    firstDueDate: "2027-01-01",
  })) as { paymentPlanId: string };
  await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true });
  await ops("fail-instalment", { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 });
  // A second plan charged tomorrow (the API's clock, London day): going live e-mails PAYMENT_PLAN_LIVE
  // and the reminders job the day-before PAYMENT_PLAN_INSTALMENT_REMINDER.
  const { now } = (await ops("clock", {})) as { now: string };
  const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.parse(now) + 86_400_000));
  const charged = (await ops("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 30_000,
    instalments: 3,
    firstDueDate: tomorrow,
  })) as { paymentPlanId: string };
  await ops("activate-payment-plan", { paymentPlanId: charged.paymentPlanId, completeEarlierSteps: true });
  await ops("send-instalment-reminders", {});
  await ops("create-inventory-request", { tenancyId: tenancy.tenancyId });
  // An offer to someone else; an invitation to set a password.
  await ops("create-offer", {
    address: { buildingNumber: "4", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AP" },
    savingAmount: 115_385,
    keyfreeAmount: 34_615,
    cashDepositAmount: 150_000,
    recipients: [{ email: offered, firstName: "Kim", lastName: "Park" }],
  });
  await ops("invite-tenant", { email: invited, firstName: "Nia", lastName: "Hart" });
  // A tenant who must choose a new password is sent the reset link when they sign in.
  const resetting = await newTenant({ requiresPasswordReset: true });
  await page.goto("/auth/login");
  await signIn(page, resetting.email, DEMO_PASSWORD);
  await expect(page.getByText("Check Your Email").first()).toBeVisible();

  const emails = (await Promise.all([tenant, offered, invited, resetting.email].map((to) => outboxFor(request, to)))).flat();
  const produced = new Set(emails.map((e) => e.template));
  expect([...new Set([...produced, ...WITHOUT_LINKS_CHECKED_ELSEWHERE])].sort(), "every kind of e-mail is produced here").toEqual(
    templatesInSource(),
  );

  const landed: string[] = [];
  const pending: string[] = [];
  const problems: string[] = [];
  for (const email of emails) {
    const links = linksIn(email.text);
    for (const link of links) {
      const target = `${link.pathname}${link.search}`;
      const res = await request.get(target, { maxRedirects: 20 });
      const waiting = PENDING.find((p) => p.path.test(link.pathname));
      const where = `${email.template} → ${link.pathname} answered ${res.status()}`;
      if (res.status() >= 500) problems.push(`${where} (a server error)`);
      else if (res.status() === 404 && waiting) pending.push(`${where}, pending: ${waiting.builtBy}`);
      else if (res.status() === 404) problems.push(`${where}: not found`);
      else if (waiting) problems.push(`${where}: it lands now, so delete its PENDING entry (${waiting.path})`);
      else landed.push(where);
    }
  }
  test.info().annotations.push({ type: "landed", description: landed.join("; ") }, { type: "pending", description: pending.join("; ") });
  expect(problems).toEqual([]);
  // Links were followed: the annual fee's at least lands today (on the login page, signed out).
  expect(landed.some((l) => l.startsWith("ANNUAL_FEE_DUE"))).toBe(true);
});
