/** The final proposal and the two ways forward: accept and pay, or a formal dispute (issue 12, part 1 §4.1). Pure. */
import { ADJUDICATION_PAYMENT_DAYS, ADJUDICATION_MAX_WEEKS, DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import type { components } from "~/lib/api/schema";
import { formatPounds } from "#common/wording";
import { disputeFeeTable, type FeeTableRow } from "./dispute-fee-table";

type Claim = components["schemas"]["Claim"];

export interface ClaimChoiceView {
  /** The tenant is answering the landlord's final proposal (round 3), or charges without mediation (round 1). */
  final: boolean;
  accept: {
    heading: string;
    href: string;
    /** What they pay: the total, or the limit when lower; their share when shared. */
    amount: string;
    cost: string;
  } | null;
  dispute: {
    href: string;
    fee: string;
    weeks: number;
    payDays: number;
    rejectNoEvidenceHref: string | null;
  };
  feeTable: FeeTableRow[];
}

/**
 * The tenant's two ways forward when a final proposal waits for them, or charges without
 * mediation (part 1 §4.1: "reject or dispute (final proposal, or when mediation is disabled)"):
 * accept and pay, or a formal dispute for the £60 fee. Null when the API does not allow a
 * dispute now. Amounts come from the API (acceptDue) and common/dispute-fee.ts.
 */
export function claimChoiceView(claim: Claim): ClaimChoiceView | null {
  if (!claim.canRespond || !claim.allowedActions.includes("dispute")) return null;
  const current = claim.proposals.find((p) => p.id === claim.currentProposalId);
  if (!current || current.round === 2) return null;
  const sub = (path: string) => `/claims/${encodeURIComponent(claim.id)}/${path}`;
  const final = current.round === 3;
  let accept: ClaimChoiceView["accept"] = null;
  const due = claim.acceptDue;
  if (claim.allowedActions.includes("accept") && due) {
    const total = formatPounds(current.totalAmount);
    const parts = [`You pay ${formatPounds(due.share)} by card now.`];
    if (due.share < due.amount) {
      parts.push(`That is your share of ${formatPounds(due.amount)}; any tenant can pay the whole amount.`);
    }
    if (due.amount < current.totalAmount) {
      parts.push(`${total} is more than your maximum liability, so you pay no more than ${formatPounds(due.amount)} in total.`);
    }
    parts.push("There is no fee, and once it is paid the charges are settled.");
    accept = {
      heading: final ? "Accept the final proposal" : "Accept the charges",
      href: sub("accept"),
      amount: formatPounds(due.share),
      cost: parts.join(" "),
    };
  }
  return {
    final,
    accept,
    dispute: {
      href: sub("dispute"),
      fee: formatPounds(DISPUTE_FEE_PENCE),
      weeks: ADJUDICATION_MAX_WEEKS,
      payDays: ADJUDICATION_PAYMENT_DAYS,
      rejectNoEvidenceHref: claim.allowedActions.includes("rejectWithNoEvidence") ? sub("reject-no-evidence") : null,
    },
    feeTable: disputeFeeTable(current.totalAmount, claim.limit),
  };
}
