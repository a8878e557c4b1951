import type { components } from "~/lib/api/schema";
import { addressLine } from "~/lib/format";
import type { TaggedPdf } from "~/lib/pdf.server";
import { formatPounds, londonDayText } from "#common/wording";
import { PRODUCT } from "~/lib/product";
import { paymentWords } from "./keyfree-page-view";

type TenancyOrder = components["schemas"]["TenancyOrder"];
type KeyfreePayment = components["schemas"]["KeyfreePayment"];
type Receipt = components["schemas"]["PaymentReceipt"];

export type StatementView = {
  title: string;
  address: string;
  madeOn: string;
  rows: { date: string; label: string; paid: string; givenBack: string; total: string }[];
  totals: { paid: string; givenBack: string; net: string };
};

/**
 * A Keyfree's statement (issue 39, scope 3; decision 0064): every payment the tenant made on it —
 * fees, charges, proposals, the dispute fee, each payment plan instalment — oldest first, each with
 * the money given back for it and the running total kept, worded by the Keyfree page's own code
 * (paymentWords: the London day, the label, formatPounds), from the same API reads as the page.
 */
export function statementView(order: TenancyOrder, payments: KeyfreePayment[], now: Date): StatementView {
  let paid = 0;
  let givenBack = 0;
  const oldestFirst = [...payments].sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.id.localeCompare(b.id));
  const rows = oldestFirst.map((p) => {
    const words = paymentWords(p);
    paid += p.amount;
    givenBack += p.refundedAmount;
    return {
      date: words.date,
      label: words.refund ? `${words.label}. ${words.refund}` : words.label,
      paid: words.amount,
      givenBack: p.refundedAmount > 0 ? formatPounds(p.refundedAmount) : "",
      total: formatPounds(paid - givenBack),
    };
  });
  const address = order.tenancy.property.address;
  return {
    title: `${PRODUCT.name} statement: ${addressLine(address)}`,
    address: `${addressLine(address)}, ${address.postcode}`,
    madeOn: londonDayText(now),
    rows,
    totals: { paid: formatPounds(paid), givenBack: formatPounds(givenBack), net: formatPounds(paid - givenBack) },
  };
}

/** The statement's file name: the product and the start of the Keyfree's id. */
export function statementFileName(orderId: string): string {
  return `${PRODUCT.slug}-statement-${orderId.slice(0, 8)}.pdf`;
}

/** Draws the statement into a tagged PDF (app/lib/pdf.server.ts): headings, facts, one table tagged as a table. */
export function drawStatement(pdf: TaggedPdf, view: StatementView): void {
  pdf.heading(1, `${PRODUCT.name} statement`, {});
  pdf.paragraph(view.address);
  pdf.paragraph(`Made on ${view.madeOn}. Dates are UK dates.`, 0.8);
  pdf.heading(2, "Your payments", {});
  if (view.rows.length === 0) {
    pdf.paragraph(`You have not made any payments on this ${PRODUCT.name}.`);
  } else {
    pdf.table(
      ["Date", "Payment", "Paid", "Given back", "Total paid so far"],
      view.rows.map((r) => [r.date, { text: r.label, header: "row" }, r.paid, r.givenBack, r.total]),
      [80, "*", 62, 62, 74],
    );
  }
  pdf.heading(2, "Totals", {});
  pdf.table(
    ["Total", "Amount"],
    [
      [{ text: "Paid", header: "row" }, view.totals.paid],
      [{ text: "Given back to your card", header: "row" }, view.totals.givenBack],
      [{ text: "Paid, less what was given back", header: "row" }, view.totals.net],
    ],
    ["*", 120],
  );
}

/** A payment's receipt as a PDF (issue 39, scope 3): the text receipt's facts, in the same words, as a tagged table. */
export function drawReceipt(pdf: TaggedPdf, receipt: Receipt): void {
  const { date, label, amount, refund } = paymentWords(receipt);
  pdf.heading(1, `${PRODUCT.name} payment receipt`, {});
  pdf.paragraph(`Thank you. This is your receipt for a payment you made to ${PRODUCT.name}. Keep it for your records.`, 0.8);
  const facts: Array<[string, string]> = [
    ["Receipt number", receipt.id],
    ["Date paid", date],
    ["Amount paid", amount],
    ["Payment for", label],
    ...(refund ? [["Given back", refund] as [string, string]] : []),
    ["Paid by", `${receipt.payer.name} (${receipt.payer.email})`],
    ["Property", `${addressLine(receipt.keyfree.address)}, ${receipt.keyfree.address.postcode}`],
  ];
  pdf.table(["Detail", "Value"], facts.map(([term, value]) => [{ text: term, header: "row" }, value]), [140, "*"]);
}

/** The receipt's title (the window's), as the text receipt's. */
export function receiptTitle(receipt: Receipt): string {
  const { date, label, amount } = paymentWords(receipt);
  return `Receipt: ${label}, ${amount}, ${date} — ${PRODUCT.name}`;
}
