import type { PaymentMethod, Stripe } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import {
  actionTypeForPaymentType,
  requiresDuplicateCardCheck,
  type PaymentType,
} from "#common/payments";
import {
  CardDetailsNeedJavaScript,
  CardForm,
  PROVIDER_FALLBACK_MESSAGE,
  useHydrated,
  type CardFormResult,
} from "./card-form";
import { useCardStep } from "~/lib/card-step";
import { pollingPath } from "~/lib/polling";

export const CARD_CHECK_FAILED = "Card check failed";

export type PaymentTarget = {
  orderId: string;
  customerId: string;
  paymentType: PaymentType;
  /** The page that waits for the payment to arrive (it polls, with the start time added). */
  waitingPath: string;
};

/**
 * The payment steps after the card form made a payment method (part 1 §4.3): the duplicate-card
 * check (Keyfree only), the card checks (any 'fail' stops with 'Card check failed' and the
 * failed checks listed), the intent, the confirmation with 3-D Secure, then on to the page that
 * waits for the webhook to complete the action (app/components/polling.tsx).
 */
export function usePaymentFlow(target: PaymentTarget) {
  const post = useCardStep(PROVIDER_FALLBACK_MESSAGE);
  const navigate = useNavigate();
  const [failedChecks, setFailedChecks] = useState<string[]>([]);
  async function pay(paymentMethod: PaymentMethod, stripe: Stripe): Promise<CardFormResult> {
    setFailedChecks([]);
    const base = { orderId: target.orderId, customerId: target.customerId };
    if (requiresDuplicateCardCheck(target.paymentType)) {
      const dup = await post<{ isDuplicate: boolean; message: string }>("/payments/duplicate-check", { ...base, paymentMethodId: paymentMethod.id });
      if (dup.error !== undefined) return { error: dup.error };
      if (dup.isDuplicate) return { error: dup.message };
    }
    const checks = await post<{ failed: string[] }>("/payments/card-checks", {
      ...base,
      paymentMethodId: paymentMethod.id,
      customerActionType: actionTypeForPaymentType(target.paymentType),
    });
    if (checks.error !== undefined) return { error: checks.error };
    if (checks.failed.length > 0) {
      setFailedChecks(checks.failed);
      return { error: CARD_CHECK_FAILED };
    }
    const intent = await post<{ paymentIntentSecret: string; paymentIntentId: string }>("/payments/intent", { ...base, paymentType: target.paymentType });
    if (intent.error !== undefined) return { error: intent.error };
    const confirmed = await stripe.confirmCardPayment(intent.paymentIntentSecret, { payment_method: paymentMethod.id });
    if (confirmed.error) return { error: confirmed.error.message ?? PROVIDER_FALLBACK_MESSAGE };
    await post("/payments/follow-up", { paymentIntentId: intent.paymentIntentId }).catch(() => undefined);
    // The page that waits for the payment (the shared polling: every 2 s, up to 30 s).
    void navigate(pollingPath(target.waitingPath));
    return { done: true };
  }

  return { pay, failedChecks };
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
 * A payment by card, whole: the failed checks (modal and box) and the card form, or without JavaScript the notice saying what to do instead.
 */
export function CardPayment({ publishableKey, standIn, amount, amountText, authorise, children, ...target }: CardPaymentProps) {
  const hydrated = useHydrated();
  const flow = usePaymentFlow(target);
  return (
    <>
      <PaymentFailed failedChecks={flow.failedChecks} />
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

// PaymentTerms lives in its own small module, so a card page that needs only it (manual-payment)
// does not load this one's flow; it is still exported from here for the pages that use both.
export { PaymentTerms } from "./payment-terms";
