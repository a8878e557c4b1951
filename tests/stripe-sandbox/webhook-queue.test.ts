import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../server/db";
import { stripeSandboxWebhookDeliveries as deliveries } from "../../stand-ins/db/schema";
import { FixedClock } from "../../server/lib/clock";
import { log } from "../../server/lib/log";
import { createStripeSandbox, type DeliverWebhook, type StripeSandbox } from "../../stand-ins/stripe-sandbox";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, DEFAULT_WEBHOOK_RETRY_WINDOW_MS } from "../../stand-ins/stripe-sandbox/constants";
import { nextAttemptAfterFailure } from "../../stand-ins/stripe-sandbox/webhook-rows";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { createHarness, sdkFor, type Harness } from "./harness";
import { migrateWithStandIns } from "../helpers/stand-ins";

/**
 * The webhook queue lives in the database (issue 21): an event that exists is queued, a
 * restarted sandbox delivers what a killed one left, retries follow Stripe's schedule for up to
 * three days, and several sandboxes over one database deliver each event once.
 */

let t: Harness;
beforeAll(async () => {
  t = await createHarness();
});
afterAll(() => t.close());

type Received = { eventId: string; objectId: string; at: number };

/** A webhook endpoint stand-in: records what it receives, answers `status(attemptIndex)`. */
function endpoint(status: (received: Received[]) => number = () => 200) {
  const received: Received[] = [];
  const deliver: DeliverWebhook = async (payload) => {
    const event = JSON.parse(payload) as Stripe.Event;
    received.push({ eventId: event.id, objectId: (event.data.object as { id: string }).id, at: Date.now() });
    return { status: status(received) };
  };
  return { received, deliver };
}

/** A succeeded payment through `sdk`, its objects' metadata naming `owner` (our customer id). */
async function pay(sdk: Stripe, owner: string, amount = 1500) {
  const pm = await sdk.paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" } });
  return sdk.paymentIntents.create({ amount, currency: "gbp", payment_method: pm.id, confirm: true, metadata: { customerId: owner } });
}

async function queueRows(db: Database, owner: string) {
  return db.select().from(deliveries).where(eq(deliveries.owner, owner)).orderBy(asc(deliveries.seq));
}

describe("the queue survives the process", () => {
  it("an event is queued with the payment: a sandbox that never delivered it leaves it to the next one, which delivers it at start-up", async () => {
    const first = endpoint();
    const killed = t.reopen({ deliver: first.deliver, deliverWebhooks: false });
    const pi = await pay(killed.stripe, "owner-restart");
    await killed.sandbox.whenWebhooksIdle();
    killed.sandbox.close();
    expect(first.received).toEqual([]);
    const [queued] = await queueRows(t.db, "owner-restart");
    expect(queued).toMatchObject({ type: "payment_intent.succeeded", attempts: 0, deliveredAt: null, givenUpAt: null });

    const second = endpoint();
    const restarted = t.reopen({ deliver: second.deliver });
    // No request, no idle wait: the start-up pump alone delivers it.
    await vi.waitFor(() => expect(second.received.map((r) => r.objectId)).toEqual([pi.id]), { timeout: 5_000 });
    await restarted.sandbox.whenWebhooksIdle();
    expect((await queueRows(t.db, "owner-restart"))[0]).toMatchObject({ attempts: 1, lastStatus: 200, claimedUntil: null });
    expect((await queueRows(t.db, "owner-restart"))[0]!.deliveredAt).toBeInstanceOf(Date);
    restarted.sandbox.close();
  });

  it("a lease left by a killed pump is honoured until it runs out, then the event is delivered", async () => {
    const killed = t.reopen({ deliverWebhooks: false });
    await pay(killed.stripe, "owner-lease");
    killed.sandbox.close();
    const leaseEnds = Date.now() + 400;
    await t.db.update(deliveries).set({ claimedUntil: new Date(leaseEnds) }).where(eq(deliveries.owner, "owner-lease"));

    const next = endpoint();
    const restarted = t.reopen({ deliver: next.deliver });
    await restarted.sandbox.whenWebhooksIdle();
    expect(next.received).toHaveLength(1);
    expect(next.received[0]!.at).toBeGreaterThanOrEqual(leaseEnds);
    restarted.sandbox.close();
  });

  it("a hold lives in the database: another sandbox keeps the event back until it is released there, in order", async () => {
    const a = endpoint();
    const first = t.reopen({ deliver: a.deliver });
    await first.sandbox.holdWebhooks(true, "owner-held");
    const one = await pay(first.stripe, "owner-held", 1000);
    const two = await pay(first.stripe, "owner-held", 2000);
    const other = await pay(first.stripe, "owner-free");
    await first.sandbox.whenWebhooksIdle();
    expect(a.received.map((r) => r.objectId)).toEqual([other.id]);
    first.sandbox.close();

    const b = endpoint();
    const second = t.reopen({ deliver: b.deliver });
    const held = (await queueRows(t.db, "owner-held")).map((r) => r.eventId);
    expect(await second.sandbox.heldWebhookEventIds()).toEqual(held);
    await second.sandbox.whenWebhooksIdle();
    expect(b.received).toEqual([]);
    await second.sandbox.releaseHeldWebhooks("owner-held");
    expect(b.received.map((r) => r.objectId)).toEqual([one.id, two.id]);
    expect(await second.sandbox.heldWebhookEventIds()).toEqual([]);
    second.sandbox.close();
  });
});

describe("Stripe's retry schedule", () => {
  /** A sandbox on a fake wall clock with the default schedule; `step()` moves the clock to the next attempt and delivers. */
  function onFakeWallClock(status: (received: Received[]) => number) {
    const wall = { now: Date.parse("2026-11-22T10:00:00Z") };
    const target = endpoint(status);
    const { sandbox, stripe } = t.reopen({ deliver: target.deliver, webhookRetryDelaysMs: undefined, wallClock: () => wall.now });
    return { wall, target, sandbox, stripe };
  }

  async function attemptsOf(sandbox: StripeSandbox, eventId: string) {
    return (await sandbox.webhookAttempts()).filter((a) => a.eventId === eventId);
  }

  /** Moves the fake wall clock to each next attempt of `owner`'s event until it is delivered or given up. */
  async function untilSettled(sandbox: StripeSandbox, wall: { now: number }, owner: string) {
    await sandbox.deliverDueWebhooks();
    for (let i = 0; i < 50; i += 1) {
      const [row] = await queueRows(t.db, owner);
      if (row!.deliveredAt || row!.givenUpAt) return row!;
      wall.now = row!.nextAttemptAt.getTime();
      await sandbox.deliverDueWebhooks();
    }
    throw new Error("never settled");
  }

  it("an endpoint failing 4 times then answering 200 gets 5 attempts, after 1 s, 5 s, 25 s and 2 min", async () => {
    const { wall, sandbox, stripe } = onFakeWallClock((received) => (received.length <= 4 ? 500 : 200));
    const start = wall.now;
    await pay(stripe, "owner-retries");
    const row = await untilSettled(sandbox, wall, "owner-retries");
    expect(row.deliveredAt).toBeInstanceOf(Date);
    const attempts = await attemptsOf(sandbox, row.eventId);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
      [5, 200],
    ]);
    const times = attempts.map((a) => a.at.getTime());
    expect(times[0]).toBe(start);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(gaps).toEqual([1_000, 5_000, 25_000, 120_000]);
    expect(row).toMatchObject({ attempts: 5, lastStatus: 200, givenUpAt: null });
    sandbox.close();
  });

  it("an event still refused three days after its first attempt is given up, with a warning", async () => {
    const warn = vi.spyOn(log, "warn");
    const { wall, sandbox, stripe } = onFakeWallClock(() => 503);
    const start = wall.now;
    await pay(stripe, "owner-down");
    const row = await untilSettled(sandbox, wall, "owner-down");
    const attempts = await attemptsOf(sandbox, row.eventId);
    const times = attempts.map((a) => a.at.getTime());
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    // Exponential, then every 12 hours: 15 attempts, the last 63.7 h after the first.
    expect(gaps).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS_MS.slice(0, 14));
    expect(gaps.every((gap, i) => i === 0 || gap >= gaps[i - 1]!)).toBe(true);
    expect(attempts).toHaveLength(15);
    expect(times.at(-1)! - start).toBeLessThanOrEqual(DEFAULT_WEBHOOK_RETRY_WINDOW_MS);
    expect(times.at(-1)! + 12 * 3_600_000 - start).toBeGreaterThan(DEFAULT_WEBHOOK_RETRY_WINDOW_MS);
    expect(row).toMatchObject({ attempts: 15, lastStatus: 503, deliveredAt: null });
    expect(row.givenUpAt?.getTime()).toBe(times.at(-1));
    expect(warn).toHaveBeenCalledWith("stripe sandbox webhook given up", expect.objectContaining({ eventId: row.eventId, attempts: 15 }));
    // Given up is final: nothing more is due, and idle does not wait for it.
    wall.now += 7 * 24 * 3_600_000;
    await sandbox.deliverDueWebhooks();
    expect(await attemptsOf(sandbox, row.eventId)).toHaveLength(15);
    warn.mockRestore();
    sandbox.close();
  });

  it("the schedule's rule: the list's delay, never past the window after the first attempt", () => {
    const first = new Date("2026-11-22T10:00:00Z");
    const rule = (attempt: number, failedAfterMs: number, retryDelaysMs: readonly number[] = DEFAULT_WEBHOOK_RETRY_DELAYS_MS) =>
      nextAttemptAfterFailure({
        attempt,
        firstAttemptAt: first,
        failedAt: new Date(first.getTime() + failedAfterMs),
        retryDelaysMs,
        retryWindowMs: DEFAULT_WEBHOOK_RETRY_WINDOW_MS,
      })?.getTime();
    expect(rule(1, 0)).toBe(first.getTime() + 1_000);
    expect(rule(4, 31_000)).toBe(first.getTime() + 151_000);
    expect(rule(12, 60 * 3_600_000)).toBe(first.getTime() + 72 * 3_600_000);
    expect(rule(12, 61 * 3_600_000)).toBeUndefined();
    expect(rule(1, 0, [])).toBeUndefined();
    expect(rule(2, 10, [10, 50])).toBe(first.getTime() + 60);
    expect(rule(3, 60, [10, 50])).toBeUndefined();
  });

  it("webhookRetryScale compresses the default schedule (STRIPE_SANDBOX_WEBHOOK_RETRY_SCALE)", async () => {
    const target = endpoint((received) => (received.length === 1 ? 500 : 200));
    const { sandbox, stripe } = t.reopen({ deliver: target.deliver, webhookRetryDelaysMs: undefined, webhookRetryScale: 0.01 });
    await pay(stripe, "owner-scaled");
    await sandbox.whenWebhooksIdle();
    expect(target.received).toHaveLength(2);
    const gap = target.received[1]!.at - target.received[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(10);
    expect(gap).toBeLessThan(1_000);
    sandbox.close();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)("two sandboxes over one PostgreSQL database", () => {
  const instances = usePostgresInstances(pgUrl!, "sandbox_webhooks");

  it("deliver each event exactly once, never the same one at the same time", async () => {
    const a = await instances.open();
    await migrateWithStandIns(a);
    const b = await instances.open();
    const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
    const inFlight = new Set<string>();
    const overlaps: string[] = [];
    const received = new Map<string, string[]>();
    const endpointFor = (name: string): DeliverWebhook => async (payload) => {
      const id = (JSON.parse(payload) as Stripe.Event).id;
      if (inFlight.has(id)) overlaps.push(id);
      inFlight.add(id);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      inFlight.delete(id);
      received.set(id, [...(received.get(id) ?? []), name]);
      return { status: 200 };
    };
    const sandboxes = [
      createStripeSandbox({ db: a.db, clock, deliver: endpointFor("a"), webhookPollMs: 10 }),
      createStripeSandbox({ db: b.db, clock, deliver: endpointFor("b"), webhookPollMs: 10 }),
    ];
    const sdks = sandboxes.map((s) => sdkFor(s, s.secretKey));
    await Promise.all(Array.from({ length: 12 }, (_, i) => pay(sdks[i % 2]!, `pg-owner-${i % 3}`, 1000 + i)));
    await Promise.all(sandboxes.map((s) => s.whenWebhooksIdle()));

    const rows = await a.db.select().from(deliveries);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.deliveredAt !== null && r.attempts === 1)).toBe(true);
    expect([...received.keys()].sort()).toEqual(rows.map((r) => r.eventId).sort());
    expect([...received.values()].every((by) => by.length === 1)).toBe(true);
    expect(overlaps).toEqual([]);
    expect((await sandboxes[0]!.webhookAttempts()).length).toBe(12);

    // A backlog (what a stopped instance left) that both pumps go for at once.
    const quiet = createStripeSandbox({ db: b.db, clock, deliver: endpointFor("quiet"), deliverWebhooks: false });
    const quietSdk = sdkFor(quiet, quiet.secretKey);
    for (const s of sandboxes) await s.holdWebhooks(true, "pg-backlog");
    for (let i = 0; i < 10; i += 1) await pay(quietSdk, "pg-backlog", 2000 + i);
    quiet.close();
    await sandboxes[0]!.releaseHeldWebhooks("pg-backlog");
    await Promise.all([...sandboxes.map((s) => s.deliverDueWebhooks()), ...sandboxes.map((s) => s.whenWebhooksIdle())]);
    const all = await a.db.select().from(deliveries);
    expect(all).toHaveLength(22);
    expect(all.every((r) => r.deliveredAt !== null && r.attempts === 1)).toBe(true);
    expect(received.size).toBe(22);
    expect([...received.values()].every((by) => by.length === 1 && by[0] !== "quiet")).toBe(true);
    expect(overlaps).toEqual([]);
    for (const s of sandboxes) s.close();
  });
});
