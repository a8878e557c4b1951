import type Stripe from "stripe";
import { invalidParam, invalidRequest, missingParam, resourceMissing, type StripeSandboxError, unexpectedState } from "../errors";
import { publishableView, type SandboxEventType } from "../event-objects";
import type { IntentInternal, PaymentMethodInternal } from "../objects";
import type { Params } from "../params";
import type { ObjectStore, ObjectType, Stored } from "../store";

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

export type PI = Stored<Stripe.PaymentIntent, IntentInternal>;
export type SI = Stored<Stripe.SetupIntent, IntentInternal>;
export type PM = Stored<Stripe.PaymentMethod, PaymentMethodInternal>;
export type Customer = Stored<Stripe.Customer, Record<string, never>>;
export type Charge = Stored<Stripe.Charge, Record<string, never>>;

export const ok = (body: unknown, redirect?: string): Result => ({ status: 200, body, ...(redirect ? { redirect } : {}) });
export const committed = (error: StripeSandboxError, redirect?: string): Result => ({
  status: 402,
  body: { error: error.body },
  ...(redirect ? { redirect } : {}),
});

/** Parameters Stripe.js adds to its requests; a publishable-key request may carry them, and they mean nothing here. */
export const STRIPE_JS_PARAMS = [
  "payment_user_agent",
  "time_on_page",
  "referrer",
  "guid",
  "muid",
  "sid",
  "_stripe_version",
  "use_stripe_sdk",
];

export const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === "string" ? value : value.id;

// ── Rendering: expand[] and the publishable view ────────────────────────────────────────

export async function expandPath(
  store: ObjectStore,
  target: Record<string, unknown>,
  segments: string[],
  full: string,
): Promise<void> {
  const [head, ...rest] = segments;
  if (head === undefined || !(head in target))
    throw invalidRequest(`This property cannot be expanded (${full}).`, { param: "expand" });
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
export async function render(ctx: Ctx, object: object, options: { intent?: boolean } = {}): Promise<Record<string, unknown>> {
  const out = structuredClone(object) as Record<string, unknown>;
  for (const path of ctx.expand) {
    const segments = path.split(".");
    if (segments.length > 4)
      throw invalidRequest(`You cannot expand more than 4 levels of a property (${path}).`, { param: "expand" });
    await expandPath(ctx.store, out, segments, path);
  }
  return ctx.key === "publishable" && options.intent ? publishableView(out) : out;
}

export async function renderList(ctx: Ctx, items: object[], hasMore: boolean, url: string) {
  return render(ctx, { object: "list", data: items, has_more: hasMore, url });
}

// ── Shared reading ───────────────────────────────────────────────────────────────────────

export function readAddress(p: Params | null | undefined): Stripe.Address | null | undefined {
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

export function readLimit(ctx: Ctx): number {
  const limit = ctx.params.int("limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam("limit", "Invalid limit: must be between 1 and 100");
  return limit;
}

export async function mustGet<T, I>(
  ctx: Ctx,
  type: ObjectType,
  id: string,
  options: { param: string; status: 400 | 404; lock?: boolean },
) {
  const found = options.lock ? await ctx.store.lock<T, I>(type, id) : await ctx.store.get<T, I>(type, id);
  if (!found) throw resourceMissing(type, id, options.param, options.status);
  return found;
}

/** A publishable key reaches an intent only with that intent's client secret. */
export function checkClientSecret(ctx: Ctx, kind: "payment_intent" | "setup_intent", intent: { client_secret: string | null }) {
  const given = ctx.params.str("client_secret");
  if (ctx.key === "secret" && (given === undefined || given === null)) return;
  if (given === undefined || given === null) throw missingParam("client_secret");
  if (given !== intent.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${kind === "payment_intent" ? "PaymentIntent" : "SetupIntent"}.`,
      {
        param: "client_secret",
        code: `${kind}_invalid_parameter`,
      },
    );
  }
}

export const customerIdOf = (intent: { customer: string | { id: string } | null }) => idOf(intent.customer);

/** Stripe's rules for using a PaymentMethod with a customer (or none). */
/** Stripe's words when an intent is confirmed with no payment method, given or attached. */
export const MISSING_PAYMENT_METHOD = {
  payment_intent:
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
  setup_intent:
    "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
} as const;

/** The payment method an intent is confirmed with (the one given, else its own), locked and usable by the intent's customer. */
export async function paymentMethodToConfirm(
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

export function assertUsable(pm: PM, customer: string | null) {
  if (pm.internal.consumed) {
    throw invalidRequest(
      "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
      { param: "payment_method" },
    );
  }
  const owner = idOf(pm.object.customer);
  if (owner && customer && owner !== customer) {
    throw invalidRequest("The provided PaymentMethod belongs to another Customer and cannot be used with this one.", {
      param: "payment_method",
    });
  }
  if (owner && !customer) {
    throw invalidRequest(
      "The provided PaymentMethod is attached to a Customer, but you did not provide that Customer's ID (customer).",
      {
        param: "customer",
      },
    );
  }
}

export function nextAction(
  ctx: Ctx,
  intentId: string,
  clientSecret: string,
  returnUrl: string | null,
): Stripe.PaymentIntent.NextAction {
  const url = ctx.challengeUrl(intentId, clientSecret);
  // Stripe answers a confirm that gave a return_url with redirect_to_url (the page to send the
  // browser to, and where it comes back); otherwise with use_stripe_sdk, which Stripe.js
  // handles in the page. The sandbox does the same; its challenge page is `stripe_js`.
  if (returnUrl) return { type: "redirect_to_url", redirect_to_url: { url, return_url: returnUrl } };
  return { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: url } };
}

export function withQuery(url: string, query: Record<string, string>): string {
  const [base, hash] = url.split("#", 2);
  const separator = base!.includes("?") ? "&" : "?";
  return `${base}${separator}${new URLSearchParams(query).toString()}${hash !== undefined ? `#${hash}` : ""}`;
}
