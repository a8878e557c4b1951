import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { keyfreeFeePence } from "../../server/domain/fees";
import { customers, orderCustomerActions, orderCustomers, orders, paymentPlanInstalments, paymentPlans, users } from "../../server/db/schema";
import { seedDemoIfEmpty } from "../../stand-ins/scenarios/demo";
import { activatePaymentPlan, markInstalmentPaid } from "../../stand-ins/scenarios/plans";
import { DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * A Keyfree's payments and their receipts (issue 27, scope 6): GET /tenancy-orders/{id}/payments
 * and GET /payments/{paymentId}/receipt, over the demo data: the fee, a claim's whole balance, a
 * payment plan instalment; only the tenant's own, in a fixed handful of queries.
 */
let t: TestApi;
const deps = () => ({ db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });

const tokens = new Map<string, string>();
async function tokenOf(email: string) {
  const known = tokens.get(email);
  if (known) return known;
  const login = await t.json("POST", "/auth/login", { email, password: DEMO_PASSWORD });
  expect(login.status, `${email} signs in`).toBe(200);
  tokens.set(email, login.body.accessToken);
  return login.body.accessToken as string;
}

/** The tenant's Keyfree order (each demo tenant here has one). */
async function keyfreeOf(email: string) {
  const rows = await t.db
    .select({ orderId: orders.id, orderCustomerId: orderCustomers.id })
    .from(orders)
    .innerJoin(orderCustomers, eq(orderCustomers.orderId, orders.id))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(and(eq(users.email, email), eq(orders.productId, "KEYFREE")));
  expect(rows, email).toHaveLength(1);
  return rows[0]!;
}

async function paymentsOf(email: string) {
  const { orderId } = await keyfreeOf(email);
  const res = await t.json("GET", `/tenancy-orders/${orderId}/payments`, undefined, await tokenOf(email));
  expect(res.status, email).toBe(200);
  expect(res.body.orderId).toBe(orderId);
  return res.body.payments as Array<{ id: string; kind: string; amount: number; paidAt: string; instalmentNumber: number | null; claimId: string | null }>;
}

beforeAll(async () => {
  t = await createTestApi();
  expect(await seedDemoIfEmpty(deps(), t.api)).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe("GET /tenancy-orders/{id}/payments", () => {
  it("demo@: the Keyfree fee, one week's rent (min £150), paid when the order was completed", async () => {
    const payments = await paymentsOf("demo@keyfree.example");
    expect(payments).toEqual([
      {
        id: expect.any(String),
        kind: "KEYFREE",
        amount: keyfreeFeePence(130_000),
        paidAt: t.clock.now().toISOString(),
        instalmentNumber: null,
        claimId: null,
        refundedAmount: 0,
        refundPending: false,
      },
    ]);
  });

  it("expired@: the fee and the claim's whole balance, newest first, the claim named", async () => {
    const payments = await paymentsOf("expired@keyfree.example");
    expect(payments.map((p) => [p.kind, p.amount])).toEqual(
      expect.arrayContaining([
        ["KEYFREE", keyfreeFeePence(125_000)],
        ["CLAIM_REMAINING_BALANCE", 18_000],
      ]),
    );
    expect(payments).toHaveLength(2);
    expect(payments.find((p) => p.kind === "CLAIM_REMAINING_BALANCE")!.claimId).toEqual(expect.any(String));
    // The own-share action the whole-balance payment settled is not a second payment.
    const times = payments.map((p) => p.paidAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("plan@: a payment plan instalment once it is paid, and none before", async () => {
    const { orderCustomerId } = await keyfreeOf("plan@keyfree.example");
    expect((await paymentsOf("plan@keyfree.example")).some((p) => p.kind === "PAYMENT_PLAN_INSTALMENT")).toBe(false);
    const [plan] = await t.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
      .innerJoin(users, eq(users.id, customers.userId))
      .where(eq(users.email, "plan@keyfree.example"));
    expect(orderCustomerId).toBeTruthy();
    await activatePaymentPlan(t.db, { paymentPlanId: plan!.id, completeEarlierSteps: true }, t.clock.now());
    t.clock.advance(60_000);
    await markInstalmentPaid(t.db, { paymentPlanId: plan!.id, instalmentNumber: 1 }, t.clock.now());
    const payments = await paymentsOf("plan@keyfree.example");
    const instalment = payments.find((p) => p.kind === "PAYMENT_PLAN_INSTALMENT");
    expect(instalment).toMatchObject({ instalmentNumber: 1, paidAt: t.clock.now().toISOString(), claimId: expect.any(String) });
    expect(instalment!.amount).toBeGreaterThan(0);
    expect(payments[0]!.id).toBe(instalment!.id);
  });

  it("plan@: once the plan is paid off, its instalments are the payments: the claim balance the plan paid is not listed again", async () => {
    const [plan] = await t.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
      .innerJoin(users, eq(users.id, customers.userId))
      .where(eq(users.email, "plan@keyfree.example"));
    const instalments = await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.paymentPlanId, plan!.id));
    for (const i of instalments.filter((x) => x.status !== "PAID")) {
      t.clock.advance(60_000);
      await markInstalmentPaid(t.db, { paymentPlanId: plan!.id, instalmentNumber: i.instalmentNumber }, t.clock.now());
    }
    const payments = await paymentsOf("plan@keyfree.example");
    const claimPayments = payments.filter((p) => p.claimId !== null && p.kind !== "PAYMENT_PLAN_INSTALMENT");
    expect(claimPayments, "the plan's balance was paid by the instalments, not by a card payment of its own").toEqual([]);
    expect(payments.filter((p) => p.kind === "PAYMENT_PLAN_INSTALMENT")).toHaveLength(instalments.length);
  });

  it("a fixed handful of queries whatever the Keyfree holds: the token, the order, the actions, the instalments", async () => {
    for (const email of ["demo@keyfree.example", "expired@keyfree.example", "plan@keyfree.example"]) {
      const { orderId } = await keyfreeOf(email);
      const token = await tokenOf(email);
      const spy = vi.spyOn(t.client, "query");
      try {
        expect((await t.json("GET", `/tenancy-orders/${orderId}/payments`, undefined, token)).status).toBe(200);
        expect(spy.mock.calls.length, email).toBe(4);
      } finally {
        spy.mockRestore();
      }
    }
  });

  it("404 for another tenant's Keyfree, an order that is not a Keyfree, and a made-up id; 401 without a token", async () => {
    const { orderId } = await keyfreeOf("expired@keyfree.example");
    const demo = await tokenOf("demo@keyfree.example");
    const other = await t.json("GET", `/tenancy-orders/${orderId}/payments`, undefined, demo);
    expect(other).toMatchObject({ status: 404, body: { message: "Not found" } });
    const [claimOrder] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderCustomers, eq(orderCustomers.orderId, orders.id))
      .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
      .innerJoin(users, eq(users.id, customers.userId))
      .where(and(eq(users.email, "expired@keyfree.example"), eq(orders.productId, "CLAIM")));
    expect((await t.json("GET", `/tenancy-orders/${claimOrder!.id}/payments`, undefined, await tokenOf("expired@keyfree.example"))).status).toBe(404);
    expect((await t.json("GET", `/tenancy-orders/00000000-0000-4000-8000-000000000000/payments`, undefined, demo)).status).toBe(404);
    expect((await t.json("GET", `/tenancy-orders/${orderId}/payments`)).status).toBe(401);
  });
});

describe("GET /payments/{paymentId}/receipt", () => {
  it("the payment with its Keyfree's address and the payer, for the tenant who made it", async () => {
    const [payment] = (await paymentsOf("expired@keyfree.example")).filter((p) => p.kind === "CLAIM_REMAINING_BALANCE");
    const { orderId } = await keyfreeOf("expired@keyfree.example");
    const res = await t.json("GET", `/payments/${payment!.id}/receipt`, undefined, await tokenOf("expired@keyfree.example"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...payment,
      keyfree: { orderId, customerId: expect.any(String), address: { postcode: expect.any(String), street: expect.any(String) } },
      payer: { name: "Eli Turner", email: "expired@keyfree.example" },
    });
  });

  it("404 for another tenant's payment, an action that was no payment, and one settled by another payment", async () => {
    const [payment] = await paymentsOf("expired@keyfree.example");
    const demo = await tokenOf("demo@keyfree.example");
    expect((await t.json("GET", `/payments/${payment!.id}/receipt`, undefined, demo))).toMatchObject({ status: 404, body: { message: "Not found" } });
    const expired = await tokenOf("expired@keyfree.example");
    const { orderCustomerId } = await keyfreeOf("expired@keyfree.example");
    const [signed] = await t.db
      .select({ id: orderCustomerActions.id })
      .from(orderCustomerActions)
      .where(and(eq(orderCustomerActions.orderCustomerId, orderCustomerId), eq(orderCustomerActions.typeId, "KEYFREE_SIGN")));
    expect((await t.json("GET", `/payments/${signed!.id}/receipt`, undefined, expired)).status).toBe(404);
    const settled = (await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.typeId, "CLAIM_PAY"))).filter(
      (a) => typeof a.details.settledByActionId === "string",
    );
    expect(settled.length).toBeGreaterThan(0);
    for (const a of settled) {
      const [owner] = await t.db
        .select({ email: users.email })
        .from(orderCustomers)
        .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
        .innerJoin(users, eq(users.id, customers.userId))
        .where(eq(orderCustomers.id, a.orderCustomerId));
      expect((await t.json("GET", `/payments/${a.id}/receipt`, undefined, await tokenOf(owner!.email))).status).toBe(404);
    }
  });
});
