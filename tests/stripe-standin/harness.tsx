/**
 * Test harness for the Stripe.js stand-in (public/stripe-sandbox/stripe.js, built by Vite from
 * stand-ins/stripe-sandbox/browser/ — tests/global-setup.ts builds it when it is missing or older):
 * - `loadStandIn()` evaluates the script in the jsdom window, as the page's `<script src>` would;
 * - `createFakeSandbox()` is a `fetch` that answers the sandbox's paths the way Stripe's API
 *   does (form-encoded requests, JSON objects, `{ error: { type, code, message, … } }`);
 * - `CardForm` is the card form as the app builds it with @stripe/react-stripe-js.
 */
import { fireEvent, screen } from "@testing-library/react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { useEffect, useState } from "react";
import { AddressElement, Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import type {
  Stripe,
  StripeAddressElementChangeEvent,
  StripeConstructor,
  StripeElements,
  StripeElementsOptionsMode,
  StripePaymentElement,
  StripePaymentElementChangeEvent,
  StripePaymentElementOptions,
} from "@stripe/stripe-js";
import { vi } from "vitest";

export const STANDIN_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public/stripe-sandbox/stripe.js");
export const PUBLISHABLE_KEY = "pk_test_keyfree_sandbox";

export function standInSource(): string {
  return readFileSync(STANDIN_PATH, "utf8");
}

/** Runs the stand-in in this window once, as a classic script would. */
export function loadStandIn() {
  if (!window.Stripe) new Function(standInSource())();
}

/** `window.Stripe` as the stand-in defines it. */
export function standInConstructor() {
  return window.Stripe as (StripeConstructor & { keyfreeStandIn?: boolean; version?: string }) | undefined;
}

/** An expiry three years ahead, as typed: "MM / YY". */
export function futureExpiry(): { typed: string; month: number; year: number } {
  const year = new Date().getFullYear() + 3;
  return { typed: `12 / ${String(year % 100).padStart(2, "0")}`, month: 12, year };
}

// ---------------------------------------------------------------- the fake sandbox

export type SandboxCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  rawBody: string;
  headers: Headers;
};

type Intent = Record<string, unknown> & { id: string; client_secret: string; status: string };
type Kind = "payment_intent" | "setup_intent";

const DECLINED = "4000000000000002";
const THREE_D_SECURE = "4000000000003220";

export function createFakeSandbox() {
  const calls: SandboxCall[] = [];
  const paymentMethods = new Map<string, Record<string, unknown>>();
  const numbers = new Map<string, string>();
  const intents = new Map<string, { kind: Kind; intent: Intent }>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_${String(++counter).padStart(6, "0")}Sandbox`;
  let offline = false;
  const refusals: Array<Record<string, unknown>> = [];

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  function createIntent(kind: Kind, amount?: number): string {
    const id = newId(kind === "payment_intent" ? "pi" : "seti");
    const intent: Intent = {
      id,
      object: kind,
      client_secret: `${id}_secret_${String(counter).padStart(8, "0")}`,
      status: "requires_payment_method",
      payment_method: null,
      next_action: null,
      livemode: false,
      usage: kind === "setup_intent" ? "off_session" : undefined,
      ...(kind === "payment_intent"
        ? { amount, currency: "gbp", setup_future_usage: "off_session", last_payment_error: null }
        : { last_setup_error: null }),
    };
    intents.set(id, { kind, intent });
    return intent.client_secret;
  }

  function failure(kind: Kind, intent: Intent, error: Record<string, unknown>) {
    intent.status = "requires_payment_method";
    intent[kind === "payment_intent" ? "last_payment_error" : "last_setup_error"] = error;
  }

  async function handle(method: string, path: string, body: URLSearchParams, query: URLSearchParams): Promise<Response> {
    if (method === "POST" && path === "/stripe-sandbox/v1/payment_methods") {
      const number = body.get("card[number]") ?? "";
      const refusal = refusals.shift();
      if (refusal) return json(402, { error: refusal });
      const id = newId("pm");
      const pm = {
        id,
        object: "payment_method",
        type: "card",
        card: {
          brand: "visa",
          last4: number.slice(-4),
          exp_month: Number(body.get("card[exp_month]")),
          exp_year: Number(body.get("card[exp_year]")),
          funding: "credit",
          country: "GB",
          fingerprint: `fp${number.slice(-6)}`,
        },
        billing_details: {
          name: body.get("billing_details[name]"),
          email: body.get("billing_details[email]"),
          phone: null,
          address: {
            line1: body.get("billing_details[address][line1]"),
            line2: body.get("billing_details[address][line2]"),
            city: body.get("billing_details[address][city]"),
            state: null,
            postal_code: body.get("billing_details[address][postal_code]"),
            country: body.get("billing_details[address][country]"),
          },
        },
        customer: null,
        livemode: false,
        metadata: {},
      };
      paymentMethods.set(id, pm);
      numbers.set(id, number);
      return json(200, pm);
    }

    const intentPath = /^\/stripe-sandbox\/v1\/(payment_intents|setup_intents)\/([^/]+)(\/confirm)?$/.exec(path);
    if (intentPath) {
      const entry = intents.get(intentPath[2] ?? "");
      const secret = method === "GET" ? query.get("client_secret") : body.get("client_secret");
      if (!entry || secret !== entry.intent.client_secret) {
        return json(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${intentPath[1]}: '${intentPath[2]}'` },
        });
      }
      const { kind, intent } = entry;
      if (method === "GET") return json(200, intent);
      const pmId = body.get("payment_method") ?? (intent.payment_method as string | null);
      if (!pmId || !paymentMethods.has(pmId)) {
        return json(400, {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "You cannot confirm this intent because it's missing a payment method.",
          },
        });
      }
      intent.payment_method = pmId;
      const number = numbers.get(pmId);
      if (number === DECLINED) {
        const error = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
        failure(kind, intent, error);
        return json(402, { error: { ...error, [kind]: intent } });
      }
      if (number === THREE_D_SECURE) {
        intent.status = "requires_action";
        intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
        return json(200, intent);
      }
      intent.status = "succeeded";
      return json(200, intent);
    }

    const threeDs = /^\/stripe-sandbox\/sandbox\/3ds\/([^/]+)$/.exec(path);
    if (method === "POST" && threeDs) {
      const entry = intents.get(threeDs[1] ?? "");
      if (!entry || body.get("client_secret") !== entry.intent.client_secret) {
        return json(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such intent" } });
      }
      const { kind, intent } = entry;
      intent.next_action = null;
      if (body.get("result") === "complete") {
        intent.status = "succeeded";
      } else {
        failure(kind, intent, {
          type: "invalid_request_error",
          code: `${kind}_authentication_failure`,
          message:
            "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
        });
      }
      return json(200, intent);
    }

    return json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), window.location.href);
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const rawBody = typeof init?.body === "string" ? init.body : "";
    const body = new URLSearchParams(rawBody);
    calls.push({ method, path: url.pathname, query: url.searchParams, body, rawBody, headers });
    if (offline) throw new TypeError("Failed to fetch");
    if (headers.get("authorization") !== `Bearer ${PUBLISHABLE_KEY}`) {
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    return handle(method, url.pathname, body, url.searchParams);
  });

  return {
    fetch,
    calls,
    paymentIntent: (amount: number) => createIntent("payment_intent", amount),
    setupIntent: () => createIntent("setup_intent"),
    intent: (id: string) => intents.get(id)?.intent,
    /** The next POST /v1/payment_methods answers 402 with this card error. */
    refuseNextPaymentMethod: (error: Record<string, unknown>) => {
      refusals.push(error);
    },
    goOffline: () => {
      offline = true;
    },
    callsTo: (pathPart: string) => calls.filter((call) => call.path.includes(pathPart)),
  };
}

export type FakeSandbox = ReturnType<typeof createFakeSandbox>;

// ---------------------------------------------------------------- the card form

export const TEST_CARDS = { visa: "4242424242424242", declined: DECLINED, threeDSecure: THREE_D_SECURE };

export type StripeHandles = { stripe: Stripe; elements: StripeElements };
export type PayFlow = (handles: StripeHandles) => Promise<string>;

type CardFormProps = {
  mode?: "payment" | "setup";
  amount?: number;
  onPay?: PayFlow;
  expose?: (handles: StripeHandles) => void;
  paymentOptions?: StripePaymentElementOptions;
  onPaymentChange?: (event: StripePaymentElementChangeEvent) => void;
  onAddressChange?: (event: StripeAddressElementChangeEvent) => void;
  onReady?: (element: StripePaymentElement) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onEscape?: () => void;
};

/** The card form as the app builds it: Payment Element (card only, wallets off) and the billing Address Element. */
export function CardForm({ mode = "payment", amount = 15000, ...props }: CardFormProps) {
  const [stripePromise] = useState(() => loadStripe(PUBLISHABLE_KEY));
  const options: StripeElementsOptionsMode =
    mode === "payment"
      ? {
          mode: "payment",
          amount,
          currency: "gbp",
          paymentMethodCreation: "manual",
          allowedPaymentMethodTypes: ["card"],
          setupFutureUsage: "off_session",
        }
      : { mode: "setup", currency: "gbp", paymentMethodCreation: "manual", allowedPaymentMethodTypes: ["card"] };
  return (
    <Elements stripe={stripePromise} options={options}>
      <PayForm {...props} />
    </Elements>
  );
}

function PayForm({ onPay, expose, paymentOptions, onPaymentChange, onAddressChange, onReady, onFocus, onBlur, onEscape }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [outcome, setOutcome] = useState("");
  useEffect(() => {
    if (stripe && elements && expose) expose({ stripe, elements });
  }, [stripe, elements, expose]);
  return (
    <form
      aria-label="Card payment"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!stripe || !elements || !onPay) return;
        setOutcome(await onPay({ stripe, elements }));
      }}
    >
      <PaymentElement
        options={{ wallets: { applePay: "never", googlePay: "never" }, ...paymentOptions }}
        onChange={onPaymentChange}
        onReady={onReady}
        onFocus={onFocus}
        onBlur={onBlur}
        onEscape={onEscape}
      />
      <AddressElement options={{ mode: "billing", display: { name: "split" } }} onChange={onAddressChange} />
      <button type="submit">Pay</button>
      <p role="status" data-testid="outcome">
        {outcome}
      </p>
    </form>
  );
}

export type CardDetails = {
  number?: string;
  expiry?: string;
  cvc?: string;
  firstName?: string;
  lastName?: string;
  line1?: string;
  line2?: string;
  city?: string;
  postcode?: string;
};

/** Types the card and billing address as a tenant would (value set, then the input's change event). */
export async function fillCardForm(details: CardDetails = {}) {
  const values = {
    number: TEST_CARDS.visa,
    expiry: futureExpiry().typed,
    cvc: "123",
    firstName: "Ada",
    lastName: "Lovelace",
    line1: "10 Downing Street",
    line2: "",
    city: "London",
    postcode: "SW1A 2AA",
    ...details,
  };
  const fields: Array<[string, string]> = [
    ["Card number", values.number],
    ["Expiry date (MM / YY)", values.expiry],
    ["Security code", values.cvc],
    ["First name", values.firstName],
    ["Last name", values.lastName],
    ["Address line 1", values.line1],
    ["Address line 2 (optional)", values.line2],
    ["Town or city", values.city],
    ["Postcode", values.postcode],
  ];
  for (const [label, value] of fields) {
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  }
}

/** The flow the app runs on 'Pay': submit, create the payment method, confirm the card payment. */
export function payWithCard(sandbox: FakeSandbox, amount = 15000): PayFlow {
  return async ({ stripe, elements }) => {
    const submitted = await elements.submit();
    if (submitted.error) return `Check your card: ${submitted.error.message ?? ""}`;
    const created = await stripe.createPaymentMethod({ elements, params: { billing_details: { email: "ada@example.com" } } });
    if (created.error) return created.error.message ?? "An error has occured";
    const clientSecret = sandbox.paymentIntent(amount);
    const confirmed = await stripe.confirmCardPayment(clientSecret, { payment_method: created.paymentMethod.id });
    if (confirmed.error) return confirmed.error.message ?? "An error has occured";
    return `Payment ${confirmed.paymentIntent.status}`;
  };
}
