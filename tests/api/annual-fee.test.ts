import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderCustomerActions, orderCustomers, orders, outboxEmails, tenancyAnniversaries } from "../../server/db/schema";
import { createAnnualFeeOrder, ROLL_OVER_NOTE } from "../../stand-ins/scenarios/annual-fee";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { createTenant } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

// The test clock reads 2026-11-22: a tenancy from 2024-06-01 has anniversaries 2025-06-01 and 2026-06-01 due.
let n = 0;
async function sharedTenancy(over: { startDate?: string; endDate?: string | null; liabilities?: [number, number] } = {}) {
  n += 1;
  const a = await t.signedInTenant();
  const b = await createTenant(t.db, { email: `cotenant${n}@example.test`, firstName: "Co", lastName: "Tenant" });
  const { tenancy } = await createTenancy(t.db, {
    tenantUserIds: [a.userId, b.userId],
    startDate: over.startDate ?? "2024-06-01",
    endDate: over.endDate === undefined ? null : over.endDate,
  });
  if (over.liabilities) {
    await createKeyfreeOrder(t.db, {
      tenancyId: tenancy.id,
      ppm: 120_000,
      status: "COMPLETE",
      completedAt: t.clock.now(),
      customers: [
        { customerId: a.customerId, tenantLiability: over.liabilities[0] },
        { customerId: b.customerId, tenantLiability: over.liabilities[1] },
      ],
    });
  }
  return { a, b, tenancy };
}

async function topUpActions(orderId: string) {
  return t.db
    .select({ customerId: orderCustomers.customerId, fee: orderCustomers.fee, action: orderCustomerActions })
    .from(orderCustomers)
    .innerJoin(orderCustomerActions, eq(orderCustomerActions.orderCustomerId, orderCustomers.id))
    .where(eq(orderCustomers.orderId, orderId));
}

describe("createAnnualFeeOrder", () => {
  it("rolls an unpaid year in: a TOP_UP order with each tenant's share for 2 years, and both anniversaries", async () => {
    const { a, b, tenancy } = await sharedTenancy();
    const created = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id, years: 2 }, t.clock.now());
    expect(created.yearsToBePaid).toBe(2);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(order).toMatchObject({ productId: "TOP_UP", statusId: "PENDING", tenancyId: tenancy.id });
    const actions = await topUpActions(created.orderId);
    expect(actions.map((r) => [r.customerId, r.fee, r.action.typeId, r.action.completedAt, r.action.details]).sort()).toEqual(
      [
        [a.customerId, 3_000, "TOP_UP_PAY", null, { yearsToBePaid: 2, amountRemaining: 3_000, anniversaryYears: [1, 2] }],
        [b.customerId, 3_000, "TOP_UP_PAY", null, { yearsToBePaid: 2, amountRemaining: 3_000, anniversaryYears: [1, 2] }],
      ].sort(),
    );
    const anniversaries = await t.db.select().from(tenancyAnniversaries).where(eq(tenancyAnniversaries.tenancyId, tenancy.id));
    expect(anniversaries.map((x) => [x.yearNumber, x.anniversaryDate, x.orderId, x.paidAt]).sort()).toEqual([
      [1, "2025-06-01", created.orderId, null],
      [2, "2026-06-01", created.orderId, null],
    ]);
    // The tenant's order customer (getOrderCustomerById) carries the action for the annual fee page.
    const view = await t.json("GET", `/orders/${created.orderId}/customers/${a.customerId}`, undefined, a.token);
    expect(view.status).toBe(200);
    expect(view.body.actions).toContainEqual(
      expect.objectContaining({ typeId: "TOP_UP_PAY", details: expect.objectContaining({ yearsToBePaid: 2, amountRemaining: 3_000 }) }),
    );
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, a.email));
    expect(mail!.text).toContain("Your share of the annual fee payment for 2 years is £30.00.");
    expect(mail!.text).toContain(ROLL_OVER_NOTE);
    expect(mail!.text).toContain(`http://localhost:3000/annual-fee/${created.orderId}/${a.customerId}`);
  });

  it("covers every due, unpaid year by default, and only the new year once the earlier one is paid", async () => {
    const { a, tenancy } = await sharedTenancy({ startDate: "2025-03-10" });
    const first = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id }, t.clock.now());
    expect(first.yearsToBePaid).toBe(1);
    const [mine] = (await topUpActions(first.orderId)).filter((r) => r.customerId === a.customerId);
    expect(mine!.action.details).toEqual({ yearsToBePaid: 1, amountRemaining: 1_500, anniversaryYears: [1] });
    await expect(createAnnualFeeOrder(t.db, { tenancyId: tenancy.id }, t.clock.now())).rejects.toThrow("already has an unpaid annual fee order");
    await t.db.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, first.orderId));
    const nextYear = new Date("2027-03-10T09:00:00Z");
    const second = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id }, nextYear);
    expect(second.yearsToBePaid).toBe(1);
    const rows = await t.db.select().from(tenancyAnniversaries).where(eq(tenancyAnniversaries.tenancyId, tenancy.id));
    expect(rows.map((r) => [r.yearNumber, r.orderId]).sort()).toEqual([
      [1, first.orderId],
      [2, second.orderId],
    ]);
  });

  it("splits by the Keyfree order's liability: a tenant paying for two pays both shares", async () => {
    const { a, b, tenancy } = await sharedTenancy({ liabilities: [2, 0] });
    const created = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id, years: 1 }, t.clock.now());
    expect(created.orderCustomers.map((c) => [c.customerId, c.amountRemaining])).toEqual([[a.customerId, 3_000]]);
    expect((await topUpActions(created.orderId)).some((r) => r.customerId === b.customerId)).toBe(false);
  });

  it("refuses a tenancy of 12 months or less, more years than are due, and an unknown tenancy", async () => {
    const now = t.clock.now();
    const short = await sharedTenancy({ startDate: "2025-01-01", endDate: "2026-01-01" });
    await expect(createAnnualFeeOrder(t.db, { tenancyId: short.tenancy.id }, now)).rejects.toThrow("no annual fee");
    const young = await sharedTenancy({ startDate: "2026-01-01" });
    await expect(createAnnualFeeOrder(t.db, { tenancyId: young.tenancy.id }, now)).rejects.toThrow("No annual fee is due");
    const two = await sharedTenancy();
    await expect(createAnnualFeeOrder(t.db, { tenancyId: two.tenancy.id, years: 3 }, now)).rejects.toThrow("fewer than 3");
    await expect(createAnnualFeeOrder(t.db, { tenancyId: two.tenancy.id, years: 0 }, now)).rejects.toThrow();
    await expect(createAnnualFeeOrder(t.db, { tenancyId: "nope" }, now)).rejects.toThrow("No tenancy");
    const ids = [short, young, two].map((x) => x.tenancy.id);
    expect(await t.db.select().from(orders).where(inArray(orders.tenancyId, ids))).toEqual([]);
  });
});

describe("getUserTenancyAnniversaries", () => {
  it("lists the tenant's anniversaries with the top-up order, paid once the order is complete", async () => {
    const { a, tenancy } = await sharedTenancy();
    const created = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id, years: 2 }, t.clock.now());
    let res = await t.json("GET", "/tenancy-anniversaries", undefined, a.token);
    expect(res.status).toBe(200);
    expect(res.body.tenancyAnniversaries.map((x: any) => [x.tenancyId, x.date, x.year, x.paid, x.orderId, x.orderStatusId])).toEqual([
      [tenancy.id, "2025-06-01", 1, false, created.orderId, "PENDING"],
      [tenancy.id, "2026-06-01", 2, false, created.orderId, "PENDING"],
    ]);
    await t.db.update(orders).set({ statusId: "COMPLETE" }).where(eq(orders.id, created.orderId));
    res = await t.json("GET", "/tenancy-anniversaries", undefined, a.token);
    expect(res.body.tenancyAnniversaries.every((x: any) => x.paid)).toBe(true);
  });

  it("shows nothing of other tenancies, and answers 401 without a token", async () => {
    const { tenancy } = await sharedTenancy();
    await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id, years: 1 }, t.clock.now());
    const stranger = await t.signedInTenant();
    expect((await t.json("GET", "/tenancy-anniversaries", undefined, stranger.token)).body).toEqual({ tenancyAnniversaries: [] });
    expect((await t.json("GET", "/tenancy-anniversaries")).status).toBe(401);
  });
});
