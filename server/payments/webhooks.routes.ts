import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../context";
import { webhookOutage } from "../lib/crash-points";
import { ApiError } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { webhookEvents } from "../lib/metrics";
import { receiveProviderEvent } from "./event-service";

/**
 * The card provider's webhook (Stripe, or the offline sandbox: the same code path). The
 * signature is checked with the SDK's `constructEvent`; the event is recorded and applied in one
 * transaction (server/payments/event-service.ts), so a redelivery of an event that was not applied
 * applies it, and one of an applied event changes nothing. Anything but a 2xx makes the provider
 * deliver it again. Not part of the tenant contract.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhooks/stripe", async (c) => {
  const deps = c.get("deps");
  // For /metrics (issue 41): each webhook's outcome, by who sent it.
  const count = (outcome: "applied" | "duplicate" | "refused" | "failed" | "unavailable") =>
    webhookEvents.inc({ provider: deps.payments.sandbox ? "sandbox" : "stripe", outcome });
  if (webhookOutage(deps.clock.now())) {
    count("unavailable");
    return c.json({ error: "Service unavailable" }, 503);
  }
  const signature = c.req.header("stripe-signature") ?? "";
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = deps.payments.stripe.webhooks.constructEvent(payload, signature, deps.payments.webhookSecret);
  } catch {
    count("refused");
    throw new ApiError(400, "Invalid webhook signature");
  }
  try {
    const result = await receiveProviderEvent(deps, event);
    count(result.duplicate ? "duplicate" : "applied");
    if (result.duplicate) return c.json({ received: true, duplicate: true });
    log.info("webhook applied", { eventId: event.id, type: event.type, outcome: result.outcome });
    return c.json({ received: true, outcome: result.outcome });
  } catch (error) {
    count("failed");
    log.error("webhook failed", { eventId: event.id, type: event.type, ...describeError(error) });
    throw error;
  }
});
