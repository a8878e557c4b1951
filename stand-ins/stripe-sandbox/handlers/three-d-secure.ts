import type Stripe from "stripe";
import { missingParam, unexpectedState } from "../errors";
import type { IntentInternal } from "../objects";
import {
  type Ctx,
  type Result,
  type PI,
  type SI,
  type PM,
  ok,
  idOf,
  render,
  mustGet,
  checkClientSecret,
  withQuery,
  STRIPE_JS_PARAMS,
} from "./shared";
import { chargePayment } from "./payment-intents";
import { completeSetup, failSetup } from "./setup-intents";

// ── 3-D Secure (sandbox only) ────────────────────────────────────────────────────────────

export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/** Loads the intent a 3-D Secure page is about, checking its client secret. */
export async function intentForChallenge(ctx: Ctx, lock: boolean): Promise<PI | SI> {
  const id = ctx.path.id!;
  const kind = id.startsWith("seti_") ? "setup_intent" : "payment_intent";
  const intent = await mustGet<Stripe.PaymentIntent | Stripe.SetupIntent, IntentInternal>(ctx, kind, id, {
    param: "intent",
    status: 404,
    lock,
  });
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
    throw unexpectedState(
      kind,
      `This ${kind === "payment_intent" ? "PaymentIntent" : "SetupIntent"} is not waiting for 3-D Secure authentication (status ${o.status}).`,
    );
  }
  const pm: PM = await mustGet(ctx, "payment_method", idOf(o.payment_method)!, {
    param: "payment_method",
    status: 400,
    lock: true,
  });
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
  return failSetup(
    ctx,
    si,
    pm,
    { code: "setup_intent_authentication_failure", message: AUTHENTICATION_FAILED, type: "invalid_request_error" },
    redirect("failed"),
  );
}
