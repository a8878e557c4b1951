import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, outboxEmails, paymentPlanActions, paymentPlanInstalments, paymentPlans } from "../../server/db/schema";
import { PAYMENT_PLAN_STEP_MESSAGES } from "../../server/domain/payment-plans-rules";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { voidExpiredPaymentPlanOffers } from "../../server/jobs/payment-plan-offers";
import { activatePaymentPlan, failInstalment, markInstalmentPaid, offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;

/** A signed-in tenant with a completed Keyfree order on a tenancy at 7 Quay Street, BS1 5TH. */
async function tenantWithOrder() {
  const tenant = await t.signedInTenant();
  const { tenancy } = await createTenancy(t.db, {
    tenantUserIds: [tenant.userId],
    address: { buildingNumber: "7", street: "Quay Street", town: "Bristol", postcode: "BS1 5TH" },
  });
  const order = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: [{ customerId: tenant.customerId }],
    status: "COMPLETE",
    completedAt: t.clock.now(),
  });
  return { tenant, tenancy, orderId: order.orderId, orderCustomerId: order.orderCustomers[0]!.orderCustomerId };
}

async function planFor(orderCustomerId: string, offeredAt = t.clock.now(), over: { amount?: number; instalments?: number } = {}) {
  return offerPaymentPlan(
    t.db,
    { orderCustomerId, amount: over.amount ?? 10_000, instalments: over.instalments ?? 3, firstDueDate: "2026-12-01", interestAmount: 400 },
    offeredAt,
  );
}

const goodAddress = {
  id: "tmp-1",
  buildingNumber: "22",
  street: "Harbour Way",
  town: "Bristol",
  postcode: "bs1 4dj",
  country: "GB",
  currentlyAtAddress: true,
  organizationId: "1",
};

async function planRow(id: string) {
  const [row] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, id));
  return row!;
}
async function actionRows(id: string) {
  return t.db.select().from(paymentPlanActions).where(eq(paymentPlanActions.paymentPlanId, id)).orderBy(paymentPlanActions.position);
}

describe("getPaymentPlanById", () => {
  it("shows the owner the pending plan: instalments, steps, next step, screen and the repayment summary", async () => {
    const { tenant, orderId, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: plan.paymentPlanId,
      status: "PENDING",
      amount: 10_000,
      interestAmount: 400,
      outstandingBalance: 10_000,
      instalmentCount: 3,
      amountPaid: 0,
      amountRemaining: 10_000,
      nextAction: { paymentPlanActionIds: [plan.actionIds.CONFIRM] },
      screen: "confirm",
      live: false,
      offerExpiresAt: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
      offerVoid: false,
      orderCustomerId,
      orderCustomer: { id: orderCustomerId, orderId, customerId: tenant.customerId },
      claimId: null,
      address: null,
      // The property the plan is for, in the same answer (the confirm page reads nothing else); no card yet.
      propertyAddress: { buildingNumber: "7", street: "Quay Street", town: "Bristol", postcode: "BS1 5TH" },
      card: null,
    });
    expect(res.body.instalments.map((i: any) => [i.instalmentNumber, i.dueDate, i.amount, i.status])).toEqual([
      [1, "2026-12-01", 3_334, "PENDING"],
      [2, "2027-01-01", 3_333, "PENDING"],
      [3, "2027-02-01", 3_333, "PENDING"],
    ]);
    expect(res.body.actions.map((a: any) => [a.typeId, a.completedAt])).toEqual([
      ["CONFIRM", null],
      ["ADDRESS", null],
      ["CARD_DETAILS", null],
    ]);
  });

  it("sends a void offer to the dashboard once 48 hours pass without the three steps", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId, new Date(t.clock.now().getTime() - 48 * HOUR - 1000));
    const res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(res.body).toMatchObject({ status: "PENDING", offerVoid: true, screen: "dashboard" });
    // The offer sweep (every 30 s) cancels it: the tenant still reads that the offer ran out, not just "cancelled".
    await voidExpiredPaymentPlanOffers({ db: t.db, clock: t.clock });
    const swept = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(swept.body).toMatchObject({ status: "CANCELLED", offerVoid: true, screen: "dashboard" });
  });

  it("a plan the back office cancelled while its 48 hours run reads as cancelled, not as an offer that ran out", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    await t.db.update(paymentPlans).set({ status: "CANCELLED" }).where(eq(paymentPlans.id, plan.paymentPlanId));
    const res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(res.body).toMatchObject({ status: "CANCELLED", screen: "dashboard" });
    expect(res.body.offerVoid).toBe(false);
  });

  it("shows manual-payment for a failed instalment and active for a live plan with nothing to do", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    let res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(res.body).toMatchObject({ status: "ACTIVE", screen: "active", nextAction: null, live: true });
    await failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(res.body).toMatchObject({ screen: "manual-payment", live: true });
    await markInstalmentPaid(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, tenant.token);
    expect(res.body).toMatchObject({ screen: "active", amountPaid: 3_334, amountRemaining: 6_666 });
  });

  it("answers 404 for another tenant's plan, a made-up id and an absurd id, 401 without a token", async () => {
    const { orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const other = await t.signedInTenant();
    expect(await t.json("GET", `/payment-plans/${plan.paymentPlanId}`, undefined, other.token)).toMatchObject({
      status: 404,
      body: { message: "Not found" },
    });
    expect((await t.json("GET", "/payment-plans/no-such-plan", undefined, other.token)).status).toBe(404);
    expect((await t.json("GET", `/payment-plans/${plan.paymentPlanId}`)).status).toBe(401);
    expect(await t.json("GET", `/payment-plans/${"x".repeat(201)}`, undefined, other.token)).toMatchObject({ status: 404, body: { message: "Not found" } });
  });
});

describe("getPaymentPlanPropertyAddressById", () => {
  it("gives the address of the plan's property", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const res = await t.json("GET", `/payment-plans/${plan.paymentPlanId}/property-address`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body.address).toMatchObject({ buildingNumber: "7", street: "Quay Street", town: "Bristol", postcode: "BS1 5TH" });
  });

  it("answers 404 to another tenant and 401 without a token", async () => {
    const { orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const other = await t.signedInTenant();
    expect((await t.json("GET", `/payment-plans/${plan.paymentPlanId}/property-address`, undefined, other.token)).status).toBe(404);
    expect((await t.json("GET", `/payment-plans/${plan.paymentPlanId}/property-address`)).status).toBe(401);
  });
});

describe("getPaymentPlanAction", () => {
  it("follows the steps in order and is null once card details are done", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const path = `/payment-plans/${plan.paymentPlanId}/next-action`;
    expect((await t.json("GET", path, undefined, tenant.token)).body).toMatchObject({
      action: { id: plan.actionIds.CONFIRM, typeId: "CONFIRM", completedAt: null },
      screen: "confirm",
    });
    await t.json("POST", `/payment-plans/${plan.paymentPlanId}/confirm`, undefined, tenant.token);
    expect((await t.json("GET", path, undefined, tenant.token)).body).toMatchObject({ action: { typeId: "ADDRESS" }, screen: "address" });
    await t.json("PUT", `/payment-plans/${plan.paymentPlanId}/address`, { addresses: [goodAddress] }, tenant.token);
    expect((await t.json("GET", path, undefined, tenant.token)).body).toMatchObject({ action: { typeId: "CARD_DETAILS" }, screen: "card-details" });
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId }, t.clock.now());
    expect((await t.json("GET", path, undefined, tenant.token)).body).toEqual({ action: null, screen: "active" });
  });

  it("answers 404 to another tenant and 401 without a token", async () => {
    const { orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const other = await t.signedInTenant();
    expect((await t.json("GET", `/payment-plans/${plan.paymentPlanId}/next-action`, undefined, other.token)).status).toBe(404);
    expect((await t.json("GET", `/payment-plans/${plan.paymentPlanId}/next-action`)).status).toBe(401);
  });
});

describe("confirmPaymentPlan", () => {
  it("completes CONFIRM, records when, and moves the plan to the address step", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const res = await t.json("POST", `/payment-plans/${plan.paymentPlanId}/confirm`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ screen: "address", nextAction: { paymentPlanActionIds: [plan.actionIds.ADDRESS] } });
    const actions = await actionRows(plan.paymentPlanId);
    expect(actions.map((a) => [a.typeId, a.completedAt?.toISOString() ?? null])).toEqual([
      ["CONFIRM", t.clock.now().toISOString()],
      ["ADDRESS", null],
      ["CARD_DETAILS", null],
    ]);
    expect((await planRow(plan.paymentPlanId)).confirmedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("refuses a second confirm with 409, and a double submit has one effect", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const path = `/payment-plans/${plan.paymentPlanId}/confirm`;
    const both = await Promise.all([t.json("POST", path, undefined, tenant.token), t.json("POST", path, undefined, tenant.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(PAYMENT_PLAN_STEP_MESSAGES.done);
    expect(await t.json("POST", path, undefined, tenant.token)).toMatchObject({ status: 409, body: { message: PAYMENT_PLAN_STEP_MESSAGES.done } });
  });

  it("refuses a void offer and a cancelled plan with 409 and changes nothing", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const late = await planFor(orderCustomerId, new Date(t.clock.now().getTime() - 49 * HOUR));
    expect(await t.json("POST", `/payment-plans/${late.paymentPlanId}/confirm`, undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.void },
    });
    const cancelled = await planFor(orderCustomerId);
    await t.db.update(paymentPlans).set({ status: "CANCELLED" }).where(eq(paymentPlans.id, cancelled.paymentPlanId));
    expect(await t.json("POST", `/payment-plans/${cancelled.paymentPlanId}/confirm`, undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.cancelled },
    });
    for (const id of [late.paymentPlanId, cancelled.paymentPlanId]) {
      expect((await actionRows(id)).every((a) => a.completedAt === null)).toBe(true);
      expect((await planRow(id)).confirmedAt).toBeNull();
    }
  });

  it("answers 404 to another tenant (changing nothing) and 401 without a token", async () => {
    const { orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const other = await t.signedInTenant();
    expect((await t.json("POST", `/payment-plans/${plan.paymentPlanId}/confirm`, undefined, other.token)).status).toBe(404);
    expect((await t.json("POST", `/payment-plans/${plan.paymentPlanId}/confirm`)).status).toBe(401);
    expect((await actionRows(plan.paymentPlanId)).every((a) => a.completedAt === null)).toBe(true);
  });
});

describe("updateAddress", () => {
  async function confirmedPlan() {
    const setup = await tenantWithOrder();
    const plan = await planFor(setup.orderCustomerId);
    await t.json("POST", `/payment-plans/${plan.paymentPlanId}/confirm`, undefined, setup.tenant.token);
    return { ...setup, plan, path: `/payment-plans/${plan.paymentPlanId}/address` };
  }

  it("stores the first current address of the list as the plan's address and completes ADDRESS", async () => {
    const { tenant, plan, path } = await confirmedPlan();
    const previous = { ...goodAddress, id: "tmp-0", street: "Old Lane", currentlyAtAddress: false };
    const res = await t.json("PUT", path, { addresses: [previous, goodAddress, { ...goodAddress, street: "Second Current" }] }, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      screen: "card-details",
      nextAction: { paymentPlanActionIds: [plan.actionIds.CARD_DETAILS] },
      address: { buildingNumber: "22", street: "Harbour Way", town: "Bristol", postcode: "BS1 4DJ", country: "GB" },
    });
    const row = await planRow(plan.paymentPlanId);
    const [stored] = await t.db.select().from(addresses).where(eq(addresses.id, row.addressId!));
    expect(stored).toMatchObject({ street: "Harbour Way", postcode: "BS1 4DJ", userId: null, organizationId: "1" });
    const actions = await actionRows(plan.paymentPlanId);
    expect(actions.find((a) => a.typeId === "ADDRESS")!.completedAt?.toISOString()).toBe(t.clock.now().toISOString());
    // Not added to the tenant's own address history.
    expect((await t.db.select().from(addresses).where(eq(addresses.userId, tenant.userId))).length).toBe(0);
  });

  it("accepts a building name instead of a number, and a non-UK postcode outside the UK", async () => {
    const { tenant, path } = await confirmedPlan();
    const res = await t.json(
      "PUT",
      path,
      { addresses: [{ buildingName: "Rose Cottage", street: "Rue de Rivoli", postcode: "75001", country: "FR" }] },
      tenant.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.address).toMatchObject({ buildingName: "Rose Cottage", buildingNumber: null, country: "FR" });
  });

  it.each([
    ["no building number or name", { buildingNumber: "" }, "addresses.0.buildingNumber", "Either a building number or name is required"],
    ["no street", { street: " " }, "addresses.0.street", "Required"],
    ["no country", { country: "" }, "addresses.0.country", "Required"],
    ["no postcode", { postcode: undefined }, "addresses.0.postcode", "Required"],
    ["a postcode that is not UK for GB", { postcode: "90210" }, "addresses.0.postcode", "Must be a UK postcode"],
  ])("refuses %s with 400 and the spec's message, changing nothing", async (_name, change, path, message) => {
    const { tenant, plan, path: url } = await confirmedPlan();
    const res = await t.json("PUT", url, { addresses: [{ ...goodAddress, ...change }] }, tenant.token);
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect((await planRow(plan.paymentPlanId)).addressId).toBeNull();
    expect((await actionRows(plan.paymentPlanId)).find((a) => a.typeId === "ADDRESS")!.completedAt).toBeNull();
  });

  it("refuses an empty list, a list with no current address, and a body that is not the form", async () => {
    const { tenant, path } = await confirmedPlan();
    expect((await t.json("PUT", path, { addresses: [] }, tenant.token)).status).toBe(400);
    const none = await t.json("PUT", path, { addresses: [{ ...goodAddress, currentlyAtAddress: false }] }, tenant.token);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("A current address is required");
    expect((await t.json("PUT", path, { street: "x" }, tenant.token)).status).toBe(400);
    expect((await t.json("PUT", path, "{oops", tenant.token)).status).toBe(400);
  });

  it("refuses the address step before confirm, and twice, with 409", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    const path = `/payment-plans/${plan.paymentPlanId}/address`;
    expect(await t.json("PUT", path, { addresses: [goodAddress] }, tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.outOfOrder },
    });
    expect((await planRow(plan.paymentPlanId)).addressId).toBeNull();
    await t.json("POST", `/payment-plans/${plan.paymentPlanId}/confirm`, undefined, tenant.token);
    expect((await t.json("PUT", path, { addresses: [goodAddress] }, tenant.token)).status).toBe(200);
    const firstAddressId = (await planRow(plan.paymentPlanId)).addressId;
    expect(await t.json("PUT", path, { addresses: [{ ...goodAddress, street: "Changed" }] }, tenant.token)).toMatchObject({
      status: 409,
      body: { message: PAYMENT_PLAN_STEP_MESSAGES.done },
    });
    expect((await planRow(plan.paymentPlanId)).addressId).toBe(firstAddressId);
  });

  it("answers 404 to another tenant and 401 without a token", async () => {
    const { plan, path } = await confirmedPlan();
    const other = await t.signedInTenant();
    expect((await t.json("PUT", path, { addresses: [goodAddress] }, other.token)).status).toBe(404);
    expect((await t.json("PUT", path, { addresses: [goodAddress] })).status).toBe(401);
    expect((await planRow(plan.paymentPlanId)).addressId).toBeNull();
  });
});

describe("getInstalmentById", () => {
  it("gives one instalment of the plan with its status, PAID once paid", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    const path = `/payment-plans/${plan.paymentPlanId}/instalments/${plan.instalmentIds[1]}`;
    expect((await t.json("GET", path, undefined, tenant.token)).body).toEqual({
      id: plan.instalmentIds[1],
      paymentPlanId: plan.paymentPlanId,
      instalmentNumber: 2,
      dueDate: "2027-01-01",
      amount: 3_333,
      status: "PENDING",
      paidAt: null,
    });
    await markInstalmentPaid(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 2 }, t.clock.now());
    expect((await t.json("GET", path, undefined, tenant.token)).body).toMatchObject({ status: "PAID", paidAt: t.clock.now().toISOString() });
  });

  it("answers 404 for another plan's instalment, another tenant's plan, and 401 without a token", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const mine = await planFor(orderCustomerId);
    const theirs = await tenantWithOrder();
    const other = await planFor(theirs.orderCustomerId);
    expect((await t.json("GET", `/payment-plans/${mine.paymentPlanId}/instalments/${other.instalmentIds[0]}`, undefined, tenant.token)).status).toBe(404);
    expect((await t.json("GET", `/payment-plans/${other.paymentPlanId}/instalments/${other.instalmentIds[0]}`, undefined, tenant.token)).status).toBe(404);
    expect((await t.json("GET", `/payment-plans/${mine.paymentPlanId}/instalments/${mine.instalmentIds[0]}`)).status).toBe(401);
  });
});

describe("payment plan scenarios", () => {
  it("offerPaymentPlan writes the plan, its three steps and instalments, and e-mails the tenant the link", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId, t.clock.now(), { amount: 12_345, instalments: 4 });
    const row = await planRow(plan.paymentPlanId);
    expect(row).toMatchObject({ status: "PENDING", amount: 12_345, interestAmount: 400, orderCustomerId });
    expect(row.offerExpiresAt.getTime() - row.createdAt.getTime()).toBe(48 * HOUR);
    const instalments = await t.db
      .select()
      .from(paymentPlanInstalments)
      .where(eq(paymentPlanInstalments.paymentPlanId, plan.paymentPlanId))
      .orderBy(paymentPlanInstalments.instalmentNumber);
    expect(instalments.map((i) => i.amount)).toEqual([3_087, 3_086, 3_086, 3_086]);
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, tenant.email), eq(outboxEmails.template, "PAYMENT_PLAN_OFFERED")));
    expect(mail!.text).toContain(`http://localhost:3000/payment-plan/${plan.paymentPlanId}`);
    expect(mail!.text).toContain("£123.45");
  });

  it("offerPaymentPlan refuses bad input and an unknown order customer", async () => {
    const { orderCustomerId } = await tenantWithOrder();
    const now = t.clock.now();
    const base = { orderCustomerId, amount: 1_000, instalments: 2, firstDueDate: "2026-12-01" };
    await expect(offerPaymentPlan(t.db, { ...base, instalments: 0 }, now)).rejects.toThrow();
    await expect(offerPaymentPlan(t.db, { ...base, firstDueDate: "2026-02-30" }, now)).rejects.toThrow();
    await expect(offerPaymentPlan(t.db, { ...base, interestAmount: 1_001 }, now)).rejects.toThrow();
    await expect(offerPaymentPlan(t.db, { ...base, orderCustomerId: "nobody" }, now)).rejects.toThrow("No order customer");
    await expect(offerPaymentPlan(t.db, { ...base, claimId: "no-claim" }, now)).rejects.toThrow("No claim");
  });

  it("activatePaymentPlan needs the card step to be next (unless told to complete the earlier ones) and a live offer", async () => {
    const { orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    await expect(activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId }, t.clock.now())).rejects.toThrow("not CARD_DETAILS");
    expect((await planRow(plan.paymentPlanId)).status).toBe("PENDING");
    const late = await planFor(orderCustomerId, new Date(t.clock.now().getTime() - 49 * HOUR));
    await expect(
      activatePaymentPlan(t.db, { paymentPlanId: late.paymentPlanId, completeEarlierSteps: true }, t.clock.now()),
    ).rejects.toThrow("expired");
    const done = await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    expect(done.completedActionIds).toHaveLength(3);
    expect((await planRow(plan.paymentPlanId)).status).toBe("ACTIVE");
    expect((await actionRows(plan.paymentPlanId)).every((a) => a.completedAt !== null)).toBe(true);
    await expect(activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId }, t.clock.now())).rejects.toThrow("not PENDING");
  });

  it("failInstalment and markInstalmentPaid act on a live plan only, and never pay twice", async () => {
    const { tenant, orderCustomerId } = await tenantWithOrder();
    const plan = await planFor(orderCustomerId);
    await expect(failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now())).rejects.toThrow("only an ACTIVE plan");
    await expect(markInstalmentPaid(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now())).rejects.toThrow();
    await activatePaymentPlan(t.db, { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true }, t.clock.now());
    await expect(failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 9 }, t.clock.now())).rejects.toThrow("no instalment 9");
    await failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, tenant.email), eq(outboxEmails.template, "PAYMENT_PLAN_INSTALMENT_FAILED")));
    expect(mail!.text).toContain(`/payment-plan/${plan.paymentPlanId}/manual-payment`);
    await markInstalmentPaid(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now());
    await expect(markInstalmentPaid(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now())).rejects.toThrow("already paid");
    await expect(failInstalment(t.db, { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 }, t.clock.now())).rejects.toThrow("already paid");
  });
});
