import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessTokens,
  arbitrations,
  claimRespondents,
  claims,
  customers,
  documents,
  orderCustomerActions,
  orderCustomers,
  orders,
  tenancyDocuments,
  users,
} from "../../server/db/schema";
import { keyfreeFeePence } from "../../server/domain/fees";
import { completeCheckoutActions, createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { hashToken, newId, newSecretToken } from "../../server/lib/tokens";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = { userId: string; customerId: string; email: string; token: string };
let seq = 0;

const quickTenant = (input: Partial<{ email: string; firstName: string; lastName: string }> = {}) => t.quickTenant(input);

async function keyfreeFor(tenants: Tenant[], options: { orderStatus?: "PENDING" | "COMPLETE"; completed?: string[][] } = {}) {
  const s = await createCheckoutScenario(
    t.db,
    {
      tenants: tenants.map((x) => ({ email: x.email, firstName: "-", lastName: "-" })),
      ppm: 120_000,
      startDate: "2026-01-01",
      endDate: "2027-12-31",
      isNewTenancy: false,
      topUpEnabled: true,
      orderStatus: options.orderStatus,
      completed: options.completed as never,
    },
    t.clock.now(),
  );
  return s;
}

async function addClaim(
  tenancyId: string,
  organizationId: string,
  input: { status: string; respondents: string[]; finalAmount?: number | null; limit?: number; arbitratedAmount?: number | null },
) {
  const id = newId();
  await t.db.insert(claims).values({
    id,
    tenancyId,
    organizationId,
    status: input.status,
    limit: input.limit ?? 300_000,
    finalAmount: input.finalAmount ?? null,
  });
  for (const userId of input.respondents) await t.db.insert(claimRespondents).values({ id: newId(), claimId: id, userId });
  let arbitrationId: string | null = null;
  if (input.arbitratedAmount !== undefined) {
    arbitrationId = newId();
    await t.db.insert(arbitrations).values({ id: arbitrationId, claimId: id, arbitratedAmount: input.arbitratedAmount });
  }
  return { id, arbitrationId };
}

describe("getTenancyOrdersByProductId", () => {
  it("lists the tenant's Keyfrees with tenants, next action, status line and outstanding actions", async () => {
    const a = await quickTenant({ firstName: "Ana", lastName: "Lopez" });
    const b = await quickTenant({ firstName: "Ben", lastName: "" });
    const s = await keyfreeFor([a, b]);
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    expect(res.status).toBe(200);
    expect(res.body.hasOutstandingActions).toBe(true);
    expect(res.body.defaultAccountStatus).toBe("ACTIVE");
    expect(res.body.tenancyOrders).toHaveLength(1);
    const order = res.body.tenancyOrders[0];
    expect(order).toMatchObject({
      id: s.orderId,
      productId: "KEYFREE",
      statusId: "PENDING",
      status: "IN_PROGRESS",
      accountStatus: "ACTIVE",
      statusLine: "You have outstanding actions",
      orderCustomerId: s.tenants[0]!.orderCustomerId,
      orderCustomer: { id: s.tenants[0]!.orderCustomerId, customerId: a.customerId, fee: keyfreeFeePence(120_000) / 2 },
      nextAction: { typeId: "KEYFREE_ABOUT_YOU", actionable: true, orderCustomerActionIds: [s.tenants[0]!.actionIds.KEYFREE_ABOUT_YOU] },
      checkoutSubRoute: "about-you",
      hasOutstandingActions: true,
      claim: null,
      documents: [],
      tenancy: { PPM: 120_000, startDate: "2026-01-01", endDate: "2027-12-31", isNewTenancy: false },
    });
    // Names, or the e-mail when a name is missing — both are given, and the name to show.
    expect(order.tenants).toEqual([
      expect.objectContaining({ id: a.userId, firstName: "Ana", lastName: "Lopez", email: a.email, displayName: "Ana Lopez" }),
      expect.objectContaining({ id: b.userId, firstName: "Ben", lastName: "", email: b.email, displayName: b.email }),
    ]);
  });

  it("says 'Awaiting other tenants' while the next action waits for co-tenants, and 'Sit back and relax' then holds", async () => {
    const a = await quickTenant();
    const b = await quickTenant();
    const before = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM"];
    await keyfreeFor([a, b], { completed: [before, []] });
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    expect(res.body.tenancyOrders[0]).toMatchObject({
      statusLine: "Awaiting other tenants",
      hasOutstandingActions: false,
      nextAction: { typeId: "KEYFREE_SIGN", actionable: false },
    });
    expect(res.body.hasOutstandingActions).toBe(false);
  });

  it("shows 'Processing...' when everything is done but the order is not yet complete", async () => {
    const a = await quickTenant();
    const s = await keyfreeFor([a]);
    await completeCheckoutActions(
      t.db,
      s.tenants[0]!.orderCustomerId,
      ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM", "KEYFREE_PAY"],
      t.clock.now(),
    );
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    expect(res.body.tenancyOrders[0]).toMatchObject({ statusLine: "Processing...", nextAction: null, checkoutSubRoute: null });
  });

  it("takes the claim into account: in progress stays Active, RESOLVED is closed with its total charges settled", async () => {
    const a = await quickTenant();
    const active = await keyfreeFor([a], { orderStatus: "COMPLETE" });
    const closed = await keyfreeFor([a], { orderStatus: "COMPLETE" });
    const inProgress = await addClaim(active.tenancyId, active.organizationId, { status: "AWAITINGRESPONDENTS", respondents: [a.userId], finalAmount: 90_000 });
    const resolved = await addClaim(closed.tenancyId, closed.organizationId, {
      status: "RESOLVED",
      respondents: [a.userId],
      finalAmount: 90_000,
      limit: 80_000,
      arbitratedAmount: 50_000,
    });
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    const byId = Object.fromEntries(res.body.tenancyOrders.map((o: any) => [o.id, o]));
    expect(byId[active.orderId]).toMatchObject({
      status: "ACTIVE",
      accountStatus: "ACTIVE",
      statusLine: "This Keyfree is Active",
      claim: { id: inProgress.id, status: "AWAITING_RESPONDENTS", finalAmount: 90_000, arbitration: null, totalChargesSettled: null },
    });
    expect(byId[closed.orderId]).toMatchObject({
      status: "EXPIRED",
      accountStatus: "EXPIRED",
      statusLine: "This Keyfree is closed",
      claim: { id: resolved.id, status: "RESOLVED", arbitration: { id: resolved.arbitrationId, arbitratedAmount: 50_000 }, totalChargesSettled: 50_000 },
    });
    expect(res.body.hasOutstandingActions).toBe(false);
    expect(res.body.defaultAccountStatus).toBe("ACTIVE");
  });

  it("a RESOLVED claim's total charges settled is its finalAmount, capped at its limit, and a claim the tenant is not a respondent of is not shown", async () => {
    const a = await quickTenant();
    const other = await quickTenant();
    const s = await keyfreeFor([a], { orderStatus: "COMPLETE" });
    await addClaim(s.tenancyId, s.organizationId, { status: "RESOLVED", respondents: [a.userId], finalAmount: 90_000, limit: 80_000 });
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    expect(res.body.tenancyOrders[0].claim.totalChargesSettled).toBe(80_000);
    expect(res.body.defaultAccountStatus).toBe("EXPIRED");

    const s2 = await keyfreeFor([other], { orderStatus: "COMPLETE" });
    await addClaim(s2.tenancyId, s2.organizationId, { status: "DECLINED", respondents: [] });
    const res2 = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, other.token);
    expect(res2.body.tenancyOrders[0]).toMatchObject({ status: "EXPIRED", claim: null });
  });

  it("lists the signed tenancy documents once the order is complete, never referencing documents", async () => {
    const a = await quickTenant();
    const pending = await keyfreeFor([a]);
    const complete = await keyfreeFor([a], { orderStatus: "COMPLETE" });
    for (const [tenancyId, typeId] of [
      [pending.tenancyId, "SIGNED_ADDENDUM"],
      [complete.tenancyId, "SIGNED_TENANT_TERMS_AND_CONDITIONS"],
      [complete.tenancyId, "PROOF_OF_IDENTITY"],
      [complete.tenancyId, "INVENTORY_CHECK_IN"],
    ] as const) {
      const id = newId();
      await t.db.insert(documents).values({ id, name: `${typeId}.pdf`, typeId, storageKey: `documents/${id}`, contentType: "application/pdf", size: 10 });
      await t.db.insert(tenancyDocuments).values({ id: newId(), tenancyId, documentId: id, typeId });
    }
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    const byId = Object.fromEntries(res.body.tenancyOrders.map((o: any) => [o.id, o]));
    expect(byId[pending.orderId].documents).toEqual([]);
    expect(byId[complete.orderId].documents).toEqual([
      expect.objectContaining({ name: "SIGNED_TENANT_TERMS_AND_CONDITIONS.pdf", typeId: "SIGNED_TENANT_TERMS_AND_CONDITIONS", url: expect.stringMatching(/^\/documents\//) }),
    ]);
  });

  it("only lists the tenant's own orders; refuses an unknown product (400) and no token (401)", async () => {
    const a = await quickTenant();
    const b = await quickTenant();
    await keyfreeFor([b]);
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    expect(res.body).toEqual({ tenancyOrders: [], hasOutstandingActions: false, defaultAccountStatus: "EXPIRED" });
    expect((await t.json("GET", "/tenancy-orders?productId=NOPE", undefined, a.token)).status).toBe(400);
    expect((await t.json("GET", "/tenancy-orders?productId=KEYFREE")).status).toBe(401);
  });
});

describe("getTenancyOrderById", () => {
  it("returns one of the tenant's own Keyfrees in the list's shape", async () => {
    const a = await quickTenant();
    const s = await keyfreeFor([a]);
    const list = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, a.token);
    const res = await t.json("GET", `/tenancy-orders/${s.orderId}`, undefined, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(list.body.tenancyOrders.find((o: any) => o.id === s.orderId));
  });

  it("answers 404 for another tenant's order, a non-Keyfree order and a made-up id; 401 without a token", async () => {
    const a = await quickTenant();
    const b = await quickTenant();
    const sb = await keyfreeFor([b]);
    const sa = await keyfreeFor([a]);
    expect((await t.json("GET", `/tenancy-orders/${sb.orderId}`, undefined, a.token)).status).toBe(404);
    const claimOrder = await claimOrderFor(sa.tenancyId, [{ tenant: a, actions: [] }]);
    expect((await t.json("GET", `/tenancy-orders/${claimOrder}`, undefined, a.token)).status).toBe(404);
    expect((await t.json("GET", "/tenancy-orders/no-such-order", undefined, a.token))).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect((await t.json("GET", `/tenancy-orders/${sa.orderId}`)).status).toBe(401);
  });
});

async function claimOrderFor(
  tenancyId: string,
  entries: Array<{ tenant: Tenant; actions: Array<{ typeId: string; amountRemaining?: number; completed?: boolean }> }>,
) {
  const orderId = newId();
  await t.db.insert(orders).values({ id: orderId, tenancyId, productId: "CLAIM", statusId: "PENDING" });
  for (const entry of entries) {
    const ocId = newId();
    await t.db.insert(orderCustomers).values({ id: ocId, orderId, customerId: entry.tenant.customerId, fee: 0 });
    let position = 0;
    for (const action of entry.actions) {
      await t.db.insert(orderCustomerActions).values({
        id: newId(),
        orderCustomerId: ocId,
        typeId: action.typeId,
        position: position++,
        completedAt: action.completed ? t.clock.now() : null,
        details: action.amountRemaining === undefined ? {} : { amountRemaining: action.amountRemaining },
      });
    }
  }
  return orderId;
}

describe("getAmountRemaining", () => {
  it("answers the tenant's own share, or with remainingBalance=true the whole order's remaining balance", async () => {
    const a = await quickTenant();
    const b = await quickTenant();
    const s = await keyfreeFor([a, b], { orderStatus: "COMPLETE" });
    const orderId = await claimOrderFor(s.tenancyId, [
      {
        tenant: a,
        actions: [
          { typeId: "CLAIM_PAY_REMAINING_BALANCE", amountRemaining: 50_000 },
          { typeId: "CLAIM_PAY", amountRemaining: 25_000 },
        ],
      },
      {
        tenant: b,
        actions: [
          { typeId: "CLAIM_PAY_REMAINING_BALANCE", amountRemaining: 50_000 },
          { typeId: "CLAIM_PAY", amountRemaining: 25_000, completed: true },
          { typeId: "ARBITRATION_ADMIN_PAY", amountRemaining: 6_000 },
        ],
      },
    ]);
    const own = await t.json("GET", `/orders/${orderId}/amount-remaining`, undefined, a.token);
    expect(own).toMatchObject({ status: 200, body: { orderId, remainingBalance: false, amountRemaining: 25_000 } });
    const ownB = await t.json("GET", `/orders/${orderId}/amount-remaining?remainingBalance=false`, undefined, b.token);
    // b paid their share: the open remaining balance (50,000) and the admin fee are still to pay.
    expect(ownB.body.amountRemaining).toBe(56_000);
    const whole = await t.json("GET", `/orders/${orderId}/amount-remaining?remainingBalance=true`, undefined, a.token);
    expect(whole.body).toEqual({ orderId, remainingBalance: true, amountRemaining: 25_000 + 56_000 });
  });

  it("uses the fee for an open Keyfree payment without an amount, and 0 once everything is paid", async () => {
    const a = await quickTenant();
    const s = await keyfreeFor([a]);
    const res = await t.json("GET", `/orders/${s.orderId}/amount-remaining`, undefined, a.token);
    expect(res.body.amountRemaining).toBe(keyfreeFeePence(120_000));
    const done = await keyfreeFor([a], { orderStatus: "COMPLETE" });
    expect((await t.json("GET", `/orders/${done.orderId}/amount-remaining`, undefined, a.token)).body.amountRemaining).toBe(0);
  });

  it("answers 404 for an order the tenant is not on, 400 for a bad flag and 401 without a token", async () => {
    const a = await quickTenant();
    const b = await quickTenant();
    const s = await keyfreeFor([b]);
    expect((await t.json("GET", `/orders/${s.orderId}/amount-remaining`, undefined, a.token)).status).toBe(404);
    expect((await t.json("GET", `/orders/${s.orderId}/amount-remaining?remainingBalance=maybe`, undefined, b.token)).status).toBe(400);
    expect((await t.json("GET", `/orders/${s.orderId}/amount-remaining`)).status).toBe(401);
  });
});
