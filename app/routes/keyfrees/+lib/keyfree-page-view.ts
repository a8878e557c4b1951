import { ADJUDICATION_MAX_WEEKS } from "#common/dispute-fee";
import type { components } from "~/lib/api/schema";
import { contactPath } from "~/lib/contact";
import { addressLine } from "~/lib/format";
import { formatDate, formatPounds, londonDayText } from "#common/wording";
import { PRODUCT } from "~/lib/product";
import { paymentLabel } from "#common/payments";
import { refundNote } from "./payment-labels";

type TenancyOrder = components["schemas"]["TenancyOrder"];
type KeyfreePayment = components["schemas"]["KeyfreePayment"];

export type KeyfreePageView = {
  address: string;
  postcode: string;
  statusLine: string;
  rent: string;
  termLabel: string;
  term: string;
  tenants: string[];
  /** 'Fee paid': the amount and the day, or why there is none. */
  feePaid: string;
  documents: { id: string; name: string; url: string }[];
  claim: {
    outcome: string;
    totalChargesSettled: string | null;
    /** Where the charges can be seen now: the claim page while it is in progress, the adjudication once decided. */
    link: { href: string; label: string } | null;
    /** The claim's record (issue 39): its whole history, settled or not. */
    recordHref: string;
  } | null;
  payments: {
    id: string;
    date: string;
    label: string;
    amount: string;
    refund: string | null;
    receiptHref: string;
    receiptPdfHref: string;
    /** The receipt link's words for a screen reader, naming which payment. */
    receiptName: string;
  }[];
  contactHref: string;
  statementHref: string;
};

/** The path of a Keyfree's page (issue 27, scope 6), of one of its payments' receipt, its PDF twin, and the statement (issue 39). */
export const keyfreePaths = {
  page: (orderId: string) => `/keyfrees/${encodeURIComponent(orderId)}`,
  receipt: (orderId: string, paymentId: string) =>
    `/keyfrees/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(paymentId)}`,
  receiptPdf: (orderId: string, paymentId: string) =>
    `/keyfrees/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(paymentId)}/receipt.pdf`,
  statement: (orderId: string) => `/keyfrees/${encodeURIComponent(orderId)}/statement.pdf`,
};

/**
 * One payment as the Keyfree page, its statement and its receipts word it (issue 39: the same
 * figures from the same code): its London day, what it paid for, the amount, and any money given back.
 */
export function paymentWords(p: Pick<KeyfreePayment, "kind" | "instalmentNumber" | "amount" | "paidAt" | "refundedAmount" | "refundPending">) {
  return { date: londonDayText(p.paidAt), label: paymentLabel(p), amount: formatPounds(p.amount), refund: refundNote(p) };
}

/** The claim's outcome in words, by its status (part 1 §4.1's statuses, either spelling). */
function claimOutcome(claim: NonNullable<TenancyOrder["claim"]>): { outcome: string; link: { href: string; label: string } | null } {
  const status = claim.status.replace(/_/g, "");
  const claimLink = { href: `/claims/${encodeURIComponent(claim.id)}`, label: "See your end of tenancy charges" };
  switch (status) {
    case "RESOLVED":
      return {
        outcome: "Settled. There is nothing more to pay on these charges.",
        link: claim.arbitration ? { href: `/arbitrations/${encodeURIComponent(claim.arbitration.id)}`, label: "See the adjudicator's decision" } : null,
      };
    case "DECLINED":
      return { outcome: "Closed: the charges were declined.", link: null };
    case "DEACTIVATED":
      return { outcome: "Closed: the charges were withdrawn.", link: null };
    case "ARBITRATED":
      return {
        outcome: "Decided by the adjudicator.",
        link: claim.arbitration ? { href: `/arbitrations/${encodeURIComponent(claim.arbitration.id)}`, label: "See the adjudicator's decision" } : claimLink,
      };
    case "AWAITINGARBITRATION":
      return { outcome: `With the adjudicator, who decides within ${ADJUDICATION_MAX_WEEKS} weeks.`, link: claimLink };
    case "AWAITINGARBITRATIONADMINFEE":
      return { outcome: "Disputed: the dispute fee is waiting to be paid.", link: claimLink };
    default:
      return { outcome: "In progress: the charges are being answered.", link: claimLink };
  }
}

/** The Keyfree page (issue 27, scope 6) from the order and its payments, every string ready to show. */
export function keyfreePageView(order: TenancyOrder, payments: KeyfreePayment[]): KeyfreePageView {
  const fee = payments.find((p) => p.kind === "KEYFREE");
  const feePaid = fee
    ? `${formatPounds(fee.amount)}, paid on ${londonDayText(fee.paidAt)}`
    : order.orderCustomer.fee === 0
      ? `Nothing: another tenant on this ${PRODUCT.name} pays the fee`
      : "Not paid yet";
  const claim = order.claim
    ? {
        ...claimOutcome(order.claim),
        recordHref: `/claims/${encodeURIComponent(order.claim.id)}/record`,
        totalChargesSettled: order.claim.totalChargesSettled != null ? formatPounds(order.claim.totalChargesSettled) : null,
      }
    : null;
  return {
    address: addressLine(order.tenancy.property.address),
    postcode: order.tenancy.property.address.postcode,
    statusLine: order.statusLine,
    rent: formatPounds(order.tenancy.PPM),
    termLabel: order.tenancy.isNewTenancy ? "Tenancy dates" : `${PRODUCT.name} term`,
    term: `${formatDate(order.tenancy.startDate)}${order.tenancy.endDate ? ` to ${formatDate(order.tenancy.endDate)}` : ""}`,
    tenants: order.tenants.map((t) => t.displayName),
    feePaid,
    documents: order.documents.map((d) => ({ id: d.id, name: d.name, url: d.url })),
    claim,
    payments: payments.map((p) => {
      const { date, label, amount, refund } = paymentWords(p);
      return {
        id: p.id,
        date,
        label,
        amount,
        refund,
        receiptHref: keyfreePaths.receipt(order.id, p.id),
        receiptPdfHref: keyfreePaths.receiptPdf(order.id, p.id),
        receiptName: `${label}, ${amount}, ${date}`,
      };
    }),
    contactHref: contactPath({ topic: "KEYFREE", order: { orderId: order.id, customerId: order.orderCustomer.customerId } }),
    statementHref: keyfreePaths.statement(order.id),
  };
}
