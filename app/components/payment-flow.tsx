import type { PaymentMethod, Stripe } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import {
  actionTypeForPaymentType,
  paymentSuccessPath,
  requiresDuplicateCardCheck,
  type PaymentType,
} from "../../common/payments";
import {
  CardDetailsNeedJavaScript,
  CardForm,
  PROVIDER_FALLBACK_MESSAGE,
  useHydrated,
  type CardFormResult,
} from "./card-form";

/** Spec part 1 §9: polling every 2000 ms, given up after 30 seconds. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_TIMEOUT_MS = 30_000;

export const CARD_CHECK_FAILED = "Card check failed";

type Post = (step: string, fields: Record<string, string>) => Promise<any>;

export function usePaymentStepPost(): Post {
  const root = useRouteLoaderData("root") as { csrf: string } | undefined;
  return async (step, fields) => {
    const form = new FormData();
    form.set("csrf", root?.csrf ?? "");
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await fetch(`/payments/${step}`, { method: "POST", body: form, headers: { accept: "application/json" } });
    if (res.status === 401) window.location.assign("/auth/login");
    return res.json();
  };
}

export type PaymentTarget = {
  orderId: string;
  customerId: string;
  paymentType: PaymentType;
  /** Where to go when the payment takes longer than 30 s. */
  waitingPath: string;
};

/**
 * The payment steps after the card form made a payment method (part 1 §4.3): the duplicate-card
 * check (Keyfree only), the card checks (any 'fail' stops with 'Card check failed' and the
 * failed checks listed), the intent, the confirmation with 3-D Secure, then polling every 2 s
 * until the webhook has completed the action, giving up after 30 s for the waiting page.
 */
export function usePaymentFlow(target: PaymentTarget) {
  const post = usePaymentStepPost();
  const navigate = useNavigate();
  const [failedChecks, setFailedChecks] = useState<string[]>([]);
  const [polling, setPolling] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      // Leaving the page stops the polling.
      alive.current = false;
    },
    [],
  );

  async function poll(actionId: string) {
    setPolling(true);
    const started = Date.now();
    while (alive.current && Date.now() - started < POLL_TIMEOUT_MS) {
      const res = await fetch(
        `/payments/status?orderId=${encodeURIComponent(target.orderId)}&customerId=${encodeURIComponent(target.customerId)}&actionId=${encodeURIComponent(actionId)}`,
        { headers: { accept: "application/json" } },
      );
      const status = (await res.json()) as { complete?: boolean; redirectUrl?: string | null };
      if (status.complete) {
        // The success page for the payment type, or the order's redirectUrl (part 1 §4.3).
        const next = paymentSuccessPath(target.paymentType, { ...target, redirectUrl: status.redirectUrl });
        if (status.redirectUrl) window.location.assign(next);
        else navigate(next);
        return;
      }
      await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
    }
    if (alive.current) navigate(target.waitingPath);
  }

  async function pay(paymentMethod: PaymentMethod, stripe: Stripe): Promise<CardFormResult> {
    setFailedChecks([]);
    const base = { orderId: target.orderId, customerId: target.customerId };
    if (requiresDuplicateCardCheck(target.paymentType)) {
      const dup = await post("duplicate-check", { ...base, paymentMethodId: paymentMethod.id });
      if (dup.error) return { error: dup.error };
      if (dup.isDuplicate) return { error: dup.message };
    }
    const checks = await post("card-checks", {
      ...base,
      paymentMethodId: paymentMethod.id,
      customerActionType: actionTypeForPaymentType(target.paymentType),
    });
    if (checks.error) return { error: checks.error };
    if (checks.failed.length > 0) {
      setFailedChecks(checks.failed);
      return { error: CARD_CHECK_FAILED };
    }
    const intent = await post("intent", { ...base, paymentType: target.paymentType });
    if (intent.error) return { error: intent.error };
    const confirmed = await stripe.confirmCardPayment(intent.paymentIntentSecret, { payment_method: paymentMethod.id });
    if (confirmed.error) return { error: confirmed.error.message ?? PROVIDER_FALLBACK_MESSAGE };
    await post("follow-up", { paymentIntentId: intent.paymentIntentId }).catch(() => undefined);
    await poll(intent.orderCustomerActionId);
    return { done: true };
  }

  return { pay, failedChecks, polling };
}

/**
 * The Payment Failed modal and the 'Payment card issues:' box (part 1 §2.4): the modal opens
 * when the checks fail and closes with 'I understand' (focus returns to the page); the box stays.
 */
export function PaymentFailed({ failedChecks }: { failedChecks: string[] }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (failedChecks.length > 0 && dialog && !dialog.open) dialog.showModal();
  }, [failedChecks]);
  if (failedChecks.length === 0) return null;
  const list = (
    <ul>
      {failedChecks.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
  return (
    <>
      <div className="notice notice--warning">
        <h2 className="notice__title">Payment card issues:</h2>
        {list}
      </div>
      <dialog ref={ref} className="dialog" aria-labelledby="payment-failed-title">
        <h2 id="payment-failed-title">Payment Failed</h2>
        <p>Your payment failed for the following reason(s):</p>
        {list}
        <p>Please try to make payment again, ensuring you have entered the correct details.</p>
        <button type="button" className="button" onClick={() => ref.current?.close()}>
          I understand
        </button>
      </dialog>
    </>
  );
}

type CardPaymentProps = PaymentTarget & {
  publishableKey: string;
  standIn: boolean;
  /** Pence. */
  amount: number;
  amountText: string;
  /** 'I authorise payment to be taken', with the payment text (children) above it. */
  authorise?: boolean;
  children?: ReactNode;
};

/**
 * A payment by card, whole: the failed checks (modal and box), 'Processing your payment...'
 * while polling, and the card form, or without JavaScript the notice saying what to do instead.
 */
export function CardPayment({ publishableKey, standIn, amount, amountText, authorise, children, ...target }: CardPaymentProps) {
  const hydrated = useHydrated();
  const flow = usePaymentFlow(target);
  return (
    <>
      <PaymentFailed failedChecks={flow.failedChecks} />
      {flow.polling ? (
        <p role="status" className="notice">
          Processing your payment...
        </p>
      ) : null}
      {hydrated ? (
        <CardForm
          publishableKey={publishableKey}
          standIn={standIn}
          mode="payment"
          amount={amount}
          submitLabel={`Pay ${amountText}`}
          onPaymentMethod={flow.pay}
          authorise={authorise}
        >
          {children}
        </CardForm>
      ) : (
        <CardDetailsNeedJavaScript />
      )}
    </>
  );
}
