import { plainPounds } from "#common/wording";
import type Stripe from "stripe";
import { invalidParam, invalidRequest } from "../errors";
import { newStripeId } from "../ids";
import { refundObject } from "../charge-objects";
import { seconds } from "../objects";
import { mergeMetadata } from "../params";
import { type Ctx, type Result, type PI, type Charge, ok, idOf, render, renderList, readLimit, mustGet } from "./shared";

// ── Refunds, charges, events ────────────────────────────────────────────────────────────

export async function createRefund(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
  const piId = p.str("payment_intent");
  const chargeParam = p.str("charge");
  if (!piId && !chargeParam) {
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", {
      code: "parameter_missing",
    });
  }
  let chargeId = chargeParam;
  if (piId) {
    const pi: PI = await mustGet(ctx, "payment_intent", piId, { param: "payment_intent", status: 400 });
    if (pi.object.status !== "succeeded" || !pi.object.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
        param: "payment_intent",
      });
    }
    const latest = idOf(pi.object.latest_charge)!;
    if (chargeId && chargeId !== latest)
      throw invalidRequest("The charge does not belong to this PaymentIntent.", { param: "charge" });
    chargeId = latest;
  }
  const charge: Charge = await mustGet(ctx, "charge", chargeId!, { param: "charge", status: 400, lock: true });
  const c = charge.object;
  if (c.status !== "succeeded")
    throw invalidRequest(`Charge ${c.id} has not succeeded and cannot be refunded.`, { param: "charge" });
  const remaining = c.amount - c.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${c.id} has already been refunded.`, { code: "charge_already_refunded" });
  const amount = p.int("amount") ?? remaining;
  if (amount <= 0) throw invalidParam("amount", "Invalid positive integer");
  if (amount > remaining) {
    throw invalidRequest(`Refund amount (${plainPounds(amount)}) is greater than unrefunded amount on charge (${plainPounds(remaining)})`, {
      param: "amount",
      code: "amount_too_large",
    });
  }
  const reason = p.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"] as const) ?? null;
  const refund = refundObject({
    id: newStripeId("re"),
    created: seconds(ctx.now),
    amount,
    charge: c,
    reason,
    metadata: mergeMetadata({}, p.metadata()),
  });
  await ctx.store.insert("refund", refund, {});
  const previous = { amount_refunded: c.amount_refunded, refunded: c.refunded };
  c.amount_refunded += amount;
  c.refunded = c.amount_refunded === c.amount;
  await ctx.store.save(charge);
  await ctx.emit("charge.refunded", c, previous);
  return ok(await render(ctx, refund));
}

export async function retrieveRefund(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  const refund = await mustGet<Stripe.Refund, unknown>(ctx, "refund", ctx.path.id!, { param: "refund", status: 404 });
  return ok(await render(ctx, refund.object));
}

/** GET /v1/refunds: newest first, optionally those of one payment intent or one charge (as Stripe). */
export async function listRefunds(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["payment_intent", "charge", "limit", "starting_after", "expand"]);
  const limit = readLimit(ctx);
  const after = p.str("starting_after");
  const startingAfter = after ? await mustGet(ctx, "refund", after, { param: "starting_after", status: 400 }) : undefined;
  const piId = p.str("payment_intent");
  const chargeId = p.str("charge");
  const filter = piId ? { field: "payment_intent", value: piId } : chargeId ? { field: "charge", value: chargeId } : {};
  const rows = await ctx.store.list<Stripe.Refund>("refund", { ...filter, limit, startingAfter });
  return ok(
    await renderList(
      ctx,
      rows.slice(0, limit).map((r) => r.object),
      rows.length > limit,
      "/v1/refunds",
    ),
  );
}

export async function retrieveCharge(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  const charge = await mustGet<Stripe.Charge, unknown>(ctx, "charge", ctx.path.id!, { param: "charge", status: 404 });
  return ok(await render(ctx, charge.object));
}

export async function retrieveEvent(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  const event = await mustGet<Stripe.EventBase, unknown>(ctx, "event", ctx.path.id!, { param: "id", status: 404 });
  return ok(await render(ctx, event.object));
}

export async function listEvents(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["type", "limit", "starting_after", "expand"]);
  const limit = readLimit(ctx);
  const after = p.str("starting_after");
  const startingAfter = after ? await mustGet(ctx, "event", after, { param: "starting_after", status: 400 }) : undefined;
  const type = p.str("type") ?? undefined;
  const rows = await ctx.store.list<Stripe.EventBase>("event", { field: "type", value: type, limit, startingAfter });
  return ok(
    await renderList(
      ctx,
      rows.slice(0, limit).map((r) => r.object),
      rows.length > limit,
      "/v1/events",
    ),
  );
}
