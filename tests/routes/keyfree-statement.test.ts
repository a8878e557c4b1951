import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { headerScopes, pdfText } from "../helpers/pdf";
import { expectTaggedPdf } from "../helpers/pdf-expect";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { keyfreePageView } = await import("../../app/routes/keyfrees/+lib/keyfree-page-view");
const { statementView } = await import("../../app/routes/keyfrees/+lib/statement.server");
const statementRoute = await import("../../app/routes/keyfrees/statement-pdf");
const receiptPdfRoute = await import("../../app/routes/keyfrees/receipt-pdf");
const { address, fee, order: baseOrder } = await import("../helpers/keyfree-order");

type KeyfreePayment = import("../../app/lib/api/schema").components["schemas"]["KeyfreePayment"];
type PaymentReceipt = import("../../app/lib/api/schema").components["schemas"]["PaymentReceipt"];

/**
 * A Keyfree's statement and each receipt as tagged PDFs (issue 39, scope 3 and 4; decision 0064),
 * read back: the tags (a table with its header cells' scope), the language, the title, the fonts
 * with their ToUnicode maps, and every amount the Keyfree page shows, in the same words.
 */
const order = baseOrder({ status: "EXPIRED", statusLine: "This Keyfree is closed" });

// Newest first, as the API answers; one paid just after midnight in London in summer (its London day is the 1st of June).
const payments: KeyfreePayment[] = [
  { ...fee, id: "pay-i2", kind: "PAYMENT_PLAN_INSTALMENT", amount: 6_000, instalmentNumber: 2, paidAt: "2027-03-01T09:00:00.000Z" },
  { ...fee, id: "pay-i1", kind: "PAYMENT_PLAN_INSTALMENT", amount: 6_050, instalmentNumber: 1, paidAt: "2027-02-01T09:00:00.000Z" },
  { ...fee, id: "pay-p", kind: "CLAIM_PROPOSAL", amount: 5_000, paidAt: "2026-05-31T23:30:00.000Z", refundedAmount: 5_000, refundPending: true },
  fee,
];

async function answer(route: typeof statementRoute | typeof receiptPdfRoute, params: Record<string, string>, answers: Record<string, { data?: unknown; status: number }>) {
  const context = new RouterContextProvider();
  context.set(apiContext, {
    raw: {
      GET: async (path: string) => {
        const a = answers[path] ?? { status: 404 };
        return { data: a.data, response: new Response(null, { status: a.status }) };
      },
    },
  } as never);
  const request = new Request("http://localhost/keyfrees/o1/statement.pdf");
  let passedOn = false;
  const next = async () => {
    passedOn = true;
    return new Response("not found page", { status: 404 });
  };
  const response = (await route.middleware[0]!({ request, url: new URL(request.url), params, context } as never, next as never)) as Response;
  return { response, passedOn };
}

const statementAnswers = {
  "/tenancy-orders/{id}": { data: order, status: 200 },
  "/tenancy-orders/{id}/payments": { data: { orderId: "o1", payments }, status: 200 },
};

describe("the Keyfree's statement (PDF)", async () => {
  const { response, passedOn } = await answer(statementRoute, { orderId: "o1" }, statementAnswers);
  const pdf = Buffer.from(await response.arrayBuffer());
  const text = pdfText(pdf);

  it("is a streamed PDF download", () => {
    expect(passedOn).toBe(false);
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="keyfree-statement-o1.pdf"');
  });

  it("is tagged: a table of TR, TH and TD, its header cells with their scope; the language, the title, the fonts, bookmarks", () => {
    expectTaggedPdf(pdf, "Keyfree statement: Flat 2, 12 High Street, Bristol", ["H1", "H2", "P", "Table", "TR", "TH", "TD"]);
    const scopes = headerScopes(pdf);
    expect(scopes.filter((s) => s === "Column").length).toBe(5 + 2);
    expect(scopes.filter((s) => s === "Row").length).toBe(payments.length + 3);
  });

  it("holds every amount of the Keyfree page, in its words, oldest first, with running totals", () => {
    const page = keyfreePageView(order, payments);
    let from = 0;
    // Each row reads: its date, what it paid for (and any money given back), the amount.
    for (const p of [...page.payments].reverse()) {
      for (const words of [p.date, p.label, p.refund, p.amount]) {
        if (words === null) continue;
        const at = text.indexOf(words, from);
        expect(at, words).toBeGreaterThanOrEqual(from);
        from = at + words.length;
      }
    }
    expect(page.payments.map((p) => p.date)).toContain("1st Jun 2026");
    // Running totals: 300.00, 350.00 − 50.00 given back, + 60.50, + 60.00.
    const view = statementView(order, payments, new Date("2027-03-02T12:00:00Z"));
    expect(view.rows.map((r) => r.total)).toEqual(["£300.00", "£300.00", "£360.50", "£420.50"]);
    expect(view.totals).toEqual({ paid: "£470.50", givenBack: "£50.00", net: "£420.50" });
    for (const total of ["£360.50", "£420.50", "£470.50"]) expect(text).toContain(total);
  });

  it("is the not-found page for a Keyfree the API does not give this tenant, or one still at checkout", async () => {
    expect((await answer(statementRoute, { orderId: "o2" }, {})).passedOn).toBe(true);
    const atCheckout = { ...statementAnswers, "/tenancy-orders/{id}": { data: { ...order, status: "IN_PROGRESS" }, status: 200 } };
    expect((await answer(statementRoute, { orderId: "o1" }, atCheckout)).passedOn).toBe(true);
  });
});

describe("a receipt's PDF twin", async () => {
  const receipt: PaymentReceipt = { ...payments[2]!, keyfree: { orderId: "o1", customerId: "cu1", address }, payer: { name: "Ann Lee", email: "ann@example.test" } };
  const path = "/payments/{paymentId}/receipt";
  const { response } = await answer(receiptPdfRoute, { orderId: "o1", paymentId: "pay-p" }, { [path]: { data: receipt, status: 200 } });
  const pdf = Buffer.from(await response.arrayBuffer());

  it("is a tagged PDF with the text receipt's facts, in its words", () => {
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="keyfree-receipt-2026-05-31-pay-p.pdf"');
    expectTaggedPdf(pdf, "Receipt: Payment made with your proposal on the charges, £50.00, 1st Jun 2026 — Keyfree", ["H1", "P", "Table", "TR", "TH", "TD"]);
    const text = pdfText(pdf);
    for (const words of ["Keyfree payment receipt", "Receipt number", "pay-p", "1st Jun 2026", "£50.00", "£50.00 is being given back to your card.", "Ann Lee (ann@example.test)", "Flat 2, 12 High Street, Bristol, BS1 4DJ"]) {
      expect(text, words).toContain(words);
    }
  });

  it("is the not-found page for another tenant's payment, or one of another Keyfree than the path's", async () => {
    expect((await answer(receiptPdfRoute, { orderId: "o1", paymentId: "pay-p" }, {})).passedOn).toBe(true);
    expect((await answer(receiptPdfRoute, { orderId: "o2", paymentId: "pay-p" }, { [path]: { data: receipt, status: 200 } })).passedOn).toBe(true);
  });
});
