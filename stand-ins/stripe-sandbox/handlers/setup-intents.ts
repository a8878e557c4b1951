import type Stripe from "stripe";
import { cardError, invalidRequest, unexpectedState } from "../errors";
import { newStripeId, newClientSecret } from "../ids";
import { type IntentInternal, seconds, setupIntentObject } from "../objects";
import { mergeMetadata } from "../params";
import {
  type Ctx,
  type Result,
  type SI,
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
import { readAutomaticPaymentMethods, readPaymentMethodTypes } from "./payment-intents";

// ── Setup intents ────────────────────────────────────────────────────────────────────────

export async function createSetupIntent(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only([
    "customer",
    "payment_method",
    "payment_method_types",
    "allowed_payment_method_types",
    "excluded_payment_method_types",
    "automatic_payment_methods",
    "usage",
    "confirm",
    "metadata",
    "description",
    "return_url",
    "expand",
  ]);
  const types = readPaymentMethodTypes(p);
  const usage = p.oneOf("usage", ["off_session", "on_session"] as const) ?? "off_session";
  const confirm = p.bool("confirm") ?? false;
  const returnUrl = p.str("return_url", { max: 2048 }) ?? null;
  if (returnUrl && !confirm)
    throw invalidRequest("`return_url` can only be passed when `confirm` is true.", { param: "return_url" });
  const customerId = p.str("customer") ?? null;
  if (customerId) await mustGet(ctx, "customer", customerId, { param: "customer", status: 400 });
  const pmId = p.str("payment_method") ?? null;
  if (pmId) assertUsable(await mustGet(ctx, "payment_method", pmId, { param: "payment_method", status: 400 }), customerId);
  const id = newStripeId("seti");
  const object = setupIntentObject({
    id,
    clientSecret: newClientSecret(id),
    created: seconds(ctx.now),
    customer: customerId,
    paymentMethod: pmId,
    usage,
    description: p.str("description", { max: 1000 }) ?? null,
    metadata: mergeMetadata({}, p.metadata()),
    automaticPaymentMethods: readAutomaticPaymentMethods(p),
  });
  object.allowed_payment_method_types = types.allowed;
  object.excluded_payment_method_types = types.excluded as Stripe.SetupIntent.ExcludedPaymentMethodType[] | null;
  const stored = await ctx.store.insert("setup_intent", object, { returnUrl } satisfies IntentInternal);
  if (!confirm) return ok(await render(ctx, object, { intent: true }));
  return confirmSetup(ctx, stored, { paymentMethodId: undefined, returnUrl });
}

export async function retrieveSetupIntent(ctx: Ctx): Promise<Result> {
  ctx.params.only(["client_secret", "expand", ...(ctx.key === "publishable" ? STRIPE_JS_PARAMS : [])]);
  const si: SI = await mustGet(ctx, "setup_intent", ctx.path.id!, { param: "intent", status: 404 });
  checkClientSecret(ctx, "setup_intent", si.object);
  return ok(await render(ctx, si.object, { intent: true }));
}

export async function confirmSetupIntent(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only([
    "payment_method",
    "return_url",
    "client_secret",
    "expand",
    ...(ctx.key === "publishable" ? STRIPE_JS_PARAMS : []),
  ]);
  const si: SI = await mustGet(ctx, "setup_intent", ctx.path.id!, { param: "intent", status: 404, lock: true });
  checkClientSecret(ctx, "setup_intent", si.object);
  return confirmSetup(ctx, si, {
    paymentMethodId: p.str("payment_method") ?? undefined,
    returnUrl: p.str("return_url", { max: 2048 }) ?? null,
  });
}

export async function confirmSetup(
  ctx: Ctx,
  si: SI,
  input: { paymentMethodId: string | undefined; returnUrl: string | null },
): Promise<Result> {
  const o = si.object;
  if (o.status === "succeeded")
    throw unexpectedState("setup_intent", "You cannot confirm this SetupIntent because it has already succeeded.");
  if (o.status === "canceled" || o.status === "processing") {
    throw unexpectedState("setup_intent", `You cannot confirm this SetupIntent because it has a status of ${o.status}.`);
  }
  const pm = await paymentMethodToConfirm(ctx, "setup_intent", o, input.paymentMethodId);
  si.internal.returnUrl = input.returnUrl;
  o.payment_method = pm.id;
  o.last_setup_error = null;
  o.next_action = null;
  if (pm.internal.behaviour.threeDSecure !== "none") {
    o.status = "requires_action";
    o.next_action = nextAction(ctx, o.id, o.client_secret!, input.returnUrl) as Stripe.SetupIntent.NextAction;
    await ctx.store.save(si);
    return ok(await render(ctx, o, { intent: true }));
  }
  return completeSetup(ctx, si, pm, { threeDSecure: false });
}

export async function completeSetup(
  ctx: Ctx,
  si: SI,
  pm: PM,
  options: { threeDSecure: boolean },
  redirect?: (status: "succeeded" | "failed") => string | undefined,
): Promise<Result> {
  const decline = pm.internal.behaviour.decline;
  if (decline?.onSetup) {
    return failSetup(
      ctx,
      si,
      pm,
      { code: "card_declined", declineCode: decline.declineCode, message: decline.message, type: "card_error" },
      redirect?.("failed"),
    );
  }
  const o = si.object;
  o.status = "succeeded";
  o.next_action = null;
  const customerId = customerIdOf(o);
  if (customerId && !pm.object.customer) pm.object.customer = customerId;
  if (options.threeDSecure) pm.internal.authenticated = true;
  await ctx.store.save(pm);
  await ctx.store.save(si);
  await ctx.emit("setup_intent.succeeded", o);
  return ok(await render(ctx, o, { intent: true }), redirect?.("succeeded"));
}

export async function failSetup(
  ctx: Ctx,
  si: SI,
  pm: PM,
  failure: { code: string; declineCode?: string; message: string; type: "card_error" | "invalid_request_error" },
  redirect?: string,
): Promise<Result> {
  const o = si.object;
  o.status = "requires_payment_method";
  o.payment_method = null;
  o.next_action = null;
  o.last_setup_error = {
    code: failure.code as Stripe.SetupIntent.LastSetupError.Code,
    ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, "-")}`,
    message: failure.message,
    payment_method: pm.object,
    type: failure.type,
  };
  await ctx.store.save(si);
  await ctx.emit("setup_intent.setup_failed", o);
  if (failure.type !== "card_error") return ok(await render(ctx, o, { intent: true }), redirect);
  const error = cardError(failure.code, failure.message, {
    ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
    setup_intent: await render(ctx, o, { intent: true }),
    payment_method: pm.object as unknown as Record<string, unknown>,
  });
  return committed(error, redirect);
}
