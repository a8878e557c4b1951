/**
 * The fee sentences (issue 37, docs/decisions/0055): the Keyfree fee's rule in words, and the one
 * set of sentences about the £60 dispute fee.
 *
 * The one set of sentences about the £60 dispute fee (issue 27 scope 5, part 1 §4.1,
 * docs/decisions/0022): every page that says what happens to the fee — reject with no evidence,
 * the dispute form, the final proposal's table, the arbitration's Result card, the terms summary,
 * the guide — takes its words from here, and each sentence is chosen by the one rule
 * (`disputeFeeSettlement` in ./dispute-fee), so a tenant is never promised a refund on one page
 * and refused it on another. tests/unit/dispute-fee-words.test.ts fails when a page in app/ or
 * common/ states a refund or a credit in words of its own.
 *
 * Reading (decision 0022, kept): the credit rule decides. "Credited" is always said with what it
 * means — it comes off what you owe, and what it cannot come off is refunded to your card — so
 * "nothing awarded" reads "refunded in full". "Refunded if some or all is decided in your
 * favour" (the old reject-with-no-evidence words) is not used: an award lowered but still at or
 * above the maximum liability (8 weeks' rent) gives nothing back.
 *
 * Figures come in formatted (like tenant-terms.ts): a page quotes the fee as "£60" or "£60.00"
 * (formatPounds, ./money.ts), and the Result card formats its amounts with the caller's `pounds`.
 */
import { COVER_WEEKS, DISPUTE_FEE_PENCE, disputeFeeSettlement, type DisputeFeeCase, type DisputeFeeInput, type DisputeFeeSettlement } from "../dispute-fee";

// ── The £60 dispute fee (issue 27) ──────────────────────────────────────────────────────

export interface FeeWordsFigures {
  /** The fee, formatted ("£60.00"). */
  fee: string;
  /** The claim's maximum liability, formatted, when the page knows it. */
  limit?: string;
}

/** A case said in advance: when it happens, and what happens to the fee then. */
export interface FeeCaseWords {
  case: DisputeFeeCase;
  /** "If the adjudicator awards nothing" … */
  when: string;
  /** … "you owe nothing, so the £60.00 is refunded to your card in full." (starts in lower case) */
  outcome: string;
}

const maxLiability = (f: FeeWordsFigures) => `your maximum liability${f.limit ? ` of ${f.limit}` : ""} (${COVER_WEEKS} weeks' rent)`;

/** What happens to the fee in a case, said before the adjudicator decides (starts in lower case). */
export function feeOutcomeInAdvance(feeCase: DisputeFeeCase, f: FeeWordsFigures): string {
  switch (feeCase) {
    case "EVERYTHING":
      return `the ${f.fee} is not credited or refunded.`;
    case "NOT_BELOW_LIMIT":
      return `the ${f.fee} is not credited or refunded: you never pay more than ${maxLiability(f)}, so the award does not lower what you pay.`;
    case "REDUCED":
    case "REDUCED_BELOW_FEE":
      return `the ${f.fee} is credited: it comes off what you owe. If you owe less than ${f.fee}, the rest is refunded to your card.`;
    case "NOTHING":
      return `you owe nothing, so the ${f.fee} is refunded to your card in full.`;
  }
}

/** A sentence's first letter in capitals (a table cell, a list item that starts with the outcome). */
export function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * The rule said in advance, case by case, as a list: everything, (reduced but not below the
 * maximum liability), part, nothing. `canExceedLimit` is false when this claim's charges are
 * within the maximum liability — that case cannot happen, so it is left out rather than shown to
 * worry; a page that does not know the claim (the terms, the guide) passes true.
 */
export function feeRuleInAdvance(f: FeeWordsFigures & { canExceedLimit: boolean }): FeeCaseWords[] {
  const cases: FeeCaseWords[] = [{ case: "EVERYTHING", when: "If the adjudicator awards everything that was asked for", outcome: feeOutcomeInAdvance("EVERYTHING", f) }];
  if (f.canExceedLimit) {
    cases.push({
      case: "NOT_BELOW_LIMIT",
      when: `If they award less than was asked for, but still ${f.limit ?? "your maximum liability"} or more`,
      outcome: feeOutcomeInAdvance("NOT_BELOW_LIMIT", f),
    });
  }
  cases.push(
    {
      case: "REDUCED",
      when: f.canExceedLimit ? "If they award less than was asked for, and less than your maximum liability" : "If they award less than was asked for",
      outcome: feeOutcomeInAdvance("REDUCED", f),
    },
    { case: "NOTHING", when: "If they award nothing", outcome: feeOutcomeInAdvance("NOTHING", f) },
  );
  return cases;
}

/** A case said in advance as one sentence: "If they award nothing, you owe nothing, so …". */
export function feeCaseSentence(words: FeeCaseWords): string {
  return `${words.when}, ${words.outcome}`;
}

/**
 * The rule in a few sentences, for a page that tells the whole end of a tenancy (the terms
 * summary, the guide).
 */
export function feeRuleSummary(f: FeeWordsFigures): string {
  return (
    `If you disagree with the charges, you can take them to an independent adjudicator for a ${f.fee} dispute fee. ` +
    `If the adjudicator awards less than was asked for and less than ${maxLiability(f)}, the ${f.fee} is credited: it comes off what you owe, and if you owe less than ${f.fee}, the rest is refunded to your card. ` +
    `Otherwise the ${f.fee} is not credited or refunded.`
  );
}

/** What happened to the fee, said after the adjudicator decided: a short headline and the reason. */
export interface FeeOutcomeWords {
  credited: boolean;
  headline: "Dispute fee refunded." | "Dispute fee credited." | "Dispute fee not credited.";
  text: string;
}

/**
 * The Result card's words (part 1 §4.1's cases): from the settlement the rule gives, the amounts
 * formatted by the caller (`pounds`), `landlord` the organisation's name.
 */
export function feeOutcomeAfter(
  settlement: DisputeFeeSettlement,
  f: FeeWordsFigures & { landlord: string; pounds: (pence: number) => string },
): FeeOutcomeWords {
  switch (settlement.case) {
    case "EVERYTHING":
      return {
        credited: false,
        headline: "Dispute fee not credited.",
        text: `The adjudicator awarded ${f.landlord} everything that was asked for, so your ${f.fee} dispute fee is not credited or refunded.`,
      };
    case "NOT_BELOW_LIMIT":
      return {
        credited: false,
        headline: "Dispute fee not credited.",
        text: `The adjudicator awarded less than was asked for, but still ${maxLiability(f)} or more. You never pay more than that, so the award does not lower what you pay, and your ${f.fee} dispute fee is not credited or refunded.`,
      };
    case "REDUCED":
      return {
        credited: true,
        headline: "Dispute fee credited.",
        text: `The adjudicator awarded less than was asked for, so your ${f.fee} dispute fee is credited: it comes off what you owe.`,
      };
    case "REDUCED_BELOW_FEE":
      return {
        credited: true,
        headline: "Dispute fee credited.",
        text: `The adjudicator awarded less than was asked for, so your ${f.fee} dispute fee is credited: ${f.pounds(settlement.creditUsedPence)} of it comes off what you owe, and the other ${f.pounds(settlement.refundPence)} is refunded to your card.`,
      };
    case "NOTHING":
      return {
        credited: true,
        headline: "Dispute fee refunded.",
        text: `The adjudicator awarded nothing, so you owe nothing and your ${f.fee} dispute fee is refunded to your card in full.`,
      };
  }
}

/**
 * The one voice for the £60 once the adjudicator has decided (issue 38, decision 0059): the Result
 * card, the ADJUDICATION_DECIDED notice and the refund e-mail all say it with this, from the award,
 * the amount finally asked for and the limit, the fee and limit written by the caller's `pounds`.
 */
export function disputeFeeWordsAfter(input: DisputeFeeInput & { landlord: string }, pounds: (pence: number) => string): FeeOutcomeWords {
  return feeOutcomeAfter(disputeFeeSettlement(input), { fee: pounds(DISPUTE_FEE_PENCE), limit: pounds(input.limitPence), landlord: input.landlord, pounds });
}

/**
 * The same words for the refund e-mail, which knows only what is refunded of the fee the card paid
 * (`feePaidPence`): the whole fee back means the adjudicator awarded nothing (NOTHING); part of it
 * means the award was below the fee and the rest came off what was owed (REDUCED_BELOW_FEE). Only
 * those two cases refund anything (disputeFeeSettlement), so the sentence is the Result card's.
 */
export function disputeFeeRefundWords(refundPence: number, feePaidPence: number, pounds: (pence: number) => string): FeeOutcomeWords {
  const nothingAwarded = refundPence >= feePaidPence;
  const settlement: DisputeFeeSettlement = {
    case: nothingAwarded ? "NOTHING" : "REDUCED_BELOW_FEE",
    outcome: { credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", creditPence: feePaidPence },
    owedPence: feePaidPence - refundPence,
    amountDuePence: 0,
    creditUsedPence: feePaidPence - refundPence,
    refundPence,
  };
  return feeOutcomeAfter(settlement, { fee: pounds(feePaidPence), landlord: "", pounds });
}
