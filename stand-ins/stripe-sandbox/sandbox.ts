import { createHash } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { stripeSandboxIdempotencyKeys } from "../db/schema";
import { describeError, log } from "../../server/lib/log";
import { challengeDonePage, challengePage } from "./challenge";
import {
  DEFAULT_BROWSER_BASE_PATH,
  DEFAULT_WEBHOOK_LEASE_MS,
  DEFAULT_WEBHOOK_POLL_MS,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_RETRY_WINDOW_MS,
  IDEMPOTENCY_KEY_TTL_MS,
  MIN_WEBHOOK_LEASE_MS,
  SANDBOX_API_VERSION,
  SANDBOX_PUBLISHABLE_KEY,
  SANDBOX_SECRET_KEY,
  SANDBOX_WEBHOOK_SECRET,
} from "./constants";
import { authenticationError, idempotencyError, invalidRequest, StripeSandboxError } from "./errors";
import { canonicalForm, type FormObject, FormSyntaxError, parseStripeForm } from "./form";
import * as h from "./handlers";
import type { Ctx, KeyKind, Result } from "./handlers";
import { newStripeId } from "./ids";
import { eventObject, stripeOrder } from "./event-objects";
import { seconds } from "./objects";
import { Params } from "./params";
import { CreationTimes, ObjectStore, type Tx } from "./store";
import {
  type Access,
  htmlResponse,
  jsonResponse,
  keyFromHeader,
  maskKey,
  MAX_BODY_CHARS,
  NO_KEY,
  PUBLISHABLE_NOT_ALLOWED,
  type Route,
  ROUTES,
  SECRET_NOT_ALLOWED,
} from "./routes";
import type { StripeSandbox, StripeSandboxOptions } from "./types";
import { queueWebhook, webhookBacklog } from "./webhook-rows";
import { WebhookQueue } from "./webhooks";

/**
 * An offline Stripe: the part of Stripe's REST API Keyfree uses, with Stripe's form
 * encoding, object shapes, errors, idempotency and signed webhooks, keeping its objects
 * in the app's database. See README.md beside this file.
 */
export function createStripeSandbox(options: StripeSandboxOptions): StripeSandbox {
  const { db, clock } = options;
  const browserUrl = (options.browserUrl ?? DEFAULT_BROWSER_BASE_PATH).replace(/\/+$/, "");
  const browserBasePath = new URL(browserUrl || "/", "http://sandbox.invalid").pathname.replace(/\/+$/, "");
  const times = new CreationTimes(db, () => clock.now());
  const wallClock = options.wallClock ?? Date.now;
  const scale = options.webhookRetryScale !== undefined && options.webhookRetryScale > 0 ? options.webhookRetryScale : 1;
  const webhooks = new WebhookQueue({
    db,
    deliver: options.deliver,
    secret: SANDBOX_WEBHOOK_SECRET,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS.map((ms) => Math.round(ms * scale)),
    retryWindowMs: Math.round(DEFAULT_WEBHOOK_RETRY_WINDOW_MS * scale),
    leaseMs: Math.max(MIN_WEBHOOK_LEASE_MS, Math.round(DEFAULT_WEBHOOK_LEASE_MS * scale)),
    pollMs: options.webhookPollMs ?? DEFAULT_WEBHOOK_POLL_MS,
    deliverWebhooks: options.deliverWebhooks ?? true,
    wallClock,
  });
  let lastPrune = 0;

  const challengeUrl = (intentId: string, clientSecret: string) =>
    `${browserUrl}/sandbox/3ds/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`;

  async function readParams(c: Context): Promise<FormObject> {
    const url = new URL(c.req.url);
    try {
      const query = parseStripeForm(url.search.slice(1));
      if (c.req.method !== "POST") return query;
      const contentType = (c.req.header("content-type") ?? "").toLowerCase();
      if (contentType && !contentType.startsWith("application/x-www-form-urlencoded")) {
        throw invalidRequest(
          "Invalid request: the body must be form-encoded (application/x-www-form-urlencoded), as Stripe's API takes it.",
        );
      }
      const text = await c.req.text();
      if (text.length > MAX_BODY_CHARS) throw invalidRequest("Invalid request: the body is too large.");
      return { ...query, ...parseStripeForm(text) };
    } catch (error) {
      if (error instanceof FormSyntaxError) throw invalidRequest(`Invalid request: ${error.message}`);
      throw error;
    }
  }

  function resolveKey(c: Context, raw: FormObject, mode: "full" | "browser", access: Access): KeyKind {
    const header = c.req.header("authorization");
    const paramKey = raw.key;
    // Stripe.js sends its publishable key as a `key` parameter; it is authentication, not an argument.
    delete raw.key;
    const key = header ? keyFromHeader(header) : typeof paramKey === "string" ? paramKey : undefined;
    if (!key) throw authenticationError(NO_KEY);
    let kind: KeyKind;
    if (key === SANDBOX_SECRET_KEY) kind = "secret";
    else if (key === SANDBOX_PUBLISHABLE_KEY) kind = "publishable";
    else throw authenticationError(`Invalid API Key provided: ${maskKey(key)}`);
    if (mode === "browser" && kind === "secret") throw authenticationError(SECRET_NOT_ALLOWED);
    if (access === "secret" && kind === "publishable") throw authenticationError(PUBLISHABLE_NOT_ALLOWED);
    return kind;
  }

  async function pruneIdempotencyKeys(now: Date) {
    if (now.getTime() - lastPrune < 60 * 60 * 1000) return;
    lastPrune = now.getTime();
    await db
      .delete(stripeSandboxIdempotencyKeys)
      .where(lt(stripeSandboxIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)));
  }

  /**
   * Claims an idempotency key for this request inside its transaction, or returns the first
   * response to replay. A request with the same key running at the same time waits on the
   * key's row (PostgreSQL blocks the second insert until the first transaction ends; PGlite
   * runs transactions one at a time) and then replays the first response. Stripe answers that
   * case with a 409 for the client to retry; waiting gives the same outcome without the retry.
   */
  async function claimKey(tx: Tx, key: string, requestHash: string, requestId: string, now: Date) {
    const claimed = await tx
      .insert(stripeSandboxIdempotencyKeys)
      .values({ key, requestHash, requestId, status: 0, body: "", createdAt: now })
      .onConflictDoNothing()
      .returning({ key: stripeSandboxIdempotencyKeys.key });
    if (claimed.length > 0) return undefined;
    const [row] = await tx.select().from(stripeSandboxIdempotencyKeys).where(eq(stripeSandboxIdempotencyKeys.key, key)).for("update");
    if (!row || row.status === 0) {
      throw idempotencyError(
        "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.",
        409,
      );
    }
    if (now.getTime() - row.createdAt.getTime() >= IDEMPOTENCY_KEY_TTL_MS) {
      // Kept 24 hours: after that the key is free again and starts a new request.
      await tx
        .update(stripeSandboxIdempotencyKeys)
        .set({ requestHash, requestId, status: 0, body: "", createdAt: now })
        .where(eq(stripeSandboxIdempotencyKeys.key, key));
      return undefined;
    }
    if (row.requestHash !== requestHash) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return { status: row.status, body: row.body, originalRequestId: row.requestId };
  }

  async function run(c: Context, route: Route, mode: "full" | "browser"): Promise<Response> {
    const requestId = newStripeId("req");
    const headers: Record<string, string> = {
      "request-id": requestId,
      "stripe-version": c.req.header("stripe-version") ?? SANDBOX_API_VERSION,
      "cache-control": "no-cache, no-store",
    };
    const wantsHtml = route.html === true && (c.req.header("accept") ?? "").includes("text/html");
    try {
      const raw = await readParams(c);
      const key = resolveKey(c, raw, mode, route.access);
      const idempotencyKey = c.req.method === "POST" ? (c.req.header("idempotency-key")?.trim() ?? null) : null;
      if (idempotencyKey !== null) {
        headers["idempotency-key"] = idempotencyKey;
        if (idempotencyKey.length === 0 || idempotencyKey.length > 255) {
          throw invalidRequest("Invalid Idempotency-Key: it must be 1 to 255 characters.", { param: "Idempotency-Key" });
        }
      }
      const params = new Params(raw);
      const expand = params.strArray("expand") ?? [];
      if (key === "publishable") {
        const refused = expand.find((path) => path !== "payment_method");
        if (refused) throw invalidRequest(`This property cannot be expanded with a publishable key (${refused}).`, { param: "expand" });
      }
      const now = clock.now();
      const pathname = new URL(c.req.url).pathname;
      const relativePath = mode === "browser" ? pathname.slice(browserBasePath.length) || "/" : pathname;
      const requestHash = createHash("sha256")
        .update(`${key}\n${c.req.method}\n${relativePath}\n${canonicalForm(raw)}`)
        .digest("hex");
      await times.ready();
      if (idempotencyKey) await pruneIdempotencyKeys(now);

      const outcome = await db.transaction(async (tx) => {
        if (idempotencyKey) {
          const replay = await claimKey(tx, idempotencyKey, requestHash, requestId, now);
          if (replay) return { replay, emitted: [] as Array<{ id: string; type: string }> };
        }
        const store = new ObjectStore(tx, times);
        const emitted: Array<{ id: string; type: string; data?: unknown }> = [];
        const ctx: Ctx = {
          store,
          params,
          path: c.req.param() as Record<string, string>,
          key,
          now,
          expand,
          challengeUrl,
          emit: async (type, object, previousAttributes) => {
            const event = eventObject({
              id: newStripeId("evt"),
              created: seconds(now),
              apiVersion: SANDBOX_API_VERSION,
              type,
              object: structuredClone(object),
              previousAttributes,
              requestId,
              idempotencyKey,
            });
            await store.insert("event", event, {});
            // Queued with the change that caused it: an event that exists is always delivered.
            await queueWebhook(tx, event, new Date(wallClock()));
            emitted.push(event);
          },
        };
        const result = await route.handler(ctx);
        const body = JSON.stringify(stripeOrder(result.body), null, 2);
        if (idempotencyKey) {
          await tx
            .update(stripeSandboxIdempotencyKeys)
            .set({ status: result.status, body })
            .where(eq(stripeSandboxIdempotencyKeys.key, idempotencyKey));
        }
        return { result, body, emitted };
      });

      // Delivered after the response, now that the transaction (and the queue rows) committed.
      if (outcome.emitted.length > 0) webhooks.kick();

      if ("replay" in outcome && outcome.replay) {
        return jsonResponse(outcome.replay.status, outcome.replay.body, {
          ...headers,
          "idempotent-replayed": "true",
          "original-request": outcome.replay.originalRequestId,
        });
      }
      const { result, body } = outcome as { result: Result; body: string };
      if (wantsHtml) {
        if (result.redirect) return new Response(null, { status: 303, headers: { location: result.redirect, "cache-control": "no-store" } });
        return htmlResponse(200, challengeDonePage(result.status === 200 && isSucceeded(result.body) ? "succeeded" : "failed"));
      }
      return jsonResponse(result.status, body, headers);
    } catch (error) {
      if (error instanceof StripeSandboxError) {
        if (wantsHtml) {
          const notWaiting = error.body.code?.endsWith("_unexpected_state") ?? false;
          return htmlResponse(error.status, challengeDonePage(notWaiting ? "not_waiting" : "refused"));
        }
        return jsonResponse(error.status, JSON.stringify({ error: stripeOrder(error.body) }, null, 2), headers);
      }
      log.error("stripe sandbox error", { requestId, path: new URL(c.req.url).pathname, ...describeError(error) });
      return jsonResponse(500, JSON.stringify({ error: { type: "api_error", message: "An unknown error occurred in the Stripe sandbox." } }, null, 2), headers);
    }
  }

  /** GET /sandbox/3ds/:id?client_secret=…: the challenge page (the client secret is what authorises it, as in Stripe's own links). */
  async function challenge(c: Context): Promise<Response> {
    const clientSecret = c.req.query("client_secret") ?? "";
    try {
      await times.ready();
      const intent = await db.transaction((tx) =>
        h.intentForChallenge(
          {
            store: new ObjectStore(tx, times),
            params: new Params({ client_secret: clientSecret }),
            path: { id: c.req.param("id") ?? "" },
            key: "publishable",
            now: clock.now(),
            expand: [],
            challengeUrl,
            emit: async () => undefined,
          },
          false,
        ),
      );
      if (intent.object.status !== "requires_action") return htmlResponse(200, challengeDonePage("not_waiting"));
      return htmlResponse(
        200,
        challengePage({
          action: new URL(c.req.url).pathname,
          intentKind: intent.object.object,
          amountPence: intent.object.object === "payment_intent" ? intent.object.amount : null,
          clientSecret,
          publishableKey: SANDBOX_PUBLISHABLE_KEY,
        }),
      );
    } catch (error) {
      if (error instanceof StripeSandboxError) return htmlResponse(error.status === 404 ? 404 : 400, challengeDonePage("refused"));
      throw error;
    }
  }

  function register(router: Hono, mode: "full" | "browser") {
    for (const route of ROUTES) {
      if (mode === "browser" && route.access !== "publishable") continue;
      const handler = (c: Context) => run(c, route, mode);
      if (route.method === "GET") router.get(route.path, handler);
      else router.post(route.path, handler);
    }
    router.get("/sandbox/3ds/:id", challenge);
    router.notFound((c) =>
      jsonResponse(
        404,
        JSON.stringify(
          {
            error: {
              type: "invalid_request_error",
              message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). The Stripe sandbox implements only the part of Stripe's API that Keyfree uses.`,
            },
          },
          null,
          2,
        ),
        { "request-id": newStripeId("req") },
      ),
    );
    return router;
  }

  const app = register(new Hono(), "full");
  const browserApp = register(browserBasePath ? new Hono().basePath(browserBasePath) : new Hono(), "browser");

  return {
    app,
    browserApp,
    browserBasePath,
    secretKey: SANDBOX_SECRET_KEY,
    publishableKey: SANDBOX_PUBLISHABLE_KEY,
    webhookSecret: SANDBOX_WEBHOOK_SECRET,
    holdWebhooks: (on, customerId) => webhooks.hold(on, customerId),
    releaseHeldWebhooks: (customerId) => webhooks.release(customerId),
    heldWebhookEventIds: () => webhooks.heldEventIds(),
    webhookBacklog: () => webhookBacklog(db),
    async redeliver(eventId) {
      const event = await db.transaction((tx) => new ObjectStore(tx, times).get<{ id: string; type: string }>("event", eventId));
      if (!event) throw new Error(`No such event: ${eventId}`);
      return webhooks.redeliver(event.object);
    },
    whenWebhooksIdle: () => webhooks.idle(),
    deliverDueWebhooks: () => webhooks.pump(),
    webhookAttempts: () => webhooks.attempts(),
    close: () => webhooks.close(),
  };
}

function isSucceeded(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { status?: unknown }).status === "succeeded";
}
