import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { keyfreePageView } = await import("../../app/routes/keyfrees/+lib/keyfree-page-view");
const { receiptDocument, receiptFileName } = await import("../../app/routes/keyfrees/+lib/receipt.server");
const page = await import("../../app/routes/keyfrees/keyfree");
const receiptRoute = await import("../../app/routes/resources/payment-receipt");
const dashboard = await import("../../app/routes/dashboard/dashboard");
const { address, fee, order } = await import("../helpers/keyfree-order");

type TenancyOrder = import("../../app/lib/api/schema").components["schemas"]["TenancyOrder"];
type KeyfreePayment = import("../../app/lib/api/schema").components["schemas"]["KeyfreePayment"];
type PaymentReceipt = import("../../app/lib/api/schema").components["schemas"]["PaymentReceipt"];

/**
 * A Keyfree's page (issue 27, scope 6): the view shaped in its loader, the checkout for a Keyfree
 * still at checkout, the receipt download, and the dashboard card's link.
 */
describe("the Keyfree page's view", () => {
  it("the facts, the fee paid and when, the documents, and each payment with its receipt's path and words", () => {
    const instalment: KeyfreePayment = { ...fee, id: "pay-i2", kind: "PAYMENT_PLAN_INSTALMENT", amount: 6_000, instalmentNumber: 2, paidAt: "2027-03-01T09:00:00.000Z" };
    const proposal: KeyfreePayment = { ...fee, id: "pay-p", kind: "CLAIM_PROPOSAL", amount: 5_000, refundedAmount: 5_000, refundPending: true };
    const view = keyfreePageView(order(), [instalment, proposal, fee]);
    expect(view).toMatchObject({
      address: "Flat 2, 12 High Street, Bristol",
      postcode: "BS1 4DJ",
      rent: "£1,300.00",
      termLabel: "Tenancy dates",
      term: "5th Jan 2026 to 4th Jan 2027",
      tenants: ["Ann Lee", "bo@example.test"],
      feePaid: "£300.00, paid on 2nd Jan 2026",
      documents: [{ id: "d1", name: "Signed terms and conditions", url: "/documents/d1" }],
      claim: null,
      contactHref: "/contact?topic=keyfree&orderId=o1&customerId=cu1",
      statementHref: "/keyfrees/o1/statement.pdf",
    });
    expect(view.payments).toEqual([
      {
        id: "pay-i2",
        date: "1st Mar 2027",
        label: "Payment plan instalment 2",
        amount: "£60.00",
        refund: null,
        receiptHref: "/keyfrees/o1/receipts/pay-i2",
        receiptPdfHref: "/keyfrees/o1/receipts/pay-i2/receipt.pdf",
        receiptName: "Payment plan instalment 2, £60.00, 1st Mar 2027",
      },
      expect.objectContaining({ label: "Payment made with your proposal on the charges", refund: "£50.00 is being given back to your card." }),
      expect.objectContaining({ label: "Keyfree fee", amount: "£300.00", receiptHref: "/keyfrees/o1/receipts/pay-fee" }),
    ]);
  });

  it("a tenant whose share of the fee is nothing is told another tenant pays it; an unpaid fee says so", () => {
    expect(keyfreePageView(order({ orderCustomer: { id: "oc1", customerId: "cu1", fee: 0, tenantLiability: 0 } }), []).feePaid).toBe(
      "Nothing: another tenant on this Keyfree pays the fee",
    );
    expect(keyfreePageView(order(), []).feePaid).toBe("Not paid yet");
  });

  it.each([
    ["a resolved claim: settled, the total, no link (its page would send the tenant back to the dashboard)", { id: "c1", status: "RESOLVED", finalAmount: 18_000, limit: 100_000, arbitration: null, totalChargesSettled: 18_000 }, "Settled. There is nothing more to pay on these charges.", "£180.00", null],
    ["a resolved claim after adjudication: the decision's page", { id: "c1", status: "RESOLVED", finalAmount: null, limit: 100_000, arbitration: { id: "a1", arbitratedAmount: 9_000 }, totalChargesSettled: 9_000 }, "Settled. There is nothing more to pay on these charges.", "£90.00", "/arbitrations/a1"],
    ["an adjudicated claim: the decision's page", { id: "c1", status: "ARBITRATED", finalAmount: null, limit: 100_000, arbitration: { id: "a1", arbitratedAmount: 9_000 }, totalChargesSettled: null }, "Decided by the adjudicator.", null, "/arbitrations/a1"],
    ["a claim in progress (either spelling): the claim page", { id: "c1", status: "AWAITINGRESPONDENTS", finalAmount: null, limit: 100_000, arbitration: null, totalChargesSettled: null }, "In progress: the charges are being answered.", null, "/claims/c1"],
    ["a claim with the adjudicator: the weeks from the shared figure", { id: "c1", status: "AWAITING_ARBITRATION", finalAmount: null, limit: 100_000, arbitration: { id: "a1", arbitratedAmount: null }, totalChargesSettled: null }, "With the adjudicator, who decides within 6 weeks.", null, "/claims/c1"],
    ["a withdrawn claim: closed, no link", { id: "c1", status: "DEACTIVATED", finalAmount: null, limit: 100_000, arbitration: null, totalChargesSettled: null }, "Closed: the charges were withdrawn.", null, null],
  ] as const)("%s", (_case, claim, outcome, settled, href) => {
    const view = keyfreePageView(order({ claim: claim as TenancyOrder["claim"] }), []);
    expect(view.claim).toMatchObject({ outcome, totalChargesSettled: settled });
    expect(view.claim!.link?.href ?? null).toBe(href);
  });
});

function contextWith(answers: Record<string, unknown>) {
  const context = new RouterContextProvider();
  const calls: string[] = [];
  context.set(apiContext, {
    GET: async (path: string) => {
      calls.push(path);
      return answers[path];
    },
  } as never);
  return { context, calls };
}

describe("the Keyfree page's loader", () => {
  it("reads the order and its payments side by side, and shapes the view", async () => {
    const { context, calls } = contextWith({ "/tenancy-orders/{id}": order(), "/tenancy-orders/{id}/payments": { orderId: "o1", payments: [fee] } });
    const data = (await page.loader({ params: { orderId: "o1" }, context } as never)) as { view: { feePaid: string } };
    expect(calls.sort()).toEqual(["/tenancy-orders/{id}", "/tenancy-orders/{id}/payments"]);
    expect(data.view.feePaid).toBe("£300.00, paid on 2nd Jan 2026");
  });

  it("a Keyfree still at checkout goes to its checkout (pending Keyfrees keep their checkout)", async () => {
    const { context } = contextWith({
      "/tenancy-orders/{id}": order({ status: "IN_PROGRESS", statusId: "PENDING" }),
      "/tenancy-orders/{id}/payments": { orderId: "o1", payments: [] },
    });
    const thrown = await page.loader({ params: { orderId: "o1" }, context } as never).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/checkout/o1/cu1");
  });
});

const receipt: PaymentReceipt = {
  ...fee,
  keyfree: { orderId: "o1", customerId: "cu1", address },
  payer: { name: "Ann <b>Lee</b>", email: "ann@example.test" },
};

describe("a payment's receipt", () => {
  async function download(answer: { data?: PaymentReceipt; status: number }, orderId = "o1") {
    const context = new RouterContextProvider();
    context.set(apiContext, {
      raw: { GET: async () => ({ data: answer.data, response: new Response(null, { status: answer.status }) }) },
    } as never);
    const request = new Request(`http://localhost/keyfrees/${orderId}/receipts/pay-fee`);
    let passedOn = false;
    const next = async () => {
      passedOn = true;
      return new Response("not found page", { status: 404 });
    };
    const response = (await receiptRoute.middleware[0]!(
      { request, url: new URL(request.url), params: { orderId, paymentId: "pay-fee" }, context } as never,
      next as never,
    )) as Response;
    return { response, passedOn };
  }

  it("downloads as a plain HTML file: a language, a title, one heading, the facts in a description list", async () => {
    const { response, passedOn } = await download({ data: receipt, status: 200 });
    expect(passedOn).toBe(false);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="keyfree-receipt-2026-01-02-pay-fee.html"');
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB">/);
    expect(html).toContain("<title>Receipt: Keyfree fee, £300.00, 2nd Jan 2026 — Keyfree</title>");
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain("<dt>Amount paid</dt><dd>£300.00</dd>");
    expect(html).toContain("<dt>Property</dt><dd>Flat 2, 12 High Street, Bristol, BS1 4DJ</dd>");
    // What the tenant typed is text, never markup.
    expect(html).toContain("Ann &lt;b&gt;Lee&lt;/b&gt;");
    expect(html).not.toContain("<script");
  });

  it("is the not-found page for a payment the API does not give this tenant, or one of another Keyfree than the path's", async () => {
    expect((await download({ status: 404 })).passedOn).toBe(true);
    expect((await download({ data: receipt, status: 200 }, "o2")).passedOn).toBe(true);
  });

  it("names the file safely", () => {
    expect(receiptFileName({ id: 'a"b/c\\d-e', paidAt: "2026-01-02T12:00:00.000Z" })).toBe("keyfree-receipt-2026-01-02-a-b-c-d-.html");
    expect(receiptDocument(receipt)).toContain("Keyfree payment receipt");
  });
});

describe("the dashboard card's link (issue 27)", () => {
  it("an Active or Expired Keyfree links to its page, one at checkout to its checkout (and Continue always there)", async () => {
    const active = order();
    const expired = order({ id: "o2", status: "EXPIRED", accountStatus: "EXPIRED" });
    const pending = order({ id: "o3", status: "IN_PROGRESS", statusId: "PENDING", hasOutstandingActions: true });
    const dash = (orders: TenancyOrder[], filter: string) => {
      const { context } = contextWith({
        "/dashboard": {
          tenancyOrders: orders,
          hasOutstandingActions: false,
          outstandingActionCount: 0,
          defaultAccountStatus: filter,
          pendingAnnualFee: null,
          claimToAnswer: null,
          paymentPlanToShow: null,
          arbitrationToPay: null,
          mustAddPaymentMethod: false,
        },
      });
      return dashboard.loader({ url: new URL(`http://localhost/?status=${filter.toLowerCase()}`), context } as never) as unknown as Promise<{
        data: { keyfrees: Array<{ orderId: string; href: string; continueHref: string }> };
      }>;
    };
    const activeCards = (await dash([active, pending], "ACTIVE")).data.keyfrees;
    expect(activeCards.map((k) => [k.orderId, k.href, k.continueHref])).toEqual([
      ["o1", "/keyfrees/o1", "/checkout/o1/cu1"],
      ["o3", "/checkout/o3/cu1", "/checkout/o3/cu1"],
    ]);
    expect((await dash([expired], "EXPIRED")).data.keyfrees[0]!.href).toBe("/keyfrees/o2");
  });
});
