import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../server/db/schema";
import { createAnnualFeeOrder } from "../../stand-ins/scenarios/annual-fee";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

// The test clock reads 2026-11-22.
async function tenantWithKeyfree(startDate: string, endDate: string | null) {
  const tenant = await t.quickTenant();
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [tenant.userId], startDate, endDate });
  const order = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 120_000,
    status: "COMPLETE",
    completedAt: t.clock.now(),
    customers: [{ customerId: tenant.customerId, tenantLiability: 1 }],
  });
  return { tenant, tenancy, order };
}

describe("GET /dashboard (part 2 §2, in one call)", () => {
  it("lists the Keyfree orders exactly as /tenancy-orders does, with nothing to redirect to", async () => {
    const { tenant } = await tenantWithKeyfree("2026-06-01", "2027-05-31");
    const dashboard = await t.json("GET", "/dashboard", undefined, tenant.token);
    const list = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, tenant.token);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.tenancyOrders).toHaveLength(1);
    expect(dashboard.body).toEqual({ ...list.body, paymentPlanToShow: null, claimToAnswer: null, arbitrationToPay: null, pendingAnnualFee: null, mustAddPaymentMethod: false, outstandingActionCount: 0, breathingSpace: null });
  });

  it("names a pending annual-fee order with an open action (the first dashboard redirect)", async () => {
    const { tenant, tenancy } = await tenantWithKeyfree("2024-06-01", null);
    const created = await createAnnualFeeOrder(t.db, { tenancyId: tenancy.id }, t.clock.now());
    const dashboard = await t.json("GET", "/dashboard", undefined, tenant.token);
    expect(dashboard.body.pendingAnnualFee).toEqual({ orderId: created.orderId, customerId: tenant.customerId });
    // The annual fee is not a Keyfree card.
    expect(dashboard.body.tenancyOrders.map((o: { productId: string }) => o.productId)).toEqual(["KEYFREE"]);
  });

  it.each([
    ["requiresNewPaymentMethod", { requiresNewPaymentMethod: true }],
    ["hasDuplicatePaymentMethod", { hasDuplicatePaymentMethod: true }],
  ])("says the customer must add a payment method when %s", async (_name, flags) => {
    const tenant = await t.quickTenant();
    await t.db.update(customers).set(flags).where(eq(customers.id, tenant.customerId));
    const dashboard = await t.json("GET", "/dashboard", undefined, tenant.token);
    expect(dashboard.body).toMatchObject({ tenancyOrders: [], mustAddPaymentMethod: true, pendingAnnualFee: null });
  });

  it("needs a token (401), and shows a tenant only their own orders", async () => {
    expect((await t.json("GET", "/dashboard")).status).toBe(401);
    await tenantWithKeyfree("2026-06-01", "2027-05-31");
    const stranger = await t.quickTenant();
    const dashboard = await t.json("GET", "/dashboard", undefined, stranger.token);
    expect(dashboard.body.tenancyOrders).toEqual([]);
  });
});
