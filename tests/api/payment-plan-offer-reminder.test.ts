import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, outboxSms, users } from "../../server/db/schema";
import { remindEndingPaymentPlanOffers } from "../../server/jobs/payment-plan-offers";
import { runDueJobs } from "../../server/jobs/sweeper";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { activatePaymentPlan, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

/**
 * Issue 38 (decision 0059): a payment plan offer lapses 48 hours after it is made; 12 hours
 * before, at 36 hours, the offer sweep reminds its tenant once (PAYMENT_PLAN_OFFER_ENDING, by
 * e-mail and text message), only while its steps are not done, and not during a Breathing Space.
 * Time moves by the test clock.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const OFFERED_AT = new Date("2026-11-22T10:00:00Z");
const at = (hours: number) => new Date(OFFERED_AT.getTime() + hours * HOUR);
const deps = () => ({ db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });
const ops = (command: string, body: unknown) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });

async function offeredPlan(firstName: string) {
  const tenant = await t.signedInTenant({ firstName });
  await t.db.update(users).set({ mobileNumber: "07700900123" }).where(eq(users.id, tenant.userId));
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [tenant.userId] });
  const order = await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 100_000, customers: [{ customerId: tenant.customerId }], status: "COMPLETE" });
  const plan = await offerPaymentPlan(
    t.db,
    { orderCustomerId: order.orderCustomers[0]!.orderCustomerId, amount: 6_000, instalments: 2, firstDueDate: "2026-12-15" },
    OFFERED_AT,
  );
  return { tenant, plan };
}

async function reminders(userIds: string[]) {
  const emails = await t.db
    .select()
    .from(outboxEmails)
    .where(and(inArray(outboxEmails.userId, userIds), eq(outboxEmails.template, "PAYMENT_PLAN_OFFER_ENDING")));
  const sms = await t.db
    .select()
    .from(outboxSms)
    .where(and(inArray(outboxSms.userId, userIds), eq(outboxSms.template, "PAYMENT_PLAN_OFFER_ENDING")));
  return { emails, sms };
}

describe("the reminder 12 hours before a payment plan offer lapses (issue 38)", () => {
  it("is sent once at 36 hours, not before, not twice, not after the plan is set up, and not during a Breathing Space", async () => {
    const open = await offeredPlan("Olive");
    const setUp = await offeredPlan("Sami");
    const breathing = await offeredPlan("Bea");
    const all = [open.tenant.userId, setUp.tenant.userId, breathing.tenant.userId];
    // Sami sets the plan up on the first day; Bea is in a Breathing Space from the next.
    await activatePaymentPlan(t.db, { paymentPlanId: setUp.plan.paymentPlanId, completeEarlierSteps: true }, at(2));
    t.clock.set(at(20));
    expect((await ops("breathing-space", { email: breathing.tenant.email, reference: "BS-2026-0038", type: "standard", start: "2026-11-23" })).status).toBe(200);

    // Not before: a minute short of 36 hours.
    t.clock.set(at(36 - 1 / 60));
    await runDueJobs(deps());
    expect((await reminders(all)).emails).toEqual([]);

    // At 36 hours, two sweeps at once, then the next runs: one e-mail and one text, to Olive only.
    t.clock.set(at(36));
    const [a, b] = await Promise.all([remindEndingPaymentPlanOffers({ db: t.db, clock: t.clock }), remindEndingPaymentPlanOffers({ db: t.db, clock: t.clock })]);
    expect([...a.reminded, ...b.reminded]).toEqual([open.plan.paymentPlanId]);
    await runDueJobs(deps());
    t.clock.set(at(40));
    await runDueJobs(deps());
    const sent = await reminders(all);
    expect(sent.emails.map((e) => e.userId)).toEqual([open.tenant.userId]);
    expect(sent.sms.map((s) => s.userId)).toEqual([open.tenant.userId]);
    const [mail] = sent.emails;
    expect(mail!.subject).toBe("Reminder: your payment plan offer ends soon");
    expect(mail!.text).toContain("ends at 10:00am on Tuesday 24 November 2026 (UK time), tomorrow.");
    expect(mail!.text).toContain(`/payment-plan/${open.plan.paymentPlanId}`);
    expect(sent.sms[0]!.text).toContain("your payment plan offer ends at 10:00am tomorrow");

    // Once lapsed, nothing more: the offer is voided and nobody is reminded of it.
    t.clock.set(at(49));
    await runDueJobs(deps());
    expect((await reminders(all)).emails).toHaveLength(1);
  });

  it("an offer first swept after it lapsed gets no reminder", async () => {
    const late = await offeredPlan("Lara");
    t.clock.set(at(48 + 1 / 60));
    expect((await remindEndingPaymentPlanOffers({ db: t.db, clock: t.clock })).reminded).toEqual([]);
    expect((await reminders([late.tenant.userId])).emails).toEqual([]);
  });
});
