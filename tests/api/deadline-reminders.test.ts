import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deps } from "../../server/context";
import { claims, orderCustomerActions, orderCustomers, outboxEmails, outboxSms, users } from "../../server/db/schema";
import { adjudicationPaymentDeadline, responseDeadline } from "../../server/domain/deadlines";
import { addCalendarDays, londonDate, startOfLondonDay } from "../../server/domain/london-time";
import { sendDeadlineReminders } from "../../server/jobs/deadline-reminders";
import { runDueJobs } from "../../server/jobs/sweeper";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { agentRejectWithFinalProposal, decideAdjudication, payClaimAction, raiseClaim, sendToAdjudication } from "../../stand-ins/scenarios/claims";
import { activatePaymentPlan, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { createTestApi, type TestApi } from "../helpers/api";
import { migrateWithStandIns } from "../helpers/stand-ins";

/**
 * Reminders before each response and payment deadline (issue 28, scope 2): the day before from
 * 8am London and the morning of the day, once each, to each tenant who still has to act, by
 * e-mail and by text message to those with a mobile number and text messages on.
 * Every date here is in winter (GMT), so 8am London is 08:00 UTC; summer time is in
 * tests/unit/notices.test.ts.
 */
let t: TestApi;
beforeAll(async () => {
  // Tokens outlive the clock moves.
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

const HOUR = 3600_000;
const run = () => sendDeadlineReminders({ db: t.db, clock: t.clock });
type Kind = "RESPONSE_REMINDER" | "DISPUTE_FEE_REMINDER" | "PAYMENT_REMINDER" | "ADJUDICATION_PAYMENT_REMINDER";

/** Each test starts on a London day of its own, at 10am, ten days after the last one. */
function freshDay() {
  t.clock.set(new Date(startOfLondonDay(addCalendarDays(londonDate(t.clock.now()), 10)).getTime() + 10 * HOUR));
}

/** "HH:MM" London (GMT) time on the day `daysBefore` days before the deadline's day. */
function at(deadline: Date, daysBefore: number, time: string) {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Date(startOfLondonDay(addCalendarDays(londonDate(deadline), -daysBefore)).getTime() + h * HOUR + m * 60_000);
}

type Tenant = Awaited<ReturnType<TestApi["quickTenant"]>>;

/**
 * A claim on a tenancy of `count` tenants: the first has a mobile number (text messages on), the
 * second none, a third a mobile number with text messages turned off. Items total £300.
 */
async function claimFor(options: { tenants?: number; mediationEnabled?: boolean } = {}) {
  const tenants: Tenant[] = [];
  for (let i = 0; i < (options.tenants ?? 2); i += 1) tenants.push(await t.quickTenant({ firstName: ["Ana", "Ben", "Cat"][i] }));
  await t.db.update(users).set({ mobileNumber: "07700900123" }).where(eq(users.id, tenants[0]!.userId));
  if (tenants[2]) await t.db.update(users).set({ mobileNumber: "07700900456", smsNotices: false }).where(eq(users.id, tenants[2].userId));
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: tenants.map((x) => x.userId) });
  await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: tenants.map((x) => ({ customerId: x.customerId })), status: "COMPLETE" });
  const claim = await raiseClaim(
    t.db,
    {
      tenancyId: tenancy.id,
      items: [
        { description: "Cleaning", type: "CLEANING", amount: 10_000 },
        { description: "Paint", type: "REDECORATION", amount: 20_000 },
      ],
      mediationEnabled: options.mediationEnabled ?? true,
    },
    t.clock.now(),
  );
  return { tenants, claim, path: `/claims/${claim.claimId}`, deadline: responseDeadline(t.clock.now()) };
}

/** The reminders of a kind sent to these tenants: each e-mail as "first name:stage" (from its subject) and each text message's recipient. */
async function reminders(kind: Kind, tenants: Tenant[]) {
  const ids = tenants.map((x) => x.userId);
  const emails = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, kind), inArray(outboxEmails.userId, ids)));
  const sms = await t.db.select().from(outboxSms).where(and(eq(outboxSms.template, kind), inArray(outboxSms.userId, ids)));
  const name = (userId: string | null) => ["Ana", "Ben", "Cat"][ids.indexOf(userId!)];
  const stage = (subject: string) => (subject.endsWith("tomorrow") ? "DAY_BEFORE" : subject.endsWith("today") ? "ON_THE_DAY" : subject);
  return {
    emails: emails.map((e) => `${name(e.userId)}:${stage(e.subject)}`).sort(),
    sms: sms.map((s) => `${name(s.userId)}:${s.text.includes("tonight") ? "ON_THE_DAY" : "DAY_BEFORE"}`).sort(),
    rows: emails,
    smsRows: sms,
  };
}

/** Runs the job several times, twice of them at once, as several instances every 30 seconds would. */
async function runOftenAt(when: Date) {
  t.clock.set(when);
  await run();
  await Promise.all([run(), run()]);
  t.clock.set(new Date(when.getTime() + 30_000));
  await run();
}

async function openActions(orderId: string, tenant: Tenant) {
  const rows = await t.db
    .select({ action: orderCustomerActions, orderCustomerId: orderCustomers.id })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, tenant.customerId)));
  const byType = (typeId: string) => rows.find((r) => r.action.typeId === typeId)!;
  return { byType, orderCustomerId: rows[0]!.orderCustomerId };
}

describe("RESPONSE_REMINDER: answer the charges", () => {
  it("the day before from 8am and the morning of the day, once each, to every tenant; text messages only with a mobile number and SMS on; none after", async () => {
    freshDay();
    const { tenants, claim, deadline } = await claimFor({ tenants: 3 });

    t.clock.set(at(deadline, 2, "12:00"));
    await run();
    t.clock.set(at(deadline, 1, "07:59"));
    await run();
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toEqual([]);

    t.clock.set(at(deadline, 1, "08:00"));
    const first = await run();
    const firstSent = first.sent.filter((s) => s.claimId === claim.claimId);
    expect(firstSent).toEqual([
      { kind: "RESPONSE_REMINDER", subjectId: claim.claimProposalId, claimId: claim.claimId, stage: "DAY_BEFORE", userIds: expect.any(Array), sms: 1 },
    ]);
    expect([...firstSent[0]!.userIds].sort()).toEqual(tenants.map((x) => x.userId).sort());
    await Promise.all([run(), run()]);
    t.clock.set(at(deadline, 1, "22:00"));
    const later = await run();
    expect(later.sent.filter((s) => s.claimId === claim.claimId)).toEqual([]);
    // Known from the outbox's keys without a transaction: nothing is written again every 30 seconds.
    expect(later).toMatchObject({ alreadySent: 1, skippedLocked: 0, failed: 0 });
    let sent = await reminders("RESPONSE_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE", "Ben:DAY_BEFORE", "Cat:DAY_BEFORE"]);
    expect(sent.sms).toEqual(["Ana:DAY_BEFORE"]);
    const ana = sent.rows.find((e) => e.userId === tenants[0]!.userId)!;
    expect(ana.subject).toBe("Reminder: answer the end of tenancy charges tomorrow");
    expect(ana.text).toContain(`must be answered by 11:59pm on ${longDate(deadline)} (UK time), tomorrow.`);
    expect(ana.text).toContain(`/claims/${claim.claimId}`);
    expect(ana.dedupeKey).toBe(`RESPONSE_REMINDER:${claim.claimProposalId}:${deadline.toISOString()}:DAY_BEFORE:${tenants[0]!.userId}:EMAIL`);
    expect(sent.smsRows[0]).toMatchObject({ to: "07700900123" });
    expect(sent.smsRows[0]!.text).toMatch(new RegExp(`^Keyfree: Hi Ana, reminder: answer the end of tenancy charges by 11:59pm tomorrow: http.*/claims/${claim.claimId}$`));

    t.clock.set(at(deadline, 0, "07:59"));
    await run();
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toHaveLength(3);

    await runOftenAt(at(deadline, 0, "08:00"));
    sent = await reminders("RESPONSE_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE", "Ana:ON_THE_DAY", "Ben:DAY_BEFORE", "Ben:ON_THE_DAY", "Cat:DAY_BEFORE", "Cat:ON_THE_DAY"]);
    expect(sent.sms).toEqual(["Ana:DAY_BEFORE", "Ana:ON_THE_DAY"]);
    expect(sent.rows.find((e) => e.userId === tenants[1]!.userId && e.subject.endsWith("today"))!.text).toContain("(UK time), today.");

    // The deadline's last millisecond is still the day; after it, nothing (the charges are treated as accepted).
    t.clock.set(deadline);
    await run();
    t.clock.set(new Date(deadline.getTime() + 1));
    await run();
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toHaveLength(6);
  });

  it("a tenant who answers between the reminders is not reminded to answer on the day (they are reminded to pay)", async () => {
    freshDay();
    const { tenants, claim, path, deadline } = await claimFor({ tenants: 2 });
    await runOftenAt(at(deadline, 1, "09:00"));
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toEqual(["Ana:DAY_BEFORE", "Ben:DAY_BEFORE"]);

    t.clock.set(at(deadline, 1, "18:00"));
    expect((await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, tenants[1]!.token)).status).toBe(200);
    await runOftenAt(at(deadline, 0, "08:00"));
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toEqual(["Ana:DAY_BEFORE", "Ben:DAY_BEFORE"]);
    // What is left to do on the day is to pay, by the same deadline.
    expect((await reminders("PAYMENT_REMINDER", tenants)).emails).toEqual(["Ana:ON_THE_DAY", "Ben:ON_THE_DAY"]);
  });

  it("the landlord's final proposal has its own reminders; none while the tenants' proposal is with the landlord", async () => {
    freshDay();
    const { tenants, claim, path, deadline } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    const [itemA, itemB] = claim.itemIds as [string, string];
    await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemA, amount: 5_000, explanation: "a" }, me.token);
    const draft = await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemB, amount: 5_000, explanation: "b" }, me.token);
    const published = await t.json("POST", `${path}/proposals/${draft.body.id}/publish`, undefined, me.token);
    await payClaimAction(t.db, published.body.proposalPayment.orderCustomerActionId, t.clock.now());

    // The charges' deadline comes while the landlord has the tenants' proposal: nothing to answer.
    await runOftenAt(at(deadline, 1, "08:00"));
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toEqual([]);

    t.clock.set(at(deadline, 1, "09:00"));
    const final = await agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [itemA]: 8_000, [itemB]: 15_000 } }, t.clock.now());
    const finalDeadline = responseDeadline(t.clock.now());
    t.clock.set(at(finalDeadline, 2, "08:00"));
    await run();
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toEqual([]);
    await runOftenAt(at(finalDeadline, 1, "08:00"));
    const sent = await reminders("RESPONSE_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE"]);
    expect(sent.rows[0]!.subject).toBe("Reminder: answer the final proposal tomorrow");
    expect(sent.rows[0]!.dedupeKey).toContain(`RESPONSE_REMINDER:${final.claimProposalId}:${finalDeadline.toISOString()}:DAY_BEFORE:`);
    expect(sent.smsRows.map((s) => s.text)).toEqual([expect.stringContaining("reminder: answer the final proposal by 11:59pm tomorrow")]);
  });
});

describe("DISPUTE_FEE_REMINDER: pay the dispute fee", () => {
  it("to the tenant whose fee it is, the day before and on the day; not on the day once paid; none after", async () => {
    freshDay();
    const unpaid = await claimFor({ tenants: 2, mediationEnabled: false });
    const paid = await claimFor({ tenants: 2, mediationEnabled: false });
    const fees: Record<string, string> = {};
    for (const c of [unpaid, paid]) {
      const disputed = await t.json("POST", `${c.path}/proposals/${c.claim.claimProposalId}/dispute`, undefined, c.tenants[0]!.token);
      expect(disputed.status).toBe(200);
      fees[c.claim.claimId] = disputed.body.adjudicationFeeOrder.action.id;
    }
    const deadline = unpaid.deadline;
    expect(paid.deadline).toEqual(deadline);

    t.clock.set(at(deadline, 2, "20:00"));
    await run();
    expect((await reminders("DISPUTE_FEE_REMINDER", [...unpaid.tenants, ...paid.tenants])).emails).toEqual([]);

    await runOftenAt(at(deadline, 1, "08:00"));
    for (const c of [unpaid, paid]) {
      const sent = await reminders("DISPUTE_FEE_REMINDER", c.tenants);
      expect(sent.emails).toEqual(["Ana:DAY_BEFORE"]);
      expect(sent.sms).toEqual(["Ana:DAY_BEFORE"]);
      expect(sent.rows[0]!.subject).toBe("Reminder: pay the dispute fee tomorrow");
      expect(sent.rows[0]!.text).toContain("The £60.00 dispute fee for");
      // Nobody is reminded to answer charges that are disputed.
      expect((await reminders("RESPONSE_REMINDER", c.tenants)).emails).toEqual([]);
    }

    t.clock.set(at(deadline, 1, "15:00"));
    await payClaimAction(t.db, fees[paid.claim.claimId]!, t.clock.now());
    await runOftenAt(at(deadline, 0, "08:00"));
    expect((await reminders("DISPUTE_FEE_REMINDER", paid.tenants)).emails).toEqual(["Ana:DAY_BEFORE"]);
    expect((await reminders("DISPUTE_FEE_REMINDER", unpaid.tenants)).emails).toEqual(["Ana:DAY_BEFORE", "Ana:ON_THE_DAY"]);
    expect((await reminders("DISPUTE_FEE_REMINDER", unpaid.tenants)).sms).toEqual(["Ana:DAY_BEFORE", "Ana:ON_THE_DAY"]);

    t.clock.set(new Date(deadline.getTime() + 1));
    await run();
    expect((await reminders("DISPUTE_FEE_REMINDER", unpaid.tenants)).emails).toHaveLength(2);
  });
});

describe("PAYMENT_REMINDER: pay the accepted charges", () => {
  it("to each tenant whose own payment is open, with what they owe; not to a tenant who paid; none after the deadline", async () => {
    freshDay();
    const { tenants, claim, path, deadline } = await claimFor({ tenants: 2 });
    const [ana, ben] = tenants as [Tenant, Tenant];
    expect((await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, ana.token)).status).toBe(200);

    t.clock.set(at(deadline, 2, "09:00"));
    await run();
    expect((await reminders("PAYMENT_REMINDER", tenants)).emails).toEqual([]);

    await runOftenAt(at(deadline, 1, "08:00"));
    let sent = await reminders("PAYMENT_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE", "Ben:DAY_BEFORE"]);
    expect(sent.sms).toEqual(["Ana:DAY_BEFORE"]);
    // Each tenant's own share of the £300.
    for (const row of sent.rows) expect(row.text).toContain("£150.00 for the end of tenancy charges for");
    expect(sent.rows[0]!.text).toContain(`/claims/${claim.claimId}/pay`);
    expect(sent.smsRows[0]!.text).toContain("reminder: pay the end of tenancy charges by 11:59pm tomorrow");
    expect((await reminders("RESPONSE_REMINDER", tenants)).emails).toEqual([]);

    // Ana pays her share between the reminders: only Ben is reminded on the day.
    t.clock.set(at(deadline, 1, "12:00"));
    await payClaimAction(t.db, (await openActions(claim.orderId, ana)).byType("CLAIM_PAY").action.id, t.clock.now());
    await runOftenAt(at(deadline, 0, "08:00"));
    sent = await reminders("PAYMENT_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE", "Ben:DAY_BEFORE", "Ben:ON_THE_DAY"]);
    expect(sent.sms).toEqual(["Ana:DAY_BEFORE"]);

    t.clock.set(new Date(deadline.getTime() + 1));
    await run();
    expect((await reminders("PAYMENT_REMINDER", tenants)).emails).toHaveLength(3);
    void ben;
  });

  it("the sweeper (every 30 seconds on each instance) runs the reminder job", async () => {
    freshDay();
    const { tenants, claim, path, deadline } = await claimFor({ tenants: 1 });
    expect((await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, tenants[0]!.token)).status).toBe(200);
    t.clock.set(at(deadline, 1, "08:00"));
    const jobs = await runDueJobs(t);
    expect(jobs.deadlineReminders.sent.filter((s) => s.claimId === claim.claimId)).toEqual([
      { kind: "PAYMENT_REMINDER", subjectId: claim.claimProposalId, claimId: claim.claimId, stage: "DAY_BEFORE", userIds: [tenants[0]!.userId], sms: 1 },
    ]);
    expect(await reminders("PAYMENT_REMINDER", tenants)).toMatchObject({ emails: ["Ana:DAY_BEFORE"], sms: ["Ana:DAY_BEFORE"] });
  });

  it("nobody is reminded once a co-tenant paid the whole balance, nor a tenant paying by a live payment plan", async () => {
    freshDay();
    const whole = await claimFor({ tenants: 2 });
    const planned = await claimFor({ tenants: 2 });
    for (const c of [whole, planned]) {
      expect((await t.json("POST", `${c.path}/proposals/${c.claim.claimProposalId}/agree`, undefined, c.tenants[0]!.token)).status).toBe(200);
    }
    // Ben pays the remaining balance (everything) for both tenants.
    await payClaimAction(t.db, (await openActions(whole.claim.orderId, whole.tenants[1]!)).byType("CLAIM_PAY_REMAINING_BALANCE").action.id, t.clock.now());
    // Ana spreads her share over a payment plan that is live.
    const anaOnPlan = await openActions(planned.claim.orderId, planned.tenants[0]!);
    const { paymentPlanId } = await offerPaymentPlan(
      t.db,
      { orderCustomerId: anaOnPlan.orderCustomerId, claimId: planned.claim.claimId, amount: 15_000, instalments: 3, firstDueDate: addCalendarDays(londonDate(t.clock.now()), 30) },
      t.clock.now(),
    );
    await activatePaymentPlan(t.db, { paymentPlanId, completeEarlierSteps: true }, t.clock.now());

    await runOftenAt(at(whole.deadline, 1, "08:00"));
    await runOftenAt(at(whole.deadline, 0, "08:00"));
    expect((await reminders("PAYMENT_REMINDER", whole.tenants)).emails).toEqual([]);
    expect((await reminders("PAYMENT_REMINDER", planned.tenants)).emails).toEqual(["Ben:DAY_BEFORE", "Ben:ON_THE_DAY"]);
  });
});

describe("ADJUDICATION_PAYMENT_REMINDER: pay what the adjudicator decided", () => {
  it("to each tenant whose part is open, by the 3-day deadline; not on the day once paid; none after", async () => {
    freshDay();
    const { tenants, claim, path } = await claimFor({ tenants: 2, mediationEnabled: false });
    const [ana, ben] = tenants as [Tenant, Tenant];
    const disputed = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/dispute`, undefined, ana.token);
    await payClaimAction(t.db, disputed.body.adjudicationFeeOrder.action.id, t.clock.now());
    const { arbitrationId } = await sendToAdjudication(t.db, claim.claimId, t.clock.now());
    // Awarded £200 of the £300: the £60 fee is credited, £140 is due, £70 each.
    const decision = await decideAdjudication(t.db, claim.claimId, { amount: 20_000, reportPdf: false }, t.clock.now());
    expect(decision.amountDue).toBe(14_000);
    const deadline = adjudicationPaymentDeadline(t.clock.now());

    t.clock.set(at(deadline, 2, "08:00"));
    await run();
    expect((await reminders("ADJUDICATION_PAYMENT_REMINDER", tenants)).emails).toEqual([]);

    await runOftenAt(at(deadline, 1, "08:00"));
    let sent = await reminders("ADJUDICATION_PAYMENT_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE", "Ben:DAY_BEFORE"]);
    expect(sent.sms).toEqual(["Ana:DAY_BEFORE"]);
    for (const row of sent.rows) {
      expect(row.text).toContain("£70.00, as the adjudicator decided, for");
      expect(row.text).toContain(`/arbitrations/${arbitrationId}`);
    }

    // Ben pays his part between the reminders: only Ana is reminded on the day.
    t.clock.set(at(deadline, 1, "19:00"));
    await payClaimAction(t.db, (await openActions(decision.repaymentOrderId!, ben)).byType("ARBITRATION_PAY").action.id, t.clock.now());
    await runOftenAt(at(deadline, 0, "08:00"));
    sent = await reminders("ADJUDICATION_PAYMENT_REMINDER", tenants);
    expect(sent.emails).toEqual(["Ana:DAY_BEFORE", "Ana:ON_THE_DAY", "Ben:DAY_BEFORE"]);
    expect(sent.sms).toEqual(["Ana:DAY_BEFORE", "Ana:ON_THE_DAY"]);

    t.clock.set(new Date(deadline.getTime() + 1));
    await run();
    expect((await reminders("ADJUDICATION_PAYMENT_REMINDER", tenants)).emails).toHaveLength(3);
  });

  it("a claim that cannot be read is logged and left, and the other tenants are still reminded", async () => {
    freshDay();
    const decided: { tenants: Tenant[]; claimId: string }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { tenants, claim, path } = await claimFor({ tenants: 1, mediationEnabled: false });
      const disputed = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/dispute`, undefined, tenants[0]!.token);
      await payClaimAction(t.db, disputed.body.adjudicationFeeOrder.action.id, t.clock.now());
      await sendToAdjudication(t.db, claim.claimId, t.clock.now());
      await decideAdjudication(t.db, claim.claimId, { amount: 20_000, reportPdf: false }, t.clock.now());
      decided.push({ tenants, claimId: claim.claimId });
    }
    const [broken, fine] = decided as [(typeof decided)[0], (typeof decided)[0]];
    // A status no rule knows: reading the claim under its lock throws.
    await t.db.update(claims).set({ status: "NOT_A_STATUS" }).where(eq(claims.id, broken.claimId));
    t.clock.set(at(adjudicationPaymentDeadline(t.clock.now()), 1, "08:00"));
    const result = await run();
    expect(result.failed).toBe(1);
    expect(result.sent.map((s) => s.claimId)).toContain(fine.claimId);
    expect((await reminders("ADJUDICATION_PAYMENT_REMINDER", fine.tenants)).emails).toEqual(["Ana:DAY_BEFORE"]);
    expect((await reminders("ADJUDICATION_PAYMENT_REMINDER", broken.tenants)).emails).toEqual([]);
    await t.db.update(claims).set({ status: "RESOLVED" }).where(eq(claims.id, broken.claimId));
  });
});

function longDate(d: Date) {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "long", day: "numeric", month: "long", year: "numeric" })
    .format(d)
    .replace(",", "");
}

/**
 * On a real PostgreSQL (TEST_DATABASE_URL) two instances run the job through separate connection
 * pools at the same time, so the outbox's unique keys and `FOR UPDATE SKIP LOCKED` are exercised
 * for real. A database of its own, dropped afterwards.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("on PostgreSQL, with two instances", () => {
  const { open } = usePostgresInstances(pgUrl!, "deadline_reminders");

  it("each reminder once per tenant and stage; a claim being changed is left for the next run, which sees what the tenant did", async () => {
    const { createTenant } = await import("../../stand-ins/scenarios/tenants");
    const { lockClaim } = await import("../../server/claims/records");
    const { agreeProposal } = await import("../../server/claims/service");
    const { sendDueDeadlineReminders } = await import("../../server/claims/reminder-service");
    const { FixedClock } = await import("../../server/lib/clock");
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const start = new Date("2026-11-22T10:00:00Z");
    const raised: { claimId: string; claimProposalId: string; userIds: string[] }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const pair = [
        await createTenant(a.db, { email: `pg-remind-${i}-a@example.test`, firstName: "Ana", lastName: "G" }),
        await createTenant(a.db, { email: `pg-remind-${i}-b@example.test`, firstName: "Ben", lastName: "G" }),
      ];
      await a.db.update(users).set({ mobileNumber: "07700900123" }).where(eq(users.id, pair[0]!.userId));
      const { tenancy } = await createTenancy(a.db, { tenantUserIds: pair.map((p) => p.userId) });
      await createKeyfreeOrder(a.db, { tenancyId: tenancy.id, ppm: 130_000, customers: pair.map((p) => ({ customerId: p.customerId })), status: "COMPLETE" });
      const claim = await raiseClaim(a.db, { tenancyId: tenancy.id, items: [{ description: "Oven", type: "CLEANING", amount: 9_000 }] }, start);
      raised.push({ ...claim, userIds: pair.map((p) => p.userId) });
    }
    const clock = new FixedClock(at(responseDeadline(start), 1, "08:00"));
    const held = raised[0]!;

    // A tenant's request holds one claim while both instances run the job, twice each.
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = a.db.transaction(async (tx) => {
      await lockClaim(tx, held.claimId);
      locked();
      await holding;
    });
    await isLocked;
    const runs = await Promise.all([a, b, a, b].map((i) => sendDueDeadlineReminders(i.db, clock.now())));
    release();
    await holder;

    const emails = async (kind: Kind, userIds: string[]) =>
      a.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, kind), inArray(outboxEmails.userId, userIds)));
    const sms = async (kind: Kind, userIds: string[]) =>
      a.db.select().from(outboxSms).where(and(eq(outboxSms.template, kind), inArray(outboxSms.userId, userIds)));
    expect(runs.flatMap((r) => r.sent).map((s) => s.claimId).sort()).toEqual([raised[1]!.claimId, raised[2]!.claimId].sort());
    expect(runs.reduce((n, r) => n + r.skippedLocked, 0)).toBeGreaterThanOrEqual(1);
    for (const c of raised.slice(1)) {
      expect(await emails("RESPONSE_REMINDER", c.userIds)).toHaveLength(2);
      expect(await sms("RESPONSE_REMINDER", c.userIds)).toHaveLength(1);
    }
    expect(await emails("RESPONSE_REMINDER", held.userIds)).toEqual([]);

    // Ben accepts the held claim's charges before the next run: nobody is asked to answer them, both are asked to pay.
    // The service needs only the database and the clock (withClaim).
    await agreeProposal({ db: b.db, clock } as Pick<Deps, "db" | "clock"> as Deps, held.claimId, held.claimProposalId, held.userIds[1]!);
    await Promise.all([a, b].map((i) => sendDueDeadlineReminders(i.db, clock.now())));
    expect(await emails("RESPONSE_REMINDER", held.userIds)).toEqual([]);
    expect(await emails("PAYMENT_REMINDER", held.userIds)).toHaveLength(2);
    expect(await sms("PAYMENT_REMINDER", held.userIds)).toHaveLength(1);
    for (const c of raised.slice(1)) expect(await emails("RESPONSE_REMINDER", c.userIds)).toHaveLength(2);
  });
});
