import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderCustomerActions, orderCustomers, outboxEmails, paymentPlanInstalments, paymentPlanRequests, paymentPlans } from "../../server/db/schema";
import { adjudicationPaymentDeadline, responseDeadline } from "../../server/domain/deadlines";
import { addCalendarDays, londonDate, startOfLondonDay } from "../../server/domain/london-time";
import { addCalendarMonths } from "../../server/domain/payment-plans-rules";
import { sendDeadlineReminders } from "../../server/jobs/deadline-reminders";
import { chargeDueInstalments } from "../../server/jobs/instalment-charges";
import { sendInstalmentReminders } from "../../server/jobs/instalment-reminders";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { decideAdjudication, payClaimAction, raiseClaim, sendToAdjudication } from "../../stand-ins/scenarios/claims";
import { failInstalment, markInstalmentPaid, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

/**
 * A plan the tenant can afford, worked out from their budget (issue 36, scope 2): the tenant's own
 * debts, the budget worked out, a request (its receipt and support's e-mail, one pending per debt,
 * another tenant's debt not found, bad bodies refused with the field's message), no reminder and no
 * charge for that money while it waits and both again once answered, and the back office's answers
 * (offer-payment-plan --request-id, refuse-payment-plan-request) through the ops routes.
 */
let t: TestApi;
beforeAll(async () => {
  // Tokens outlive the clock moves.
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["quickTenant"]>>;
const HOUR = 3600_000;

/** Each test starts on a London day of its own, at 10am, ten days after the last one. */
function freshDay() {
  t.clock.set(new Date(startOfLondonDay(addCalendarDays(londonDate(t.clock.now()), 10)).getTime() + 10 * HOUR));
}

/** "HH:MM" London (winter: UTC) on the day `daysBefore` days before the deadline's day. */
function at(deadline: Date, daysBefore: number, time: string) {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Date(startOfLondonDay(addCalendarDays(londonDate(deadline), -daysBefore)).getTime() + h * HOUR + m * 60_000);
}

async function ops(command: string, body: unknown) {
  return t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });
}

/** A claim of £300 on a tenancy of `count` tenants (£150 each when two). */
async function claimFor(count = 1, options: { mediationEnabled?: boolean } = {}) {
  const tenants: Tenant[] = [];
  for (let i = 0; i < count; i += 1) tenants.push(await t.quickTenant({ firstName: ["Ana", "Ben"][i] }));
  const { tenancy } = await createTenancy(t.db, {
    tenantUserIds: tenants.map((x) => x.userId),
    address: { buildingNumber: "12", street: "Orchard Road", town: "Bristol", postcode: "BS1 1AA" },
  });
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

/** A claim whose charges the first tenant accepted for everyone: a balance to pay by the deadline. */
async function acceptedCharges(count = 1) {
  const c = await claimFor(count);
  expect((await t.json("POST", `${c.path}/proposals/${c.claim.claimProposalId}/agree`, undefined, c.tenants[0]!.token)).status).toBe(200);
  return c;
}

/** More going out than coming in: £1,500 a month in, £1,693.33 out. */
const MORE_OUT_THAN_IN = [
  { line: "earnings", amountPence: 150_000, frequency: "MONTHLY" },
  { line: "rent", amountPence: 100_000, frequency: "MONTHLY" },
  { line: "food", amountPence: 10_000, frequency: "WEEKLY" },
  { line: "energy", amountPence: 15_000, frequency: "FOUR_WEEKLY" },
  { line: "councilTax", amountPence: 9_750, frequency: "MONTHLY" },
];
/** £1,800 a month in; £1,000 rent, £100 a week food (£433.33), £150 every 4 weeks energy (£162.50), £104.17 council tax: £100 left. */
const LEFT_100 = [
  { line: "earnings", amountPence: 180_000, frequency: "MONTHLY" },
  { line: "rent", amountPence: 100_000, frequency: "MONTHLY" },
  { line: "food", amountPence: 10_000, frequency: "WEEKLY" },
  { line: "energy", amountPence: 15_000, frequency: "FOUR_WEEKLY" },
  { line: "councilTax", amountPence: 10_417, frequency: "MONTHLY" },
];

const claimDebt = (claimId: string) => ({ debtType: "CLAIM_BALANCE", claimId });

async function request(tenant: Tenant, body: object) {
  return t.json("POST", "/payment-plan-requests", body, tenant.token);
}

async function emailsOf(userIds: string[], template: string) {
  return t.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, template), inArray(outboxEmails.userId, userIds)));
}

describe("the tenant's own debts and a budget worked out against one", () => {
  it("lists a claim's balance (their own share), with no request yet; nothing before the charges are accepted", async () => {
    freshDay();
    const c = await claimFor(2);
    expect((await t.json("GET", "/debts", undefined, c.tenants[0]!.token)).body).toEqual({ debts: [], maxInstalments: 12, offerHours: 48 });
    expect((await t.json("POST", `${c.path}/proposals/${c.claim.claimProposalId}/agree`, undefined, c.tenants[0]!.token)).status).toBe(200);
    const listed = await t.json("GET", "/debts", undefined, c.tenants[1]!.token);
    expect(listed.status).toBe(200);
    expect(listed.body.debts).toEqual([
      {
        debtType: "CLAIM_BALANCE",
        claimId: c.claim.claimId,
        arbitrationId: null,
        paymentPlanInstalmentId: null,
        paymentPlanId: null,
        instalmentNumber: null,
        amountPence: 15_000,
        property: "12 Orchard Road, Bristol BS1 1AA",
        request: null,
      },
    ]);
  });

  it("works out each line monthly, what is left, and the plans from the fewest that fit up to 12", async () => {
    freshDay();
    const c = await acceptedCharges();
    const worked = await t.json("POST", "/debts/budget", { ...claimDebt(c.claim.claimId), lines: LEFT_100 }, c.tenants[0]!.token);
    expect(worked.status).toBe(200);
    expect(worked.body).toMatchObject({
      monthlyIncomePence: 180_000,
      monthlyOutgoingsPence: 100_000 + 43_333 + 16_250 + 10_417,
      leftPence: 180_000 - 170_000,
      fits: true,
      why: null,
      maxInstalments: 12,
    });
    expect(worked.body.plans.map((p: { instalments: number }) => p.instalments)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(worked.body.plans[0]).toEqual({ instalments: 3, firstPence: 10_000, otherPence: 10_000 });
    // Nothing stored.
    expect(await t.db.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.userId, c.tenants[0]!.userId))).toEqual([]);

    const short = await t.json("POST", "/debts/budget", { ...claimDebt(c.claim.claimId), lines: MORE_OUT_THAN_IN }, c.tenants[0]!.token);
    expect(short.body).toMatchObject({ leftPence: -19_333, fits: false, why: "NOTHING_LEFT", plans: [] });
  });
});

describe("a request for a plan", () => {
  it("is recorded PENDING with the budget's monthly lines and totals; the tenant gets a receipt and support an e-mail without the budget", async () => {
    freshDay();
    const c = await acceptedCharges();
    const ana = c.tenants[0]!;
    const sent = await request(ana, { ...claimDebt(c.claim.claimId), lines: LEFT_100, instalments: 6 });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      status: "PENDING",
      debtType: "CLAIM_BALANCE",
      amountPence: 30_000,
      plan: { instalments: 6, firstPence: 5_000, otherPence: 5_000 },
      monthlyIncomePence: 180_000,
      monthlyOutgoingsPence: 170_000,
      answeredAt: null,
    });
    const [row] = await t.db.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.id, sent.body.id));
    expect(row).toMatchObject({ userId: ana.userId, claimId: c.claim.claimId, instalments: 6, instalmentPence: 5_000, status: "PENDING" });
    expect(row!.budget).toContainEqual({ group: "FOOD_AND_HOUSEKEEPING", item: "food", amountPence: 10_000, frequency: "WEEKLY", monthlyPence: 43_333 });
    expect(row!.budget).toHaveLength(5);

    const [receipt] = await emailsOf([ana.userId], "PAYMENT_PLAN_REQUEST_RECEIVED");
    expect(receipt!.to).toBe(ana.email);
    expect(receipt!.text).toContain("You asked to pay your part of the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA, £300.00, in 6 monthly instalments of £50.00");
    expect(receipt!.text).toContain("Until we answer, nobody will ask you for this money");
    expect(receipt!.text.trim().split("\n").at(-1)).toBe(`http://localhost:3000/help/struggling-to-pay/budget?sent=${sent.body.id}`);

    const [support] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.template, "PAYMENT_PLAN_REQUEST_TO_SUPPORT"), eq(outboxEmails.to, t.config.supportEmail)));
    expect(support!.text).toContain(`Request: ${sent.body.id}`);
    expect(support!.text).toContain(`Debt: CLAIM_BALANCE, claim ${c.claim.claimId}`);
    expect(support!.text).toContain("Plan asked for: 6 monthly instalments of £50.00");
    // The budget stays in the database: no line, no figure of it, no link.
    expect(support!.text).not.toMatch(/1,?800|1,?700|433\.33|earnings|rent|food/i);
    expect(support!.text).not.toMatch(/https?:\/\//);

    // The debt now shows the request.
    const listed = await t.json("GET", "/debts", undefined, ana.token);
    expect(listed.body.debts[0].request).toMatchObject({ id: sent.body.id, status: "PENDING", plan: { instalments: 6 } });
  });

  it("a second request for the same debt while one waits is a 409 with a plain message", async () => {
    freshDay();
    const c = await acceptedCharges();
    const body = { ...claimDebt(c.claim.claimId), lines: LEFT_100, instalments: 6 };
    expect((await request(c.tenants[0]!, body)).status).toBe(201);
    const again = await request(c.tenants[0]!, { ...body, instalments: 12 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "You have already asked for a plan for this. We will answer you by e-mail, and until we do nobody will ask you for this money.",
    );
    // Two at once: one is recorded.
    const d = await acceptedCharges();
    const both = await Promise.all([0, 1].map(() => request(d.tenants[0]!, { ...claimDebt(d.claim.claimId), lines: LEFT_100, instalments: 6 })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("another tenant's claim, adjudication or instalment is not found (404), nor is an unknown one", async () => {
    freshDay();
    const mine = await acceptedCharges();
    const stranger = await t.quickTenant();
    const body = { ...claimDebt(mine.claim.claimId), lines: LEFT_100, instalments: 6 };
    expect((await request(stranger, body)).status).toBe(404);
    expect((await t.json("POST", "/debts/budget", { ...claimDebt(mine.claim.claimId), lines: LEFT_100 }, stranger.token)).status).toBe(404);
    expect((await request(stranger, { debtType: "ADJUDICATION_AWARD", arbitrationId: "no-such-arbitration", lines: [], instalments: 1 })).status).toBe(404);
    expect((await request(stranger, { debtType: "MISSED_INSTALMENT", paymentPlanInstalmentId: "no-such-instalment", lines: [], instalments: 1 })).status).toBe(404);
    expect(await t.db.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.userId, stranger.userId))).toEqual([]);
  });

  it.each<[string, (claimId: string) => object, number, RegExp]>([
    ["a negative amount", (id) => ({ ...claimDebt(id), lines: [{ line: "rent", amountPence: -1, frequency: "MONTHLY" }], instalments: 6 }), 400, /lines\.0\.amountPence: Rent must be £0 or more/],
    [
      "more than £100,000 a month",
      (id) => ({ ...claimDebt(id), lines: [{ line: "earnings", amountPence: 2_400_000, frequency: "WEEKLY" }], instalments: 6 }),
      400,
      /Wages or salary must be £100,000 a month or less/,
    ],
    ["not a number", (id) => ({ ...claimDebt(id), lines: [{ line: "rent", amountPence: "lots", frequency: "MONTHLY" }], instalments: 6 }), 400, /amountPence/],
    ["an unknown line", (id) => ({ ...claimDebt(id), lines: [{ line: "yacht", amountPence: 1, frequency: "MONTHLY" }], instalments: 6 }), 400, /line/],
    ["a line twice", (id) => ({ ...claimDebt(id), lines: [LEFT_100[0], LEFT_100[0]], instalments: 6 }), 400, /Give each line once/],
    ["13 instalments", (id) => ({ ...claimDebt(id), lines: LEFT_100, instalments: 13 }), 400, /at most 12 monthly instalments/],
    ["a plan that does not fit what is left", (id) => ({ ...claimDebt(id), lines: LEFT_100, instalments: 2 }), 400, /Choose one of the plans that fit/],
    ["two debts named", (id) => ({ ...claimDebt(id), paymentPlanInstalmentId: id, lines: LEFT_100, instalments: 6 }), 404, /Not found/],
    ["no debt named", () => ({ debtType: "CLAIM_BALANCE", lines: LEFT_100, instalments: 6 }), 400, /Choose what you want a plan for/],
  ])("%s is refused (%i) with the field's message", async (_why, body, status, message) => {
    freshDay();
    const c = await acceptedCharges();
    const answer = await request(c.tenants[0]!, body(c.claim.claimId));
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await t.db.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.userId, c.tenants[0]!.userId))).toEqual([]);
  });

  it("a debt that is paid has nothing to plan (409)", async () => {
    freshDay();
    const c = await acceptedCharges();
    const [action] = await t.db
      .select({ id: orderCustomerActions.id })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(and(eq(orderCustomers.orderId, c.claim.orderId), eq(orderCustomerActions.typeId, "CLAIM_PAY")));
    await payClaimAction(t.db, action!.id, t.clock.now());
    const answer = await request(c.tenants[0]!, { ...claimDebt(c.claim.claimId), lines: LEFT_100, instalments: 6 });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/nothing left to pay on this/);
  });
});

// ── Nothing asks for the money while a request waits ─────────────────────────────────────

async function remindersOf(kind: string, tenants: Tenant[]) {
  return (await emailsOf(tenants.map((x) => x.userId), kind)).map((e) => `${e.userId === tenants[0]!.userId ? "Ana" : "Ben"}:${e.subject.endsWith("tomorrow") ? "DAY_BEFORE" : "ON_THE_DAY"}`).sort();
}

describe("until a request is answered, no reminder asks for that money; after the answer they come again", () => {
  it("PAYMENT_REMINDER (a claim's balance): not to the tenant who asked, still to the co-tenant who did not; again once refused", async () => {
    freshDay();
    const c = await acceptedCharges(2);
    const [ana, ben] = c.tenants as [Tenant, Tenant];
    const asked = await request(ana, { ...claimDebt(c.claim.claimId), lines: LEFT_100, instalments: 3 });
    expect(asked.status).toBe(201);

    t.clock.set(at(c.deadline, 1, "08:00"));
    await sendDeadlineReminders(t);
    expect(await remindersOf("PAYMENT_REMINDER", [ana, ben])).toEqual(["Ben:DAY_BEFORE"]);

    t.clock.set(at(c.deadline, 0, "07:00"));
    expect((await ops("refuse-payment-plan-request", { requestId: asked.body.id, reason: "We need to speak to you about your co-tenant's share first." })).status).toBe(200);
    t.clock.set(at(c.deadline, 0, "08:00"));
    await sendDeadlineReminders(t);
    expect(await remindersOf("PAYMENT_REMINDER", [ana, ben])).toEqual(["Ana:ON_THE_DAY", "Ben:DAY_BEFORE", "Ben:ON_THE_DAY"]);
  });

  it("ADJUDICATION_PAYMENT_REMINDER (an award): none while the request waits; again once the plan is offered", async () => {
    freshDay();
    const c = await claimFor(1, { mediationEnabled: false });
    const ana = c.tenants[0]!;
    const disputed = await t.json("POST", `${c.path}/proposals/${c.claim.claimProposalId}/dispute`, undefined, ana.token);
    await payClaimAction(t.db, disputed.body.adjudicationFeeOrder.action.id, t.clock.now());
    const { arbitrationId } = await sendToAdjudication(t.db, c.claim.claimId, t.clock.now());
    await decideAdjudication(t.db, c.claim.claimId, { amount: 20_000, reportPdf: false }, t.clock.now());
    const deadline = adjudicationPaymentDeadline(t.clock.now());
    const debts = (await t.json("GET", "/debts", undefined, ana.token)).body.debts;
    expect(debts).toMatchObject([{ debtType: "ADJUDICATION_AWARD", arbitrationId, amountPence: 14_000 }]);
    const asked = await request(ana, { debtType: "ADJUDICATION_AWARD", arbitrationId, lines: LEFT_100, instalments: 2 });
    expect(asked.status).toBe(201);

    t.clock.set(at(deadline, 1, "08:00"));
    await sendDeadlineReminders(t);
    expect(await remindersOf("ADJUDICATION_PAYMENT_REMINDER", [ana])).toEqual([]);

    t.clock.set(at(deadline, 1, "09:00"));
    const offered = await ops("offer-payment-plan", { requestId: asked.body.id });
    expect(offered.status).toBe(200);
    t.clock.set(at(deadline, 0, "08:00"));
    await sendDeadlineReminders(t);
    expect(await remindersOf("ADJUDICATION_PAYMENT_REMINDER", [ana])).toEqual(["Ana:ON_THE_DAY"]);
  });

  it("a missed instalment: the plan's next instalment is neither reminded of nor charged while the request waits; charged once refused", async () => {
    freshDay();
    const ana = await t.quickTenant({ firstName: "Ana" });
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ana.userId] });
    const order = await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: ana.customerId }], status: "COMPLETE" });
    const today = londonDate(t.clock.now());
    // Instalment 1 a month before instalment 2, which falls in 8 days.
    const plan = await offerPaymentPlan(
      t.db,
      { orderCustomerId: order.orderCustomers[0]!.orderCustomerId, amount: 30_000, instalments: 3, firstDueDate: addCalendarMonths(addCalendarDays(today, 8), -1) },
      t.clock.now(),
    );
    expect((await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true, cardNumber: "4242424242424242" })).status).toBe(200);
    await failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    const [missed, second] = plan.instalmentIds as [string, string];
    expect((await t.json("GET", "/debts", undefined, ana.token)).body.debts).toMatchObject([
      { debtType: "MISSED_INSTALMENT", paymentPlanInstalmentId: missed, paymentPlanId: plan.paymentPlanId, instalmentNumber: 1, amountPence: 10_000 },
    ]);
    const asked = await request(ana, { debtType: "MISSED_INSTALMENT", paymentPlanInstalmentId: missed, lines: LEFT_100, instalments: 1 });
    expect(asked.status).toBe(201);

    const morning = (day: string) => new Date(startOfLondonDay(day).getTime() + 9 * HOUR);
    t.clock.set(morning(addCalendarDays(today, 1)));
    expect((await sendInstalmentReminders(t)).weekReminders).not.toContain(second);
    t.clock.set(morning(addCalendarDays(today, 7)));
    expect((await sendInstalmentReminders(t)).dayReminders).not.toContain(second);
    t.clock.set(morning(addCalendarDays(today, 8)));
    const held = await chargeDueInstalments(t);
    expect([...held.paid, ...held.processing, ...held.failed]).not.toContain(second);
    expect((await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.id, second)))[0]).toMatchObject({
      status: "PENDING",
      chargePaymentIntentId: null,
    });
    expect(await emailsOf([ana.userId], "PAYMENT_PLAN_INSTALMENT_REMINDER")).toEqual([]);

    expect((await ops("refuse-payment-plan-request", { requestId: asked.body.id, reason: "Please pay the missed instalment from the link we sent." })).status).toBe(200);
    expect((await chargeDueInstalments(t)).paid).toContain(second);
  });
});

// ── The back office's answers ───────────────────────────────────────────────────────────

describe("the back office answers with ops commands", () => {
  it("payment-plan-requests lists the pending first, with the plan asked for and the budget's totals; one with its lines", async () => {
    freshDay();
    const first = await acceptedCharges();
    const second = await acceptedCharges();
    const a = await request(first.tenants[0]!, { ...claimDebt(first.claim.claimId), lines: LEFT_100, instalments: 6 });
    const b = await request(second.tenants[0]!, { ...claimDebt(second.claim.claimId), lines: LEFT_100, instalments: 12 });
    expect((await ops("refuse-payment-plan-request", { requestId: a.body.id, reason: "Paid already." })).status).toBe(200);
    const listed = await ops("payment-plan-requests", {});
    expect(listed.status).toBe(200);
    const ids = listed.body.requests.map((r: { id: string }) => r.id);
    expect(ids.indexOf(b.body.id)).toBeLessThan(ids.indexOf(a.body.id));
    expect(listed.body.requests.find((r: { id: string }) => r.id === b.body.id)).toMatchObject({
      status: "PENDING",
      debtType: "CLAIM_BALANCE",
      amountPence: 30_000,
      plan: "12 monthly instalments of £25.00",
      monthlyIncomePence: 180_000,
      monthlyOutgoingsPence: 170_000,
      leftPence: 10_000,
    });
    expect(listed.body.requests[0].budget).toBeUndefined();
    const one = await ops("payment-plan-requests", { requestId: b.body.id });
    expect(one.body.requests).toHaveLength(1);
    expect(one.body.requests[0].budget).toHaveLength(5);
    expect((await ops("payment-plan-requests", { requestId: "no-such-request" })).status).toBe(404);
  });

  it("offer-payment-plan --request-id offers the plan asked for to the right order customer and claim, set up as any plan: three steps in 48 hours", async () => {
    freshDay();
    const c = await acceptedCharges();
    const ana = c.tenants[0]!;
    const asked = await request(ana, { ...claimDebt(c.claim.claimId), lines: LEFT_100, instalments: 6 });
    const offered = await ops("offer-payment-plan", { requestId: asked.body.id });
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ requestId: asked.body.id, amount: 30_000, amountAskedFor: 30_000, instalments: 6, firstDueDate: addCalendarDays(londonDate(t.clock.now()), 7) });
    const [plan] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, offered.body.paymentPlanId));
    const [oc] = await t.db.select().from(orderCustomers).where(and(eq(orderCustomers.orderId, c.claim.orderId), eq(orderCustomers.customerId, ana.customerId)));
    expect(plan).toMatchObject({ status: "PENDING", amount: 30_000, interestAmount: 0, claimId: c.claim.claimId, orderCustomerId: oc!.id });
    expect((await t.db.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.id, asked.body.id)))[0]).toMatchObject({
      status: "OFFERED",
      paymentPlanId: plan!.id,
    });
    const [notice] = await emailsOf([ana.userId], "PAYMENT_PLAN_OFFERED");
    expect(notice!.text).toContain("can be spread over 6 monthly instalments");
    const view = await t.json("GET", `/payment-plans/${plan!.id}`, undefined, ana.token);
    expect(view.body).toMatchObject({ status: "PENDING", screen: "confirm" });
    // The plan pays it: it is no longer a debt to plan, and it cannot be answered twice.
    expect((await t.json("GET", "/debts", undefined, ana.token)).body.debts).toEqual([]);
    expect((await ops("offer-payment-plan", { requestId: asked.body.id })).status).toBe(409);
    expect((await ops("refuse-payment-plan-request", { requestId: asked.body.id, reason: "No." })).status).toBe(409);
  });

  it("refuse-payment-plan-request e-mails the reason plainly, with what to do next; the tenant may ask again", async () => {
    freshDay();
    const c = await acceptedCharges();
    const ana = c.tenants[0]!;
    const body = { ...claimDebt(c.claim.claimId), lines: LEFT_100, instalments: 6 };
    const asked = await request(ana, body);
    expect((await ops("refuse-payment-plan-request", { requestId: asked.body.id, reason: "" })).status).toBe(400);
    const refused = await ops("refuse-payment-plan-request", { requestId: asked.body.id, reason: "Your co-tenant has asked to pay the whole balance." });
    expect(refused.status).toBe(200);
    const [row] = await t.db.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.id, asked.body.id));
    expect(row).toMatchObject({ status: "REFUSED", refusalReason: "Your co-tenant has asked to pay the whole balance." });
    const [email] = await emailsOf([ana.userId], "PAYMENT_PLAN_REQUEST_REFUSED");
    expect(email!.text).toContain("Why: Your co-tenant has asked to pay the whole balance.");
    expect(email!.text).toContain("Breathing Space");
    expect(email!.text).toContain("http://localhost:3000/contact");
    expect((await t.json("GET", "/debts", undefined, ana.token)).body.debts[0].request).toMatchObject({ status: "REFUSED" });
    expect((await request(ana, body)).status).toBe(201);
  });

  it("a plan offered for a missed instalment pays that instalment once it is paid off", async () => {
    freshDay();
    const ana = await t.quickTenant({ firstName: "Ana" });
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ana.userId] });
    const order = await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: ana.customerId }], status: "COMPLETE" });
    const plan = await offerPaymentPlan(
      t.db,
      { orderCustomerId: order.orderCustomers[0]!.orderCustomerId, amount: 30_001, instalments: 3, firstDueDate: addCalendarDays(londonDate(t.clock.now()), 20) },
      t.clock.now(),
    );
    expect((await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true })).status).toBe(200);
    await failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    const missed = plan.instalmentIds[0]!;
    const asked = await request(ana, { debtType: "MISSED_INSTALMENT", paymentPlanInstalmentId: missed, lines: LEFT_100, instalments: 2 });
    expect(asked.status).toBe(201);
    expect(asked.body.amountPence).toBe(10_001);
    const offered = await ops("offer-payment-plan", { requestId: asked.body.id });
    expect(offered.status).toBe(200);
    expect((await t.json("GET", "/debts", undefined, ana.token)).body.debts).toEqual([]);
    expect((await ops("activate-payment-plan", { paymentPlanId: offered.body.paymentPlanId, completeEarlierSteps: true })).status).toBe(200);
    for (const n of [1, 2]) await markInstalmentPaid(t.db, { paymentPlanId: offered.body.paymentPlanId, instalmentNumber: n }, t.clock.now());
    expect((await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.id, missed)))[0]!.status).toBe("PAID");
  });
});
