import { AddressElement, Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { PaymentMethod, Stripe, StripeElementsOptions } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { STRIPE_STANDIN_SRC } from "~/lib/stripe-standin";

/** Spec part 8: a card provider error shows its message, or this. */
export const PROVIDER_FALLBACK_MESSAGE = "An error has occured";

export type CardFormResult = { error: string } | { done: true };

type CardFormProps = {
  publishableKey: string;
  /** Offline: load the sandbox's stand-in Stripe.js first (it defines window.Stripe). */
  standIn: boolean;
  mode: "payment" | "setup";
  /** Pence, for payment mode. */
  amount?: number;
  submitLabel: string;
  /**
   * What happens with the card once the provider has made a payment method of it: the page's
   * own steps (card checks, paying, saving). Resolves with a message to show, or done.
   */
  onPaymentMethod: (paymentMethod: PaymentMethod, stripe: Stripe) => Promise<CardFormResult>;
  /** 'I authorise payment to be taken', when the page asks for it: the button waits for it. */
  authorise?: boolean;
  /** The words when the provider gives no message of its own (spec part 8: PROVIDER_FALLBACK_MESSAGE; the payment plan's card step says 'Something went wrong'). */
  fallbackMessage?: string;
  children?: ReactNode;
};

function loadStandIn(): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_STANDIN_SRC;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("The card form could not be loaded. Please reload the page."));
    document.head.appendChild(script);
  });
}

let stripePromise: { key: string; promise: Promise<Stripe | null> } | undefined;
function stripeFor(key: string, standIn: boolean) {
  if (!stripePromise || stripePromise.key !== key) {
    // With the stand-in in place, loadStripe uses it and never fetches Stripe's own script.
    stripePromise = { key, promise: (standIn ? loadStandIn() : Promise.resolve()).then(() => loadStripe(key)) };
  }
  return stripePromise.promise;
}

/**
 * Whether this page is running with JavaScript (false on the server and before hydration):
 * the card form exists only then; without it, pages say what the tenant can do instead.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Card details need JavaScript: said plainly, with what to do instead (nothing here looks usable).
 * Shown until the page hydrates; a page whose script runs never paints it (`no-script-message`,
 * hidden under root's `js` class, JS_CLASS_SCRIPT in app/lib/js-class-script.ts).
 */
export function CardDetailsNeedJavaScript() {
  return (
    <div className="notice notice--warning no-script-message" role="note">
      <h2 className="notice__title">Card details need JavaScript</h2>
      <p>
        To keep your card details safe they are typed into a secure form that needs JavaScript, which is turned off or not
        available in this browser.
      </p>
      <p>
        Turn on JavaScript in your browser settings and reload this page, or use another browser or device. If you cannot,{" "}
        {/* contactPath({ topic: "PAYMENT" }) written out: app/lib/contact.ts would cost the card pages' JavaScript budget. */}
        <a href="/contact?topic=payment">contact us</a> and we will help you pay another way.
      </p>
    </div>
  );
}

/**
 * The card form (part 1 §2.4): card only, GBP, wallets off, manual payment method creation,
 * saved for off-session use, with the billing address and a split name. Works with Stripe.js
 * or, offline, with the sandbox's stand-in (loaded by the root before the app's scripts).
 */
export function CardForm(props: CardFormProps) {
  const options = useMemo<StripeElementsOptions>(
    () =>
      props.mode === "payment"
        ? ({
            mode: "payment",
            amount: props.amount ?? 0,
            currency: "gbp",
            paymentMethodCreation: "manual",
            setupFutureUsage: "off_session",
            allowedPaymentMethodTypes: ["card"],
          } as StripeElementsOptions)
        : ({
            mode: "setup",
            currency: "gbp",
            paymentMethodCreation: "manual",
            setupFutureUsage: "off_session",
            allowedPaymentMethodTypes: ["card"],
          } as StripeElementsOptions),
    [props.mode, props.amount],
  );
  return (
    <Elements stripe={stripeFor(props.publishableKey, props.standIn)} options={options}>
      <CardFormInner {...props} />
    </Elements>
  );
}

function CardFormInner({ submitLabel, onPaymentMethod, authorise, fallbackMessage = PROVIDER_FALLBACK_MESSAGE, children }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [authorised, setAuthorised] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    if (authorise && !authorised) {
      setError("Tick 'I authorise payment to be taken' to continue");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        setError(submitted.error.message ?? fallbackMessage);
        return;
      }
      const created = await stripe.createPaymentMethod({ elements });
      if (created.error || !created.paymentMethod) {
        setError(created.error?.message ?? fallbackMessage);
        return;
      }
      const result = await onPaymentMethod(created.paymentMethod, stripe);
      if ("error" in result) setError(result.error);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : fallbackMessage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form ph-no-capture" onSubmit={submit} noValidate aria-busy={busy}>
      <div ref={errorRef} tabIndex={-1} role="alert" className={error ? "error-summary" : undefined}>
        {error ? (
          <>
            <h2 className="error-summary__title">There is a problem</h2>
            <p>{error}</p>
          </>
        ) : null}
      </div>
      <fieldset className="card-form__group">
        <legend className="card-form__legend">Card details</legend>
        <PaymentElement options={{ wallets: { applePay: "never", googlePay: "never" } }} />
      </fieldset>
      <fieldset className="card-form__group">
        <legend className="card-form__legend">Billing address</legend>
        <AddressElement options={{ mode: "billing", display: { name: "split" } }} />
      </fieldset>
      {children}
      {authorise ? (
        <div className="checkbox">
          <input
            id="authorise-payment"
            type="checkbox"
            className="checkbox__input"
            checked={authorised}
            onChange={(e) => setAuthorised(e.target.checked)}
          />
          <label htmlFor="authorise-payment" className="checkbox__label">
            I authorise payment to be taken
          </label>
        </div>
      ) : null}
      <button type="submit" className="button" disabled={!stripe || !elements || busy || (authorise && !authorised)}>
        {busy ? "Processing..." : submitLabel}
      </button>
    </form>
  );
}
