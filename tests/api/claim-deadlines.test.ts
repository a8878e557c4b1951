import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimActivities, claimProposals, claims, orderCustomerActions, orderCustomers, orders } from "../../server/db/schema";
import { responseDeadline } from "../../server/domain/deadlines";
import { sweepClaimDeadlines } from "../../server/jobs/claim-deadlines";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { payClaimAction, raiseClaim } from "../../stand-ins/scenarios/claims";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { createTestApi, type TestApi } from "../helpers/api";
import { migrateWithStandIns } from "../helpers/stand-ins";

let t: TestApi;
beforeAll(async () => {
  // Tokens outlive the clock moves.
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;
const DAY = 24 * 3600_000;
const sweep = () => sweepClaimDeadlines({ db: t.db, clock: t.clock });

async function claimFor(options: { tenants?: number; mediationEnabled?: boolean } = {}) {
  const tenants: Tenant[] = [];
  for (let i = 0; i < (options.tenants ?? 1); i += 1) tenants.push(await t.signedInTenant());
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
  return { tenants, claim, path: `/claims/${claim.claimId}` };
}

async function payActions(orderId: string) {
  return t.db
    .select({ action: orderCustomerActions })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(eq(orderCustomers.orderId, orderId));
}

async function proposal(id: string) {
  const [row] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, id));
  return row!;
}

/** Each test runs from its own starting time, so deadlines of other tests' claims are already settled. */
async function freshStart() {
  t.clock.advance(60 * DAY);
  await sweep();
}

describe("charges not answered in time are treated as accepted", () => {
  it("applies at the first millisecond after the deadline, once, and the tenant must pay immediately", async () => {
    await freshStart();
    const { tenants, claim, path } = await claimFor({ tenants: 2 });
    const deadline = responseDeadline(t.clock.now());

    t.clock.set(deadline);
    expect((await sweep()).chargesDeemedAccepted).toEqual([]);
    expect((await proposal(claim.claimProposalId)).status).toBe("AWAITING_RESPONSE");
    const onTheDay = await t.json("GET", path, undefined, tenants[0]!.token);
    expect(onTheDay.body).toMatchObject({ daysRemaining: 0, urgency: "medium", allowedActions: ["accept", "counter"] });

    t.clock.set(new Date(deadline.getTime() + 1));
    const late = await t.json("GET", path, undefined, tenants[0]!.token);
    expect(late.body).toMatchObject({ allowedActions: ["accept"] });
    const result = await sweep();
    expect(result.chargesDeemedAccepted).toEqual([{ claimId: claim.claimId, claimProposalId: claim.claimProposalId, lapsedDispute: false }]);
    expect(await proposal(claim.claimProposalId)).toMatchObject({ status: "AWAITING_PAYMENT", autoResponded: true });
    expect(await payActions(claim.orderId)).toHaveLength(4);
    const view = await t.json("GET", path, undefined, tenants[1]!.token);
    expect(view.body).toMatchObject({ awaitingPayment: true, autoResponded: true, payableOrderId: claim.orderId, allowedActions: [] });
    const deemed = await t.db
      .select()
      .from(claimActivities)
      .where(and(eq(claimActivities.claimId, claim.claimId), eq(claimActivities.activityType, "CHARGES_DEEMED_ACCEPTED")));
    expect(deemed).toHaveLength(2);

    // Running it again changes nothing more.
    const again = await sweep();
    expect(again.chargesDeemedAccepted).toEqual([]);
    expect(await payActions(claim.orderId)).toHaveLength(4);
    expect(
      await t.db.select().from(claimActivities).where(and(eq(claimActivities.claimId, claim.claimId), eq(claimActivities.activityType, "CHARGES_DEEMED_ACCEPTED"))),
    ).toHaveLength(2);
  });

  it("two sweeps running at once apply each deadline exactly once", async () => {
    await freshStart();
    const a = await claimFor();
    const b = await claimFor();
    t.clock.advance(9 * DAY);
    const [first, second] = await Promise.all([sweep(), sweep()]);
    const handled = [...first.chargesDeemedAccepted, ...second.chargesDeemedAccepted].map((x) => x.claimProposalId).sort();
    expect(handled).toEqual([a.claim.claimProposalId, b.claim.claimProposalId].sort());
    expect(first.notDue + second.notDue + first.skippedLocked + second.skippedLocked).toBe(2);
    for (const { claim } of [a, b]) {
      expect(await payActions(claim.orderId)).toHaveLength(2);
      expect(await proposal(claim.claimProposalId)).toMatchObject({ status: "AWAITING_PAYMENT", autoResponded: true });
    }
  });

  it("discards a counter-proposal that was not submitted in time", async () => {
    await freshStart();
    const { tenants, claim, path } = await claimFor();
    const me = tenants[0]!;
    const [itemA, itemB] = claim.itemIds as [string, string];
    await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemA, amount: 1_000, explanation: "a" }, me.token);
    const draft = await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemB, amount: 1_000, explanation: "b" }, me.token);
    const published = await t.json("POST", `${path}/proposals/${draft.body.id}/publish`, undefined, me.token);
    expect(published.body.proposalPayment.amount).toBe(2_000);
    t.clock.advance(9 * DAY);
    // Too late to submit it now.
    expect((await t.json("POST", `${path}/proposals/${draft.body.id}/unpublish`, undefined, me.token)).status).toBe(200);
    expect(await t.json("POST", `${path}/proposals/${draft.body.id}/publish`, undefined, me.token)).toMatchObject({
      status: 409,
      body: { message: "The deadline to respond has passed, so the charges are treated as accepted." },
    });
    await sweep();
    expect(await t.db.select().from(claimProposals).where(eq(claimProposals.id, draft.body.id))).toEqual([]);
    expect((await t.json("GET", path, undefined, me.token)).body).toMatchObject({ tenantDraftProposalId: null, autoResponded: true });
  });

  it("an unpaid dispute fee lets the dispute lapse: the charges are accepted and the fee order removed", async () => {
    await freshStart();
    const { tenants, claim, path } = await claimFor({ mediationEnabled: false });
    const disputed = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/dispute`, undefined, tenants[0]!.token);
    const feeOrderId = disputed.body.adjudicationFeeOrder.id;
    t.clock.advance(9 * DAY);
    const result = await sweep();
    expect(result.chargesDeemedAccepted).toEqual([{ claimId: claim.claimId, claimProposalId: claim.claimProposalId, lapsedDispute: true }]);
    const [row] = await t.db.select().from(claims).where(eq(claims.id, claim.claimId));
    expect(row).toMatchObject({ status: "AWAITING_RESPONDENTS", adjudicationFeeOrderId: null });
    expect(await t.db.select().from(orders).where(eq(orders.id, feeOrderId))).toEqual([]);
    expect(await proposal(claim.claimProposalId)).toMatchObject({ status: "AWAITING_PAYMENT", autoResponded: true });
    expect((await sweep()).chargesDeemedAccepted).toEqual([]);
  });

  it("a paid dispute fee keeps the dispute", async () => {
    await freshStart();
    const { tenants, claim, path } = await claimFor({ mediationEnabled: false });
    const disputed = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/dispute`, undefined, tenants[0]!.token);
    await payClaimAction(t.db, disputed.body.adjudicationFeeOrder.action.id, t.clock.now());
    t.clock.advance(9 * DAY);
    const result = await sweep();
    expect(result.chargesDeemedAccepted).toEqual([]);
    expect(await proposal(claim.claimProposalId)).toMatchObject({ status: "DISPUTED", autoResponded: false });
  });
});

describe("a proposal payment held past 7 days is refunded", () => {
  it("refuses the proposal, records the refund, and lets the tenants respond to the charges again", async () => {
    await freshStart();
    const { tenants, claim, path } = await claimFor();
    const me = tenants[0]!;
    const [itemA, itemB] = claim.itemIds as [string, string];
    await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemA, amount: 4_000, explanation: "a" }, me.token);
    const draft = await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemB, amount: 6_000, explanation: "b" }, me.token);
    const published = await t.json("POST", `${path}/proposals/${draft.body.id}/publish`, undefined, me.token);
    t.clock.advance(2 * DAY);
    await payClaimAction(t.db, published.body.proposalPayment.orderCustomerActionId, t.clock.now());
    const submitted = await proposal(draft.body.id);
    expect(submitted.status).toBe("AWAITING_RESPONSE");

    // Past the charges' own deadline, the submitted proposal is the tenants' answer: nothing is deemed.
    t.clock.advance(6 * DAY);
    expect((await sweep()).chargesDeemedAccepted).toEqual([]);
    t.clock.set(submitted.holdExpiresAt!);
    expect((await sweep()).proposalsRefused).toEqual([]);

    t.clock.set(new Date(submitted.holdExpiresAt!.getTime() + 1));
    const result = await sweep();
    expect(result.proposalsRefused).toEqual([{ claimId: claim.claimId, claimProposalId: draft.body.id, refundPence: 10_000 }]);
    expect(await proposal(draft.body.id)).toMatchObject({ status: "DRAFT", publishedAt: null, holdExpiresAt: null });
    const [paid] = (await payActions(submitted.orderId!)).map((r) => r.action);
    expect(paid!.completedAt).not.toBeNull();
    expect(paid!.details).toMatchObject({ refunded: true, refundAmount: 10_000 });
    const refusals = await t.db
      .select()
      .from(claimActivities)
      .where(and(eq(claimActivities.claimId, claim.claimId), eq(claimActivities.activityType, "PROPOSAL_REFUSED")));
    expect(refusals.map((a) => a.details)).toEqual([expect.objectContaining({ amount: 10_000, refundAmount: 10_000, reason: "HOLD_EXPIRED" })]);
    // The charges get a new 7-day window.
    expect((await proposal(claim.claimProposalId)).responseDeadline).toEqual(responseDeadline(t.clock.now()));
    const view = await t.json("GET", path, undefined, me.token);
    expect(view.body).toMatchObject({ tenantDraftProposalId: draft.body.id, daysRemaining: 7, allowedActions: ["accept", "publish"] });

    // Idempotent: nothing more happens, at once or concurrently.
    const [x, y] = await Promise.all([sweep(), sweep()]);
    expect([...x.proposalsRefused, ...y.proposalsRefused]).toEqual([]);
    expect(
      await t.db
        .select()
        .from(claimActivities)
        .where(and(eq(claimActivities.claimId, claim.claimId), inArray(claimActivities.activityType, ["PROPOSAL_REFUSED", "CHARGES_DEEMED_ACCEPTED"]))),
    ).toHaveLength(1);
  });
});

/**
 * On a real PostgreSQL (TEST_DATABASE_URL, as in postgres.test.ts) two instances sweep
 * through separate connection pools at the same time, so `FOR UPDATE SKIP LOCKED` is
 * exercised for real. Each run uses a database of its own, dropped afterwards.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("on PostgreSQL, with two instances", () => {
  const { open } = usePostgresInstances(pgUrl!, "claim_deadlines");

  it("never applies a deadline twice, and leaves a claim another transaction holds for the next run", async () => {
    const { createTenant } = await import("../../stand-ins/scenarios/tenants");
    const { lockClaim } = await import("../../server/claims/records");
    const { FixedClock } = await import("../../server/lib/clock");
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const start = new Date("2026-11-22T10:00:00Z");
    const claimsRaised: { claimId: string; claimProposalId: string; orderId: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const tenant = await createTenant(a.db, { email: `pg-sweep-${i}@example.test`, firstName: "P", lastName: "G" });
      const { tenancy } = await createTenancy(a.db, { tenantUserIds: [tenant.userId] });
      await createKeyfreeOrder(a.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: tenant.customerId }], status: "COMPLETE" });
      claimsRaised.push(await raiseClaim(a.db, { tenancyId: tenancy.id, items: [{ description: "Oven", type: "CLEANING", amount: 9_000 }] }, start));
    }
    const later = new Date(start.getTime() + 9 * DAY);
    const clock = new FixedClock(later);
    const held = claimsRaised[0]!;

    // One claim is held by another transaction while both instances sweep.
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
    const [x, y] = await Promise.all([sweepClaimDeadlines({ db: a.db, clock }), sweepClaimDeadlines({ db: b.db, clock })]);
    release();
    await holder;

    const applied = [...x.chargesDeemedAccepted, ...y.chargesDeemedAccepted].map((r) => r.claimProposalId);
    expect(applied.sort()).toEqual(claimsRaised.slice(1).map((c) => c.claimProposalId).sort());
    expect(x.skippedLocked + y.skippedLocked).toBeGreaterThanOrEqual(1);
    for (const c of claimsRaised.slice(1)) {
      const rows = await a.db
        .select({ id: orderCustomerActions.id })
        .from(orderCustomerActions)
        .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
        .where(eq(orderCustomers.orderId, c.orderId));
      expect(rows).toHaveLength(2);
    }
    // The next run takes the claim that was held, once.
    const [next, other] = await Promise.all([sweepClaimDeadlines({ db: b.db, clock }), sweepClaimDeadlines({ db: a.db, clock })]);
    expect([...next.chargesDeemedAccepted, ...other.chargesDeemedAccepted].map((r) => r.claimProposalId)).toEqual([held.claimProposalId]);
    const [row] = await a.db.select().from(claimProposals).where(eq(claimProposals.id, held.claimProposalId));
    expect(row).toMatchObject({ status: "AWAITING_PAYMENT", autoResponded: true });
  });
});
