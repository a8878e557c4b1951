import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRUGGLING_TO_PAY_EMAIL_LINE, STRUGGLING_TO_PAY_PATH } from "#common/struggling-to-pay";
import { outboxEmails, outboxSms } from "../../server/db/schema";
import { startOfLondonDay } from "../../server/domain/london-time";
import { sendInstalmentReminders } from "../../server/jobs/instalment-reminders";
import { appUrl } from "../../server/lib/app-url";
import { createAnnualFeeOrder } from "../../stand-ins/scenarios/annual-fee";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { activatePaymentPlan, failInstalment, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * Issue 36, scope 1: the e-mails outside the notice catalogue that ask for money (each
 * `queueEmail(` that does) end, after their own link, with "Struggling to pay?" and the help
 * page's absolute link: the annual fee, an instalment's reminder and a failed instalment. The
 * catalogue's kinds are tests/unit/notices.test.ts; e2e/email-links.spec.ts follows the link.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["quickTenant"]>>;

async function emailTo(tenant: Tenant, template: string) {
  const rows = await t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, tenant.email), eq(outboxEmails.template, template)));
  expect(rows, template).toHaveLength(1);
  return rows[0]!;
}

/** The e-mail's last four lines: its own link, then the help page's (the blank line, the sentence, the link). */
function expectHelpAfter(text: string, ownLink: string) {
  expect(text.split("\n").slice(-4)).toEqual([ownLink, "", STRUGGLING_TO_PAY_EMAIL_LINE, `${appUrl()}${STRUGGLING_TO_PAY_PATH}`]);
}

async function tenantWithKeyfree(startDate = "2025-01-01") {
  const tenant = await t.quickTenant();
  const { tenancy } = await createTenancy(t.db, {
    tenantUserIds: [tenant.userId],
    startDate,
    endDate: null,
    address: { buildingNumber: "7", street: "Quay Street", town: "Bristol", postcode: "BS1 5TH" },
  });
  const order = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: [{ customerId: tenant.customerId }],
    status: "COMPLETE",
    completedAt: t.clock.now(),
  });
  return { tenant, tenancy, orderCustomerId: order.orderCustomers[0]!.orderCustomerId };
}

describe("the e-mails outside the catalogue that ask for money link 'Struggling to pay?'", () => {
  it("the annual fee is due (ANNUAL_FEE_DUE)", async () => {
    // The test clock reads 2026-11-22: a tenancy from 2024-06-01 has a year's fee due.
    const { tenant, tenancy } = await tenantWithKeyfree("2024-06-01");
    const created = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id, years: 1 }, t.clock.now());
    const mail = await emailTo(tenant, "ANNUAL_FEE_DUE");
    expectHelpAfter(mail.text, `${appUrl()}/annual-fee/${created.orderId}/${tenant.customerId}`);
  });

  it("an instalment could not be taken (PAYMENT_PLAN_INSTALMENT_FAILED)", async () => {
    const { tenant, orderCustomerId } = await tenantWithKeyfree();
    const plan = await offerPaymentPlan(t.db, { orderCustomerId, amount: 30_000, instalments: 3, firstDueDate: "2026-12-01" }, t.clock.now());
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    await failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    const mail = await emailTo(tenant, "PAYMENT_PLAN_INSTALMENT_FAILED");
    expectHelpAfter(mail.text, `${appUrl()}/payment-plan/${plan.paymentPlanId}/manual-payment`);
  });

  it("an instalment is charged tomorrow (PAYMENT_PLAN_INSTALMENT_REMINDER); no text message carries the help link", async () => {
    const { tenant, orderCustomerId } = await tenantWithKeyfree();
    const plan = await offerPaymentPlan(t.db, { orderCustomerId, amount: 30_000, instalments: 3, firstDueDate: "2026-11-23" }, t.clock.now());
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    // 09:00 London on 22 November: the day-before reminder of the first instalment.
    const run = await sendInstalmentReminders({ db: t.db, clock: t.clock }, new Date(startOfLondonDay("2026-11-22").getTime() + 9 * 3_600_000));
    expect(run.dayReminders).toEqual([plan.instalmentIds[0]]);
    const mail = await emailTo(tenant, "PAYMENT_PLAN_INSTALMENT_REMINDER");
    expectHelpAfter(mail.text, `${appUrl()}/payment-plan/${plan.paymentPlanId}/active`);
    const texts = await t.db.select({ text: outboxSms.text }).from(outboxSms);
    expect(texts.filter((s) => s.text.includes(STRUGGLING_TO_PAY_PATH))).toEqual([]);
  });
});
