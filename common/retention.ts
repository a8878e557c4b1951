/**
 * How long Keyfree keeps each kind of personal data, from when, what happens after, and why
 * (issue 40, decision 0068): one table, read by the privacy notice (/privacy renders it row by
 * row) and by the retention sweeper, so the notice says what the sweeper does.
 *
 * What happens after the period:
 * - "delete-documents": the files are deleted from the file store (local disk or S3) and their rows with them;
 * - "tombstone": the record stays (a claim, a plan, a Keyfree is a fact others rely on) but the
 *   personal data in it (names, addresses, contact details, free text) is replaced by a tombstone;
 * - "delete-rows": the rows are deleted;
 * - "keep": money records are kept as the law requires, never tombstoned, for the period and then deleted.
 *
 * A period counts from `from`: the event named there (a claim closing, the end of the financial
 * year a payment fell in, the message being sent). Nothing here is a date: the sweeper works the
 * cut-off out with the server's calendar.
 */

export type RetentionAfter = "delete-documents" | "tombstone" | "delete-rows" | "keep";

export type RetentionPeriod = { amount: number; unit: "days" | "months" | "years" };

/** When a period starts counting. */
export type RetentionFrom =
  | "claim-closed"
  | "keyfree-ended"
  | "reference-decided"
  | "support-need-ended"
  | "financial-year-ended"
  | "sent"
  | "signed-in"
  | "export-made";

export type RetentionRow = {
  /** A stable id (the sweeper's and the tests'). */
  id: string;
  /** What is kept, in plain words (the notice's first column). */
  what: string;
  period: RetentionPeriod;
  from: RetentionFrom;
  /** When the period starts, in plain words ("after the claim closes"). */
  fromWords: string;
  after: RetentionAfter;
  /** The reason, in plain words. */
  reason: string;
};

/** What happens after the period, in plain words (the notice's column). */
export const AFTER_WORDS: Record<RetentionAfter, string> = {
  "delete-documents": "The documents are deleted.",
  tombstone: "Your personal details in the record are removed; what is left no longer identifies you.",
  "delete-rows": "They are deleted.",
  keep: "Kept in full for this period, as the law requires, then deleted.",
};

export const RETENTION: readonly RetentionRow[] = [
  {
    id: "claim-documents",
    what: "Claim evidence and decision documents (photographs, reports, the adjudicator's decision)",
    period: { amount: 6, unit: "years" },
    from: "claim-closed",
    fromWords: "after the claim closes",
    after: "delete-documents",
    reason:
      "A claim about a tenancy's charges can be brought to court for up to 6 years (the Limitation Act 1980), so we keep what it was decided on for as long.",
  },
  {
    id: "claim-records",
    what: "Claims, your answers to them and payment plans",
    period: { amount: 6, unit: "years" },
    from: "claim-closed",
    fromWords: "after the claim or plan closes",
    after: "tombstone",
    reason: "For as long as the claim's evidence, for the same reason (the Limitation Act 1980).",
  },
  {
    id: "keyfree-records",
    what: "Your account, your Keyfrees, the tenancies and addresses they cover",
    period: { amount: 6, unit: "years" },
    from: "keyfree-ended",
    fromWords: "after your last Keyfree ends",
    after: "tombstone",
    reason: "A Keyfree is a contract: either side can bring a claim about it for up to 6 years (the Limitation Act 1980).",
  },
  {
    id: "reference-documents",
    what: "Referencing documents (proof of income and identity) and the reference's result",
    period: { amount: 6, unit: "months" },
    from: "reference-decided",
    fromWords: "after the reference is decided",
    after: "delete-documents",
    reason: "They are needed only to decide the reference and to answer a question about that decision soon after it.",
  },
  {
    id: "support-needs",
    what: "Your support needs (including anything about your health or money) and the helpers you add",
    period: { amount: 30, unit: "days" },
    from: "support-need-ended",
    fromWords: "after you remove them or your last Keyfree ends",
    after: "delete-rows",
    reason:
      "We keep them only while they help us support you, with your consent. They are deleted, not kept in any other form, because they can be about your health.",
  },
  {
    id: "money-records",
    what: "Money records: payments, repayments to you, instalments and the card provider's records of them",
    period: { amount: 6, unit: "years" },
    from: "financial-year-ended",
    fromWords: "after the end of the financial year they fall in",
    after: "keep",
    reason: "HMRC and the Companies Act 2006 require a company to keep its accounting records for 6 years.",
  },
  {
    id: "notices",
    what: "Copies of the e-mails and text messages we send you",
    period: { amount: 2, unit: "years" },
    from: "sent",
    fromWords: "after they are sent",
    after: "delete-rows",
    reason: "So we can show what we told you and when, if you ask or if something we sent is questioned.",
  },
  {
    id: "contact-messages",
    what: "Messages you send us through the contact page",
    period: { amount: 2, unit: "years" },
    from: "sent",
    fromWords: "after they are sent",
    after: "delete-rows",
    reason: "So we can answer you and look back at what you asked if you come back to us about it.",
  },
  {
    id: "sign-in-records",
    what: "Sign-in records (when you signed in, failed sign-ins and password resets)",
    period: { amount: 90, unit: "days" },
    from: "signed-in",
    fromWords: "after each sign-in",
    after: "delete-rows",
    reason: "To keep your account safe and look into a sign-in that was not you.",
  },
  {
    id: "data-export",
    what: "The ZIP file of your data, when you ask to download it",
    period: { amount: 7, unit: "days" },
    from: "export-made",
    fromWords: "after it is made",
    after: "delete-documents",
    reason: "Long enough for you to download it; it is a copy, so we do not keep it.",
  },
];

/** A period in words: "6 years", "30 days", "1 month". */
export function periodWords(period: RetentionPeriod): string {
  const unit = period.amount === 1 ? period.unit.replace(/s$/, "") : period.unit;
  return `${period.amount} ${unit}`;
}
