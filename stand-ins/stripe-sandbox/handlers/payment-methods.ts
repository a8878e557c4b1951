import type Stripe from "stripe";
import { validateCard } from "../cards";
import { invalidParam, invalidRequest, missingParam, resourceMissing } from "../errors";
import { newStripeId } from "../ids";
import { emptyAddress, paymentMethodObject, type PaymentMethodInternal, seconds } from "../objects";
import { mergeMetadata } from "../params";
import {
  type Ctx,
  type Result,
  type PM,
  ok,
  STRIPE_JS_PARAMS,
  idOf,
  render,
  renderList,
  readAddress,
  readLimit,
  mustGet,
} from "./shared";
import { attachTo } from "./customers";

// ── Payment methods ──────────────────────────────────────────────────────────────────────

export async function createPaymentMethod(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only([
    "type",
    "card",
    "billing_details",
    "metadata",
    "allow_redisplay",
    "expand",
    ...(ctx.key === "publishable" ? STRIPE_JS_PARAMS : []),
  ]);
  const type = p.requiredStr("type");
  if (type !== "card") throw invalidParam("type", `Invalid type: the sandbox supports card payment methods only, not ${type}.`);
  const card = p.obj("card");
  if (!card) throw missingParam("card");
  card.only(["number", "exp_month", "exp_year", "cvc"]);
  const number = card.requiredStr("number");
  const expMonthText = card.requiredStr("exp_month");
  const expYearText = card.requiredStr("exp_year");
  const cvc = card.str("cvc") ?? undefined;
  const valid = validateCard(
    {
      number,
      expMonth: /^\d{1,2}$/.test(expMonthText) ? Number(expMonthText) : Number.NaN,
      expYear: /^\d{2}(\d{2})?$/.test(expYearText) ? Number(expYearText) : -1,
      cvc,
    },
    ctx.now,
  );
  const billing = p.obj("billing_details");
  billing?.only(["address", "email", "name", "phone"]);
  const billingDetails: Stripe.PaymentMethod.BillingDetails = {
    address: { ...emptyAddress(), ...(readAddress(billing?.obj("address")) ?? {}) },
    email: billing?.str("email", { max: 800 }) ?? null,
    name: billing?.str("name", { max: 256 }) ?? null,
    phone: billing?.str("phone", { max: 40 }) ?? null,
    tax_id: null,
  };
  const allowRedisplay = p.oneOf("allow_redisplay", ["always", "limited", "unspecified"] as const);
  const pm = paymentMethodObject({
    id: newStripeId("pm"),
    created: seconds(ctx.now),
    card: valid,
    billingDetails,
    metadata: mergeMetadata({}, p.metadata()),
  });
  if (allowRedisplay) pm.allow_redisplay = allowRedisplay;
  const internal: PaymentMethodInternal = { behaviour: valid.profile.behaviour, authenticated: false, consumed: false };
  await ctx.store.insert("payment_method", pm, internal);
  return ok(await render(ctx, pm));
}

export async function retrievePaymentMethod(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  const pm = await mustGet<Stripe.PaymentMethod, PaymentMethodInternal>(ctx, "payment_method", ctx.path.id!, {
    param: "payment_method",
    status: 404,
  });
  return ok(await render(ctx, pm.object));
}

export async function retrieveCustomerPaymentMethod(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  await mustGet(ctx, "customer", ctx.path.customer!, { param: "customer", status: 404 });
  const pm = await ctx.store.get<Stripe.PaymentMethod, PaymentMethodInternal>("payment_method", ctx.path.id!);
  if (!pm || idOf(pm.object.customer) !== ctx.path.customer)
    throw resourceMissing("payment_method", ctx.path.id!, "payment_method", 404);
  return ok(await render(ctx, pm.object));
}

export async function attachPaymentMethod(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["customer", "expand"]);
  const customerId = p.requiredStr("customer");
  const pm: PM = await mustGet(ctx, "payment_method", ctx.path.id!, { param: "payment_method", status: 404, lock: true });
  await mustGet(ctx, "customer", customerId, { param: "customer", status: 400 });
  await attachTo(ctx, pm, customerId);
  return ok(await render(ctx, pm.object));
}

export async function detachPaymentMethod(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  const pm: PM = await mustGet(ctx, "payment_method", ctx.path.id!, { param: "payment_method", status: 404, lock: true });
  const owner = idOf(pm.object.customer);
  if (!owner)
    throw invalidRequest("The payment method you provided is not attached to a customer so detachment is impossible.", {
      param: "payment_method",
    });
  pm.object.customer = null;
  pm.internal.consumed = true;
  await ctx.store.save(pm);
  const customer = await ctx.store.lock<Stripe.Customer, Record<string, never>>("customer", owner);
  if (customer && customer.object.invoice_settings.default_payment_method === pm.id) {
    customer.object.invoice_settings.default_payment_method = null;
    await ctx.store.save(customer);
  }
  return ok(await render(ctx, pm.object));
}

export async function listPaymentMethodsOf(ctx: Ctx, customerId: string, url: string): Promise<Result> {
  const type = ctx.params.str("type");
  if (type && type !== "card")
    throw invalidParam("type", `Invalid type: the sandbox supports card payment methods only, not ${type}.`);
  const limit = readLimit(ctx);
  const after = ctx.params.str("starting_after");
  const startingAfter = after ? await mustGet(ctx, "payment_method", after, { param: "starting_after", status: 400 }) : undefined;
  const rows = await ctx.store.list<Stripe.PaymentMethod>("payment_method", {
    field: "customer",
    value: customerId,
    limit,
    startingAfter,
  });
  return ok(
    await renderList(
      ctx,
      rows.slice(0, limit).map((r) => r.object),
      rows.length > limit,
      url,
    ),
  );
}

export async function listCustomerPaymentMethods(ctx: Ctx): Promise<Result> {
  ctx.params.only(["type", "limit", "starting_after", "expand"]);
  const customerId = ctx.path.customer!;
  await mustGet(ctx, "customer", customerId, { param: "customer", status: 404 });
  return listPaymentMethodsOf(ctx, customerId, `/v1/customers/${customerId}/payment_methods`);
}

export async function listPaymentMethods(ctx: Ctx): Promise<Result> {
  ctx.params.only(["customer", "type", "limit", "starting_after", "expand"]);
  const customerId = ctx.params.requiredStr("customer");
  await mustGet(ctx, "customer", customerId, { param: "customer", status: 400 });
  return listPaymentMethodsOf(ctx, customerId, "/v1/payment_methods");
}
