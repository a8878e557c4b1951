import { createHash, randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { PAYMENT_TYPES } from "#common/payments";
import { consentedTools, consentOf } from "./consent.server";
import { hostLogContext, type HostLog } from "./host";
import { getSession } from "./session.server";
import type { RecorderSettings } from "./session-recorder";
import { thirdPartyTools, type PostHogTool, type ThirdPartyTools } from "./third-parties.server";

/**
 * Analytics sent from the server (issue 26, scope 4): page views and the journey's key events go
 * to PostHog's capture API from here, so tenants without JavaScript count too. Only when PostHog
 * is configured (POSTHOG_KEY) and this request's tenant said yes to analytics cookies.
 *
 * No personal data beyond the user id: an event names the tenant by their user id when signed in
 * (`userId` in the session) and by a new random id otherwise (with no person profile: nothing
 * ties two of a visitor's events together, and no cookie is set for it). Properties are only the
 * closed values below (a step's action type, a payment type, a page's route pattern), never an
 * e-mail, name, address, amount, free text or query string (offer and reset pages carry tokens
 * there).
 *
 * Counted once: PostHog keeps one event per uuid (with the same event, person and day), so an
 * event a page can send again (a success page reloaded, a checkout page read again) has a uuid
 * made from what it is about, and the time of the thing itself where the API gives one.
 */

/** What each event may carry: nothing else can be put in one. */
export type AnalyticsEvents = {
  $pageview: { path: string };
  /** A checkout action completed: its type (KEYFREE_ABOUT_YOU … KEYFREE_PAY). */
  "checkout step done": { step: string };
  "charges accepted": Record<string, never>;
  "proposal sent": Record<string, never>;
  "dispute raised": Record<string, never>;
  "payment succeeded": { paymentType: AnalyticsPaymentType };
  /** Refused before the card was charged: the card checks failed, or the payment could not be started. */
  "payment failed": { paymentType: AnalyticsPaymentType; stage: "card checks" | "payment" };
  "plan set up": Record<string, never>;
};
export type AnalyticsEventName = keyof AnalyticsEvents;

/** The card payment types, and a payment plan's instalment. */
export type AnalyticsPaymentType = (typeof PAYMENT_TYPES)[number] | "INSTALMENT";
export function analyticsPaymentType(value: string | null | undefined): AnalyticsPaymentType | null {
  if (value === "INSTALMENT") return value;
  return (PAYMENT_TYPES as readonly string[]).includes(value ?? "") ? (value as AnalyticsPaymentType) : null;
}

/** An event as PostHog's capture API takes it. */
export type PostHogEvent = {
  uuid: string;
  event: string;
  distinct_id: string;
  properties: Record<string, string | number | boolean>;
  timestamp: string;
};

export type EventOptions = {
  /** The signed-in tenant's user id; absent, the event is anonymous. */
  userId?: string | null;
  /** What makes the event one of a kind (ids): the same parts, the same uuid. Absent, a random uuid. */
  once?: readonly string[];
  /** When the thing happened (the API's time for it); now by default. */
  at?: string | Date | null;
  /** The site's origin, for a page view's URL. */
  origin?: string;
};

const LIB = "keyfree-web-server";

/** A UUID (version 8: a name-based one of our own) from the parts, the same parts the same uuid. */
export function uuidFrom(parts: readonly string[]): string {
  const bytes = createHash("sha256").update(parts.join("\u0000")).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The PostHog event for `name` with `properties` (see the module's notes on what it may carry). */
export function buildEvent<N extends AnalyticsEventName>(
  name: N,
  properties: AnalyticsEvents[N],
  options: EventOptions = {},
  now: Date = new Date(),
): PostHogEvent {
  const userId = options.userId || null;
  const distinctId = userId ?? randomUUID();
  const props: PostHogEvent["properties"] = { $lib: LIB, ...(properties as Record<string, string>) };
  if (!userId) props.$process_person_profile = false;
  if (name === "$pageview") {
    const path = (properties as AnalyticsEvents["$pageview"]).path;
    props.$pathname = path;
    if (options.origin) props.$current_url = `${options.origin}${path}`;
  }
  const at = options.at ? new Date(options.at) : now;
  return {
    uuid: options.once ? uuidFrom([name, userId ?? "", ...options.once]) : randomUUID(),
    event: name,
    distinct_id: distinctId,
    properties: props,
    timestamp: (Number.isNaN(at.getTime()) ? now : at).toISOString(),
  };
}

/**
 * A page's route pattern from React Router's matches (`/claims/:claimId`), never its URL: ids
 * stay as their parameter names and the query string is not part of it.
 */
export function routePattern(matches: readonly { route: { path?: string } }[]): string {
  const segments = matches.flatMap((m) => (m.route.path ?? "").split("/")).filter((s) => s !== "");
  return `/${segments.join("/")}`;
}

/** PostHog's settings when it is configured and this request's tenant said yes to analytics; otherwise null. */
export async function analyticsConsented(request: Request, tools: ThirdPartyTools = thirdPartyTools): Promise<PostHogTool | null> {
  if (!tools.posthog) return null;
  const consent = await consentOf(request);
  return consentedTools(consent, tools).includes("posthog") ? tools.posthog : null;
}

/**
 * The queue of this process's events, sent in the background in batches (`POST {host}/batch/`) with
 * a short timeout: a page never waits for PostHog, and PostHog down breaks nothing (the failure is
 * logged, without the key). Events still queued when the process dies are lost: analytics may
 * miss a few events, and that is accepted (no page, payment or record depends on them). A SIGTERM
 * flushes the queue before the process ends (web-server.ts, ANALYTICS_FLUSH).
 */
export class AnalyticsQueue {
  private pending = new Map<string, { tool: PostHogTool; events: PostHogEvent[] }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = new Set<Promise<void>>();
  /** Uuids of one-of-a-kind events already queued here, so a page read again does not send them again. */
  private seen = new Set<string>();
  private log: HostLog = silentLog;

  constructor(
    private readonly options: {
      send?: typeof fetch;
      delayMs?: number;
      timeoutMs?: number;
      maxBatch?: number;
      maxQueued?: number;
    } = {},
  ) {}

  add(tool: PostHogTool, event: PostHogEvent, log?: HostLog | null, once = false): void {
    if (log) this.log = log;
    if (once) {
      if (this.seen.has(event.uuid)) return;
      this.seen.add(event.uuid);
      // Bounded: the oldest forgotten first (PostHog dedupes what this misses).
      if (this.seen.size > 10_000) this.seen.delete(this.seen.values().next().value!);
    }
    const key = `${tool.host} ${tool.key}`;
    const entry = this.pending.get(key) ?? { tool, events: [] };
    this.pending.set(key, entry);
    if (entry.events.length >= (this.options.maxQueued ?? 5_000)) {
      this.log.warn("analytics event dropped: the queue is full", { event: event.event });
      return;
    }
    entry.events.push(event);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.delayMs ?? 250);
    this.timer.unref?.();
  }

  /** Sends everything queued now; resolves when every send (this one's and earlier ones') has finished. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const max = this.options.maxBatch ?? 100;
    for (const [key, { tool, events }] of this.pending) {
      this.pending.delete(key);
      for (let i = 0; i < events.length; i += max) this.track(this.sendBatch(tool, events.slice(i, i + max)));
    }
    await Promise.all([...this.inFlight]);
  }

  private track(sending: Promise<void>) {
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  private async sendBatch(tool: PostHogTool, batch: PostHogEvent[]): Promise<void> {
    const send = this.options.send ?? fetch;
    try {
      const response = await send(`${tool.host}/batch/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: tool.key, batch }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3_000),
      });
      if (!response.ok) this.log.warn("analytics events not sent", { status: response.status, events: batch.length });
    } catch (error) {
      this.log.warn("analytics events not sent", { events: batch.length, reason: error instanceof Error ? error.name : "unknown" });
    }
  }
}

const silentLog: HostLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** This process's queue; the host flushes it as it stops (a registered symbol, as the host's contexts: two module copies, one queue). */
const QUEUE_KEY = Symbol.for("keyfree.analytics-queue");
const registry = globalThis as unknown as Record<symbol, AnalyticsQueue | undefined>;
export const analyticsQueue: AnalyticsQueue = (registry[QUEUE_KEY] ??= new AnalyticsQueue());

/** For the host (web-server.ts): `globalThis[Symbol.for("keyfree.analytics-queue")]?.flush()` as it stops. */
export const ANALYTICS_QUEUE_KEY = "keyfree.analytics-queue";

function hostLog(context: Readonly<RouterContextProvider> | undefined): HostLog | null {
  try {
    return context?.get(hostLogContext) ?? null;
  } catch {
    return null;
  }
}

/** The configuration and queue to use (the process's by default; tests give their own). */
export type TrackDeps = { tools?: ThirdPartyTools; queue?: AnalyticsQueue };

/**
 * Queues one event for this request's tenant, when analytics is on for them; otherwise nothing.
 * Never throws and never waits for PostHog (only for the session and the consent, read once per
 * request already).
 */
export async function track<N extends AnalyticsEventName>(
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
  name: N,
  properties: AnalyticsEvents[N],
  options: Omit<EventOptions, "userId"> = {},
  deps: TrackDeps = {},
): Promise<void> {
  try {
    const tool = await analyticsConsented(request, deps.tools);
    if (!tool) return;
    const userId = (await getSession(request)).get("userId") ?? null;
    const origin = name === "$pageview" ? new URL(request.url).origin : undefined;
    const event = buildEvent(name, properties, { ...options, userId, origin });
    (deps.queue ?? analyticsQueue).add(tool, event, hostLog(context), options.once !== undefined);
  } catch (error) {
    hostLog(context)?.warn("analytics event not queued", { event: name, reason: error instanceof Error ? error.message : "unknown" });
  }
}

/** A document GET that rendered a page (app/entry.server.tsx): one page view, by the route's pattern. */
export function trackPageView(
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
  status: number,
  matches: readonly { route: { path?: string } }[],
  deps: TrackDeps = {},
): Promise<void> {
  if (request.method !== "GET" || status >= 400) return Promise.resolve();
  return track(request, context, "$pageview", { path: routePattern(matches) }, {}, deps);
}

/** An order customer's actions (checkout, payment pages): a completed checkout step or payment, once each. */
type CompletedAction = { typeId: string; completedAt: string | null };

/**
 * What a read of an order customer shows as done: each completed checkout action is a 'checkout
 * step done' and each completed payment action a 'payment succeeded', each counted once (its uuid
 * from the order customer and the action, its time the action's).
 */
export async function trackCompletedActions(
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
  orderCustomer: { orderId: string; customerId: string },
  actions: readonly CompletedAction[],
  options: { checkout: boolean; paymentTypeOf: (typeId: string) => string | null },
  deps: TrackDeps = {},
): Promise<void> {
  for (const action of actions) {
    if (!action.completedAt) continue;
    const once = [orderCustomer.orderId, orderCustomer.customerId, action.typeId];
    const paymentType = analyticsPaymentType(options.paymentTypeOf(action.typeId));
    if (options.checkout) await track(request, context, "checkout step done", { step: action.typeId }, { once, at: action.completedAt }, deps);
    if (paymentType) await track(request, context, "payment succeeded", { paymentType }, { once, at: action.completedAt }, deps);
  }
}

/** Session recording's settings for this page (root.tsx), when analytics is on for its tenant; otherwise null. */
export async function recorderSettings(request: Request, tools: ThirdPartyTools = thirdPartyTools): Promise<RecorderSettings | null> {
  const tool = await analyticsConsented(request, tools);
  if (!tool) return null;
  const userId = (await getSession(request)).get("userId") ?? null;
  return { key: tool.key, apiHost: tool.host, scriptUrl: `${tool.assetsUrl}/static/array.js`, distinctId: userId };
}
