import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { headerScopes, pdfText } from "../helpers/pdf";
import { expectTaggedPdf } from "../helpers/pdf-expect";

const cacheDir = mkdtempSync(path.join(tmpdir(), "record-pdf-"));
vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false, pdfCacheDir: cacheDir },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { claimRecordView } = await import("../../app/routes/claims/+lib/claim-record");
const recordPdfRoute = await import("../../app/routes/claims/record-pdf");
const sharedPdfRoute = await import("../../app/routes/claims/shared-record-pdf");

type ClaimRecord = import("../../app/lib/api/schema").components["schemas"]["ClaimRecord"];

/**
 * The claim record (issue 39): its view (what the page shows) and its PDF (the same view, drawn),
 * read back — the tags, the header cells' scope, the language, the title, the fonts — and every
 * amount the page shows is in the PDF, no more and no fewer; the PDF is made once per version.
 */
const you = { party: "TENANT" as const, name: "Rosa Díaz", isYou: true };
const sam = { party: "TENANT" as const, name: "Sam Okafor", isYou: false };
const landlord = { party: "LANDLORD" as const, name: "Harbour Lettings", isYou: false };
const file = (n: number, claimItemId: string | null, side: "LANDLORD" | "TENANT", givenBy = side === "LANDLORD" ? landlord : you) => ({
  claimItemId,
  side,
  givenBy,
  name: `photo-${n}.jpg`,
  size: 1_250_000 + n,
  uploadedAt: `2026-10-0${n}T09:00:00.000Z`,
  sha256: String(n).repeat(64).slice(0, 64),
  documentId: `d${n}`,
});

export const record: ClaimRecord = {
  claimId: "c1-0000-claim",
  version: "v1",
  asAt: "2026-11-20T15:30:00.000Z",
  status: "RESOLVED",
  settled: true,
  organisationName: "Harbour Lettings",
  address: { buildingNumber: "12", street: "High Street", town: "Bristol", postcode: "BS1 4DJ", country: "GB" } as ClaimRecord["address"],
  tenancy: { startDate: "2025-09-01", endDate: "2026-08-31" },
  tenants: [
    { name: "Rosa Díaz", isYou: true },
    { name: "Sam Okafor", isYou: false },
  ],
  limit: 260_000,
  items: [
    { id: "i1", description: "Redecoration", type: "REDECORATION", chargedAmount: 50_000 },
    { id: "i2", description: "Oven clean", type: "CLEANING", chargedAmount: 9_000 },
  ],
  raisedAt: "2026-09-10T10:00:00.000Z",
  evidence: [file(1, "i1", "LANDLORD"), file(2, "i1", "TENANT"), file(3, "i2", "TENANT", sam), file(4, null, "TENANT")],
  proposals: [
    { id: "p1", kind: "CHARGES", by: landlord, publishedAt: "2026-09-10T10:00:00.000Z", total: 59_000, items: [{ claimItemId: "i1", amount: 50_000, explanation: null }, { claimItemId: "i2", amount: 9_000, explanation: null }] },
    { id: "p2", kind: "TENANT_PROPOSAL", by: you, publishedAt: "2026-09-12T10:00:00.000Z", total: 21_500, items: [{ claimItemId: "i1", amount: 20_000, explanation: "Fair wear after 12 months" }, { claimItemId: "i2", amount: 1_500, explanation: null }] },
    { id: "p3", kind: "FINAL_PROPOSAL", by: landlord, publishedAt: "2026-09-20T10:00:00.000Z", total: 42_750, items: [{ claimItemId: "i1", amount: 37_250, explanation: "Two coats needed" }, { claimItemId: "i2", amount: 5_500, explanation: null }] },
  ],
  answers: [
    { at: "2026-09-19T10:00:00.000Z", kind: "PROPOSAL_REFUSED", by: landlord, amount: 21_500 },
    { at: "2026-09-25T10:00:00.000Z", kind: "DISPUTED", by: you, amount: null },
    { at: "2026-09-26T10:00:00.000Z", kind: "SENT_TO_ADJUDICATION", by: { party: "DEADLINE", name: null, isYou: false }, amount: null },
    { at: "2026-10-20T10:00:00.000Z", kind: "DECIDED", by: { party: "ADJUDICATOR", name: null, isYou: false }, amount: null },
    { at: "2026-11-20T15:30:00.000Z", kind: "RESOLVED", by: { party: "DEADLINE", name: null, isYou: false }, amount: null },
  ],
  dispute: { disputedAt: "2026-09-25T10:00:00.000Z", by: you, fee: 6_000, feePaidAt: "2026-09-26T09:00:00.000Z", feePaidBy: you },
  decision: {
    decidedAt: "2026-10-20T10:00:00.000Z",
    awarded: 30_125,
    reasons: [
      { claimItemId: "i1", description: "Redecoration", askedAmount: 37_250, awardedAmount: 28_875, reason: "Marks beyond fair wear and tear." },
      { claimItemId: "i2", description: "Oven clean", askedAmount: 5_500, awardedAmount: 1_250, reason: "Only the racks were dirty." },
    ],
    documents: [{ name: "decision.pdf", size: 88_000, uploadedAt: "2026-10-20T10:05:00.000Z", sha256: "e".repeat(64), documentId: "d9" }],
  },
  payments: [
    { receiptNumber: "r-fee", kind: "ARBITRATION_FEE", instalmentNumber: null, amount: 6_000, paidAt: "2026-09-26T09:00:00.000Z", refundedAmount: 0, refundPending: false },
    { receiptNumber: "r-prop", kind: "CLAIM_PROPOSAL", instalmentNumber: null, amount: 10_750, paidAt: "2026-09-12T10:00:00.000Z", refundedAmount: 10_750, refundPending: false },
    { receiptNumber: "r-i1", kind: "PAYMENT_PLAN_INSTALMENT", instalmentNumber: 1, amount: 7_531, paidAt: "2026-11-01T09:00:00.000Z", refundedAmount: 0, refundPending: false },
  ],
  breathingSpaces: [{ startDate: "2026-09-01", endsOn: "2026-10-31", endedAt: "2026-10-31T23:00:00.000Z" }],
  moreTime: [
    { askedAt: "2026-09-11T10:00:00.000Z", by: you, daysRequested: 14, status: "GRANTED", daysGranted: 14, deadlineBefore: "2026-09-17T22:59:59.000Z", deadlineAfter: "2026-10-01T22:59:59.000Z", answeredAt: "2026-09-11T12:00:00.000Z" },
  ],
};

const POUNDS = /£[\d,]+\.\d\d/g;

/** Every amount a view shows, as the page renders it (its paragraphs, facts and table cells). */
function viewAmounts(view: ReturnType<typeof claimRecordView>): string[] {
  const texts = [
    ...view.facts.map(([, v]) => v),
    ...view.sections.flatMap((s) => [...s.paragraphs, ...s.tables.flatMap((t) => t.rows.flat().map((c) => (typeof c === "string" ? c : c.text)))]),
  ];
  return texts.flatMap((t) => t.match(POUNDS) ?? []).sort();
}

let posted: unknown[] = [];
async function pdfOf(route: typeof recordPdfRoute | typeof sharedPdfRoute, request: Request) {
  const context = new RouterContextProvider();
  context.set(apiContext, {
    GET: async () => record,
    raw: {
      POST: async (_path: string, init: { body: unknown }) => {
        posted.push(init.body);
        return { data: { adviserName: "Citizens Advice", expiresAt: "2026-12-20T10:00:00.000Z", record: { ...record, evidence: record.evidence.map((f) => ({ ...f, documentId: null })) } }, response: new Response(null, { status: 200 }) };
      },
    },
  } as never);
  return (await route.loader({ request, params: { claimId: "c1-0000-claim" }, context } as never)) as Response;
}

describe("the claim record", async () => {
  const response = await pdfOf(recordPdfRoute, new Request("http://localhost/claims/c1-0000-claim/record.pdf"));
  const pdf = Buffer.from(await response.arrayBuffer());
  const text = pdfText(pdf);
  const view = claimRecordView(record);

  it("is a streamed PDF download", () => {
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="keyfree-claim-record-c1-0000-.pdf"');
    expect(Number(response.headers.get("content-length"))).toBe(pdf.length);
  });

  it("is tagged: headings, paragraphs, tables with their header cells' scope; the language, the title, embedded fonts, bookmarks", () => {
    expectTaggedPdf(pdf, "Claim record: 12 High Street, Bristol", ["H1", "H2", "H3", "P", "Table", "TR", "TH", "TD"]);
    const columns = view.sections.flatMap((s) => s.tables).reduce((n, t) => n + t.headers.length, 2);
    const rowHeaders = view.facts.length + view.sections.flatMap((s) => s.tables.flatMap((t) => t.rows.flat())).filter((c) => typeof c !== "string" && "header" in c).length;
    const scopes = headerScopes(pdf);
    expect(scopes.filter((s) => s === "Column").length).toBe(columns);
    expect(scopes.filter((s) => s === "Row").length).toBe(rowHeaders);
  });

  it("has the sections in the issue's order, and every amount the page shows — no more, no fewer", () => {
    const headings = ["The charges", "The evidence", "Proposals and answers", "The landlord's final proposal", "The dispute", "The adjudicator's decision", "Payments and money given back", "Breathing Space and more time"];
    expect(view.sections.map((s) => s.heading)).toEqual(headings);
    let from = 0;
    for (const h of headings) {
      const at = text.indexOf(h, from);
      expect(at, h).toBeGreaterThanOrEqual(from);
      from = at;
    }
    const onPage = viewAmounts(view);
    expect(onPage).toEqual(expect.arrayContaining(["£590.00", "£215.00", "£427.50", "£60.00", "£301.25", "£288.75", "£12.50", "£75.31", "£107.50", "£2,600.00"]));
    expect((text.match(POUNDS) ?? []).sort()).toEqual(onPage);
  });

  it("lists each file with who gave it, its size, when, and its SHA-256; the reasons; receipt numbers; London dates", () => {
    // A SHA-256 wraps in its cell: read without the line breaks.
    expect(text.replace(/\s+/g, "")).toContain("1".repeat(64));
    for (const words of ["photo-1.jpg", "Harbour Lettings (landlord or agent)", "You (Rosa Díaz)", "Sam Okafor", "1.2 MB", "Marks beyond fair wear and tear.", "r-fee", "r-i1", "Payment plan instalment 1", "Given: 14 days", "1st Sep 2026"]) {
      expect(text.replace(/\s+/g, " "), words).toContain(words);
    }
    // 10:00 UTC in September is 11:00 in London; payments oldest first.
    expect(text).toContain("10 Sept 2026, 11:00");
    expect(text.indexOf("r-prop")).toBeLessThan(text.indexOf("r-fee"));
    expect(text.indexOf("r-fee")).toBeLessThan(text.indexOf("r-i1"));
  });

  it("is made once per version: a second download streams the kept file", async () => {
    const kept = readdirSync(cacheDir).filter((n) => n.endsWith(".pdf"));
    expect(kept).toHaveLength(1);
    const again = await pdfOf(recordPdfRoute, new Request("http://localhost/claims/c1-0000-claim/record.pdf"));
    expect(Buffer.from(await again.arrayBuffer()).equals(pdf)).toBe(true);
    expect(readdirSync(cacheDir).filter((n) => n.endsWith(".pdf"))).toEqual(kept);
  });

  it("links the tenant's own files on the page, and none on a shared record", () => {
    const own = claimRecordView(record, { documentHref: (id) => `/documents/${id}` });
    const cells = (v: typeof own) => v.sections.flatMap((s) => s.tables.flatMap((t) => t.rows.flat()));
    expect(cells(own).filter((c) => typeof c !== "string" && "href" in c)).toHaveLength(5);
    expect(cells(view).filter((c) => typeof c !== "string" && "href" in c)).toHaveLength(0);
  });

  it("a shared record's PDF is opened with the link's token, logged as a PDF view", async () => {
    posted = [];
    const shared = await pdfOf(sharedPdfRoute, new Request("http://localhost/shared-record.pdf?token=abc123"));
    expect(shared.headers.get("content-type")).toBe("application/pdf");
    expect(posted).toEqual([{ token: "abc123", format: "PDF" }]);
  });
});
