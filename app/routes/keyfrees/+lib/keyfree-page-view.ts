import { ADJUDICATION_MAX_WEEKS } from "#common/dispute-fee";
import type { components } from "~/lib/api/schema";
import { contactPath } from "~/lib/contact";
import { addressLine } from "~/lib/format";
import { formatDate, formatPounds } from "#common/wording";
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
  } | null;
  payments: {
    id: string;
    date: string;
    label: string;
    amount: string;
    refund: string | null;
    receiptHref: string;
    /** The receipt link's words for a screen reader, naming which payment. */
    receiptName: string;
  }[];
  contactHref: string;
};

/** The path of a Keyfree's page (issue 27, scope 6), and of one of its payments' receipt. */
export const keyfreePaths = {
  page: (orderId: string) => `/keyfrees/${encodeURIComponent(orderId)}`,
  receipt: (orderId: string, paymentId: string) =>
    `/keyfrees/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(paymentId)}`,
};

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
    ? `${formatPounds(fee.amount)}, paid on ${formatDate(fee.paidAt)}`
    : order.orderCustomer.fee === 0
      ? `Nothing: another tenant on this ${PRODUCT.name} pays the fee`
      : "Not paid yet";
  const claim = order.claim
    ? {
        ...claimOutcome(order.claim),
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
      const label = paymentLabel(p);
      const date = formatDate(p.paidAt);
      const amount = formatPounds(p.amount);
      return {
        id: p.id,
        date,
        label,
        amount,
        refund: refundNote(p),
        receiptHref: keyfreePaths.receipt(order.id, p.id),
        receiptName: `${label}, ${amount}, ${date}`,
      };
    }),
    contactHref: contactPath({ topic: "KEYFREE", order: { orderId: order.id, customerId: order.orderCustomer.customerId } }),
  };
}
