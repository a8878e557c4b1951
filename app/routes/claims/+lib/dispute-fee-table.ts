/** The £60 dispute fee in a worked table (part 1 §4.1, docs/decisions/0022). Pure. */
import { DISPUTE_FEE_PENCE, disputeFeeOutcome } from "../../../../common/dispute-fee";
import { COVER_WEEKS } from "../../../../common/tenant-terms";
import { formatPounds } from "~/lib/format";

export interface FeeTableRow {
  /** What the adjudicator awards the landlord, in words and with an example amount. */
  awarded: string;
  /** What happens to the £60. */
  outcome: string;
}

/**
 * The worked table of what happens to the £60 (part 1 §4.1's dispute fee credit rule, the one
 * the API applies: common/dispute-fee.ts), with examples from this claim: everything, part,
 * nothing and — only when it can happen, a proposal above the maximum liability — an award
 * reduced but still at or above the maximum liability (8 weeks' rent). Reading chosen
 * (docs/decisions/0022): the rule decides credited or not; a credit comes off what the tenant
 * owes, and what it cannot come off is refunded to their card (so "nothing" reads "refunded").
 */
export function disputeFeeTable(proposedPence: number, limitPence: number): FeeTableRow[] {
  const fee = formatPounds(DISPUTE_FEE_PENCE);
  const outcomeOf = (awarded: number) => disputeFeeOutcome({ adjudicatedAmountPence: awarded, finalAmountPence: proposedPence, limitPence });
  const words = (awarded: number): string => {
    const outcome = outcomeOf(awarded);
    if (outcome.reason === "AWARDED_WHOLLY_TO_LANDLORD") return `Not refunded. The ${fee} fee is not returned.`;
    if (outcome.reason === "EXCEEDS_EIGHT_WEEKS_RENT") {
      return `Not refunded. You never pay more than your maximum liability of ${formatPounds(limitPence)} (${COVER_WEEKS} weeks' rent), so an award that is still above it does not lower what you pay, and the ${fee} is not credited.`;
    }
    if (awarded === 0) return `Refunded to your card in full, as you owe nothing.`;
    return `Credited: ${fee} comes off what you owe. If you owe less than ${fee}, the difference is refunded to your card.`;
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
