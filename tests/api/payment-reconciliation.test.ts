import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orderCustomerActions, owedRefunds, paymentIntents, stripeEvents } from "../../server/db/schema";
import { stripeSandboxObjects } from "../../stand-ins/db/schema";
import { runDueJobs } from "../../server/jobs/sweeper";
import { orderActionPayments } from "../../server/orders/payments";
import { reconcileActionFor, reconcilePayments } from "../../server/payments/reconcile-service";
import type { Deps } from "../../server/context";
import { createTestApi, type TestApi } from "../helpers/api";
import { atKeyfreePayStep } from "../helpers/pay-step";

/**
 * Issue 21: an event is applied or it is not recorded; reconciliation applies what the provider
 * says of intents still open here; a page of a payment the provider took shows it paid.
 */
let t: TestApi;
let deps: Deps;
beforeAll(async () => {
  t = await createTestApi();
  deps = { db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments };
});
afterAll(() => t.close());

const sandbox = () => t.payments.sandbox!;

async function atPayStep() {
  const { orderId, tenant, token } = await atKeyfreePayStep(t, "Recon");
  const res = await t.json("POST", `/orders/${orderId}/customers/${tenant.customerId}/pay`, {}, token);
  expect(res.status).toBe(200);
  return { orderId, tenant, token, intentId: res.body.paymentIntentId as string, amount: res.body.amount as number };
}

async function confirm(intentId: string) {
  const pm = await t.payments.stripe.paymentMethods.create({
    type: "card",
    card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name: "Jo Payer", address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
  await t.payments.stripe.paymentIntents.confirm(intentId, { payment_method: pm.id });
}

async function payAction(customerOrderCustomerId: string) {
  const rows = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, customerOrderCustomerId));
  return rows.find((a) => a.typeId === "KEYFREE_PAY")!;
}

async function ledger(intentId: string) {
  const [row] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  return row!;
}

/** The sandbox's charges of an intent (its own table: the sandbox has no charge list endpoint). */
async function chargesOf(intentId: string) {
  return t.db
    .select()
    .from(stripeSandboxObjects)
    .where(and(eq(stripeSandboxObjects.type, "charge"), sql`${stripeSandboxObjects.data} -> 'object' ->> 'payment_intent' = ${intentId}`));
}

describe("the payments ledger", () => {
  it("records each intent we make as open, and settles it in the transaction that applies its success", async () => {
    const { intentId, amount, tenant } = await atPayStep();
    expect(await ledger(intentId)).toMatchObject({ purpose: "order-action", customerId: tenant.customerId, amount, settledAt: null });
    await confirm(intentId);
    await sandbox().whenWebhooksIdle();
    expect(await ledger(intentId)).toMatchObject({ outcome: "SUCCEEDED" });
    expect((await ledger(intentId)).settledAt).not.toBeNull();
  });
});

describe("an event is applied, or it is not recorded", () => {
  it("an effect that fails leaves no event row, so the provider's redelivery applies it (once)", async () => {
    const { intentId, tenant } = await atPayStep();
    const spy = vi.spyOn(orderActionPayments, "succeeded").mockRejectedValueOnce(new Error("the database went away"));
    try {
      // The first delivery fails (500): nothing is recorded; the sandbox's retry applies it.
      await confirm(intentId);
      await sandbox().whenWebhooksIdle();
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    const events = await t.db.select().from(stripeEvents);
    const succeeded = (await t.payments.stripe.events.list({ type: "payment_intent.succeeded", limit: 100 })).data.find(
      (e) => (e.data.object as { id: string }).id === intentId,
    )!;
    expect(events.filter((e) => e.id === succeeded.id)).toHaveLength(1);
    expect((await payAction(tenant.orderCustomerId)).completedAt).not.toBeNull();
    expect(await chargesOf(intentId)).toHaveLength(1);
    // Redelivered once more: a no-op.
    const again = await sandbox().redeliver(succeeded.id);
    expect(again.status).toBe(200);
    expect(await t.db.select().from(owedRefunds).where(eq(owedRefunds.stripePaymentIntentId, intentId))).toEqual([]);
  });
});

describe("reconciliation", () => {
  it("applies a success whose webhook never came, once; the dry run lists it first and changes nothing", async () => {
    const { intentId, tenant } = await atPayStep();
    sandbox().holdWebhooks(true, tenant.customerId);
    try {
      await confirm(intentId);
      const dry = await reconcilePayments(deps, { dryRun: true });
      expect(dry.items).toContainEqual(expect.objectContaining({ paymentIntentId: intentId, action: "apply-succeeded", providerStatus: "succeeded" }));
      expect((await payAction(tenant.orderCustomerId)).completedAt).toBeNull();

      const run = await reconcilePayments(deps);
      expect(run.applied).toContainEqual(expect.objectContaining({ paymentIntentId: intentId, outcome: "payment applied" }));
      expect((await payAction(tenant.orderCustomerId)).completedAt).not.toBeNull();
      expect((await reconcilePayments(deps, { dryRun: true })).items.map((i) => i.paymentIntentId)).not.toContain(intentId);
    } finally {
      await sandbox().releaseHeldWebhooks(tenant.customerId);
    }
    // The late webhook changes nothing and gives nothing back.
    expect(await t.db.select().from(owedRefunds).where(eq(owedRefunds.stripePaymentIntentId, intentId))).toEqual([]);
    expect(await chargesOf(intentId)).toHaveLength(1);
  });

  it("runs in the sweep, and leaves an intent the tenant has not paid open, asking again later", async () => {
    const paid = await atPayStep();
    const unpaid = await atPayStep();
    sandbox().holdWebhooks(true, paid.tenant.customerId);
    try {
      await confirm(paid.intentId);
      const result = await runDueJobs(deps);
      expect(result.payments.applied.map((i) => i.paymentIntentId)).toContain(paid.intentId);
    } finally {
      await sandbox().releaseHeldWebhooks(paid.tenant.customerId);
    }
    const waiting = await ledger(unpaid.intentId);
    expect(waiting.settledAt).toBeNull();
    expect(waiting.nextCheckAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await payAction(unpaid.tenant.orderCustomerId)).completedAt).toBeNull();
  });

  it("settles a canceled intent with nothing to apply", async () => {
    const { intentId } = await atPayStep();
    // Canceled at the provider (the sandbox has no cancel endpoint: its stored intent is changed).
    await t.db
      .update(stripeSandboxObjects)
      .set({ data: sql`jsonb_set(${stripeSandboxObjects.data}, '{object,status}', '"canceled"')` })
      .where(eq(stripeSandboxObjects.id, intentId));
    t.clock.advance(10 * 60_000);
    try {
      await reconcilePayments(deps);
    } finally {
      t.clock.advance(-10 * 60_000);
    }
    expect(await ledger(intentId)).toMatchObject({ outcome: "CANCELED" });
  });

  it("says what the provider's state asks for", () => {
    const base = { id: "pi_x", last_payment_error: null };
    expect(reconcileActionFor({ ...base, status: "succeeded" }, { providerStatus: "requires_payment_method" })).toBe("apply-succeeded");
    expect(reconcileActionFor({ ...base, status: "canceled" }, { providerStatus: "requires_payment_method" })).toBe("settle-canceled");
    expect(reconcileActionFor({ ...base, status: "requires_payment_method" }, { providerStatus: "requires_payment_method" })).toBe("wait");
    expect(reconcileActionFor({ ...base, status: "processing" }, { providerStatus: "processing" })).toBe("wait");
    const failed = { id: "pi_x", status: "requires_payment_method" as const, last_payment_error: { code: "card_declined", type: "card_error" as const } };
    expect(reconcileActionFor(failed, { providerStatus: "requires_payment_method" })).toBe("apply-failed");
    expect(reconcileActionFor(failed, { providerStatus: "requires_payment_method:failed:card_declined" })).toBe("wait");
  });
});

describe("a page of a payment the provider took", () => {
  it("shows it paid (settled on demand) while the webhook is still on its way", async () => {
    const { intentId, tenant, token, orderId } = await atPayStep();
    sandbox().holdWebhooks(true, tenant.customerId);
    try {
      await confirm(intentId);
      const view = await t.json("GET", `/orders/${orderId}/customers/${tenant.customerId}`, undefined, token);
      expect(view.status).toBe(200);
      expect((await payAction(tenant.orderCustomerId)).completedAt).not.toBeNull();
    } finally {
      await sandbox().releaseHeldWebhooks(tenant.customerId);
    }
    expect(await chargesOf(intentId)).toHaveLength(1);
    expect(await t.db.select().from(owedRefunds).where(eq(owedRefunds.stripePaymentIntentId, intentId))).toEqual([]);
  });
});
