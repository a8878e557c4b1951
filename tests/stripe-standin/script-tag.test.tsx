// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { standInConstructor, standInSource } from "./harness";

/** Runs the stand-in as the browser runs a `<script src>`: with document.currentScript set. */
function runAsScript(src: string | null) {
  const script = document.createElement("script");
  if (src) script.src = src;
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  try {
    new Function(standInSource())();
  } finally {
    Reflect.deleteProperty(document, "currentScript");
  }
}

afterEach(() => {
  Reflect.deleteProperty(window, "Stripe");
});

describe("loading the stand-in with <script src>", () => {
  it("talks to the sandbox in the folder it was served from", () => {
    runAsScript("http://localhost:3000/stripe-sandbox/stripe.js");
    expect((standInConstructor() as unknown as { apiBase: string }).apiBase).toBe("/stripe-sandbox");
    Reflect.deleteProperty(window, "Stripe");
    runAsScript("http://localhost:3000/tenant/stripe-sandbox/stripe.js?v=2");
    expect((standInConstructor() as unknown as { apiBase: string }).apiBase).toBe("/tenant/stripe-sandbox");
  });

  it("leaves an existing window.Stripe (Stripe's own Stripe.js) in place", () => {
    const stripeJs = Object.assign(() => ({}), { version: "endive" });
    (window as unknown as { Stripe: unknown }).Stripe = stripeJs;
    runAsScript("http://localhost:3000/stripe-sandbox/stripe.js");
    expect(window.Stripe).toBe(stripeJs);
  });
});
