import type Stripe from "stripe";
import { cardError, invalidParam, invalidRequest, missingParam, unexpectedState } from "../errors";
import { newStripeId, newClientSecret } from "../ids";
import { chargeObject } from "../charge-objects";
import { type IntentInternal, paymentIntentObject, seconds } from "../objects";
import { mergeMetadata, type Params } from "../params";
import {
  type Ctx,
  type Result,
  type PI,
  type PM,
  ok,
  committed,
  STRIPE_JS_PARAMS,
  render,
  mustGet,
  checkClientSecret,
  customerIdOf,
  paymentMethodToConfirm,
  assertUsable,
  nextAction,
} from "./shared";

// ── Payment intents ──────────────────────────────────────────────────────────────────────

export function readAmount(p: Params, required: true): number;
export function readAmount(p: Params, required: false): number | undefined;
export function readAmount(p: Params, required: boolean): number | undefined {
  const amount = required ? p.requiredInt("amount") : (p.int("amount") ?? undefined);
  if (amount === undefined) return undefined;
  if (amount < 30) throw invalidRequest("Amount must be at least £0.30 gbp", { param: "amount", code: "amount_too_small" });
  if (amount > 99_999_999)
    throw invalidRequest("Amount must be no more than £999,999.99", { param: "amount", code: "amount_too_large" });
  return amount;
}

export function readOffSession(p: Params): boolean | undefined {
  const v = p.str("off_session");
  if (v === undefined || v === null) return undefined;
  if (v === "true" || v === "one_off" || v === "recurring") return true;
  if (v === "false") return false;
  throw invalidParam("off_session", `Invalid off_session: ${v}`);
}

export function readAutomaticPaymentMethods(p: Params): Stripe.PaymentIntent.AutomaticPaymentMethods | null {
  const apm = p.obj("automatic_payment_methods");
  if (!apm) return null;
  apm.only(["enabled", "allow_redirects"]);
  const enabled = apm.bool("enabled");
  if (enabled === undefined) throw missingParam("automatic_payment_methods[enabled]");
  const allowRedirects = apm.oneOf("allow_redirects", ["always", "never"] as const);
  return { enabled, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) };
}

/**
 * The payment method types asked for: `allowed_payment_method_types` (this API version),
 * `payment_method_types` (earlier versions, still sent by Stripe.js) and
 * `excluded_payment_method_types`. The sandbox takes cards only, so each must leave `card`.
 */
export function readPaymentMethodTypes(p: Params): { allowed: Array<"card"> | null; excluded: string[] | null } {
  const onlyCard = (name: string) => {
    const types = p.strArray(name);
    if (types && (types.length !== 1 || types[0] !== "card")) {
      throw invalidParam(name, `The sandbox supports the card payment method type only: ${name} must be [card].`);
    }
    return types ? (["card"] as Array<"card">) : null;
  };
  const allowed = onlyCard("allowed_payment_method_types");
  onlyCard("payment_method_types");
  const excluded = p.strArray("excluded_payment_method_types") ?? null;
  if (excluded?.includes("card")) {
    throw invalidParam(
      "excluded_payment_method_types",
      "The sandbox supports the card payment method type only: it cannot be excluded.",
    );
  }
  return { allowed, excluded: excluded && excluded.length > 0 ? excluded : null };
}

export async function createPaymentIntent(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only([
    "amount",
    "currency",
    "customer",
    "payment_method",
    "payment_method_types",
    "allowed_payment_method_types",
    "excluded_payment_method_types",
    "automatic_payment_methods",
    "setup_future_usage",
    "confirm",
    "off_session",
    "metadata",
    "capture_method",
    "description",
    "receipt_email",
    "statement_descriptor_suffix",
    "return_url",
    "expand",
  ]);
  const amount = readAmount(p, true);
  const currency = p.requiredStr("currency").toLowerCase();
  if (currency !== "gbp") throw invalidParam("currency", `Invalid currency: ${currency}. The sandbox supports gbp only.`);
  const types = readPaymentMethodTypes(p);
  // Stripe's default capture_method is automatic_async; both capture at once. Manual capture is not part of the sandbox.
  const captureMethod = p.oneOf("capture_method", ["automatic", "automatic_async"] as const) ?? "automatic_async";
  const setupFutureUsage = p.oneOf("setup_future_usage", ["off_session", "on_session"] as const) ?? null;
  const confirm = p.bool("confirm") ?? false;
  const offSession = readOffSession(p) ?? false;
  if (offSession && !confirm)
    throw invalidRequest("You may only specify `off_session` when also specifying `confirm=true`.", { param: "off_session" });
  if (offSession && setupFutureUsage) {
    throw invalidRequest("You may not specify both `off_session` and `setup_future_usage` on the same request.", {
      param: "setup_future_usage",
    });
  }
  const returnUrl = p.str("return_url", { max: 2048 }) ?? null;
  if (returnUrl && !confirm)
    throw invalidRequest("`return_url` can only be passed when `confirm` is true.", { param: "return_url" });
  const customerId = p.str("customer") ?? null;
  if (customerId) await mustGet(ctx, "customer", customerId, { param: "customer", status: 400 });
  const pmId = p.str("payment_method") ?? null;
  if (pmId) assertUsable(await mustGet(ctx, "payment_method", pmId, { param: "payment_method", status: 400 }), customerId);
  const id = newStripeId("pi");
  const object = paymentIntentObject({
    id,
    clientSecret: newClientSecret(id),
    created: seconds(ctx.now),
    amount,
    currency,
    customer: customerId,
    paymentMethod: pmId,
    captureMethod,
    setupFutureUsage,
    description: p.str("description", { max: 1000 }) ?? null,
    receiptEmail: p.str("receipt_email", { max: 800 }) ?? null,
    statementDescriptorSuffix: p.str("statement_descriptor_suffix", { max: 22 }) ?? null,
    metadata: mergeMetadata({}, p.metadata()),
    automaticPaymentMethods: readAutomaticPaymentMethods(p),
  });
  object.allowed_payment_method_types = types.allowed;
  object.excluded_payment_method_types = types.excluded as Stripe.PaymentIntent.ExcludedPaymentMethodType[] | null;
  const stored = await ctx.store.insert("payment_intent", object, { returnUrl } satisfies IntentInternal);
  if (!confirm) return ok(await render(ctx, object, { intent: true }));
  return confirmPayment(ctx, stored, { paymentMethodId: undefined, offSession, returnUrl });
}

export async function retrievePaymentIntent(ctx: Ctx): Promise<Result> {
  ctx.params.only(["client_secret", "expand", ...(ctx.key === "publishable" ? STRIPE_JS_PARAMS : [])]);
  const pi: PI = await mustGet(ctx, "payment_intent", ctx.path.id!, { param: "intent", status: 404 });
  checkClientSecret(ctx, "payment_intent", pi.object);
  return ok(await render(ctx, pi.object, { intent: true }));
}

export async function updatePaymentIntent(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only([
    "metadata",
    "description",
    "receipt_email",
    "amount",
    "payment_method",
    "customer",
    "setup_future_usage",
    "statement_descriptor_suffix",
    "expand",
  ]);
  const pi: PI = await mustGet(ctx, "payment_intent", ctx.path.id!, { param: "intent", status: 404, lock: true });
  const o = pi.object;
  const open = o.status === "requires_payment_method" || o.status === "requires_confirmation";
  const restricted = ["amount", "payment_method", "customer", "setup_future_usage", "statement_descriptor_suffix"].filter((k) =>
    p.has(k),
  );
  if (!open && restricted.length > 0) {
    throw unexpectedState(
      "payment_intent",
      `You cannot update ${restricted.join(", ")} on this PaymentIntent because it has a status of ${o.status}. Only metadata, description and receipt_email may be updated.`,
    );
  }
  o.metadata = mergeMetadata(o.metadata, p.metadata());
  const description = p.str("description", { max: 1000 });
  if (description !== undefined) o.description = description;
  const receiptEmail = p.str("receipt_email", { max: 800 });
  if (receiptEmail !== undefined) o.receipt_email = receiptEmail;
  const amount = readAmount(p, false);
  if (amount !== undefined) o.amount = amount;
  const suffix = p.str("statement_descriptor_suffix", { max: 22 });
  if (suffix !== undefined) o.statement_descriptor_suffix = suffix;
  const sfu = p.oneOf("setup_future_usage", ["off_session", "on_session"] as const);
  if (sfu !== undefined) o.setup_future_usage = sfu;
  const customerId = p.str("customer");
  if (customerId) await mustGet(ctx, "customer", customerId, { param: "customer", status: 400 });
  if (customerId !== undefined) o.customer = customerId;
  const pmId = p.str("payment_method");
  if (pmId) assertUsable(await mustGet(ctx, "payment_method", pmId, { param: "payment_method", status: 400 }), customerIdOf(o));
  if (pmId !== undefined) {
    o.payment_method = pmId;
    o.status = pmId ? "requires_confirmation" : "requires_payment_method";
  }
  await ctx.store.save(pi);
  return ok(await render(ctx, o, { intent: true }));
}

export async function confirmPaymentIntent(ctx: Ctx): Promise<Result> {
  const secretOnly = ctx.key === "secret" ? ["off_session"] : STRIPE_JS_PARAMS;
  const p = ctx.params.only([
    "payment_method",
    "return_url",
    "setup_future_usage",
    "receipt_email",
    "client_secret",
    "expand",
    ...secretOnly,
  ]);
  // Locked until the transaction ends: a second confirm at the same time waits, then finds it already succeeded.
  const pi: PI = await mustGet(ctx, "payment_intent", ctx.path.id!, { param: "intent", status: 404, lock: true });
  checkClientSecret(ctx, "payment_intent", pi.object);
  const setupFutureUsage = p.oneOf("setup_future_usage", ["off_session", "on_session"] as const);
  if (setupFutureUsage !== undefined) pi.object.setup_future_usage = setupFutureUsage;
  const receiptEmail = p.str("receipt_email", { max: 800 });
  if (receiptEmail !== undefined) pi.object.receipt_email = receiptEmail;
  return confirmPayment(ctx, pi, {
    paymentMethodId: p.str("payment_method") ?? undefined,
    offSession: readOffSession(p) ?? false,
    returnUrl: p.str("return_url", { max: 2048 }) ?? null,
  });
}

export async function confirmPayment(
  ctx: Ctx,
  pi: PI,
  input: { paymentMethodId: string | undefined; offSession: boolean; returnUrl: string | null },
): Promise<Result> {
  const o = pi.object;
  if (o.status === "succeeded") {
    throw unexpectedState(
      "payment_intent",
      "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
    );
  }
  if (o.status === "canceled" || o.status === "processing" || o.status === "requires_capture") {
    throw unexpectedState("payment_intent", `You cannot confirm this PaymentIntent because it has a status of ${o.status}.`);
  }
  if (input.offSession && o.setup_future_usage) {
    throw invalidRequest("You may not specify both `off_session` and `setup_future_usage` on the same request.", {
      param: "setup_future_usage",
    });
  }
  const pm = await paymentMethodToConfirm(ctx, "payment_intent", o, input.paymentMethodId);
  pi.internal.returnUrl = input.returnUrl;
  o.payment_method = pm.id;
  o.last_payment_error = null;
  o.next_action = null;
  const threeDSecure = pm.internal.behaviour.threeDSecure;
  if (threeDSecure !== "none") {
    if (input.offSession) {
      // Off-session, nobody is there to answer the bank: a card authenticated while it was saved
      // goes through (Stripe's "authenticate unless set up"), any other fails as on Stripe.
      if (!(threeDSecure === "required_unless_set_up" && pm.internal.authenticated)) {
        return failPayment(ctx, pi, pm, {
          code: "authentication_required",
          declineCode: "authentication_required",
          message: "Your card was declined. This transaction requires authentication.",
        });
      }
    } else {
      o.status = "requires_action";
      o.next_action = nextAction(ctx, o.id, o.client_secret!, input.returnUrl);
      await ctx.store.save(pi);
      return ok(await render(ctx, o, { intent: true }));
    }
  }
  return chargePayment(ctx, pi, pm, { threeDSecure: false });
}

export async function chargePayment(
  ctx: Ctx,
  pi: PI,
  pm: PM,
  options: { threeDSecure: boolean },
  redirect?: (status: "succeeded" | "failed") => string | undefined,
): Promise<Result> {
  const decline = pm.internal.behaviour.decline;
  if (decline) {
    return failPayment(
      ctx,
      pi,
      pm,
      { code: "card_declined", declineCode: decline.declineCode, message: decline.message },
      redirect?.("failed"),
    );
  }
  const o = pi.object;
  const charge = chargeObject({
    id: newStripeId("ch"),
    created: seconds(ctx.now),
    intent: o,
    paymentMethod: pm.object,
    outcome: { kind: "succeeded" },
    threeDSecure: options.threeDSecure,
  });
  await ctx.store.insert("charge", charge, {});
  o.status = "succeeded";
  o.amount_received = o.amount;
  o.latest_charge = charge.id;
  o.next_action = null;
  o.last_payment_error = null;
  const customerId = customerIdOf(o);
  if (o.setup_future_usage) {
    // Saved for future use: Stripe attaches the card to the intent's customer once it succeeds
    // (without a customer it may still be attached later).
    if (customerId && !pm.object.customer) pm.object.customer = customerId;
    if (options.threeDSecure) pm.internal.authenticated = true;
  } else if (!pm.object.customer) {
    // Used once without a customer: Stripe refuses it from then on.
    pm.internal.consumed = true;
  }
  await ctx.store.save(pm);
  await ctx.store.save(pi);
  await ctx.emit("payment_intent.succeeded", o);
  return ok(await render(ctx, o, { intent: true }), redirect?.("succeeded"));
}

export async function failPayment(
  ctx: Ctx,
  pi: PI,
  pm: PM,
  failure: { code: string; declineCode: string; message: string },
  redirect?: string,
): Promise<Result> {
  const o = pi.object;
  const charge = chargeObject({
    id: newStripeId("ch"),
    created: seconds(ctx.now),
    intent: o,
    paymentMethod: pm.object,
    outcome: { kind: "failed", failureCode: failure.code, declineCode: failure.declineCode, message: failure.message },
    threeDSecure: false,
  });
  await ctx.store.insert("charge", charge, {});
  const docUrl = `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, "-")}`;
  o.status = "requires_payment_method";
  o.payment_method = null;
  o.latest_charge = charge.id;
  o.next_action = null;
  o.last_payment_error = {
    charge: charge.id,
    code: failure.code as Stripe.PaymentIntent.LastPaymentError.Code,
    decline_code: failure.declineCode,
    doc_url: docUrl,
    message: failure.message,
    payment_method: pm.object,
    type: "card_error",
  };
  await ctx.store.save(pi);
  await ctx.emit("payment_intent.payment_failed", o);
  const error = cardError(failure.code, failure.message, {
    decline_code: failure.declineCode,
    charge: charge.id,
    payment_intent: await render(ctx, o, { intent: true }),
    payment_method: pm.object as unknown as Record<string, unknown>,
  });
  return committed(error, redirect);
}
