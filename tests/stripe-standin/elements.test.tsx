// @vitest-environment jsdom
import { StrictMode } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { StripeAddressElementChangeEvent, StripePaymentElementChangeEvent } from "@stripe/stripe-js";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CardForm,
  type FakeSandbox,
  type StripeHandles,
  createFakeSandbox,
  fillCardForm,
  loadStandIn,
} from "./harness";

let sandbox: FakeSandbox;

beforeAll(loadStandIn);
beforeEach(() => {
  sandbox = createFakeSandbox();
  vi.stubGlobal("fetch", sandbox.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the card form and waits for the stand-in's inputs; hands back stripe and elements. */
async function renderForm(props: Parameters<typeof CardForm>[0] = {}) {
  let handles: StripeHandles | undefined;
  const view = render(<CardForm expose={(h) => (handles = h)} {...props} />);
  await screen.findByLabelText("Card number");
  await waitFor(() => expect(handles).toBeDefined());
  return { ...view, handles: handles! };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The text of the error tied to an input by aria-describedby ("Error: …"), or "" when none. */
function describedError(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((node): node is HTMLElement => !!node && node.classList.contains("field__error"))
    .map((node) => node.textContent ?? "")
    .join(" ");
}

describe("the Payment Element and Address Element render accessible plain inputs", () => {
  it("labels every card and billing field, with the autocomplete tokens and numeric keyboards", async () => {
    await renderForm();
    expect(input("Card number").getAttribute("autocomplete")).toBe("cc-number");
    expect(input("Card number").getAttribute("inputmode")).toBe("numeric");
    expect(input("Expiry date (MM / YY)").getAttribute("autocomplete")).toBe("cc-exp");
    expect(input("Expiry date (MM / YY)").getAttribute("inputmode")).toBe("numeric");
    expect(input("Security code").getAttribute("autocomplete")).toBe("cc-csc");
    expect(describedHint(input("Security code"))).toBe("The last 3 digits on the back of the card");
    expect(input("First name").getAttribute("autocomplete")).toBe("billing given-name");
    expect(input("Last name").getAttribute("autocomplete")).toBe("billing family-name");
    expect(input("Address line 1").getAttribute("autocomplete")).toBe("billing address-line1");
    expect(input("Address line 2 (optional)").getAttribute("autocomplete")).toBe("billing address-line2");
    expect(input("Town or city").getAttribute("autocomplete")).toBe("billing address-level2");
    expect(input("Postcode").getAttribute("autocomplete")).toBe("billing postal-code");
    const country = screen.getByLabelText("Country") as HTMLSelectElement;
    expect(country.tagName).toBe("SELECT");
    expect(country.getAttribute("autocomplete")).toBe("billing country");
    expect(country.value).toBe("GB");
    expect(country.selectedOptions[0]?.textContent).toBe("United Kingdom");
    expect(within(country).getByRole("option", { name: "Ireland" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Card details" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Billing address" })).toBeTruthy();
    // No iframes: the inputs are in the page, inside react-stripe-js's mount nodes.
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("gives the card inputs no name, so the page's own form never posts card details", async () => {
    await renderForm();
    await fillCardForm();
    const form = screen.getByRole("form", { name: "Card payment" }) as HTMLFormElement;
    const posted = [...new FormData(form).values()].map(String);
    expect(posted.some((value) => value.replace(/\s/g, "").includes("4242424242424242"))).toBe(false);
    expect(posted).not.toContain("123");
  });

  it("gives each mount its own input ids", async () => {
    render(
      <>
        <CardForm />
        <CardForm />
      </>,
    );
    await waitFor(() => expect(screen.getAllByLabelText("Card number")).toHaveLength(2));
    const ids = [...document.querySelectorAll("input, select")].map((node) => node.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const [first, second] = screen.getAllByLabelText("Card number");
    fireEvent.change(first!, { target: { value: "4242424242424242" } });
    expect((second as HTMLInputElement).value).toBe("");
  });

  it("formats the card number and expiry as they are typed, and uppercases the postcode", async () => {
    await renderForm();
    fireEvent.change(input("Card number"), { target: { value: "4242424242424242" } });
    expect(input("Card number").value).toBe("4242 4242 4242 4242");
    fireEvent.change(input("Card number"), { target: { value: "378282246310005" } });
    expect(input("Card number").value).toBe("3782 822463 10005");
    expect(describedHint(input("Security code"))).toBe("The 4 digits on the front of the card");
    fireEvent.change(input("Expiry date (MM / YY)"), { target: { value: "1230" } });
    expect(input("Expiry date (MM / YY)").value).toBe("12 / 30");
    fireEvent.change(input("Expiry date (MM / YY)"), { target: { value: "4" } });
    expect(input("Expiry date (MM / YY)").value).toBe("04 / ");
    fireEvent.change(input("Security code"), { target: { value: "12a345" } });
    expect(input("Security code").value).toBe("1234");
    fireEvent.change(input("Postcode"), { target: { value: "sw1a2aa" } });
    fireEvent.blur(input("Postcode"));
    expect(input("Postcode").value).toBe("SW1A 2AA");
  });
});

function describedHint(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((node): node is HTMLElement => !!node && node.classList.contains("field__hint"))
    .map((node) => node.textContent ?? "")
    .join(" ");
}

describe("elements.submit() validates every mounted element", () => {
  it("answers Stripe's validation_error for an empty form, shows each error inline and moves focus to the first", async () => {
    const { handles } = await renderForm();
    let result: Awaited<ReturnType<typeof handles.elements.submit>> | undefined;
    await act(async () => {
      result = await handles.elements.submit();
    });
    expect(result).toEqual({
      error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
    });
    expect(describedError(input("Card number"))).toBe("Error: Your card number is incomplete.");
    expect(input("Card number").getAttribute("aria-invalid")).toBe("true");
    expect(describedError(input("Expiry date (MM / YY)"))).toBe("Error: Your card's expiry date is incomplete.");
    expect(describedError(input("Security code"))).toBe("Error: Your card's security code is incomplete.");
    expect(describedError(input("First name"))).toBe("Error: Enter the first name.");
    expect(describedError(input("Last name"))).toBe("Error: Enter the last name.");
    expect(describedError(input("Address line 1"))).toBe("Error: Enter the first line of the address.");
    expect(describedError(input("Address line 2 (optional)"))).toBe("");
    expect(describedError(input("Town or city"))).toBe("Error: Enter the town or city.");
    expect(describedError(input("Postcode"))).toBe("Error: Enter the postcode.");
    expect(document.activeElement).toBe(input("Card number"));
    const live = document.querySelector(".kf-stripe-element--payment [aria-live]");
    expect(live?.textContent).toBe(
      "Your card number is incomplete. Your card's expiry date is incomplete. Your card's security code is incomplete.",
    );
  });

  it.each([
    ["Card number", "4242 4242 4242 4241", "invalid_number", "Your card number is invalid."],
    ["Expiry date (MM / YY)", "01 / 20", "invalid_expiry_year_past", "Your card's expiry year is in the past."],
    ["Expiry date (MM / YY)", "13 / 40", "invalid_expiry_month", "Your card's expiry month is invalid."],
    ["Security code", "12", "incomplete_cvc", "Your card's security code is incomplete."],
    ["Postcode", "NOT A POSTCODE", "invalid_zip", "Enter a real UK postcode."],
  ])("refuses %s %j with %s", async (label, value, code, message) => {
    const { handles } = await renderForm();
    await fillCardForm();
    fireEvent.change(input(label), { target: { value } });
    let result: Awaited<ReturnType<typeof handles.elements.submit>> | undefined;
    await act(async () => {
      result = await handles.elements.submit();
    });
    expect(result).toEqual({ error: { type: "validation_error", code, message } });
    expect(describedError(input(label))).toBe(`Error: ${message}`);
    expect(document.activeElement).toBe(input(label));
  });

  it("answers no error for a complete form and clears the errors it showed", async () => {
    const { handles } = await renderForm();
    await act(async () => {
      await handles.elements.submit();
    });
    await fillCardForm();
    let result: Awaited<ReturnType<typeof handles.elements.submit>> | undefined;
    await act(async () => {
      result = await handles.elements.submit();
    });
    expect(result?.error).toBeUndefined();
    expect(result).toEqual({ selectedPaymentMethod: "card" });
    expect(document.querySelectorAll(".field__error:not([hidden])")).toHaveLength(0);
    expect(input("Card number").hasAttribute("aria-invalid")).toBe(false);
  });

  it("shows a field's error when the tenant leaves it half-typed, and removes it once corrected", async () => {
    await renderForm();
    fireEvent.change(input("Card number"), { target: { value: "4242 42" } });
    fireEvent.blur(input("Card number"));
    expect(describedError(input("Card number"))).toBe("Error: Your card number is incomplete.");
    expect(document.querySelector(".kf-stripe-element--payment [aria-live]")?.textContent).toBe("Your card number is incomplete.");
    fireEvent.change(input("Card number"), { target: { value: "4242 4242 4242 4242" } });
    expect(describedError(input("Card number"))).toBe("");
    expect(document.querySelector(".kf-stripe-element--payment [aria-live]")?.textContent).toBe("");
  });
});

describe("element events reach react-stripe-js's callbacks", () => {
  it("sends change events with complete, empty and value as Stripe's do", async () => {
    const paymentChanges: StripePaymentElementChangeEvent[] = [];
    const addressChanges: StripeAddressElementChangeEvent[] = [];
    await renderForm({ onPaymentChange: (e) => paymentChanges.push(e), onAddressChange: (e) => addressChanges.push(e) });
    fireEvent.change(input("Card number"), { target: { value: "4242" } });
    expect(paymentChanges.at(-1)).toEqual({ elementType: "payment", empty: false, complete: false, collapsed: false, value: { type: "card" } });
    await fillCardForm({ line2: "Flat 2" });
    expect(paymentChanges.at(-1)).toMatchObject({ elementType: "payment", empty: false, complete: true, value: { type: "card" } });
    expect(addressChanges.at(-1)).toEqual({
      elementType: "address",
      elementMode: "billing",
      empty: false,
      complete: true,
      isNewAddress: true,
      value: {
        name: "Ada Lovelace",
        firstName: "Ada",
        lastName: "Lovelace",
        address: { line1: "10 Downing Street", line2: "Flat 2", city: "London", state: "", postal_code: "SW1A 2AA", country: "GB" },
      },
    });
    // The change event never carries card data.
    expect(JSON.stringify(paymentChanges)).not.toContain("4242");
  });

  it("calls onReady with the element, and onFocus, onBlur and onEscape as the tenant moves through", async () => {
    const onReady = vi.fn();
    const onFocus = vi.fn();
    const onBlur = vi.fn();
    const onEscape = vi.fn();
    const { handles } = await renderForm({ onReady, onFocus, onBlur, onEscape });
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(onReady).toHaveBeenCalledWith(handles.elements.getElement("payment"));
    act(() => input("Card number").focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
    act(() => input("Expiry date (MM / YY)").focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(onBlur).not.toHaveBeenCalled();
    fireEvent.keyDown(input("Expiry date (MM / YY)"), { key: "Escape" });
    expect(onEscape).toHaveBeenCalledTimes(1);
    act(() => input("Expiry date (MM / YY)").blur());
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it("focus() and clear() act on the inputs; clear() reports an empty element", async () => {
    const changes: StripePaymentElementChangeEvent[] = [];
    const { handles } = await renderForm({ onPaymentChange: (e) => changes.push(e) });
    const payment = handles.elements.getElement("payment")!;
    act(() => payment.focus());
    expect(document.activeElement).toBe(input("Card number"));
    await fillCardForm();
    act(() => payment.clear());
    expect(input("Card number").value).toBe("");
    expect(input("Security code").value).toBe("");
    expect(changes.at(-1)).toMatchObject({ empty: true, complete: false });
  });
});

describe("options, updates and clean-up through react-stripe-js", () => {
  it("applies a changed PaymentElement option (readOnly) to the mounted inputs, keeping what was typed", async () => {
    const view = await renderForm();
    fireEvent.change(input("Card number"), { target: { value: "4242424242424242" } });
    view.rerender(<CardForm paymentOptions={{ readOnly: true }} />);
    await waitFor(() => expect(input("Card number").readOnly).toBe(true));
    expect(input("Card number").value).toBe("4242 4242 4242 4242");
  });

  it("passes a changed amount to elements.update() without re-creating the elements", async () => {
    const view = await renderForm({ amount: 15000 });
    const update = vi.spyOn(view.handles.elements, "update");
    fireEvent.change(input("First name"), { target: { value: "Ada" } });
    view.rerender(<CardForm amount={20000} expose={() => undefined} />);
    await waitFor(() => expect(update).toHaveBeenCalledWith({ amount: 20000 }));
    expect(input("First name").value).toBe("Ada");
  });

  it("destroys the elements when the form unmounts: inputs gone, none left in the group", async () => {
    const paymentChanges = vi.fn();
    const view = await renderForm({ onPaymentChange: paymentChanges });
    const { elements } = view.handles;
    const payment = elements.getElement("payment")!;
    view.unmount();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.queryByLabelText("Postcode")).toBeNull();
    expect(elements.getElement("payment")).toBeNull();
    expect(elements.getElement("address", { mode: "billing" })).toBeNull();
    expect(() => payment.mount(document.body)).toThrow("This Element has already been destroyed");
    // The group can hold a new Payment Element again.
    const host = document.createElement("div");
    document.body.appendChild(host);
    const again = elements.create("payment", {});
    again.mount(host);
    expect(within(host).getByLabelText("Card number")).toBeTruthy();
    again.destroy();
    expect(host.childElementCount).toBe(0);
    host.remove();
    expect(paymentChanges).not.toHaveBeenCalled();
  });

  it("renders one set of inputs under React StrictMode's double effects", async () => {
    render(
      <StrictMode>
        <CardForm />
      </StrictMode>,
    );
    await screen.findByLabelText("Card number");
    await waitFor(() => expect(screen.getAllByLabelText("Postcode")).toHaveLength(1));
    expect(screen.getAllByLabelText("Card number")).toHaveLength(1);
  });

  it("refuses element types it does not render, and a second Payment Element in one group", async () => {
    const { handles } = await renderForm();
    expect(() => handles.elements.create("card")).toThrow(/only the Payment Element and the Address Element/);
    expect(() => handles.elements.create("payment", {})).toThrow("Can only create one Element of type payment.");
  });
});

describe("the expiry check follows the calendar", () => {
  it("accepts a card expiring this month and refuses one that expired last month", async () => {
    const { handles } = await renderForm();
    await fillCardForm();
    const now = new Date();
    const typed = (date: Date) =>
      `${String(date.getMonth() + 1).padStart(2, "0")} / ${String(date.getFullYear() % 100).padStart(2, "0")}`;
    fireEvent.change(input("Expiry date (MM / YY)"), { target: { value: typed(now) } });
    let result: Awaited<ReturnType<typeof handles.elements.submit>> | undefined;
    await act(async () => {
      result = await handles.elements.submit();
    });
    expect(result?.error).toBeUndefined();
    const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    fireEvent.change(input("Expiry date (MM / YY)"), { target: { value: typed(lastMonth) } });
    await act(async () => {
      result = await handles.elements.submit();
    });
    expect(result?.error?.message).toBe(
      lastMonth.getFullYear() < now.getFullYear() ? "Your card's expiry year is in the past." : "Your card's expiry date is in the past.",
    );
  });
});
