/**
 * How long we keep each kind of personal data, and why (issue 40, decision 0068): ONE table,
 * read by the privacy notice (/privacy shows every row, in this order) and by the retention job
 * (server/jobs/retention.ts applies every row whose `action` is not KEEP). Pure data: a period
 * changes here, and the notice and the job change with it.
 */

/** Where a signed-in tenant asks us to close their account. */
export const CLOSE_ACCOUNT_PATH = "/account/close";
/** The privacy notice. */
export const PRIVACY_PATH = "/privacy";
/** Where a tenant downloads their data (issue 40, part 4). */
export const YOUR_DATA_PATH = "/account/data";

/** What replaces personal data in a record we keep: the record stays, what it said about a person does not. */
export const TOMBSTONE = "(removed)";

/**
 * What the job does once the period has passed:
 * - DELETE_DOCUMENTS: the files are deleted from the file store (the document's row stays, named TOMBSTONE);
 * - TOMBSTONE: the personal data in the record is replaced by TOMBSTONE (or emptied); the record stays;
 * - DELETE_ROWS: the rows are deleted;
 * - KEEP: nothing; the job never changes these records.
 */
export type RetentionAction = "DELETE_DOCUMENTS" | "TOMBSTONE" | "DELETE_ROWS" | "KEEP";

/** A length of time: whole years, months or days (added on the calendar, as the law counts them). */
export type RetentionPeriod = { years?: number; months?: number; days?: number };

export type RetentionRule = {
  id: RetentionRuleId;
  /** What is kept, in the tenant's words. */
  what: string;
  period: RetentionPeriod;
  /** From when the period counts, completing "… after …". */
  from: string;
  action: RetentionAction;
  /** What happens at the end of the period, in plain words. */
  after: string;
  /** Why this long, in plain words (shown in the notice). */
  reason: string;
  /**
   * Set when another job applies the period, not the retention job: "data-exports" (the data
   * exports' own sweep deletes a ZIP once its days pass, server/data-exports). The retention job
   * and its dry run leave such a row out.
   */
  appliedBy?: "data-exports";
};

export const RETENTION_RULE_IDS = [
  "claim-records",
  "reference-documents",
  "support-needs",
  "notices-sent",
  "contact-messages",
  "sign-in-records",
  "money-records",
  "closed-accounts",
  "data-export",
] as const;
export type RetentionRuleId = (typeof RETENTION_RULE_IDS)[number];

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    id: "claim-records",
    what: "Claims: the evidence, photographs and decision documents, and what you wrote in your answers",
    period: { years: 6 },
    from: "the claim closes",
    action: "DELETE_DOCUMENTS",
    after: "The documents are deleted and what you wrote is removed. We keep that the claim happened and its amounts.",
    reason:
      "You, your landlord or your agent can bring a court claim about a tenancy's charges for up to 6 years (the Limitation Act 1980), and we must be able to show what was charged and why.",
  },
  {
    id: "reference-documents",
    what: "Referencing documents: your proof of identity and proof of address",
    period: { months: 12 },
    from: "your reference is decided",
    action: "DELETE_DOCUMENTS",
    after: "The documents are deleted. We keep the reference's outcome.",
    reason: "We need them only to check who you are and where you have lived; 12 months lets us answer a question or a complaint about the decision.",
  },
  {
    id: "support-needs",
    what: "Your support needs (about your health, your money or what has happened in your life) and the person who helps you",
    period: { days: 0 },
    from: "your account closes, or sooner when you remove them",
    action: "DELETE_ROWS",
    after: "They are deleted, not kept in any form.",
    reason: "They are about your health and circumstances: we keep them only with your explicit consent, and only while we can use them to help you.",
  },
  {
    id: "notices-sent",
    what: "The e-mails and text messages we sent you",
    period: { years: 2 },
    from: "we sent each one",
    action: "TOMBSTONE",
    after: "What each said, and the address or number it went to, are removed. We keep that it was sent, and when.",
    reason: "So we can show what we told you and when, if a deadline or a payment is questioned or you complain.",
  },
  {
    id: "contact-messages",
    what: "Messages you sent us from the contact page",
    period: { years: 2 },
    from: "you sent each one",
    action: "TOMBSTONE",
    after: "Your message, name and e-mail address are removed. We keep its topic and date.",
    reason: "So we can look back at what you asked if you contact us again or complain.",
  },
  {
    id: "sign-in-records",
    what: "Sign-in records: when you signed in and out, and your sessions",
    period: { months: 12 },
    from: "each sign-in",
    action: "DELETE_ROWS",
    after: "They are deleted.",
    reason: "To notice and look into someone else using your account.",
  },
  {
    id: "money-records",
    what: "Money records: what you paid, what we gave back, payment plans and their instalments",
    period: { years: 6 },
    from: "the end of the financial year they belong to",
    action: "KEEP",
    after: "Kept as the law requires: the retention job never deletes or changes a money record, even after your account closes.",
    reason:
      "HMRC requires a company's records for tax to be kept for 6 years from the end of the accounting period they belong to, and the Companies Act 2006 requires a company to keep its accounting records.",
  },
  {
    id: "closed-accounts",
    what: "Your account once it is closed: your name, e-mail address, date of birth, addresses and what you told us about your budget",
    period: { years: 6 },
    from: "your account closes",
    action: "TOMBSTONE",
    after: "They are removed from every record we keep. Your password, sessions and phone number are removed the day the account closes.",
    reason:
      "A claim, a payment or a complaint about your tenancy can be questioned for up to 6 years (the Limitation Act 1980), and our money records must say who paid.",
  },
  {
    id: "data-export",
    what: "The ZIP file of your data, when you ask to download it",
    period: { days: 7 },
    from: "it is made",
    action: "DELETE_DOCUMENTS",
    after: "The file is deleted.",
    reason: "Long enough for you to download it. It is a copy of what we hold, so we do not keep it.",
    appliedBy: "data-exports",
  },
];

/** The rules the retention job itself applies (not KEEP, not another job's). */
export const RETENTION_JOB_RULES: readonly RetentionRule[] = RETENTION_RULES.filter((r) => !r.appliedBy);

export function retentionRule(id: RetentionRuleId): RetentionRule {
  return RETENTION_RULES.find((r) => r.id === id)!;
}

/** The period in words: "6 years", "12 months", "At once" (0 days). */
export function periodWords(period: RetentionPeriod): string {
  const parts: string[] = [];
  const unit = (n: number | undefined, one: string) => (n ? parts.push(`${n} ${one}${n === 1 ? "" : "s"}`) : undefined);
  unit(period.years, "year");
  unit(period.months, "month");
  unit(period.days, "day");
  return parts.length === 0 ? "None" : parts.join(" and ");
}

/** How long, in a sentence: "6 years after the claim closes"; a period of none: "Until your account closes, …". */
export function keptFor(rule: RetentionRule): string {
  const words = periodWords(rule.period);
  return words === "None" ? `Until ${rule.from}` : `${words} after ${rule.from}`;
}

/**
 * The instant `period` before `now`: a record whose period counts from an instant at or before it
 * has reached the end of its period. Calendar arithmetic in UTC (years and months keep the day of
 * the month, clamped to the month's last day as 29 February goes to 28 February).
 */
export function retentionCutoff(now: Date, period: RetentionPeriod): Date {
  const d = new Date(now.getTime());
  const months = (period.years ?? 0) * 12 + (period.months ?? 0);
  if (months) {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - months);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  if (period.days) d.setUTCDate(d.getUTCDate() - period.days);
  return d;
}
