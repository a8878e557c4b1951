import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../context";
import { stripeEvents } from "../db/schema";
import { ApiError } from "../lib/errors";
import { crashPoint, webhookOutage } from "../lib/crash-points";
import { describeError, log } from "../lib/log";
import {
  applyFailedInstalmentPayment,
  applyFailedPayment,
  applySucceededInstalmentPayment,
  applySucceededPayment,
  recordPaymentMethod,
} from "./service";
import { customers } from "../db/schema";

/**
 * The card provider's webhook (Stripe, or the offline sandbox: the same code path). The
 * signature is checked with the SDK's `constructEvent`; an event is applied once, however
 * often it is delivered. Not part of the tenant contract.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhooks/stripe", async (c) => {
  const deps = c.get("deps");
  if (webhookOutage(deps.clock.now())) return c.json({ error: "Service unavailable" }, 503);
  const signature = c.req.header("stripe-signature") ?? "";
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = deps.payments.stripe.webhooks.constructEvent(payload, signature, deps.payments.webhookSecret);
  } catch {
    throw new ApiError(400, "Invalid webhook signature");
  }

  const fresh = await deps.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, receivedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (fresh.length === 0) return c.json({ received: true, duplicate: true });
  crashPoint("webhook.after-event-row");

  try {
    const outcome = await applyEvent(c.get("deps"), event);
    log.info("webhook applied", { eventId: event.id, type: event.type, outcome });
    return c.json({ received: true, outcome });
  } catch (error) {
    // Not applied: forget the event so the provider's retry applies it.
    await deps.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    log.error("webhook failed", { eventId: event.id, type: event.type, ...describeError(error) });
    throw error;
  }
});

async function applyEvent(deps: AppEnv["Variables"]["deps"], event: Stripe.Event): Promise<string> {
  switch (event.type) {
    // A payment plan instalment's intent names it; every other payment names its action.
    case "payment_intent.succeeded":
      return event.data.object.metadata?.paymentPlanInstalmentId
        ? applySucceededInstalmentPayment(deps, event.data.object)
        : applySucceededPayment(deps, event.data.object);
    case "payment_intent.payment_failed":
      return event.data.object.metadata?.paymentPlanInstalmentId
        ? applyFailedInstalmentPayment(deps, event.data.object)
        : applyFailedPayment(deps, event.data.object);
    case "setup_intent.succeeded": {
      const intent = event.data.object;
      const customerId = intent.metadata?.customerId;
      const pmId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
      if (!customerId || !pmId) return "ignored";
      const [customer] = await deps.db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
      if (!customer) return "ignored: unknown customer";
      await recordPaymentMethod(deps, customer.id, await deps.payments.stripe.paymentMethods.retrieve(pmId));
      return "payment method saved";
    }
    default:
      return "ignored";
  }
}
