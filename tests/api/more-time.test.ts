import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MORE_TIME_FIELD_MESSAGES } from "#common/more-time";
import { FORBIDDEN_CHARACTERS_MESSAGE } from "#common/input";
import type { Deps } from "../../server/context";
import { claimProposals, moreTimeRequests, outboxEmails } from "../../server/db/schema";
import { MORE_TIME_MESSAGES } from "../../server/domain/more-time";
import type { NoticeKind } from "../../server/domain/notices";
import { sweepClaimDeadlines } from "../../server/jobs/claim-deadlines";
import { sendDeadlineReminders } from "../../server/jobs/deadline-reminders";
import { grantOverdueMoreTime } from "../../server/jobs/more-time-requests";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { raiseClaim } from "../../stand-ins/scenarios/claims";
import { holdClaim, usePostgresInstances } from "../helpers/postgres-instances";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";
import { migrateWithStandIns } from "../helpers/stand-ins";

/**
 * More time to answer (issue 36, scope 4; docs/decisions/0049): asking (and the refusals),
 * the back office's grant and refusal, and the clock: a waiting request holds the deadline, and
 * one we leave unanswered for 2 working days is granted. Every date is in winter (London = UTC).
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["quickTenant"]>>;
const at = (iso: string) => t.clock.set(new Date(iso));
const ops = (command: string, body: unknown) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });
const REASON = "I am in hospital until the end of the week.";

/** A claim on a tenancy of `names.length` tenants, raised now (7 days to answer). */
async function claimFor(names: string[] = ["Ana"], mediationEnabled = true) {
  const tenants: Tenant[] = [];
  for (const firstName of names) tenants.push(await t.quickTenant({ firstName, lastName: "Lee" }));
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: tenants.map((x) => x.userId) });
  await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: tenants.map((x) => ({ customerId: x.customerId })), status: "COMPLETE" });
  const claim = await raiseClaim(
    t.db,
    { tenancyId: tenancy.id, items: [{ description: "Cleaning", type: "CLEANING", amount: 10_000 }], mediationEnabled },
    t.clock.now(),
  );
  const path = `/claims/${claim.claimId}`;
  return { tenants, claim, path, ask: (tenant: Tenant, body: unknown = { days: 7, reason: REASON }) => t.json("POST", `${path}/more-time`, body, tenant.token) };
}

async function sent(kind: NoticeKind, tenants: Tenant[]) {
  const ids = tenants.map((x) => x.userId);
  const emails = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, kind), inArray(outboxEmails.userId, ids)));
  return emails.map((e) => ({ to: tenants.find((x) => x.userId === e.userId)!.email, text: e.text }));
}

async function deadlineOf(claimProposalId: string) {
  const [row] = await t.db.select({ deadline: claimProposals.responseDeadline, status: claimProposals.status }).from(claimProposals).where(eq(claimProposals.id, claimProposalId));
  return { deadline: row!.deadline!.toISOString(), status: row!.status };
}

describe("asking for more time", () => {
  it("a tenant asks: the request waits, they get a receipt, and nobody can ask again while it waits", async () => {
    at("2026-11-23T10:00:00Z"); // Monday: the charges are due by the end of Monday 30 November
    const { tenants, path, ask } = await claimFor(["Ana", "Ben"]);
    const [ana, ben] = tenants as [Tenant, Tenant];
    const before = await t.json("GET", `${path}/more-time`, undefined, ana.token);
    expect(before.body).toMatchObject({
      canAsk: true,
      cannotAsk: null,
      minDays: 1,
      maxDays: 14,
      answerWorkingDays: 2,
      responseDeadline: "2026-11-30T23:59:59.999Z",
      final: false,
      request: null,
    });
    expect((await t.json("GET", path, undefined, ana.token)).body.moreTime).toEqual({ canAsk: true, waiting: null });

    const asked = await ask(ana);
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      canAsk: false,
      cannotAsk: MORE_TIME_MESSAGES.waiting,
      request: { status: "PENDING", askedByYou: true, askedBy: "Ana Lee", daysRequested: 7, answerBy: "2026-11-25T23:59:59.999Z", refusalReason: null },
    });
    // The reason is for the team that decides: never sent back, to anyone.
    expect(JSON.stringify(asked.body)).not.toContain("hospital");
    const [row] = await t.db.select().from(moreTimeRequests).where(eq(moreTimeRequests.userId, ana.userId));
    expect(row).toMatchObject({ reason: REASON, daysRequested: 7, status: "PENDING", deadlineBefore: new Date("2026-11-30T23:59:59.999Z") });

    const receipts = await sent("MORE_TIME_REQUESTED", tenants);
    expect(receipts.map((r) => r.to)).toEqual([ana.email]);
    expect(receipts[0]!.text).toContain("We will answer by 11:59pm on Wednesday 25 November 2026 (UK time), 2 days from today.");
    expect(receipts[0]!.text.trim().split("\n").at(-1)).toMatch(new RegExp(`${path}/more-time$`));

    for (const tenant of [ana, ben]) {
      expect(await ask(tenant)).toMatchObject({ status: 409, body: { message: MORE_TIME_MESSAGES.waiting } });
    }
    const seenByBen = await t.json("GET", `${path}/more-time`, undefined, ben.token);
    expect(seenByBen.body.request).toMatchObject({ status: "PENDING", askedByYou: false, askedBy: "Ana Lee" });
    expect((await t.json("GET", path, undefined, ben.token)).body.moreTime).toEqual({
      canAsk: false,
      waiting: { answerBy: "2026-11-25T23:59:59.999Z", askedByYou: false, askedBy: "Ana Lee" },
    });
    expect(await t.db.select().from(moreTimeRequests).where(eq(moreTimeRequests.userId, ben.userId))).toEqual([]);
  });

  it("refuses another tenant's claim (404), bad bodies (400, each on its field) and a deadline that cannot be asked on (409)", async () => {
    at("2026-12-07T10:00:00Z"); // Monday: due by the end of Monday 14 December
    const { tenants, path, claim, ask } = await claimFor(["Cat"]);
    const cat = tenants[0]!;
    const stranger = await t.quickTenant();
    expect((await ask(stranger)).status).toBe(404);
    expect((await t.json("GET", `${path}/more-time`, undefined, stranger.token)).status).toBe(404);

    const bad: [unknown, string][] = [
      [{ days: 0, reason: REASON }, MORE_TIME_FIELD_MESSAGES.days],
      [{ days: 15, reason: REASON }, MORE_TIME_FIELD_MESSAGES.days],
      [{ days: 2.5, reason: REASON }, MORE_TIME_FIELD_MESSAGES.days],
      [{ days: "seven", reason: REASON }, MORE_TIME_FIELD_MESSAGES.days],
      [{ reason: REASON }, MORE_TIME_FIELD_MESSAGES.days],
      [{ days: 7 }, MORE_TIME_FIELD_MESSAGES.reason],
      [{ days: 7, reason: "   " }, MORE_TIME_FIELD_MESSAGES.reason],
      [{ days: 7, reason: "Ill\u0000" }, FORBIDDEN_CHARACTERS_MESSAGE],
      [{ days: 7, reason: "x".repeat(5_001) }, "Must be 5000 characters or fewer"],
    ];
    for (const [body, message] of bad) {
      const res = await ask(cat, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect(await t.db.select().from(moreTimeRequests).where(eq(moreTimeRequests.userId, cat.userId))).toEqual([]);

    // Past the deadline (the clock has not treated the charges as accepted yet): too late to ask.
    at("2026-12-15T00:00:00Z");
    expect(await ask(cat)).toMatchObject({ status: 409, body: { message: MORE_TIME_MESSAGES.deadlinePassed } });
    // Once the charges are accepted, there is nothing to ask more time for.
    expect((await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, cat.token)).status).toBe(200);
    expect(await ask(cat)).toMatchObject({ status: 409, body: { message: MORE_TIME_MESSAGES.notOpen } });
    expect((await t.json("GET", `${path}/more-time`, undefined, cat.token)).body).toMatchObject({ canAsk: false, cannotAsk: MORE_TIME_MESSAGES.notOpen, request: null });
  });
});

describe("the back office answers", () => {
  it("a grant moves the deadline for both tenants of a joint claim and e-mails each; the reminders follow the new date", async () => {
    at("2027-01-04T10:00:00Z"); // Monday: due by the end of Monday 11 January
    const { tenants, path, claim, ask } = await claimFor(["Dev", "Eli"]);
    const [dev, eli] = tenants as [Tenant, Tenant];
    expect((await ask(dev)).status).toBe(201);

    at("2027-01-05T10:00:00Z");
    const granted = await ops("grant-more-time", { email: dev.email, days: 5 });
    expect(granted).toMatchObject({
      status: 200,
      body: { claimId: claim.claimId, status: "GRANTED", deadlineBefore: "2027-01-11T23:59:59.999Z", deadlineAfter: "2027-01-16T23:59:59.999Z", told: 2 },
    });
    expect(await deadlineOf(claim.claimProposalId)).toEqual({ deadline: "2027-01-16T23:59:59.999Z", status: "AWAITING_RESPONSE" });
    for (const tenant of [dev, eli]) {
      const view = (await t.json("GET", path, undefined, tenant.token)).body;
      expect(view).toMatchObject({ responseDeadline: "2027-01-16T23:59:59.999Z", daysRemaining: 11, moreTime: { canAsk: false, waiting: null } });
    }
    const told = await sent("MORE_TIME_GRANTED", tenants);
    expect(told.map((e) => e.to).sort()).toEqual([dev.email, eli.email].sort());
    expect(told.find((e) => e.to === dev.email)!.text).toContain("Your request for more time is granted: you have 5 more days");
    expect(told.find((e) => e.to === eli.email)!.text).toContain("Dev Lee asked for more time, and it is granted: you have 5 more days");
    for (const e of told) expect(e.text).toContain("by 11:59pm on Saturday 16 January 2027 (UK time), 11 days from today");
    expect((await t.json("GET", `${path}/more-time`, undefined, dev.token)).body).toMatchObject({
      canAsk: false,
      cannotAsk: MORE_TIME_MESSAGES.alreadyAsked,
      request: { status: "GRANTED", daysRequested: 7, daysGranted: 5, grantedAutomatically: false, deadlineAfter: "2027-01-16T23:59:59.999Z" },
    });
    // Answered once: nothing is left waiting.
    expect(await ops("grant-more-time", { email: dev.email, days: 5 })).toMatchObject({ status: 404 });
    expect(await ops("refuse-more-time", { email: dev.email, reason: "No" })).toMatchObject({ status: 404 });

    // No reminder for the old date; both reminded the day before the new one.
    at("2027-01-10T09:00:00Z");
    await sendDeadlineReminders({ db: t.db, clock: t.clock });
    expect(await sent("RESPONSE_REMINDER", tenants)).toEqual([]);
    at("2027-01-15T09:00:00Z");
    await sendDeadlineReminders({ db: t.db, clock: t.clock });
    const reminded = await sent("RESPONSE_REMINDER", tenants);
    expect(reminded).toHaveLength(2);
    for (const e of reminded) expect(e.text).toContain("by 11:59pm on Saturday 16 January 2027 (UK time), tomorrow");
  });

  it("a refusal tells the asker why; the deadline stays when days are left, and moves to 3 days away when it passed while the request waited", async () => {
    at("2027-02-01T10:00:00Z"); // Monday: both claims due by the end of Monday 8 February
    const early = await claimFor(["Fay"]);
    const late = await claimFor(["Gus", "Hal"]);
    const [fay, gus, hal] = [early.tenants[0]!, late.tenants[0]!, late.tenants[1]!];
    expect((await early.ask(fay)).status).toBe(201);
    at("2027-02-02T10:00:00Z");
    const kept = await ops("refuse-more-time", { email: fay.email, reason: "Your landlord needs an answer before the new tenancy starts." });
    expect(kept.body).toMatchObject({ status: "REFUSED", deadlineBefore: "2027-02-08T23:59:59.999Z", deadlineAfter: "2027-02-08T23:59:59.999Z", told: 1 });
    const [refusal] = await sent("MORE_TIME_REFUSED", [fay]);
    expect(refusal!.text).toContain("Our reason: Your landlord needs an answer before the new tenancy starts.");
    expect(refusal!.text).toContain("Please answer by 11:59pm on Monday 8 February 2027 (UK time), 6 days from today.");
    expect((await t.json("GET", `${early.path}/more-time`, undefined, fay.token)).body.request).toMatchObject({
      status: "REFUSED",
      refusalReason: "Your landlord needs an answer before the new tenancy starts.",
    });

    // Gus asks on the evening of the deadline; the deadline passes while we look at it.
    at("2027-02-08T20:00:00Z");
    expect((await late.ask(gus, { days: 14, reason: REASON })).status).toBe(201);
    at("2027-02-09T10:00:00Z");
    await sweepClaimDeadlines({ db: t.db, clock: t.clock });
    expect(await deadlineOf(late.claim.claimProposalId)).toEqual({ deadline: "2027-02-08T23:59:59.999Z", status: "AWAITING_RESPONSE" });
    const moved = await ops("refuse-more-time", { email: gus.email, reason: "We need more information.", claimId: late.claim.claimId });
    expect(moved.body).toMatchObject({ status: "REFUSED", deadlineAfter: "2027-02-12T23:59:59.999Z", told: 1 });
    expect(await deadlineOf(late.claim.claimProposalId)).toEqual({ deadline: "2027-02-12T23:59:59.999Z", status: "AWAITING_RESPONSE" });
    const toGus = await sent("MORE_TIME_REFUSED", [gus, hal]);
    expect(toGus.map((e) => e.to)).toEqual([gus.email]);
    expect(toGus[0]!.text).toContain("So that you have time to read this and act, your deadline has moved: please answer by 11:59pm on Friday 12 February 2027");
    // Only the asker reads the refusal's reason.
    expect((await t.json("GET", `${late.path}/more-time`, undefined, hal.token)).body.request).toMatchObject({ status: "REFUSED", askedByYou: false, refusalReason: null });
    expect((await t.json("GET", late.path, undefined, hal.token)).body).toMatchObject({ responseDeadline: "2027-02-12T23:59:59.999Z", daysRemaining: 3 });
  });
});

describe("the back office's commands", () => {
  it("pick the tenant's one waiting request; with several, the claim id chooses; days outside 1 to 14 are refused", async () => {
    at("2027-02-15T10:00:00Z");
    const first = await claimFor(["Ola"]);
    const ola = first.tenants[0]!;
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ola.userId] });
    await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 90_000, customers: [{ customerId: ola.customerId }], status: "COMPLETE" });
    const second = await raiseClaim(t.db, { tenancyId: tenancy.id, items: [{ description: "Paint", type: "REDECORATION", amount: 5_000 }] }, t.clock.now());
    expect((await first.ask(ola)).status).toBe(201);
    t.clock.advance(60_000); // oldest first
    expect((await t.json("POST", `/claims/${second.claimId}/more-time`, { days: 2, reason: REASON }, ola.token)).status).toBe(201);

    const listed = await ops("more-time-requests", { email: ola.email });
    expect(listed.body.map((r: { claimId: string; reason: string }) => [r.claimId, r.reason])).toEqual([
      [first.claim.claimId, REASON],
      [second.claimId, REASON],
    ]);
    const ambiguous = await ops("grant-more-time", { email: ola.email, days: 3 });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toContain(`give --claim-id (${first.claim.claimId}, ${second.claimId})`);
    expect((await ops("grant-more-time", { email: ola.email, days: 15, claimId: second.claimId })).status).toBe(400);
    expect((await ops("grant-more-time", { email: ola.email, days: 0, claimId: second.claimId })).status).toBe(400);
    expect((await ops("grant-more-time", { email: "nobody@example.test", days: 3 })).status).toBe(404);
    expect((await ops("grant-more-time", { email: ola.email, days: 3, claimId: second.claimId })).body).toMatchObject({ claimId: second.claimId, status: "GRANTED" });
    expect((await ops("more-time-requests", { email: ola.email })).body.map((r: { claimId: string }) => r.claimId)).toEqual([first.claim.claimId]);
  });
});

describe("on the clock", () => {
  it("while a request waits, the charges are not treated as accepted, no reminder says they will be, and the tenants may still answer after the deadline", async () => {
    at("2027-03-01T10:00:00Z"); // Monday: due by the end of Monday 8 March
    const { tenants, path, claim, ask } = await claimFor(["Ivy", "Jo"]);
    at("2027-03-05T10:00:00Z"); // Friday: we answer by the end of Tuesday 9 March
    expect((await ask(tenants[0]!, { days: 3, reason: REASON })).body.request).toMatchObject({ answerBy: "2027-03-09T23:59:59.999Z" });

    at("2027-03-07T09:00:00Z"); // the day before the deadline: held
    await sendDeadlineReminders({ db: t.db, clock: t.clock });
    expect(await sent("RESPONSE_REMINDER", tenants)).toEqual([]);

    at("2027-03-09T10:00:00Z"); // past the deadline: held
    expect((await sweepClaimDeadlines({ db: t.db, clock: t.clock })).chargesDeemedAccepted.filter((d) => d.claimId === claim.claimId)).toEqual([]);
    expect(await deadlineOf(claim.claimProposalId)).toMatchObject({ status: "AWAITING_RESPONSE" });
    const view = (await t.json("GET", path, undefined, tenants[1]!.token)).body;
    expect(view.allowedActions).toEqual(["accept", "counter"]);
    expect(view.moreTime.waiting).toMatchObject({ askedBy: "Ivy Lee", askedByYou: false });
  });

  it("a request we have not answered within 2 working days is granted the days asked for, once, however many instances run the clock", async () => {
    at("2027-11-01T10:00:00Z"); // Monday: due by the end of Monday 8 November
    const { tenants, path, claim, ask } = await claimFor(["Kit", "Lou"]);
    at("2027-11-05T16:00:00Z"); // Friday: we answer by the end of Tuesday 9 November
    expect((await ask(tenants[1]!, { days: 4, reason: REASON })).status).toBe(201);

    at("2027-11-09T23:59:59.999Z");
    expect((await grantOverdueMoreTime({ db: t.db, clock: t.clock })).granted.filter((g) => g.claimId === claim.claimId)).toEqual([]);
    at("2027-11-10T00:00:01Z");
    const runs = await Promise.all([grantOverdueMoreTime({ db: t.db, clock: t.clock }), grantOverdueMoreTime({ db: t.db, clock: t.clock })]);
    const mine = runs.flatMap((r) => r.granted).filter((g) => g.claimId === claim.claimId);
    // Passed while waiting: 4 days from the day of the grant.
    expect(mine).toEqual([expect.objectContaining({ status: "GRANTED", deadlineBefore: "2027-11-08T23:59:59.999Z", deadlineAfter: "2027-11-14T23:59:59.999Z", told: 2 })]);
    const told = await sent("MORE_TIME_GRANTED", tenants);
    expect(told).toHaveLength(2);
    expect(told.find((e) => e.to === tenants[1]!.email)!.text).toContain("We did not answer your request for more time within 2 working days, so the 4 more days asked for are given");
    expect(told.find((e) => e.to === tenants[0]!.email)!.text).toContain("We did not answer Lou Lee's request for more time within 2 working days");
    expect((await t.json("GET", `${path}/more-time`, undefined, tenants[1]!.token)).body.request).toMatchObject({ status: "GRANTED", daysGranted: 4, grantedAutomatically: true });
    await grantOverdueMoreTime({ db: t.db, clock: t.clock });
    expect(await sent("MORE_TIME_GRANTED", tenants)).toHaveLength(2);

    // The new deadline is a deadline like any: past it, the charges are treated as accepted.
    at("2027-11-15T00:00:00Z");
    const deemed = (await sweepClaimDeadlines({ db: t.db, clock: t.clock })).chargesDeemedAccepted.filter((d) => d.claimId === claim.claimId);
    expect(deemed).toHaveLength(1);
  });

  it("a request whose charges were answered while it waited lapses: the clock grants nothing and tells nobody", async () => {
    at("2027-12-06T10:00:00Z"); // Monday
    const { tenants, path, claim, ask } = await claimFor(["Max", "Ned"]);
    expect((await ask(tenants[0]!)).status).toBe(201);
    expect((await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, tenants[1]!.token)).status).toBe(200);
    expect((await t.json("GET", `${path}/more-time`, undefined, tenants[0]!.token)).body).toMatchObject({ canAsk: false, request: { status: "LAPSED" } });
    at("2027-12-13T10:00:00Z");
    const run = await grantOverdueMoreTime({ db: t.db, clock: t.clock });
    expect(run.granted.filter((g) => g.claimId === claim.claimId)).toEqual([]);
    expect(run.lapsed).toBeGreaterThanOrEqual(1);
    expect(await t.db.select({ status: moreTimeRequests.status }).from(moreTimeRequests).where(eq(moreTimeRequests.claimId, claim.claimId))).toEqual([{ status: "LAPSED" }]);
    expect(await sent("MORE_TIME_GRANTED", tenants)).toEqual([]);
  });
});

/**
 * On a real PostgreSQL (TEST_DATABASE_URL) two instances run the clock through separate
 * connection pools at once, so `FOR UPDATE SKIP LOCKED` is exercised for real.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("on PostgreSQL, with two instances", () => {
  const { open } = usePostgresInstances(pgUrl!, "more_time");

  it("grants each overdue request once, and leaves a claim another transaction holds for the next run", async () => {
    const { createTenant } = await import("../../stand-ins/scenarios/tenants");
    const { askForMoreTime, grantOverdueMoreTimeRequests } = await import("../../server/claims/more-time-service");
    const { FixedClock } = await import("../../server/lib/clock");
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const start = new Date("2026-11-23T10:00:00Z");
    const asked: { claimId: string; claimProposalId: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const tenant = await createTenant(a.db, { email: `pg-more-time-${i}@example.test`, firstName: "P", lastName: "G" });
      const { tenancy } = await createTenancy(a.db, { tenantUserIds: [tenant.userId] });
      await createKeyfreeOrder(a.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: tenant.customerId }], status: "COMPLETE" });
      const claim = await raiseClaim(a.db, { tenancyId: tenancy.id, items: [{ description: "Oven", type: "CLEANING", amount: 9_000 }] }, start);
      const deps = { db: a.db, clock: new FixedClock(start) } as Pick<Deps, "db" | "clock">;
      await askForMoreTime(deps, claim.claimId, tenant.userId, { days: 3, reason: REASON });
      asked.push(claim);
    }
    const later = new Date("2026-11-26T00:00:01Z"); // past Wednesday's answer-by
    const held = asked[0]!;
    const holder = await holdClaim(a.db, held.claimId);
    const runs = await Promise.all([a, b, a, b].map((i) => grantOverdueMoreTimeRequests(i.db, later)));
    await holder.release();

    expect(runs.flatMap((r) => r.granted).map((g) => g.claimId).sort()).toEqual(asked.slice(1).map((c) => c.claimId).sort());
    expect(runs.reduce((n, r) => n + r.skippedLocked, 0)).toBeGreaterThanOrEqual(1);
    const next = await grantOverdueMoreTimeRequests(b.db, later);
    expect(next.granted.map((g) => g.claimId)).toEqual([held.claimId]);
    const emails = await a.db.select().from(outboxEmails).where(eq(outboxEmails.template, "MORE_TIME_GRANTED"));
    expect(emails).toHaveLength(4);
    for (const c of asked) {
      const [p] = await a.db.select({ deadline: claimProposals.responseDeadline }).from(claimProposals).where(eq(claimProposals.id, c.claimProposalId));
      expect(p!.deadline!.toISOString()).toBe("2026-12-03T23:59:59.999Z");
    }
  });
});
