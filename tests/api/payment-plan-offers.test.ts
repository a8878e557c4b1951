import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentPlanActions, paymentPlans } from "../../server/db/schema";
import { voidExpiredPaymentPlanOffers } from "../../server/jobs/payment-plan-offers";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { activatePaymentPlan, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

async function orderCustomer() {
  const tenant = await t.signedInTenant();
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [tenant.userId] });
  const order = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 100_000,
    customers: [{ customerId: tenant.customerId }],
    status: "COMPLETE",
    completedAt: t.clock.now(),
  });
  return { tenant, orderCustomerId: order.orderCustomers[0]!.orderCustomerId };
}

const offer = (orderCustomerId: string, offeredAt: Date) =>
  offerPaymentPlan(t.db, { orderCustomerId, amount: 6_000, instalments: 2, firstDueDate: "2026-12-15" }, offeredAt);

async function statuses(ids: string[]) {
  const rows = await t.db.select({ id: paymentPlans.id, status: paymentPlans.status }).from(paymentPlans).where(inArray(paymentPlans.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

describe("voidExpiredPaymentPlanOffers (part 2 §4: void if the three steps are not done within 48 hours)", () => {
  it("cancels only pending offers past 48 hours with a step left, once, even with two sweeps at once", async () => {
    const { tenant, orderCustomerId } = await orderCustomer();
    const now = t.clock.now();
    const longAgo = new Date(now.getTime() - 48 * HOUR - 1);
    const justInTime = new Date(now.getTime() - 48 * HOUR);
    const expiredUntouched = await offer(orderCustomerId, longAgo);
    const expiredHalfDone = await offer(orderCustomerId, longAgo);
    await t.db.update(paymentPlanActions).set({ completedAt: now }).where(eq(paymentPlanActions.id, expiredHalfDone.actionIds.CONFIRM));
    const stillOpen = await offer(orderCustomerId, justInTime);
    const fresh = await offer(orderCustomerId, now);
    const live = await offer(orderCustomerId, new Date(now.getTime() - 10 * HOUR));
    await activatePaymentPlan(t.db, { paymentPlanId: live.paymentPlanId, completeEarlierSteps: true }, new Date(now.getTime() - 9 * HOUR));
    // Every step done in time, but never made ACTIVE: not void (the domain rule), left alone.
    const doneInTime = await offer(orderCustomerId, longAgo);
    await t.db
      .update(paymentPlanActions)
      .set({ completedAt: new Date(longAgo.getTime() + HOUR) })
      .where(eq(paymentPlanActions.paymentPlanId, doneInTime.paymentPlanId));

    const [a, b] = await Promise.all([
      voidExpiredPaymentPlanOffers({ db: t.db, clock: t.clock }, now),
      voidExpiredPaymentPlanOffers({ db: t.db, clock: t.clock }, now),
    ]);
    const cancelled = [...a.cancelledPaymentPlanIds, ...b.cancelledPaymentPlanIds].sort();
    expect(cancelled).toEqual([expiredUntouched.paymentPlanId, expiredHalfDone.paymentPlanId].sort());
    expect(a.checked).toBeGreaterThanOrEqual(3);
    expect(a.notVoid + b.notVoid).toBeGreaterThanOrEqual(1);

    expect(
      await statuses([
        expiredUntouched.paymentPlanId,
        expiredHalfDone.paymentPlanId,
        stillOpen.paymentPlanId,
        fresh.paymentPlanId,
        live.paymentPlanId,
        doneInTime.paymentPlanId,
      ]),
    ).toEqual({
      [expiredUntouched.paymentPlanId]: "CANCELLED",
      [expiredHalfDone.paymentPlanId]: "CANCELLED",
      [stillOpen.paymentPlanId]: "PENDING",
      [fresh.paymentPlanId]: "PENDING",
      [live.paymentPlanId]: "ACTIVE",
      [doneInTime.paymentPlanId]: "PENDING",
    });

    // The tenant's plan page now sends them to the dashboard and the steps are refused.
    const page = await t.json("GET", `/payment-plans/${expiredUntouched.paymentPlanId}`, undefined, tenant.token);
    expect(page.body).toMatchObject({ status: "CANCELLED", screen: "dashboard" });
    expect((await t.json("POST", `/payment-plans/${expiredUntouched.paymentPlanId}/confirm`, undefined, tenant.token)).status).toBe(409);

    // Idempotent: a later sweep at the same time finds nothing more to do.
    const again = await voidExpiredPaymentPlanOffers({ db: t.db, clock: t.clock }, now);
    expect(again.cancelledPaymentPlanIds).toEqual([]);
  });

  it("uses the clock when no time is given, and the offer one millisecond later is void", async () => {
    const { orderCustomerId } = await orderCustomer();
    const plan = await offer(orderCustomerId, new Date(t.clock.now().getTime() - 48 * HOUR));
    let summary = await voidExpiredPaymentPlanOffers({ db: t.db, clock: t.clock });
    expect(summary.cancelledPaymentPlanIds).not.toContain(plan.paymentPlanId);
    t.clock.advance(1);
    try {
      summary = await voidExpiredPaymentPlanOffers({ db: t.db, clock: t.clock });
      expect(summary.cancelledPaymentPlanIds).toContain(plan.paymentPlanId);
    } finally {
      t.clock.advance(-1);
    }
  });
});
