/**
 * The tenant terms a tenant agrees to in the checkout (part 1 §1, §5, §9; part 2 §1): the
 * business figures that are not a tenancy's own, the Confirm step's acknowledgements and the
 * terms summary the Terms step shows, in plain language. One place for the web (Confirm and
 * Terms pages) and the API (the Confirm request's boxes, deadlines, the cover). Amounts that
 * depend on the tenancy (the fee, the maximum policy cover) or that the API already sends
 * (minimum fee, annual fee) are passed in already formatted; see docs/decisions/0016.
 */
import { COVER_WEEKS } from "./dispute-fee";
import { KEYFREE_FEE_WEEKS } from "./keyfree-fee";
import { feeRuleSummary, keyfreeFeeRule, weeksRent } from "./wording";
import { PRODUCT_NAME } from "./product";

/** The landlord is covered for up to 8 weeks' rent (part 1 §1, §9): defined beside the dispute fee, whose rule names it. */
export { COVER_WEEKS } from "./dispute-fee";
/** Charges must be answered within 7 days or are deemed accepted (part 1 §9, part 2 §1). */
export const RESPONSE_WINDOW_DAYS = 7;
/** Cancelling the continuous payment authority while money is owed adds £125 (part 2 §1). */
export const CPA_CANCELLATION_FEE_PENCE = 12_500;
/** Overdue sums: 4% a year above the Bank of England base rate, or 4% when the base rate is below 0% (part 2 §1). */
export const LATE_PAYMENT_INTEREST_PERCENT = 4;
/** Cooling-off: 14 days from the purchase date, ending when the tenancy starts (part 1 §9, part 2 §1). */
export const COOLING_OFF_DAYS = 14;
/** Force majeure: either side may end the agreement after more than 4 weeks (part 2 §1). */
export const FORCE_MAJEURE_WEEKS = 4;
/** Default notice to pay or put right a breach: 14 days (part 2 §1). */
export const REMEDY_NOTICE_DAYS = 14;
/** Switch eligibility (part 2 §1): referencing passed if the rental started under 6 months ago, … */
export const SWITCH_LOOKBACK_MONTHS = 6;
/** … rent counts as in arrears when paid or outstanding more than 14 days late, … */
export const SWITCH_ARREARS_DAYS_LATE = 14;
/** … and the rent has not risen by more than 10%. */
export const SWITCH_MAX_RENT_RISE_PERCENT = 10;
/** The terms text is effective from September 2025 (part 2 §1 names the month only). */
export const TERMS_EFFECTIVE_FROM = "September 2025";

// ── Confirm ('Is everything correct?') ─────────────────────────────────────

/**
 * Part 1 §5: "the confirm box and four acknowledgements must be ticked; a fifth (annual fee)
 * is required only when organization topUpEnabled". The four are part 1 §1's promises, in
 * the order a tenant meets them: the fee, staying liable, the 7 days to answer charges (the
 * rule that costs a tenant most when missed: the charges are treated as accepted), joint and
 * several liability. The landlord's cover and the tenant's cap are on the terms page.
 */
export const CONFIRM_ACKNOWLEDGEMENT_KEYS = [
  "detailsCorrect",
  "feeNonRefundable",
  "remainLiable",
  "respondWithinSevenDays",
  "jointAndSeveralLiability",
  "annualFee",
] as const;
export type ConfirmAcknowledgement = (typeof CONFIRM_ACKNOWLEDGEMENT_KEYS)[number];

/** The figures the acknowledgements name, formatted ("£150", "£30", "£2,400.00"). */
export type AcknowledgementFigures = {
  minimumFee: string;
  annualFee: string;
};

/** Each box's label, as the tenant reads it. */
export function confirmAcknowledgements(f: AcknowledgementFigures): Record<ConfirmAcknowledgement, string> {
  return {
    detailsCorrect: "I confirm that everything is correct.",
    feeNonRefundable: `I understand the ${PRODUCT_NAME} fee is ${weeksRent(KEYFREE_FEE_WEEKS)} (minimum ${f.minimumFee}) and is non-refundable.`,
    remainLiable: "I understand I stay liable for damage and end-of-tenancy charges.",
    respondWithinSevenDays: `I understand that if my landlord raises charges at the end of my tenancy, I must answer them within ${RESPONSE_WINDOW_DAYS} days, or they are treated as accepted.`,
    jointAndSeveralLiability:
      "I understand the tenants are jointly and severally liable: each of us can be asked to pay the whole of a charge.",
    annualFee: `I understand that for a tenancy over 12 months there is an annual fee of ${f.annualFee}, split between the tenants.`,
  };
}

/** What the Confirm page and the API answer for a box left unticked, one message per box. */
export const CONFIRM_REFUSALS: Record<ConfirmAcknowledgement, string> = {
  detailsCorrect: "Confirm that everything is correct",
  feeNonRefundable: "Confirm you understand the fee is non-refundable",
  remainLiable: "Confirm you understand you stay liable for damage and end-of-tenancy charges",
  respondWithinSevenDays: `Confirm you understand you must answer charges within ${RESPONSE_WINDOW_DAYS} days`,
  jointAndSeveralLiability: "Confirm you understand joint and several liability",
  annualFee: "Confirm you understand the annual fee",
};

/** The boxes the Confirm step needs: all but the annual fee, which only an organisation with top-ups enabled asks for. */
export function requiredConfirmAcknowledgements(topUpEnabled: boolean): ConfirmAcknowledgement[] {
  return topUpEnabled ? [...CONFIRM_ACKNOWLEDGEMENT_KEYS] : CONFIRM_ACKNOWLEDGEMENT_KEYS.filter((key) => key !== "annualFee");
}

/** The required acknowledgements not ticked (not exactly `true`), in display order. */
export function missingConfirmAcknowledgements(
  ticked: Partial<Record<ConfirmAcknowledgement, boolean | undefined>>,
  topUpEnabled: boolean,
): ConfirmAcknowledgement[] {
  return requiredConfirmAcknowledgements(topUpEnabled).filter((key) => ticked[key] !== true);
}

// ── Terms ('Agree to Terms') and Addendum ──────────────────────────────────

export const AGREEMENT_MESSAGES = {
  /** Part 1 §5: 'Accept terms' must be ticked. */
  acceptTerms: "You must accept the terms to continue",
  /** Part 1 §5: the addendum's agree box must be ticked. */
  agreeAddendum: "You must agree to the addendum to continue",
} as const;

/** The figures of this tenancy the summary names, formatted. */
export type TermsFigures = {
  /** The whole order's fee ("£300.00"). */
  fee: string;
  minimumFee: string;
  maximumPolicyCover: string;
  cpaCancellationFee: string;
  /** The £60 dispute fee (common/dispute-fee.ts DISPUTE_FEE_PENCE), formatted. */
  disputeFee: string;
};

export type TermsSection = { heading: string; points: string[] };

/**
 * The summary of the tenant terms (part 2 §1) in plain language, with every figure it names.
 * Wording choices are in docs/decisions/0016.
 */
export function tenantTermsSummary(f: TermsFigures): TermsSection[] {
  return [
    {
      heading: "Your fee",
      points: [
        `Your ${PRODUCT_NAME} fee is ${f.fee}: ${keyfreeFeeRule(f.minimumFee)}. You pay it instead of a cash deposit and it is non-refundable.`,
        "You stay liable for damage and end-of-tenancy charges, just as with a cash deposit.",
      ],
    },
    {
      heading: "What is covered",
      points: [
        `Your landlord is covered for up to ${COVER_WEEKS} weeks' rent. The maximum policy cover for this tenancy is ${f.maximumPolicyCover}.`,
        "What you can be asked to pay for a claim is capped by that claim's limit.",
      ],
    },
    {
      heading: "Paying",
      points: [
        "Each tenant pays by card, and each tenant must use their own card.",
        "By giving your card details you give us a continuous payment authority: we may take fees and charges you owe from your card when you have not answered or paid.",
        `If you cancel that authority while you still owe money, a ${f.cpaCancellationFee} administration fee is added.`,
        `Money paid late carries interest at ${LATE_PAYMENT_INTEREST_PERCENT}% a year above the Bank of England base rate (or ${LATE_PAYMENT_INTEREST_PERCENT}% a year when the base rate is below 0%), added daily.`,
      ],
    },
    {
      heading: "End of tenancy charges",
      points: [
        `You must answer charges within ${RESPONSE_WINDOW_DAYS} days. If you do not, they are treated as accepted.`,
        "Tenants are jointly and severally liable: each of you can be asked to pay the whole of a charge. One tenant may act as the lead tenant.",
        feeRuleSummary({ fee: f.disputeFee }),
      ],
    },
    {
      heading: "Changing your mind and ending the agreement",
      points: [
        `You can cancel within ${COOLING_OFF_DAYS} days of buying, unless your tenancy starts sooner: the cooling-off period ends when the tenancy starts.`,
        `If something outside anyone's control (force majeure) lasts more than ${FORCE_MAJEURE_WEEKS} weeks, the agreement can be ended.`,
        `Unless the terms say otherwise, you have ${REMEDY_NOTICE_DAYS} days' notice to pay or to put right a breach.`,
      ],
    },
    {
      heading: `${PRODUCT_NAME} Switch`,
      points: [
        `To switch an existing tenancy to ${PRODUCT_NAME}: you must have passed referencing if your rental started less than ${SWITCH_LOOKBACK_MONTHS} months ago; you must have had no rent arrears in the last ${SWITCH_LOOKBACK_MONTHS} months (rent paid, or still unpaid, more than ${SWITCH_ARREARS_DAYS_LATE} days late); and your rent must not have gone up by more than ${SWITCH_MAX_RENT_RISE_PERCENT}% in the last ${SWITCH_LOOKBACK_MONTHS} months.`,
      ],
    },
    {
      heading: "Notices, law and your data",
      points: [
        "We send notices and legal documents by email to your account's email address.",
        "The law of England, Northern Ireland or Scotland applies, depending on where the property is.",
        "The full terms list the kinds of personal data we process about you.",
        `These terms apply from ${TERMS_EFFECTIVE_FROM}.`,
      ],
    },
  ];
}
