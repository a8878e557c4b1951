// @vitest-environment jsdom
/**
 * Sign and Pay while co-tenants have steps to finish (part 1 §2.3: "the user will be notified by
 * email and SMS"): "by email and SMS" only while notices go to the tenant by text message too, "by
 * email" when text messages are off at How we contact you (issue 38).
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { checkoutContext } = await import("../../app/routes/checkout/+lib/checkout.server");
const sign = await import("../../app/routes/checkout/sign");
const pay = await import("../../app/routes/checkout/pay");

afterEach(cleanup);

/** A checkout waiting on a co-tenant at `typeId`, and the tenant's notice settings. */
function contextFor(typeId: "KEYFREE_SIGN" | "KEYFREE_PAY", textMessagesSent: boolean) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  context.set(apiContext, {
    GET: async (path: string) => {
      calls.push(path);
      return { email: "ann@example.test", mobileNumber: "07700900111", smsNotices: textMessagesSent, textMessagesSent, lastTextMessageUndelivered: false };
    },
  } as never);
  const oc = {
    order: { id: "ord_1", fees: { keyfree: 15000, minimumKeyfree: 15000 } },
    customer: { id: "cus_1" },
    terms: { maximumPolicyCover: 500000, termsLink: null },
    nextAction: { typeId, actionable: false },
    actions: [{ typeId, details: {} }],
    fee: 15000,
    // The co-tenants' panel (issue 38) shows whoever the order names: here, none.
    coTenants: [],
  };
  context.set(checkoutContext, { oc, user: {}, subRoute: typeId === "KEYFREE_PAY" ? "pay" : "sign", changing: false } as never);
  return { context, calls };
}

async function shown(page: { default: unknown }, loaderData: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: page.default as never, loader: () => loaderData, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/"]} />);
  return (await screen.findByText(/We will let you know/)).textContent!.replace(/\s+/g, " ");
}

describe.each([
  ["Agree to Terms", sign, "KEYFREE_SIGN", "when you can agree to the terms."],
  ["Payment", pay, "KEYFREE_PAY", "when you can pay."],
] as const)("%s, waiting for other tenants", (_page, page, typeId, when) => {
  it.each([
    [true, "by email and SMS"],
    [false, "by email"],
  ])("text messages going to the tenant %s: 'We will let you know %s'", async (textMessagesSent, by) => {
    const { context, calls } = contextFor(typeId, textMessagesSent);
    const data = await page.loader({ context, request: new Request("http://localhost/checkout/ord_1/cus_1/x"), params: {} } as never);
    expect(calls).toEqual(["/me/notice-settings"]);
    expect(await shown(page, data)).toContain(`We will let you know ${by} ${when}`);
  });
});
