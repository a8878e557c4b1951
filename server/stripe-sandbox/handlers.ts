import type Stripe from "stripe";
import { validateCard } from "./cards";
import {
  cardError,
  invalidParam,
  invalidRequest,
  missingParam,
  resourceMissing,
  type StripeSandboxError,
  unexpectedState,
} from "./errors";
import { newStripeId, newClientSecret } from "./ids";
import {
  chargeObject,
  customerObject,
  emptyAddress,
  type IntentInternal,
  paymentIntentObject,
  paymentMethodObject,
  type PaymentMethodInternal,
  publishableView,
  refundObject,
  type SandboxEventType,
  seconds,
  setupIntentObject,
} from "./objects";
import { mergeMetadata, type Params } from "./params";
import type { ObjectStore, ObjectType, Stored } from "./store";

export type KeyKind = "secret" | "publishable";

/** What one request's handler can reach; everything it writes goes through `store` (one transaction). */
export type Ctx = {
  store: ObjectStore;
  params: Params;
  path: Record<string, string>;
  key: KeyKind;
  now: Date;
  /** The `expand[]` paths asked for. */
  expand: string[];
  /** Records an event, delivered as a webhook once the request's transaction has committed. */
  emit: (type: SandboxEventType, object: object, previousAttributes?: Record<string, unknown>) => Promise<void>;
  /** The sandbox's 3-D Secure challenge page for an intent, as the browser reaches it. */
  challengeUrl: (intentId: string, clientSecret: string) => string;
};

/**
 * A handler's answer. A 402 is returned (not thrown) when the decline changed state that
 * must be kept (the intent's last_payment_error, the failed charge, the event), so it is
 * committed and replayed like a success; a thrown StripeSandboxError rolls everything back.
 * `redirect` is where a browser that submitted the 3-D Secure page goes next.
 */
export type Result = { status: 200 | 402; body: unknown; redirect?: string };

type PI = Stored<Stripe.PaymentIntent, IntentInternal>;
type SI = Stored<Stripe.SetupIntent, IntentInternal>;
type PM = Stored<Stripe.PaymentMethod, PaymentMethodInternal>;
type Customer = Stored<Stripe.Customer, Record<string, never>>;
type Charge = Stored<Stripe.Charge, Record<string, never>>;

const ok = (body: unknown, redirect?: string): Result => ({ status: 200, body, ...(redirect ? { redirect } : {}) });
const committed = (error: StripeSandboxError, redirect?: string): Result => ({
  status: 402,
  body: { error: error.body },
  ...(redirect ? { redirect } : {}),
});

/** Parameters Stripe.js adds to its requests; a publishable-key request may carry them, and they mean nothing here. */
export const STRIPE_JS_PARAMS = ["payment_user_agent", "time_on_page", "referrer", "guid", "muid", "sid", "_stripe_version", "use_stripe_sdk"];

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === "string" ? value : value.id);

// ── Rendering: expand[] and the publishable view ────────────────────────────────────────

async function expandPath(store: ObjectStore, target: Record<string, unknown>, segments: string[], full: string): Promise<void> {
  const [head, ...rest] = segments;
  if (head === undefined || !(head in target)) throw invalidRequest(`This property cannot be expanded (${full}).`, { param: "expand" });
  const value = target[head];
  if (head === "data" && Array.isArray(value)) {
    for (const item of value) if (rest.length > 0) await expandPath(store, item as Record<string, unknown>, rest, full);
    return;
  }
  if (typeof value === "string") {
    const found = await store.getAny(value);
    if (!found) throw invalidRequest(`This property cannot be expanded (${full}).`, { param: "expand" });
    const expanded = structuredClone(found.object);
    target[head] = expanded;
    if (rest.length > 0) await expandPath(store, expanded, rest, full);
    return;
  }
  if (value && typeof value === "object" && rest.length > 0) {
    await expandPath(store, value as Record<string, unknown>, rest, full);
    return;
  }
  if (value !== null && (typeof value !== "object" || rest.length > 0)) {
    throw invalidRequest(`This property cannot be expanded (${full}).`, { param: "expand" });
  }
}

/** The object as this request should see it: expanded as asked, and cut to the publishable fields for a `pk_` key. */
async function render(ctx: Ctx, object: object, options: { intent?: boolean } = {}): Promise<Record<string, unknown>> {
  const out = structuredClone(object) as Record<string, unknown>;
  for (const path of ctx.expand) {
    const segments = path.split(".");
    if (segments.length > 4) throw invalidRequest(`You cannot expand more than 4 levels of a property (${path}).`, { param: "expand" });
    await expandPath(ctx.store, out, segments, path);
  }
  return ctx.key === "publishable" && options.intent ? publishableView(out) : out;
}

async function renderList(ctx: Ctx, items: object[], hasMore: boolean, url: string) {
  return render(ctx, { object: "list", data: items, has_more: hasMore, url });
}

// ── Shared reading ───────────────────────────────────────────────────────────────────────

function readAddress(p: Params | null | undefined): Stripe.Address | null | undefined {
  if (p === undefined || p === null) return p;
  p.only(["city", "country", "line1", "line2", "postal_code", "state"]);
  return {
    city: p.str("city") ?? null,
    country: p.str("country")?.toUpperCase() ?? null,
    line1: p.str("line1") ?? null,
    line2: p.str("line2") ?? null,
    postal_code: p.str("postal_code") ?? null,
    state: p.str("state") ?? null,
  };
}

function readLimit(ctx: Ctx): number {
  const limit = ctx.params.int("limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam("limit", "Invalid limit: must be between 1 and 100");
  return limit;
}

async function mustGet<T, I>(ctx: Ctx, type: ObjectType, id: string, options: { param: string; status: 400 | 404; lock?: boolean }) {
  const found = options.lock ? await ctx.store.lock<T, I>(type, id) : await ctx.store.get<T, I>(type, id);
  if (!found) throw resourceMissing(type, id, options.param, options.status);
  return found;
}

/** A publishable key reaches an intent only with that intent's client secret. */
function checkClientSecret(ctx: Ctx, kind: "payment_intent" | "setup_intent", intent: { client_secret: string | null }) {
  const given = ctx.params.str("client_secret");
  if (ctx.key === "secret" && (given === undefined || given === null)) return;
  if (given === undefined || given === null) throw missingParam("client_secret");
  if (given !== intent.client_secret) {
    throw invalidRequest(`The client_secret provided does not match the client_secret associated with the ${kind === "payment_intent" ? "PaymentIntent" : "SetupIntent"}.`, {
      param: "client_secret",
      code: `${kind}_invalid_parameter`,
    });
  }
}

const customerIdOf = (intent: { customer: string | { id: string } | null }) => idOf(intent.customer);

/** Stripe's rules for using a PaymentMethod with a customer (or none). */
/** Stripe's words when an intent is confirmed with no payment method, given or attached. */
const MISSING_PAYMENT_METHOD = {
  payment_intent:
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
  setup_intent:
    "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
} as const;

/** The payment method an intent is confirmed with (the one given, else its own), locked and usable by the intent's customer. */
async function paymentMethodToConfirm(
  ctx: Ctx,
  kind: "payment_intent" | "setup_intent",
  intent: { payment_method: string | { id: string } | null; customer: string | { id: string } | null },
  given: string | undefined,
): Promise<PM> {
  const pmId = given ?? idOf(intent.payment_method);
  if (!pmId) throw unexpectedState(kind, MISSING_PAYMENT_METHOD[kind]);
  const pm: PM = await mustGet(ctx, "payment_method", pmId, { param: "payment_method", status: 400, lock: true });
  assertUsable(pm, customerIdOf(intent));
  return pm;
}

function assertUsable(pm: PM, customer: string | null) {
  if (pm.internal.consumed) {
    throw invalidRequest(
      "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
      { param: "payment_method" },
    );
  }
  const owner = idOf(pm.object.customer);
  if (owner && customer && owner !== customer) {
    throw invalidRequest("The provided PaymentMethod belongs to another Customer and cannot be used with this one.", { param: "payment_method" });
  }
  if (owner && !customer) {
    throw invalidRequest("The provided PaymentMethod is attached to a Customer, but you did not provide that Customer's ID (customer).", {
      param: "customer",
    });
  }
}

function nextAction(ctx: Ctx, intentId: string, clientSecret: string, returnUrl: string | null): Stripe.PaymentIntent.NextAction {
  const url = ctx.challengeUrl(intentId, clientSecret);
  // Stripe answers a confirm that gave a return_url with redirect_to_url (the page to send the
  // browser to, and where it comes back); otherwise with use_stripe_sdk, which Stripe.js
  // handles in the page. The sandbox does the same; its challenge page is `stripe_js`.
  if (returnUrl) return { type: "redirect_to_url", redirect_to_url: { url, return_url: returnUrl } };
  return { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: url } };
}

function withQuery(url: string, query: Record<string, string>): string {
  const [base, hash] = url.split("#", 2);
  const separator = base!.includes("?") ? "&" : "?";
  return `${base}${separator}${new URLSearchParams(query).toString()}${hash !== undefined ? `#${hash}` : ""}`;
}

// ── Customers ────────────────────────────────────────────────────────────────────────────

async function attachTo(ctx: Ctx, pm: PM, customerId: string) {
  if (pm.internal.consumed) {
    throw invalidRequest(
      "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
      { param: "payment_method" },
    );
  }
  const owner = idOf(pm.object.customer);
  if (owner === customerId) return;
  if (owner) throw invalidRequest("The payment method you provided has already been attached to a customer.", { param: "payment_method" });
  // Attaching verifies the card with its issuer: a card that declines everything declines here too.
  const decline = pm.internal.behaviour.decline;
  if (decline?.onSetup) throw cardError("card_declined", decline.message, { decline_code: decline.declineCode });
  pm.object.customer = customerId;
  await ctx.store.save(pm);
}

export async function createCustomer(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["email", "name", "phone", "description", "metadata", "address", "payment_method", "invoice_settings", "expand"]);
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
  if (pmId) await attachTo(ctx, await mustGet<Stripe.PaymentMethod, PaymentMethodInternal>(ctx, "payment_method", pmId, { param: "payment_method", status: 400, lock: true }), id);
  const defaultPm = settings?.str("default_payment_method");
  if (defaultPm) {
    await requireAttached(ctx, defaultPm, id);
    stored.object.invoice_settings.default_payment_method = defaultPm;
    await ctx.store.save(stored);
  }
  return ok(await render(ctx, stored.object));
}

async function requireAttached(ctx: Ctx, pmId: string, customerId: string) {
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
  const customer = await mustGet<Stripe.Customer, Record<string, never>>(ctx, "customer", ctx.path.id!, { param: "id", status: 404 });
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

// ── Payment methods ──────────────────────────────────────────────────────────────────────

export async function createPaymentMethod(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["type", "card", "billing_details", "metadata", "allow_redisplay", "expand", ...(ctx.key === "publishable" ? STRIPE_JS_PARAMS : [])]);
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
  const pm = await mustGet<Stripe.PaymentMethod, PaymentMethodInternal>(ctx, "payment_method", ctx.path.id!, { param: "payment_method", status: 404 });
  return ok(await render(ctx, pm.object));
}

export async function retrieveCustomerPaymentMethod(ctx: Ctx): Promise<Result> {
  ctx.params.only(["expand"]);
  await mustGet(ctx, "customer", ctx.path.customer!, { param: "customer", status: 404 });
  const pm = await ctx.store.get<Stripe.PaymentMethod, PaymentMethodInternal>("payment_method", ctx.path.id!);
  if (!pm || idOf(pm.object.customer) !== ctx.path.customer) throw resourceMissing("payment_method", ctx.path.id!, "payment_method", 404);
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
  if (!owner) throw invalidRequest("The payment method you provided is not attached to a customer so detachment is impossible.", { param: "payment_method" });
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

async function listPaymentMethodsOf(ctx: Ctx, customerId: string, url: string): Promise<Result> {
  const type = ctx.params.str("type");
  if (type && type !== "card") throw invalidParam("type", `Invalid type: the sandbox supports card payment methods only, not ${type}.`);
  const limit = readLimit(ctx);
  const after = ctx.params.str("starting_after");
  const startingAfter = after ? await mustGet(ctx, "payment_method", after, { param: "starting_after", status: 400 }) : undefined;
  const rows = await ctx.store.list<Stripe.PaymentMethod>("payment_method", { field: "customer", value: customerId, limit, startingAfter });
  return ok(await renderList(ctx, rows.slice(0, limit).map((r) => r.object), rows.length > limit, url));
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

// ── Payment intents ──────────────────────────────────────────────────────────────────────

function readAmount(p: Params, required: true): number;
function readAmount(p: Params, required: false): number | undefined;
function readAmount(p: Params, required: boolean): number | undefined {
  const amount = required ? p.requiredInt("amount") : (p.int("amount") ?? undefined);
  if (amount === undefined) return undefined;
  if (amount < 30) throw invalidRequest("Amount must be at least £0.30 gbp", { param: "amount", code: "amount_too_small" });
  if (amount > 99_999_999) throw invalidRequest("Amount must be no more than £999,999.99", { param: "amount", code: "amount_too_large" });
  return amount;
}

function readOffSession(p: Params): boolean | undefined {
  const v = p.str("off_session");
  if (v === undefined || v === null) return undefined;
  if (v === "true" || v === "one_off" || v === "recurring") return true;
  if (v === "false") return false;
  throw invalidParam("off_session", `Invalid off_session: ${v}`);
}

function readAutomaticPaymentMethods(p: Params): Stripe.PaymentIntent.AutomaticPaymentMethods | null {
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
function readPaymentMethodTypes(p: Params): { allowed: Array<"card"> | null; excluded: string[] | null } {
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
    throw invalidParam("excluded_payment_method_types", "The sandbox supports the card payment method type only: it cannot be excluded.");
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
  if (offSession && !confirm) throw invalidRequest("You may only specify `off_session` when also specifying `confirm=true`.", { param: "off_session" });
  if (offSession && setupFutureUsage) {
    throw invalidRequest("You may not specify both `off_session` and `setup_future_usage` on the same request.", { param: "setup_future_usage" });
  }
  const returnUrl = p.str("return_url", { max: 2048 }) ?? null;
  if (returnUrl && !confirm) throw invalidRequest("`return_url` can only be passed when `confirm` is true.", { param: "return_url" });
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
  const restricted = ["amount", "payment_method", "customer", "setup_future_usage", "statement_descriptor_suffix"].filter((k) => p.has(k));
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
  const p = ctx.params.only(["payment_method", "return_url", "setup_future_usage", "receipt_email", "client_secret", "expand", ...secretOnly]);
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

async function confirmPayment(ctx: Ctx, pi: PI, input: { paymentMethodId: string | undefined; offSession: boolean; returnUrl: string | null }): Promise<Result> {
  const o = pi.object;
  if (o.status === "succeeded") {
    throw unexpectedState("payment_intent", "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.");
  }
  if (o.status === "canceled" || o.status === "processing" || o.status === "requires_capture") {
    throw unexpectedState("payment_intent", `You cannot confirm this PaymentIntent because it has a status of ${o.status}.`);
  }
  if (input.offSession && o.setup_future_usage) {
    throw invalidRequest("You may not specify both `off_session` and `setup_future_usage` on the same request.", { param: "setup_future_usage" });
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

async function chargePayment(ctx: Ctx, pi: PI, pm: PM, options: { threeDSecure: boolean }, redirect?: (status: "succeeded" | "failed") => string | undefined): Promise<Result> {
  const decline = pm.internal.behaviour.decline;
  if (decline) {
    return failPayment(ctx, pi, pm, { code: "card_declined", declineCode: decline.declineCode, message: decline.message }, redirect?.("failed"));
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

async function failPayment(
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
  if (returnUrl && !confirm) throw invalidRequest("`return_url` can only be passed when `confirm` is true.", { param: "return_url" });
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
  const p = ctx.params.only(["payment_method", "return_url", "client_secret", "expand", ...(ctx.key === "publishable" ? STRIPE_JS_PARAMS : [])]);
  const si: SI = await mustGet(ctx, "setup_intent", ctx.path.id!, { param: "intent", status: 404, lock: true });
  checkClientSecret(ctx, "setup_intent", si.object);
  return confirmSetup(ctx, si, { paymentMethodId: p.str("payment_method") ?? undefined, returnUrl: p.str("return_url", { max: 2048 }) ?? null });
}

async function confirmSetup(ctx: Ctx, si: SI, input: { paymentMethodId: string | undefined; returnUrl: string | null }): Promise<Result> {
  const o = si.object;
  if (o.status === "succeeded") throw unexpectedState("setup_intent", "You cannot confirm this SetupIntent because it has already succeeded.");
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

async function completeSetup(ctx: Ctx, si: SI, pm: PM, options: { threeDSecure: boolean }, redirect?: (status: "succeeded" | "failed") => string | undefined): Promise<Result> {
  const decline = pm.internal.behaviour.decline;
  if (decline?.onSetup) {
    return failSetup(ctx, si, pm, { code: "card_declined", declineCode: decline.declineCode, message: decline.message, type: "card_error" }, redirect?.("failed"));
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

async function failSetup(
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

// ── 3-D Secure (sandbox only) ────────────────────────────────────────────────────────────

const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/** Loads the intent a 3-D Secure page is about, checking its client secret. */
export async function intentForChallenge(ctx: Ctx, lock: boolean): Promise<PI | SI> {
  const id = ctx.path.id!;
  const kind = id.startsWith("seti_") ? "setup_intent" : "payment_intent";
  const intent = await mustGet<Stripe.PaymentIntent | Stripe.SetupIntent, IntentInternal>(ctx, kind, id, { param: "intent", status: 404, lock });
  checkClientSecret(ctx, kind, intent.object);
  return intent as PI | SI;
}

/**
 * `POST /sandbox/3ds/:intentId` with `result=complete|fail`: the tenant's answer to the
 * bank's challenge. Complete → the payment is taken (or the card saved); fail → the intent
 * goes back to requires_payment_method with `payment_intent_authentication_failure`.
 */
export async function answerChallenge(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["result", "client_secret", ...STRIPE_JS_PARAMS]);
  const result = p.oneOf("result", ["complete", "fail"] as const);
  if (!result) throw missingParam("result");
  const intent = await intentForChallenge(ctx, true);
  const o = intent.object;
  const kind = o.object;
  if (o.status !== "requires_action") {
    throw unexpectedState(kind, `This ${kind === "payment_intent" ? "PaymentIntent" : "SetupIntent"} is not waiting for 3-D Secure authentication (status ${o.status}).`);
  }
  const pm: PM = await mustGet(ctx, "payment_method", idOf(o.payment_method)!, { param: "payment_method", status: 400, lock: true });
  const returnUrl = intent.internal.returnUrl;
  const redirect = (status: "succeeded" | "failed") =>
    returnUrl
      ? withQuery(
          returnUrl,
          kind === "payment_intent"
            ? { payment_intent: o.id, payment_intent_client_secret: o.client_secret!, redirect_status: status }
            : { setup_intent: o.id, setup_intent_client_secret: o.client_secret!, redirect_status: status },
        )
      : undefined;
  if (kind === "payment_intent") {
    const pi = intent as PI;
    if (result === "complete") return chargePayment(ctx, pi, pm, { threeDSecure: true }, redirect);
    pi.object.status = "requires_payment_method";
    pi.object.payment_method = null;
    pi.object.next_action = null;
    pi.object.last_payment_error = {
      code: "payment_intent_authentication_failure",
      doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
      message: AUTHENTICATION_FAILED,
      payment_method: pm.object,
      type: "invalid_request_error",
    };
    await ctx.store.save(pi);
    await ctx.emit("payment_intent.payment_failed", pi.object);
    return ok(await render(ctx, pi.object, { intent: true }), redirect("failed"));
  }
  const si = intent as SI;
  if (result === "complete") return completeSetup(ctx, si, pm, { threeDSecure: true }, redirect);
  return failSetup(ctx, si, pm, { code: "setup_intent_authentication_failure", message: AUTHENTICATION_FAILED, type: "invalid_request_error" }, redirect("failed"));
}

// ── Refunds, charges, events ────────────────────────────────────────────────────────────

export async function createRefund(ctx: Ctx): Promise<Result> {
  const p = ctx.params.only(["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
  const piId = p.str("payment_intent");
  const chargeParam = p.str("charge");
  if (!piId && !chargeParam) {
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", { code: "parameter_missing" });
  }
  let chargeId = chargeParam;
  if (piId) {
    const pi: PI = await mustGet(ctx, "payment_intent", piId, { param: "payment_intent", status: 400 });
    if (pi.object.status !== "succeeded" || !pi.object.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, { param: "payment_intent" });
    }
    const latest = idOf(pi.object.latest_charge)!;
    if (chargeId && chargeId !== latest) throw invalidRequest("The charge does not belong to this PaymentIntent.", { param: "charge" });
    chargeId = latest;
  }
  const charge: Charge = await mustGet(ctx, "charge", chargeId!, { param: "charge", status: 400, lock: true });
  const c = charge.object;
  if (c.status !== "succeeded") throw invalidRequest(`Charge ${c.id} has not succeeded and cannot be refunded.`, { param: "charge" });
  const remaining = c.amount - c.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${c.id} has already been refunded.`, { code: "charge_already_refunded" });
  const amount = p.int("amount") ?? remaining;
  if (amount <= 0) throw invalidParam("amount", "Invalid positive integer");
  if (amount > remaining) {
    const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
    throw invalidRequest(`Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(remaining)})`, {
      param: "amount",
      code: "amount_too_large",
    });
  }
  const reason = p.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"] as const) ?? null;
  const refund = refundObject({ id: newStripeId("re"), created: seconds(ctx.now), amount, charge: c, reason, metadata: mergeMetadata({}, p.metadata()) });
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
  return ok(await renderList(ctx, rows.slice(0, limit).map((r) => r.object), rows.length > limit, "/v1/refunds"));
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
  return ok(await renderList(ctx, rows.slice(0, limit).map((r) => r.object), rows.length > limit, "/v1/events"));
}
