/**
 * The sandbox's webhooks, delivered as Stripe delivers them: durably, at least once, retried
 * with back-off for up to three days.
 *
 *  1. Queued: `queueWebhook` writes a row in `stripe_sandbox_webhook_deliveries` in the
 *     transaction that stores the event, so an event that exists is always queued (a `kill -9`
 *     after the payment commits loses nothing).
 *  2. Leased: a pump takes due rows (not delivered, not given up, `next_attempt_at` passed, no
 *     live lease, not held) with `FOR UPDATE SKIP LOCKED` in a short transaction and stamps
 *     `claimed_until`: several instances may pump the same database; two never deliver the same
 *     row at once.
 *  3. Delivered OUTSIDE any transaction, one after another in creation order: with PGlite the
 *     API's webhook handler runs its own transaction on the same single connection, so holding
 *     one while delivering would deadlock.
 *  4. Recorded in another short transaction: delivered, or the next attempt's time (Stripe's
 *     schedule, on the wall clock), or given up (log.warn).
 *
 * The pump runs after a response that emitted events, at start-up (what a killed process left),
 * on an unref'd timer (cheap when nothing is due) and when a retry falls due in this process.
 * The rows, the signature and one attempt's delivery and record: webhook-rows.ts.
 */
import { and, asc, eq, gt, inArray, min, sql } from "drizzle-orm";
import { stripeSandboxObjects, stripeSandboxWebhookAttempts, stripeSandboxWebhookDeliveries, stripeSandboxWebhookHolds } from "../db/schema";
import { crashPoint } from "../../server/lib/crash-points";
import { describeError, log } from "../../server/lib/log";
import {
  ALL,
  BATCH,
  type DeliverWebhook,
  type DeliveryAttempt,
  type AttemptedRow,
  listAttempts,
  type WebhookQueueOptions,
  due,
  held,
  notHeld,
  pending,
  recordAttempt,
  type SandboxEvent,
  sendWebhook,
} from "./webhook-rows";

const d = stripeSandboxWebhookDeliveries;
const holds = stripeSandboxWebhookHolds;

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/**
 * The webhook queue over the database (see the top of this file). Its state lives in the
 * database, holds too, so several instances (or a restarted one) agree; what it keeps in memory
 * is only this process's running pump and timers.
 */
export class WebhookQueue {
  private running: Promise<void> | undefined;
  private again = false;
  /** Deliveries attempted by this process's pumps (how `drive` tells a pump that found nothing to take). */
  private attemptedCount = 0;
  private closed = false;
  /** The last hold change asked in this process: a pump waits for it, so an un-awaited hold still holds. */
  private holdWrite: Promise<unknown> = Promise.resolve();
  private readonly pollTimer: NodeJS.Timeout | undefined;
  private startTimer: NodeJS.Timeout | undefined;
  /** Retries falling due in this process: one timer, set for the earliest. */
  private readonly wakes = new Set<number>();
  private wakeTimer: { at: number; timer: NodeJS.Timeout } | undefined;

  constructor(private readonly options: WebhookQueueOptions) {
    if (!options.deliverWebhooks) return;
    // At start-up: what a killed process left queued (deferred: the caller may not have migrated yet).
    this.startTimer = setTimeout(() => {
      this.startTimer = undefined;
      void this.pump();
    }, 0);
    this.startTimer.unref();
    if (options.pollMs > 0) {
      this.pollTimer = setInterval(() => {
        if (!this.running) void this.pump();
      }, options.pollMs);
      // Polling must not keep a finished process (or test run) alive.
      this.pollTimer.unref();
    }
  }

  private now(): Date {
    return new Date(this.options.wallClock());
  }

  /** After a response that emitted events (their rows committed): deliver them now. */
  kick() {
    void this.pump();
  }

  /**
   * Delivers every due row (leasing, delivering, recording, again until none is due). One run at a
   * time in this process: a call while one runs makes it look once more and resolves with it.
   */
  pump(): Promise<void> {
    if (this.closed || !this.options.deliverWebhooks) return Promise.resolve();
    // Any pump is also the start-up look.
    if (this.startTimer) {
      clearTimeout(this.startTimer);
      this.startTimer = undefined;
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed && (await this.pumpOnce()) > 0);
        } while (this.again && !this.closed);
      } catch (error) {
        if (!this.closed) log.warn("stripe sandbox webhook pump failed", describeError(error));
      }
    })();
    this.running = run.finally(() => {
      this.running = undefined;
    });
    return this.running;
  }


  /** One lease, its deliveries and their outcomes; returns how many deliveries were attempted. */
  private async pumpOnce(): Promise<number> {
    await this.holdWrite.catch(() => undefined);
    const { db } = this.options;
    const now = this.now();
    // Cheap when nothing is due: one indexed read, no transaction.
    const [any] = await db.select({ eventId: d.eventId }).from(d).where(due(this.options.db, now)).limit(1);
    if (!any) return 0;
    const leaseEnds = new Date(now.getTime() + this.options.leaseMs);
    const leased = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ eventId: d.eventId, type: d.type, attempts: d.attempts, firstAttemptAt: d.firstAttemptAt })
        .from(d)
        .where(due(this.options.db, now))
        .orderBy(asc(d.seq))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(d)
        .set({ claimedUntil: leaseEnds })
        .where(
          inArray(
            d.eventId,
            rows.map((r) => r.eventId),
          ),
        );
      return rows;
    });
    if (leased.length === 0) return 0;
    const events = new Map(
      (
        await db
          .select({ id: stripeSandboxObjects.id, data: stripeSandboxObjects.data })
          .from(stripeSandboxObjects)
          .where(
            inArray(
              stripeSandboxObjects.id,
              leased.map((r) => r.eventId),
            ),
          )
      ).map((row) => [row.id, row.data.object as SandboxEvent]),
    );

    let attempted = 0;
    const untouched: string[] = [];
    for (const row of leased) {
      const event = events.get(row.eventId);
      // Never start a delivery the lease may not cover: leave the rest for the next lease.
      const leaseLeft = leaseEnds.getTime() - this.options.wallClock();
      if (this.closed || !event || leaseLeft < this.options.leaseMs / 2) {
        untouched.push(row.eventId);
        continue;
      }
      // Issue 21's crash test: the confirmed payment is committed, its event queued and leased, nothing delivered.
      crashPoint("payment.before-webhook");
      const attempt = await this.send(event, row.attempts + 1);
      attempted += 1;
      this.attemptedCount += 1;
      await this.record(row, attempt, leaseEnds);
    }
    if (untouched.length > 0) {
      await db
        .update(d)
        .set({ claimedUntil: null })
        .where(and(inArray(d.eventId, untouched), eq(d.claimedUntil, leaseEnds)));
    }
    return attempted;
  }

  /** The attempt's outcome on the row (and in the attempt log), in one short transaction. */
  private async record(row: AttemptedRow, attempt: DeliveryAttempt, leaseEnds: Date) {
    const { next, firstAttemptAt } = await recordAttempt(this.options, row, attempt, leaseEnds);
    if (attempt.ok) return;
    if (next) this.wakeAt(next.getTime());
    else {
      log.warn("stripe sandbox webhook given up", {
        eventId: row.eventId,
        type: row.type,
        attempts: attempt.attempt,
        lastStatus: attempt.status,
        firstAttemptAt: firstAttemptAt.toISOString(),
      });
    }
  }

  /** A pump when a retry of this process falls due (the timer finds other instances' ones). */
  private wakeAt(at: number) {
    if (this.closed) return;
    this.wakes.add(at);
    this.scheduleWake();
  }

  private scheduleWake() {
    if (this.closed || this.wakes.size === 0) return;
    const at = Math.min(...this.wakes);
    if (this.wakeTimer && this.wakeTimer.at <= at) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer.timer);
    const timer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        const now = this.options.wallClock();
        for (const wake of this.wakes) if (wake <= now) this.wakes.delete(wake);
        // A wall clock behind the timer (a test's): wait for the next look.
        if (this.wakes.has(at)) this.wakes.delete(at);
        void this.pump().finally(() => this.scheduleWake());
      },
      Math.max(0, at - this.options.wallClock()),
    );
    timer.unref();
    this.wakeTimer = { at, timer };
  }

  private send(event: SandboxEvent, attemptNumber: number): Promise<DeliveryAttempt> {
    return sendWebhook(this.options, event, attemptNumber);
  }

  /**
   * Holds every event, or with `owner` only the events about that customer's objects (by
   * metadata.customerId), so tests running side by side are not slowed by one another.
   */
  hold(on: boolean, owner?: string): Promise<void> {
    const key = owner ?? ALL;
    const { db } = this.options;
    const write = this.holdWrite
      .catch(() => undefined)
      .then(() =>
        on
          ? db.insert(holds).values({ owner: key, createdAt: this.now() }).onConflictDoNothing()
          : db.delete(holds).where(eq(holds.owner, key)),
      )
      .then(() => {
        // Unheld events are due again: deliver them without waiting for the timer.
        if (!on) this.kick();
      });
    this.holdWrite = write;
    return write;
  }

  /** Ids of the events waiting because they are held, oldest first. */
  async heldEventIds(): Promise<string[]> {
    await this.holdWrite.catch(() => undefined);
    const rows = await this.options.db
      .select({ eventId: d.eventId })
      .from(d)
      .where(and(pending(), held(this.options.db)))
      .orderBy(asc(d.seq));
    return rows.map((r) => r.eventId);
  }

  /**
   * Stops holding (everything, or only `owner`'s events) and delivers what is no longer held, in
   * order and at once (a retry the hold had waiting is brought forward); resolves once each of
   * those events has been delivered, given up or tried since (then it follows the schedule).
   */
  async release(owner?: string): Promise<void> {
    const { db } = this.options;
    const write = this.holdWrite.catch(() => undefined).then(async () => {
      const released = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ eventId: d.eventId, attempts: d.attempts })
          .from(d)
          .where(and(pending(), held(this.options.db), owner === undefined ? undefined : eq(d.owner, owner)));
        if (owner === undefined) await tx.delete(holds);
        else await tx.delete(holds).where(eq(holds.owner, owner));
        if (rows.length > 0) {
          await tx
            .update(d)
            .set({ nextAttemptAt: this.now() })
            .where(
              and(
                inArray(
                  d.eventId,
                  rows.map((r) => r.eventId),
                ),
                gt(d.nextAttemptAt, this.now()),
              ),
            );
        }
        return rows;
      });
      return released;
    });
    this.holdWrite = write;
    const released = new Map((await write).map((r) => [r.eventId, r.attempts]));
    if (released.size === 0) return;
    await this.drive(async () => {
      const rows = await db
        .select({
          eventId: d.eventId,
          attempts: d.attempts,
          nextAttemptAt: d.nextAttemptAt,
          claimedUntil: d.claimedUntil,
          held: sql<boolean>`${held(this.options.db)}`,
        })
        .from(d)
        .where(and(pending(), inArray(d.eventId, [...released.keys()])));
      const waiting = rows.filter((r) => !r.held && r.attempts <= (released.get(r.eventId) ?? 0));
      if (waiting.length === 0) return null;
      return Math.min(...waiting.map((r) => Math.max(r.nextAttemptAt.getTime(), r.claimedUntil?.getTime() ?? 0)));
    });
  }

  /** One immediate attempt, whatever the hold and the queue, without retries (replay tests); logged as attempt 0. */
  async redeliver(event: SandboxEvent): Promise<{ status: number }> {
    const attempt = await this.send(event, 0);
    await this.options.db.insert(stripeSandboxWebhookAttempts).values(attempt);
    return { status: attempt.status };
  }

  /**
   * Resolves when no event of a non-held owner is left undelivered (due, leased or waiting for a
   * retry: with Stripe's schedule that can be days) and no pump runs in this process.
   * Waits on the wall clock: with a wall clock that stands still, use `pump()` instead.
   */
  async idle(): Promise<void> {
    const { db } = this.options;
    await this.drive(async () => {
      const [row] = await db
        .select({ at: min(sql`greatest(${d.nextAttemptAt}, coalesce(${d.claimedUntil}, ${d.nextAttemptAt}))`).mapWith(d.nextAttemptAt) })
        .from(d)
        .where(and(pending(), notHeld(this.options.db)));
      return row?.at ? row.at.getTime() : null;
    });
  }

  /**
   * Pumps until `waitingUntil` answers null (nothing left to wait for); otherwise it answers when
   * the next thing may be taken (ms on the wall clock) and this waits for it.
   */
  private async drive(waitingUntil: () => Promise<number | null>): Promise<void> {
    for (;;) {
      await this.running;
      await this.holdWrite.catch(() => undefined);
      if (this.closed || !this.options.deliverWebhooks) return;
      const at = await waitingUntil();
      if (at === null) {
        if (!this.running) return;
        continue;
      }
      const wait = at - this.options.wallClock();
      if (wait <= 0) {
        const before = this.attemptedCount;
        await this.pump();
        // Due yet not taken (another instance has it, or an earlier event of its owner): look again shortly.
        if (this.attemptedCount === before) await sleep(10);
      } else {
        await sleep(Math.min(wait, 200));
      }
    }
  }

  /** Every attempt on this database, oldest first. */
  attempts(): Promise<DeliveryAttempt[]> {
    return listAttempts(this.options.db);
  }

  /** Stops the timers (a sandbox being shut down); a delivery under way may finish, the queue stays in the database. */
  close() {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.startTimer) clearTimeout(this.startTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer.timer);
    this.wakeTimer = undefined;
    this.wakes.clear();
  }
}
