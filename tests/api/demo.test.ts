import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orderCustomerActions, orderCustomers, orders, outboxEmails, outboxSms, tenancyInventoryResponses, users } from "../../server/db/schema";
import { toE164 } from "../../server/domain/phone-numbers";
import { runDueJobs } from "../../server/jobs/sweeper";
import { undeliverableError } from "../../stand-ins/text-messages";
import { hashToken } from "../../server/lib/tokens";
import { DEMO_INVENTORY, DEMO_OFFER, DEMO_TENANTS, seedDemoIfEmpty } from "../../stand-ins/scenarios/demo";
import { DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

/** The README's demo dataset: every tenant is in the situation the README says. */
let t: TestApi;
const deps = () => ({ db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });

beforeAll(async () => {
  t = await createTestApi();
  expect(await seedDemoIfEmpty(deps(), t.api)).toBe(true);
}, 120_000);
afterAll(() => t.close());

async function as(email: string) {
  const login = await t.json("POST", "/auth/login", { email, password: DEMO_PASSWORD });
  expect(login.status, `${email} signs in with the demo password`).toBe(200);
  const token = login.body.accessToken as string;
  return async (path: string) => {
    const res = await t.json("GET", path, undefined, token);
    expect(res.status, `GET ${path} as ${email}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
}

async function keyfrees(get: Awaited<ReturnType<typeof as>>, productId = "KEYFREE") {
  return (await get(`/tenancy-orders?productId=${productId}`)).tenancyOrders as any[];
}

async function orderCustomer(email: string) {
  const get = await as(email);
  const [order] = await keyfrees(get);
  const oc = await get(`/orders/${order.id}/customers/${order.orderCustomer.customerId}`);
  return { get, order, oc };
}

async function claimOf(email: string) {
  const get = await as(email);
  const [order] = await keyfrees(get);
  expect(order.claim, `${email} has a claim`).toBeTruthy();
  return { get, claim: await get(`/claims/${order.claim.id}`) };
}

describe("demo dataset", () => {
  it("loads only into an empty database", async () => {
    expect(await seedDemoIfEmpty(deps(), t.api)).toBe(false);
  });

  it("demo@: one active Keyfree, nothing outstanding", async () => {
    const get = await as("demo@keyfree.example");
    const list = await get("/tenancy-orders?productId=KEYFREE");
    expect(list.tenancyOrders).toHaveLength(1);
    expect(list.tenancyOrders[0]).toMatchObject({ statusId: "COMPLETE", accountStatus: "ACTIVE" });
    expect(list.hasOutstandingActions).toBe(false);
  });

  it("checkout@: new order, introduction not seen, first action About You", async () => {
    const { get, order, oc } = await orderCustomer("checkout@keyfree.example");
    expect(order.statusId).toBe("PENDING");
    expect(oc.nextAction).toMatchObject({ typeId: "KEYFREE_ABOUT_YOU", actionable: true });
    expect((await get("/me")).attributes.onboardingIntroductionComplete).toBe(false);
  });

  it("referencing@: checkout at referencing, status INFO_REQUIRED", async () => {
    const { get, oc } = await orderCustomer("referencing@keyfree.example");
    expect(oc.nextAction.typeId).toBe("KEYFREE_REFERENCING");
    const referenceId = oc.actions.find((a: any) => a.typeId === "KEYFREE_REFERENCING").details.referenceId;
    expect((await get(`/references/${referenceId}`)).status).toBe("INFO_REQUIRED");
  });

  it("waiting@: shared order, signed, waiting for a co-tenant", async () => {
    const { order, oc } = await orderCustomer("waiting@keyfree.example");
    expect(order.tenants).toHaveLength(2);
    expect(oc.actions.find((a: any) => a.typeId === "KEYFREE_SIGN").completedAt).not.toBeNull();
    expect(oc.nextAction).toMatchObject({ typeId: "KEYFREE_PAY", actionable: false });
  });

  it("claim@: round 1 awaiting response, mediation on, 3 items, deadline in 3 days, a co-tenant", async () => {
    const { claim } = await claimOf("claim@keyfree.example");
    expect(claim.mediationEnabled).toBe(true);
    expect(claim.items).toHaveLength(3);
    expect(claim.respondents).toHaveLength(2);
    expect(claim.awaitingTenantResponse).toBe(true);
    const current = claim.proposals.find((p: any) => p.id === claim.currentProposalId);
    expect(current).toMatchObject({ round: 1, status: "AWAITING_RESPONSE" });
    expect(claim.daysRemaining).toBe(3);
  });

  it("final@: a round 3 final proposal awaiting response", async () => {
    const { claim } = await claimOf("final@keyfree.example");
    const current = claim.proposals.find((p: any) => p.id === claim.currentProposalId);
    expect(current).toMatchObject({ round: 3, status: "AWAITING_RESPONSE" });
    expect(claim.awaitingTenantResponse).toBe(true);
  });

  it("dispute@: awaiting the £60 admin fee, dispute message written", async () => {
    const { claim } = await claimOf("dispute@keyfree.example");
    expect(claim.status).toBe("AWAITING_ARBITRATION_ADMIN_FEE");
    expect(claim.tenantDisputeMessage).toBeTruthy();
    expect(claim.adjudicationFeeOrder).toMatchObject({ statusId: "PENDING" });
    expect(claim.adjudicationFeeOrder.action).toMatchObject({ typeId: "ARBITRATION_ADMIN_PAY", amountRemaining: 6000, completedAt: null });
  });

  it("arbitration@: adjudicated, two pay actions (remaining balance and own share) of different amounts", async () => {
    const { get, claim } = await claimOf("arbitration@keyfree.example");
    expect(claim.status).toBe("ARBITRATED");
    const arbitration = await get(`/arbitrations/${claim.arbitration.id}`);
    const { ownShare, remainingBalance } = arbitration.payActions;
    expect(ownShare.completedAt).toBeNull();
    expect(remainingBalance.completedAt).toBeNull();
    expect(ownShare.amountRemaining).toBeGreaterThan(0);
    expect(remainingBalance.amountRemaining).toBeGreaterThan(ownShare.amountRemaining);
  });

  it("plan@: a pending payment plan offer, no step done", async () => {
    const { get, claim } = await claimOf("plan@keyfree.example");
    expect(claim.paymentPlanId).toBeTruthy();
    const plan = await get(`/payment-plans/${claim.paymentPlanId}`);
    expect(plan.status).toBe("PENDING");
    expect(plan.actions.every((a: any) => a.completedAt === null)).toBe(true);
  });

  it("annual@: the annual fee due for 2 years", async () => {
    const get = await as("annual@keyfree.example");
    const [topUp] = await keyfrees(get, "TOP_UP");
    expect(topUp.statusId).toBe("PENDING");
    const oc = await get(`/orders/${topUp.id}/customers/${topUp.orderCustomer.customerId}`);
    const pay = oc.actions.find((a: any) => a.typeId === "TOP_UP_PAY");
    expect(pay.details).toMatchObject({ yearsToBePaid: 2, amountRemaining: 6000 });
  });

  it("newcard@: must add a new payment method", async () => {
    const get = await as("newcard@keyfree.example");
    expect((await get("/customer")).requiresNewPaymentMethod).toBe(true);
  });

  it("expired@: only an expired Keyfree whose claim was resolved", async () => {
    const get = await as("expired@keyfree.example");
    const list = await keyfrees(get);
    expect(list).toHaveLength(1);
    expect(list[0].accountStatus).toBe("EXPIRED");
    expect(list[0].claim.status).toBe("RESOLVED");
  });

  it("every listed tenant signs in with the demo password", async () => {
    for (const tenant of DEMO_TENANTS) await as(tenant.email);
  });

  it("the Keyfree offer and the inventory request answer to their fixed ids and tokens", async () => {
    const offer = await t.json("GET", `/keyfree-offers/${DEMO_OFFER.id}?token=${DEMO_OFFER.token}`);
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({ savingAmount: 115_385, keyfreeAmount: 34_615, cashDepositAmount: 150_000 });
    const [response] = await t.db
      .select()
      .from(tenancyInventoryResponses)
      .where(eq(tenancyInventoryResponses.tokenHash, hashToken(DEMO_INVENTORY.token)));
    expect(response).toMatchObject({ requestId: DEMO_INVENTORY.id, response: null });
  });
});

describe("demo tenants' mobile numbers (issue 38)", () => {
  it("every demo tenant past About You has the mobile number it would have saved: a UK mobile in Ofcom's drama range, distinct, none that cannot receive texts", async () => {
    const people = await t.db
      .select({ email: users.email, mobileNumber: users.mobileNumber, aboutYouOpen: sql<boolean>`bool_or(${orderCustomerActions.completedAt} is null and ${orders.statusId} = 'PENDING')` })
      .from(users)
      .innerJoin(customers, eq(customers.userId, users.id))
      .innerJoin(orderCustomers, eq(orderCustomers.customerId, customers.id))
      .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
      .innerJoin(orderCustomerActions, and(eq(orderCustomerActions.orderCustomerId, orderCustomers.id), eq(orderCustomerActions.typeId, "KEYFREE_ABOUT_YOU")))
      .groupBy(users.id);
    const past = people.filter((p) => !p.aboutYouOpen);
    expect(people.filter((p) => p.aboutYouOpen).map((p) => p.email)).toEqual(["checkout@keyfree.example"]);
    expect(past.map((p) => p.email)).toEqual(expect.arrayContaining(["final@keyfree.example", "claim@keyfree.example", "dispute@keyfree.example", "claim.cotenant@keyfree.example"]));
    for (const p of past) {
      expect(p.mobileNumber, p.email).toMatch(/^07700900\d{3}$/);
      expect(toE164(p.mobileNumber!), p.email).toMatch(/^\+447700900\d{3}$/);
      expect(undeliverableError(p.mobileNumber!), p.email).toBeNull();
    }
    expect(new Set(past.map((p) => p.mobileNumber)).size).toBe(past.length);
  });

  it("moving the clock to the day before claim@'s deadline queues the reminder's text beside its e-mail", async () => {
    const claimant = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, "claim@keyfree.example")))[0]!;
    t.clock.advance(2 * 86_400_000 + 3_600_000);
    await runDueJobs({ ...deps(), clockJobs: undefined });
    const [text] = await t.db.select().from(outboxSms).where(and(eq(outboxSms.userId, claimant.id), eq(outboxSms.template, "RESPONSE_REMINDER")));
    expect(text).toMatchObject({ to: "07700900105" });
    const emails = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.userId, claimant.id), eq(outboxEmails.template, "RESPONSE_REMINDER")));
    expect(emails).toHaveLength(1);
  });
});
