import type Stripe from "stripe";
import { cardError, invalidRequest } from "../errors";
import { newStripeId } from "../ids";
import { customerObject, type PaymentMethodInternal, seconds } from "../objects";
import { mergeMetadata } from "../params";
import { type Ctx, type Result, type PM, type Customer, ok, idOf, render, readAddress, mustGet } from "./shared";

// ── Customers ────────────────────────────────────────────────────────────────────────────

export async function attachTo(ctx: Ctx, pm: PM, customerId: string) {
  if (pm.internal.consumed) {
    throw invalidRequest(
      "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
      { param: "payment_method" },
    );
  }
  const owner = idOf(pm.object.customer);
  if (owner === customerId) return;
  if (owner)
    throw invalidRequest("The payment method you provided has already been attached to a customer.", { param: "payment_method" });
  // Attaching verifies the card with its issuer: a card that declines everything declines here too.
  const decline = pm.internal.behaviour.decline;
  if (decline?.onSetup) throw cardError("card_declined", decline.message, { decline_code: decline.declineCode });
  pm.object.customer = customerId;
  await ctx.store.save(pm);
}

export async function createCustomer(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only([
    "email",
    "name",
    "phone",
    "description",
    "metadata",
    "address",
    "payment_method",
    "invoice_settings",
    "expand",
  ]);
  const id = newStripeId("cus");
  const settings = p.obj("invoice_settings");
  settings?.only(["default_payment_method"]);
  const customer = customerObject({
    id,
    created: seconds(ctx.now),
    email: p.str("email", { max: 512 }) ?? null,
    name: p.str("name", { max: 256 }) ?? null,
    phone: p.str("phone", { max: 20 }) ?? null,
    description: p.str("description", { max: 350 }) ?? null,
    address: readAddress(p.obj("address")) ?? null,
    metadata: mergeMetadata({}, p.metadata()),
    defaultPaymentMethod: null,
  });
  const stored = await ctx.store.insert("customer", customer, {});
  const pmId = p.str("payment_method");
  if (pmId)
    await attachTo(
      ctx,
      await mustGet<Stripe.PaymentMethod, PaymentMethodInternal>(ctx, "payment_method", pmId, {
        param: "payment_method",
        status: 400,
        lock: true,
      }),
      id,
    );
  const defaultPm = settings?.str("default_payment_method");
  if (defaultPm) {
    await requireAttached(ctx, defaultPm, id);
    stored.object.invoice_settings.default_payment_method = defaultPm;
    await ctx.store.save(stored);
  }
  return ok(await render(ctx, stored.object));
}

export async function requireAttached(ctx: Ctx, pmId: string, customerId: string) {
  const pm = await ctx.store.get<Stripe.PaymentMethod, PaymentMethodInternal>("payment_method", pmId);
  if (!pm || idOf(pm.object.customer) !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      { param: "invoice_settings[default_payment_method]" },
    );
  }
}

export async function retrieveCustomer(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  const customer = await mustGet<Stripe.Customer, Record<string, never>>(ctx, "customer", ctx.path.id!, {
    param: "id",
    status: 404,
  });
  return ok(await render(ctx, customer.object));
}

export async function updateCustomer(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["email", "name", "phone", "description", "metadata", "address", "invoice_settings", "expand"]);
  const customer: Customer = await mustGet(ctx, "customer", ctx.path.id!, { param: "id", status: 404, lock: true });
  const c = customer.object;
  const email = p.str("email", { max: 512 });
  if (email !== undefined) c.email = email;
  const name = p.str("name", { max: 256 });
  if (name !== undefined) c.name = name;
  const phone = p.str("phone", { max: 20 });
  if (phone !== undefined) c.phone = phone;
  const description = p.str("description", { max: 350 });
  if (description !== undefined) c.description = description;
  const address = readAddress(p.obj("address"));
  if (address !== undefined) c.address = address;
  c.metadata = mergeMetadata(c.metadata, p.metadata());
  const settings = p.obj("invoice_settings");
  if (settings) {
    settings.only(["default_payment_method"]);
    const pmId = settings.str("default_payment_method");
    if (pmId) await requireAttached(ctx, pmId, c.id);
    if (pmId !== undefined) c.invoice_settings.default_payment_method = pmId;
  } else if (settings === null) {
    c.invoice_settings.default_payment_method = null;
  }
  await ctx.store.save(customer);
  return ok(await render(ctx, c));
}
