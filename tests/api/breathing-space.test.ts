import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/app";
import { readApiConfig } from "../../server/config";
import type { Deps } from "../../server/context";
import type { Database, DatabaseHandle } from "../../server/db";
import {
  breathingSpaceDeadlines,
  breathingSpaces,
  claimProposals,
  customers,
  outboxEmails,
  outboxSms,
  paymentPlanInstalments,
  paymentPlans,
  users,
} from "../../server/db/schema";
import { stripeSandboxObjects } from "../../stand-ins/db/schema";
import { startOfLondonDay } from "../../server/domain/london-time";
import { runDueJobs } from "../../server/jobs/sweeper";
import { FixedClock } from "../../server/lib/clock";
import { MemoryFileStore } from "../../server/lib/files";
import { newId } from "../../server/lib/tokens";
import { createPayments } from "../../server/payments/wiring";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { raiseClaim } from "../../stand-ins/scenarios/claims";
import { offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { scenarioCommands } from "../../stand-ins/scenarios/commands";
import { deadlineCalendar } from "../../app/routes/claims/+lib/claim-deadline-calendar";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { createStripeSandbox, migrateWithStandIns } from "../helpers/stand-ins";

/**
 * Breathing Space (issue 36, decision 0047). The API: recording one (the tenant's form, the back
 * office's command), its refusals, its receipt and what it moves. The clock: during a mental
 * health crisis one, with no end known, an instalment's date passes with no charge and no
 * reminder and a final proposal's 7 days pass with nothing treated as accepted; once the back
 * office records the treatment's end the deadlines move by the days that were left, and after
 * it the final proposal is treated as accepted on its moved date and the instalment charged on
 * its. The same run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with two API instances
 * whose sweepers run at once.
 */

// ── A world: one API (PGlite) or two on one PostgreSQL ────────────────────────────────────

type World = {
  db: Database;
  clock: FixedClock;
  ops: (command: string, body?: unknown) => Promise<{ status: number; body: any }>;
  /** The clock's jobs, on every instance at once, then the card sandbox's webhooks. */
  sweep: () => Promise<void>;
};

function worldOfTestApi(t: TestApi): World {
  return {
    db: t.db,
    clock: t.clock,
    ops: (command, body = {}) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN }),
    sweep: async () => {
      await runDueJobs(t);
      await t.payments.sandbox!.whenWebhooksIdle();
    },
  };
}

/** Two API instances, each with its own connection pool and card sandbox, on one PostgreSQL database. */
function worldOfInstances(handles: DatabaseHandle[]): World & { close: () => void } {
  const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
  const config = { ...readApiConfig({ NODE_ENV: "test", OPS_TOKEN }), accessTokenTtlSeconds: 5 * 365 * 24 * 3600 };
  const instances = handles.map((h) => {
    let api: ReturnType<typeof createApi> | undefined;
    const payments = createPayments({ db: h.db, clock, env: {}, stripeSandbox: createStripeSandbox, webhookRetryDelaysMs: [10, 50] }, () => api);
    const deps: Deps = { db: h.db, config, clock, files: new MemoryFileStore(), payments };
    // A composition root: the other parties' ops commands (agent-final-proposal...) are the stand-ins'.
    api = createApi(deps, { opsCommands: scenarioCommands });
    return { api, deps, payments };
  });
  return {
    db: handles[0]!.db,
    clock,
    ops: async (command, body = {}) => {
      const response = await instances[0]!.api.request(`/ops/run/${command}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ops-token": OPS_TOKEN },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    sweep: async () => {
      await Promise.all(instances.map((i) => runDueJobs(i.deps)));
      await Promise.all(instances.map((i) => i.payments.sandbox!.whenWebhooksIdle()));
    },
    close: () => instances.forEach((i) => i.payments.sandbox?.close()),
  };
}

// ── Builders ──────────────────────────────────────────────────────────────────────────────

let made = 0;
async function tenant(db: Database, firstName: string) {
  made += 1;
  const userId = newId();
  const customerId = newId();
  const email = `bs-${firstName.toLowerCase()}-${made}-${userId.slice(0, 6)}@example.test`;
  await db.insert(users).values({ id: userId, email, firstName, lastName: "Test" });
  await db.insert(customers).values({ id: customerId, userId });
  return { userId, customerId, email };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** Two tenants with a Keyfree, and charges raised now against their tenancy (two items, £300). */
async function jointClaim(w: World, names: [string, string]) {
  const pair = [await tenant(w.db, names[0]), await tenant(w.db, names[1])] as const;
  const { tenancy } = await createTenancy(w.db, { tenantUserIds: pair.map((p) => p.userId) });
  const order = await createKeyfreeOrder(w.db, { tenancyId: tenancy.id, ppm: 130_000, customers: pair.map((p) => ({ customerId: p.customerId })), status: "COMPLETE" });
  const claim = await raiseClaim(
    w.db,
    {
      tenancyId: tenancy.id,
      items: [
        { description: "Cleaning", type: "CLEANING", amount: 10_000 },
        { description: "Paint", type: "REDECORATION", amount: 20_000 },
      ],
    },
    w.clock.now(),
  );
  return { tenants: pair, claim, order };
}

/** The tenants' £0 proposal, refused with a final proposal (round 3): a new 7-day deadline. */
async function finalProposal(w: World, c: Awaited<ReturnType<typeof jointClaim>>) {
  const [a, b] = c.claim.itemIds as [string, string];
  const draft = await w.ops("tenant-item-proposals", {
    claimId: c.claim.claimId,
    email: c.tenants[0].email,
    proposals: [
      { claimItemId: a, amount: 0, explanation: "It was clean" },
      { claimItemId: b, amount: 0, explanation: "Fair wear and tear" },
    ],
  });
  expect(draft.status).toBe(200);
  expect((await w.ops("tenant-publish-proposal", { claimId: c.claim.claimId, claimProposalId: draft.body.claimProposalId, email: c.tenants[0].email })).status).toBe(200);
  const final = await w.ops("agent-final-proposal", { claimId: c.claim.claimId, amounts: { [a]: 8_000, [b]: 15_000 } });
  expect(final.status).toBe(200);
  return final.body.claimProposalId as string;
}

/** A live plan of three monthly instalments of £100 from `firstDueDate`, on a card that pays (4242). */
async function livePlan(w: World, who: Tenant, orderCustomerId: string, firstDueDate: string) {
  const plan = await offerPaymentPlan(w.db, { orderCustomerId, amount: 30_000, instalments: 3, firstDueDate }, w.clock.now());
  const live = await w.ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true, cardNumber: "4242424242424242" });
  expect(live.status).toBe(200);
  return plan;
}

const at = (day: string, hour = 9) => new Date(startOfLondonDay(day).getTime() + hour * 3_600_000);

async function emails(db: Database, userIds: string[], template: string) {
  return db.select().from(outboxEmails).where(and(inArray(outboxEmails.userId, userIds), eq(outboxEmails.template, template)));
}

async function instalmentsOf(db: Database, paymentPlanId: string) {
  return db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.paymentPlanId, paymentPlanId)).orderBy(paymentPlanInstalments.instalmentNumber);
}

/** The sandbox's succeeded charges for an instalment (the money that moved). */
async function chargesFor(db: Database, instalmentId: string) {
  const rows = await db
    .select({ id: stripeSandboxObjects.id })
    .from(stripeSandboxObjects)
    .where(
      and(
        eq(stripeSandboxObjects.type, "payment_intent"),
        sql`${stripeSandboxObjects.data}->'object'->'metadata'->>'paymentPlanInstalmentId' = ${instalmentId}`,
        sql`${stripeSandboxObjects.data}->'object'->>'status' = 'succeeded'`,
      ),
    );
  return rows.length;
}

async function proposalOf(db: Database, id: string) {
  return (await db.select().from(claimProposals).where(eq(claimProposals.id, id)))[0]!;
}

// ── The clock, during a mental health crisis Breathing Space ──────────────────────────────

/**
 * Ana is in a mental health crisis Breathing Space from 22 November 2026, no end known. She and
 * Ben have a final proposal due by 11:59pm on 29 November; she has a live plan charged from
 * 10 December. Dan, in no Breathing Space, has a plan charged from 10 December too.
 */
async function duringAndAfterACrisisBreathingSpace(w: World) {
  w.clock.set(new Date("2026-11-22T10:00:00Z"));
  const joint = await jointClaim(w, ["Ana", "Ben"]);
  const [ana, ben] = joint.tenants;
  const finalId = await finalProposal(w, joint);
  expect((await proposalOf(w.db, finalId)).responseDeadline?.toISOString()).toBe("2026-11-29T23:59:59.999Z");
  const anaPlan = await livePlan(w, ana, joint.order.orderCustomers[0]!.orderCustomerId, "2026-12-10");
  const dan = await tenant(w.db, "Dan");
  const { tenancy } = await createTenancy(w.db, { tenantUserIds: [dan.userId] });
  const danOrder = await createKeyfreeOrder(w.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: dan.customerId }], status: "COMPLETE" });
  const danPlan = await livePlan(w, dan, danOrder.orderCustomers[0]!.orderCustomerId, "2026-12-10");

  const recorded = await w.ops("breathing-space", { email: ana.email, reference: "MH-2026-0042", type: "mental-health-crisis", start: "2026-11-22" });
  expect(recorded.status).toBe(200);
  expect(recorded.body).toMatchObject({ type: "MENTAL_HEALTH_CRISIS", until: null, recordedBy: "OPS" });
  // Recorded, not moved: the end is not known yet.
  const [bs] = await w.db.select().from(breathingSpaces).where(eq(breathingSpaces.userId, ana.userId));
  const rows = await w.db.select().from(breathingSpaceDeadlines).where(eq(breathingSpaceDeadlines.breathingSpaceId, bs!.id));
  expect(rows.map((r) => [r.kind, r.movedTo]).sort()).toEqual([
    ["CLAIM_PROPOSAL", null],
    ["INSTALMENT", null],
    ["INSTALMENT", null],
    ["INSTALMENT", null],
  ]);
  expect((await proposalOf(w.db, finalId)).responseDeadline?.toISOString()).toBe("2026-11-29T23:59:59.999Z");

  // The final proposal's reminders' days, its deadline, and the instalments' reminders and charge day pass.
  for (const day of ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-03", "2026-12-09", "2026-12-10", "2026-12-11"]) {
    w.clock.set(at(day));
    await w.sweep();
  }
  const final = await proposalOf(w.db, finalId);
  expect(final.status).toBe("AWAITING_RESPONSE");
  expect(final.autoResponded).toBe(false);
  expect(await emails(w.db, [ana.userId, ben.userId], "CHARGES_DEEMED_ACCEPTED")).toEqual([]);
  expect(await emails(w.db, [ana.userId, ben.userId], "RESPONSE_REMINDER")).toEqual([]);
  expect(await w.db.select().from(outboxSms).where(inArray(outboxSms.userId, [ana.userId, ben.userId]))).toEqual([]);
  const anaFirst = (await instalmentsOf(w.db, anaPlan.paymentPlanId))[0]!;
  expect(anaFirst).toMatchObject({ status: "PENDING", dueDate: "2026-12-10", chargePaymentIntentId: null, reminderWeekSentAt: null, reminderDaySentAt: null });
  expect(await chargesFor(w.db, anaFirst.id)).toBe(0);
  expect(await emails(w.db, [ana.userId], "PAYMENT_PLAN_INSTALMENT_REMINDER")).toEqual([]);
  const [plan] = await w.db.select().from(paymentPlans).where(eq(paymentPlans.id, anaPlan.paymentPlanId));
  expect(plan!.status).toBe("ACTIVE");
  // Dan, in no Breathing Space, is reminded twice and charged once, whichever instance ran.
  const danFirst = (await instalmentsOf(w.db, danPlan.paymentPlanId))[0]!;
  expect(danFirst.status).toBe("PAID");
  expect(await chargesFor(w.db, danFirst.id)).toBe(1);
  expect(await emails(w.db, [dan.userId], "PAYMENT_PLAN_INSTALMENT_REMINDER")).toHaveLength(2);

  // The back office records that the treatment ended on 15 December: it ends 30 days later (last
  // day 14 January, 54 days from the start), and every deadline inside moves by 54 days.
  w.clock.set(at("2026-12-20"));
  const ended = await w.ops("end-breathing-space", { email: ana.email, treatmentEnded: "2026-12-15" });
  expect(ended.status).toBe(200);
  expect(ended.body.until).toBe("2027-01-14");
  expect((await proposalOf(w.db, finalId)).responseDeadline?.toISOString()).toBe("2027-01-22T23:59:59.999Z");
  expect((await instalmentsOf(w.db, anaPlan.paymentPlanId)).map((i) => i.dueDate)).toEqual(["2027-02-02", "2027-03-05", "2027-04-05"]);
  expect((await emails(w.db, [ana.userId], "BREATHING_SPACE_ENDING"))[0]!.text).toContain("lasts until Thursday 14 January 2027");

  // It closes after its last day, once, whichever instance runs.
  w.clock.set(new Date(startOfLondonDay("2027-01-15").getTime() + 60_000));
  await w.sweep();
  const [closed] = await w.db.select().from(breathingSpaces).where(eq(breathingSpaces.id, bs!.id));
  expect(closed!.endReason).toBe("ENDED");

  // After it, the deadlines resume at their moved dates: the reminder the day before, then the
  // charges treated as accepted once 22 January has passed, and the instalment charged on 2 February.
  w.clock.set(at("2027-01-21"));
  await w.sweep();
  expect((await emails(w.db, [ana.userId, ben.userId], "RESPONSE_REMINDER")).map((e) => e.subject)).toEqual([
    "Reminder: answer the final proposal tomorrow",
    "Reminder: answer the final proposal tomorrow",
  ]);
  w.clock.set(at("2027-01-22", 23));
  await w.sweep();
  expect((await proposalOf(w.db, finalId)).autoResponded).toBe(false);
  w.clock.set(at("2027-01-23"));
  await w.sweep();
  expect((await proposalOf(w.db, finalId)).autoResponded).toBe(true);
  expect(await emails(w.db, [ana.userId, ben.userId], "CHARGES_DEEMED_ACCEPTED")).toHaveLength(2);

  for (const day of ["2027-01-26", "2027-02-01", "2027-02-02"]) {
    w.clock.set(at(day));
    await w.sweep();
  }
  const charged = (await instalmentsOf(w.db, anaPlan.paymentPlanId))[0]!;
  expect(charged.status).toBe("PAID");
  expect(await chargesFor(w.db, charged.id)).toBe(1);
  expect(await emails(w.db, [ana.userId], "PAYMENT_PLAN_INSTALMENT_REMINDER")).toHaveLength(2);
}

describe("the clock during a Breathing Space (PGlite)", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
  });
  afterAll(() => t.close());

  it("no charge, no reminder and nothing treated as accepted while it lasts; after it, deadlines resume at their moved dates and the charge is taken", async () => {
    await duringAndAfterACrisisBreathingSpace(worldOfTestApi(t));
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("the clock during a Breathing Space, on PostgreSQL with two instances sweeping at once", () => {
  const { open } = usePostgresInstances(pgUrl!, "breathing_space");

  it("both sweepers honour it: no charge, no reminder, nothing accepted; after it, once each at the moved dates", async () => {
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const w = worldOfInstances([a, b]);
    try {
      await duringAndAfterACrisisBreathingSpace(w);
    } finally {
      w.close();
    }
  });
});

// ── The API: recording one, and what it changes at once ───────────────────────────────────

describe("recording a Breathing Space (the tenant's form and the back office)", () => {
  let t: TestApi;
  let w: World;
  beforeAll(async () => {
    t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
    w = worldOfTestApi(t);
  });
  afterAll(() => t.close());

  it("a standard one moves the claim's deadline at once by 61 days, for the pages and the calendar file; the receipt says what pauses and until when", async () => {
    t.clock.set(new Date("2026-11-22T10:00:00Z"));
    const joint = await jointClaim(w, ["Eve", "Fay"]);
    const [eve, fay] = joint.tenants;
    const token = (await w.ops("issue-access-token", { email: eve.email })).body.accessToken as string;
    const coToken = (await w.ops("issue-access-token", { email: fay.email })).body.accessToken as string;

    expect((await t.json("GET", "/breathing-space", undefined, token)).body).toEqual({ current: null });
    const bad = [
      [{ reference: "", type: "STANDARD", startDate: "2026-11-22" }, "Enter the Breathing Space reference from your debt adviser's letter or e-mail"],
      [{ reference: "BS<1>", type: "STANDARD", startDate: "2026-11-22" }, "The reference can only have letters, numbers, spaces, hyphens and slashes"],
      [{ reference: "BS-1234", type: "STANDARD", startDate: "2026-11-23" }, "The start date cannot be in the future"],
      [{ reference: "BS-1234", type: "STANDARD", startDate: "2026-09-01" }, expect.stringContaining("has already ended")],
      [{ reference: "BS-1234", type: "STANDARD", startDate: "2026-02-30" }, "Enter a real date, for example 27 3 2026"],
    ] as const;
    for (const [body, message] of bad) {
      const refused = await t.json("POST", "/breathing-space", body, token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(message);
    }
    expect((await t.json("POST", "/breathing-space", { reference: "BS-1234", type: "SOMETIMES", startDate: "2026-11-22" }, token)).status).toBe(400);

    const recorded = await t.json("POST", "/breathing-space", { reference: " bs-2026 123456 ", type: "STANDARD", startDate: "2026-11-20" }, token);
    expect(recorded.status).toBe(201);
    expect(recorded.body.current).toEqual({ reference: "BS-2026 123456", type: "STANDARD", startDate: "2026-11-20", until: "2027-01-19", recordedBy: "TENANT" });
    const again = await t.json("POST", "/breathing-space", { reference: "BS-9999", type: "MENTAL_HEALTH_CRISIS", startDate: "2026-11-22" }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You already have a Breathing Space in place. If its details are wrong, please contact us.");
    expect((await w.ops("breathing-space", { email: eve.email, reference: "BS-9999", type: "standard", start: "2026-11-22" })).status).toBe(409);

    // The charges' deadline (11:59pm on 29 November, 9 days after the start: 10 days left) moves to 11:59pm on 29 January.
    const view = await t.json("GET", `/claims/${joint.claim.claimId}`, undefined, token);
    expect(view.body.responseDeadline).toBe("2027-01-29T23:59:59.999Z");
    expect(view.body.breathingSpace).toEqual({ until: "2027-01-19", type: "STANDARD" });
    const calendar = deadlineCalendar(view.body, "https://keyfree.example", t.clock.now())!;
    expect(calendar).toContain("DTSTART;VALUE=DATE:20270129");
    // The co-tenant's claim moves with it (a joint claim), but their own pages show no Breathing Space.
    const coView = await t.json("GET", `/claims/${joint.claim.claimId}`, undefined, coToken);
    expect(coView.body.responseDeadline).toBe("2027-01-29T23:59:59.999Z");
    expect(coView.body.breathingSpace).toBeNull();
    expect((await t.json("GET", "/dashboard", undefined, token)).body.breathingSpace).toEqual({ until: "2027-01-19", type: "STANDARD" });
    expect((await t.json("GET", "/dashboard", undefined, coToken)).body.breathingSpace).toBeNull();

    const [receipt] = await emails(t.db, [eve.userId], "BREATHING_SPACE_RECORDED");
    expect(receipt!.subject).toBe("Your Breathing Space is recorded");
    expect(receipt!.text).toContain("from Friday 20 November 2026 until Tuesday 19 January 2027");
    expect(receipt!.text).toContain("we will not ask you to pay anything");
    expect(receipt!.text).toContain("/help/breathing-space");

    // The adviser cancels it: it ends now; the moved deadline keeps its new date.
    t.clock.set(new Date("2026-12-01T10:00:00Z"));
    const ended = await w.ops("end-breathing-space", { email: eve.email });
    expect(ended.status).toBe(200);
    expect(ended.body.until).toBe("2026-12-01");
    expect((await t.json("GET", "/breathing-space", undefined, token)).body).toEqual({ current: null });
    expect((await t.json("GET", `/claims/${joint.claim.claimId}`, undefined, token)).body.responseDeadline).toBe("2027-01-29T23:59:59.999Z");
    expect((await emails(t.db, [eve.userId], "BREATHING_SPACE_ENDING"))[0]!.subject).toBe("Your Breathing Space has ended");
    expect((await w.ops("end-breathing-space", { email: eve.email })).status).toBe(409);
  });

  it("an event that asks for money is told without asking for it, by e-mail only; one that asks for nothing goes as usual; no annual fee is added", async () => {
    t.clock.set(new Date("2026-12-10T10:00:00Z"));
    const joint = await jointClaim(w, ["Gus", "Hal"]);
    const [gus, hal] = joint.tenants;
    await t.db.update(users).set({ mobileNumber: "07700900123" }).where(inArray(users.id, [gus.userId, hal.userId]));
    expect((await w.ops("breathing-space", { email: gus.email, reference: "BS-5555", type: "standard", start: "2026-12-10" })).status).toBe(200);

    // Hal accepts for both: Gus is told, without being asked to pay; Hal is asked as usual.
    const accepted = await w.ops("tenant-accept", { claimId: joint.claim.claimId, claimProposalId: joint.claim.claimProposalId, email: hal.email });
    expect(accepted.status).toBe(200);
    const [toGus] = await emails(t.db, [gus.userId], "CHARGES_ACCEPTED");
    const [toHal] = await emails(t.db, [hal.userId], "CHARGES_ACCEPTED");
    expect(toGus!.subject).toBe("The end of tenancy charges were accepted");
    expect(toGus!.text).toContain("accepted the end of tenancy charges for");
    expect(toGus!.text).toContain("You are in Breathing Space until Monday 8 February 2027.");
    expect(toGus!.text).not.toContain("Please pay");
    expect(toHal!.text).toContain("Please pay");
    const sms = await t.db.select().from(outboxSms).where(inArray(outboxSms.userId, [gus.userId, hal.userId]));
    expect(sms.map((s) => s.userId)).toEqual([hal.userId]);

    // The annual fee is not raised while a tenant of the tenancy is in Breathing Space.
    const old = await tenant(t.db, "Ivy");
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [old.userId, gus.userId], startDate: "2024-11-01", endDate: null });
    const refused = await w.ops("create-annual-fee", { tenancyId: tenancy.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("is in Breathing Space: no fee is added while it lasts");

    // New charges on that tenancy: Gus is told without being asked; Ivy's £0 proposal, which asks for nothing, reaches him as usual.
    const raised = await raiseClaim(t.db, { tenancyId: tenancy.id, items: [{ description: "Oven", type: "CLEANING", amount: 9_000 }] }, t.clock.now());
    const raisedToGus = (await emails(t.db, [gus.userId], "CLAIM_RAISED")).find((e) => e.text.includes("£90.00"));
    expect(raisedToGus!.subject).toBe("End of tenancy charges have been raised");
    expect(raisedToGus!.text).not.toContain("Please answer them");
    const draft = await w.ops("tenant-item-proposals", {
      claimId: raised.claimId,
      email: old.email,
      proposals: [{ claimItemId: raised.itemIds[0], amount: 0, explanation: "It was clean" }],
    });
    expect((await w.ops("tenant-publish-proposal", { claimId: raised.claimId, claimProposalId: draft.body.claimProposalId, email: old.email })).status).toBe(200);
    const [sent] = await emails(t.db, [gus.userId], "PROPOSAL_SENT");
    expect(sent!.subject).toBe("Your proposal was sent to your landlord or agent");
    expect(sent!.text).not.toContain("Breathing Space");
  });
});
