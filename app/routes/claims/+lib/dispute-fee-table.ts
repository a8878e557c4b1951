/** The £60 dispute fee in a worked table (part 1 §4.1, docs/decisions/0022). Pure. */
import { DISPUTE_FEE_PENCE, disputeFeeSettlement } from "#common/dispute-fee";
import { capitalised, feeOutcomeInAdvance, formatPounds } from "#common/wording";

export interface FeeTableRow {
  /** What the adjudicator awards the landlord, in words and with an example amount. */
  awarded: string;
  /** What happens to the £60: the one set of sentences (common/wording/fees.ts). */
  outcome: string;
}

/**
 * The worked table of what happens to the £60 (part 1 §4.1's dispute fee credit rule, the one
 * the API applies: common/dispute-fee.ts), with examples from this claim: everything, part,
 * nothing and — only when it can happen, a proposal above the maximum liability — an award
 * reduced but still at or above the maximum liability (8 weeks' rent). Each row's words are the
 * rule's case for its example award, said in common/wording/fees.ts's sentences (issue 27),
 * so the table, the dispute pages and the Result card tell one story.
 */
export function disputeFeeTable(proposedPence: number, limitPence: number): FeeTableRow[] {
  const figures = { fee: formatPounds(DISPUTE_FEE_PENCE), limit: formatPounds(limitPence) };
  const words = (awarded: number): string => {
    const { case: feeCase } = disputeFeeSettlement({ adjudicatedAmountPence: awarded, finalAmountPence: proposedPence, limitPence });
    return capitalised(feeOutcomeInAdvance(feeCase, figures));
  };
  const part = Math.round(Math.min(proposedPence, limitPence) / 2);
  const rows: FeeTableRow[] = [
    { awarded: `Everything (${formatPounds(proposedPence)})`, outcome: words(proposedPence) },
    { awarded: `Part of it (for example ${formatPounds(part)})`, outcome: words(part) },
    { awarded: `Nothing (${formatPounds(0)})`, outcome: words(0) },
  ];
  if (proposedPence > limitPence) {
    rows.splice(1, 0, {
      awarded: `Less than ${formatPounds(proposedPence)}, but ${formatPounds(limitPence)} or more`,
      outcome: words(limitPence),
    });
  }
  return rows;
}
