import { createHmac } from "node:crypto";
import { crashPoint } from "../lib/crash-points";
import { describeError, log } from "../lib/log";
import { stripeOrder } from "./objects";

/** Hands a signed event to the webhook endpoint; the API passes one that calls its own `/webhooks/stripe`. */
export type DeliverWebhook = (payload: string, signature: string) => Promise<{ status: number }>;

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`
 * keyed with the endpoint's signing secret (`whsec_…`, used as is, as Stripe does).
 */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The body Stripe posts: the event as pretty-printed JSON, in Stripe's key order. */
export function webhookPayload(event: { id: string }): string {
  return JSON.stringify(stripeOrder(event), null, 2);
}

export type DeliveryAttempt = {
  eventId: string;
  type: string;
  attempt: number;
  /** The endpoint's HTTP status; 0 when `deliver` threw. */
  status: number;
  ok: boolean;
  at: Date;
};

type Queued = { event: { id: string; type: string; data?: unknown }; attempt: number };

/** Our own customer id, which the API puts in the metadata of the objects it creates. */
function ownerOf(event: Queued["event"]): string | undefined {
  const object = (event.data as { object?: { metadata?: Record<string, string> | null } } | undefined)?.object;
  const owner = object?.metadata?.customerId;
  return typeof owner === "string" ? owner : undefined;
}

/**
 * Delivers events one by one after the response that caused them, retrying an attempt that
 * was not accepted (not 2xx, or `deliver` threw) after each of `retryDelaysMs`. While held,
 * events wait in a queue (not lost) until released: a test can make a payment "take longer
 * than 30 s". The signature's timestamp is the wall clock at each attempt (what
 * `constructEvent`'s 300 s tolerance is measured against), never the app's test clock.
 */
export class WebhookDispatcher {
  private held = false;
  /** Holds for one tenant only: events whose object's metadata.customerId is in here. */
  private readonly heldOwners = new Set<string>();
  private readonly heldQueue: Queued[] = [];
  private readonly pending = new Set<Promise<void>>();
  /** Waiting attempts, with what settles their `pending` entry if close() cancels them. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly log: DeliveryAttempt[] = [];
  private closed = false;

  constructor(
    private readonly options: {
      deliver: DeliverWebhook;
      secret: string;
      retryDelaysMs: readonly number[];
      wallClock: () => number;
    },
  ) {}

  /** Queues an event for delivery after the current response. */
  enqueue(event: { id: string; type: string; data?: unknown }) {
    this.schedule({ event, attempt: 1 }, 0);
  }

  /**
   * Holds every event, or with `owner` only the events about that customer's objects (by
   * metadata.customerId), so tests running side by side are not slowed by one another.
   */
  hold(on: boolean, owner?: string) {
    if (owner === undefined) this.held = on;
    else if (on) this.heldOwners.add(owner);
    else this.heldOwners.delete(owner);
  }

  get holding() {
    return this.held || this.heldOwners.size > 0;
  }

  private isHeld(event: Queued["event"]) {
    if (this.held) return true;
    const owner = ownerOf(event);
    return owner !== undefined && this.heldOwners.has(owner);
  }

  /** Ids of the events waiting while held, oldest first. */
  heldEventIds(): string[] {
    return this.heldQueue.map((q) => q.event.id);
  }

  /**
   * Stops holding (everything, or only `owner`'s events) and delivers what is no longer held in
   * order; resolves once those deliveries (and their retries) end.
   */
  async release(owner?: string): Promise<void> {
    if (owner === undefined) {
      this.held = false;
      this.heldOwners.clear();
    } else this.heldOwners.delete(owner);
    const free = this.heldQueue.filter((q) => !this.isHeld(q.event));
    for (const q of free) this.heldQueue.splice(this.heldQueue.indexOf(q), 1);
    // One after another, oldest first, each first attempt awaited before the next starts.
    for (const queued of free) await this.track(this.attempt(queued));
    await this.idle();
  }

  /** One immediate attempt, whatever the hold, without retries: the same event again (replay tests). */
  async redeliver(event: { id: string; type: string }): Promise<{ status: number }> {
    const result = await this.send({ event, attempt: 0 });
    return { status: result.status };
  }

  /** Resolves when nothing is being delivered or waiting for a retry (held events aside). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) {
      await Promise.allSettled([...this.pending]);
    }
  }

  attempts(): readonly DeliveryAttempt[] {
    return this.log;
  }

  /** Cancels waiting retries and drops the held queue (a sandbox being shut down). */
  close() {
    this.closed = true;
    for (const [timer, done] of this.timers) {
      clearTimeout(timer);
      done();
    }
    this.timers.clear();
    this.heldQueue.length = 0;
  }

  private track(run: Promise<void>): Promise<void> {
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  private schedule(queued: Queued, delayMs: number) {
    if (this.closed) return;
    let done!: () => void;
    this.track(new Promise<void>((resolve) => (done = resolve)));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(queued).finally(done);
    }, delayMs);
    // A retry waiting for minutes must not keep a finished process (or test run) alive.
    timer.unref();
    this.timers.set(timer, done);
  }

  private async attempt(queued: Queued): Promise<void> {
    if (this.closed) return;
    if (this.isHeld(queued.event)) {
      this.heldQueue.push(queued);
      return;
    }
    crashPoint("payment.before-webhook");
    const result = await this.send(queued);
    if (result.ok) return;
    const delay = this.options.retryDelaysMs[queued.attempt - 1];
    if (delay === undefined) {
      log.warn("stripe sandbox webhook given up", { eventId: queued.event.id, type: queued.event.type, attempts: queued.attempt });
      return;
    }
    this.schedule({ event: queued.event, attempt: queued.attempt + 1 }, delay);
  }

  private async send(queued: Queued): Promise<DeliveryAttempt> {
    const payload = webhookPayload(queued.event);
    const signature = signWebhookPayload(payload, this.options.secret, Math.floor(this.options.wallClock() / 1000));
    let status = 0;
    try {
      status = (await this.options.deliver(payload, signature)).status;
    } catch (error) {
      log.warn("stripe sandbox webhook delivery threw", { eventId: queued.event.id, ...describeError(error) });
    }
    const attempt: DeliveryAttempt = {
      eventId: queued.event.id,
      type: queued.event.type,
      attempt: queued.attempt,
      status,
      ok: status >= 200 && status < 300,
      at: new Date(this.options.wallClock()),
    };
    this.log.push(attempt);
    if (!attempt.ok) log.info("stripe sandbox webhook not accepted", { eventId: queued.event.id, attempt: queued.attempt, status });
    return attempt;
  }
}
