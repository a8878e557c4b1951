// @vitest-environment jsdom
/**
 * The stand-in against the real offline sandbox (server/stripe-sandbox), in-process: the card
 * form's requests reach the sandbox's browser endpoints (`browserApp`, publishable key only)
 * exactly as the web app forwards `/stripe-sandbox/*`; the API's side (creating intents,
 * reading the payment method) uses the secret key on the full app.
 */
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { openDatabase } from "../../server/db";
import { systemClock } from "../../server/lib/clock";
import { SANDBOX_PUBLISHABLE_KEY, createStripeSandbox, type StripeSandbox } from "../../stand-ins/stripe-sandbox";
import { CardForm, PUBLISHABLE_KEY, type PayFlow, TEST_CARDS, fillCardForm, loadStandIn } from "./harness";

let sandbox: StripeSandbox;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  loadStandIn();
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(inject("dbTemplate"))]) });
  const database = await openDatabase({ kind: "pglite", client });
  closeDatabase = () => client.close();
  sandbox = createStripeSandbox({ db: database.db, clock: systemClock, deliver: async () => ({ status: 200 }) });
});
afterAll(async () => {
  sandbox.close();
  await closeDatabase();
});
beforeEach(() => {
  // The web app forwards /stripe-sandbox/* to the sandbox's browser endpoints, unchanged.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      sandbox.browserApp.fetch(new Request(new URL(String(input), "http://localhost:3000"), init)),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A call the API makes with the secret key. */
async function api<T>(method: "GET" | "POST", path: string, body = ""): Promise<T> {
  const response = await sandbox.app.fetch(
    new Request(`http://sandbox.invalid${path}`, {
      method,
      headers: { Authorization: `Bearer ${sandbox.secretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? body : undefined,
    }),
  );
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(JSON.stringify(json));
  return json;
}

const createPaymentIntent = async (amount: number) =>
  (
    await api<{ client_secret: string }>(
      "POST",
      "/v1/payment_intents",
      `amount=${amount}&currency=gbp&payment_method_types[0]=card&setup_future_usage=off_session`,
    )
  ).client_secret;

const createSetupIntent = async () =>
  (await api<{ client_secret: string }>("POST", "/v1/setup_intents", "payment_method_types[0]=card&usage=off_session")).client_secret;

const outcome = () => screen.getByTestId("outcome").textContent;
const pay = () => fireEvent.click(screen.getByRole("button", { name: "Pay" }));

let lastPaymentMethodId = "";

const payFlow: PayFlow = async ({ stripe, elements }) => {
  const submitted = await elements.submit();
  if (submitted.error) return submitted.error.message ?? "";
  const created = await stripe.createPaymentMethod({ elements, params: { billing_details: { email: "tess@example.test" } } });
  if (created.error) return created.error.message ?? "An error has occured";
  lastPaymentMethodId = created.paymentMethod.id;
  const confirmed = await stripe.confirmCardPayment(await createPaymentIntent(15000), { payment_method: created.paymentMethod.id });
  if (confirmed.error) return `${confirmed.error.code}: ${confirmed.error.message}`;
  return `Payment ${confirmed.paymentIntent.status}`;
};

describe("the stand-in with the real sandbox", () => {
  it("uses the sandbox's publishable key", () => {
    expect(PUBLISHABLE_KEY).toBe(SANDBOX_PUBLISHABLE_KEY);
  });

  it("pays with 4242 4242 4242 4242; the sandbox holds the billing details the form collected", async () => {
    render(<CardForm onPay={payFlow} />);
    await fillCardForm();
    pay();
    await waitFor(() => expect(outcome()).toBe("Payment succeeded"), { timeout: 10_000 });
    const pm = await api<{ card: { last4: string }; billing_details: Record<string, unknown> }>(
      "GET",
      `/v1/payment_methods/${lastPaymentMethodId}`,
    );
    expect(pm.card.last4).toBe("4242");
    expect(pm.billing_details).toMatchObject({
      name: "Ada Lovelace",
      email: "tess@example.test",
      address: { line1: "10 Downing Street", line2: null, city: "London", postal_code: "SW1A 2AA", country: "GB" },
    });
  });

  it("takes a 3-D Secure card through the challenge: complete succeeds, fail answers payment_intent_authentication_failure", async () => {
    render(<CardForm onPay={payFlow} />);
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    pay();
    let dialog = await screen.findByRole("dialog", { name: "Confirm your payment" }, { timeout: 10_000 });
    expect(within(dialog).getByText("Amount: £150.00")).toBeTruthy();
    expect(within(dialog).getByText("Card ending 3220")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete authentication" }));
    await waitFor(() => expect(outcome()).toBe("Payment succeeded"), { timeout: 10_000 });

    pay();
    dialog = await screen.findByRole("dialog", { name: "Confirm your payment" }, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole("button", { name: "Fail authentication" }));
    await waitFor(
      () =>
        expect(outcome()).toBe(
          "payment_intent_authentication_failure: We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        ),
      { timeout: 10_000 },
    );
  });

  it("answers a declined card with card_declined", async () => {
    render(<CardForm onPay={payFlow} />);
    await fillCardForm({ number: TEST_CARDS.declined });
    pay();
    await waitFor(() => expect(outcome()).toBe("card_declined: Your card was declined."), { timeout: 10_000 });
  });

  it("saves a card in setup mode with confirmSetup, through 3-D Secure", async () => {
    render(
      <CardForm
        mode="setup"
        onPay={async ({ stripe, elements }) => {
          const submitted = await elements.submit();
          if (submitted.error) return submitted.error.message ?? "";
          const result = await stripe.confirmSetup({
            elements,
            clientSecret: await createSetupIntent(),
            confirmParams: { return_url: "http://localhost:3000/add-payment-method-success" },
            redirect: "if_required",
          });
          return result.error ? `${result.error.code}: ${result.error.message}` : `Card ${result.setupIntent.status}`;
        }}
      />,
    );
    await fillCardForm({ number: TEST_CARDS.threeDSecure });
    pay();
    const dialog = await screen.findByRole("dialog", { name: "Confirm your card" }, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete authentication" }));
    await waitFor(() => expect(outcome()).toBe("Card succeeded"), { timeout: 10_000 });
  });
});
