/**
 * "Struggling to pay?" (issue 36, scope 1): the free, independent debt advice a tenant in
 * trouble is pointed to, one place for the page that lists it (/help/struggling-to-pay) and
 * anything else that names an adviser, so a number that changes is changed once. The page's
 * path and the e-mails' lines are common/struggling-to-pay.ts (kept apart: every payment page's
 * script carries the path, and none of this).
 *
 * Checked on 28 November 2026 (DEBT_ADVICE_CHECKED) with the search tool's stored copies of
 * public pages and source (it reaches no live page), and the two agreeing sources kept:
 * - MoneyHelper: 0800 138 7777, Monday to Friday 8am to 6pm, closed at weekends and on bank
 *   holidays: MoneyHelper's own front-end source ("Speak to a debt and money specialist", the
 *   Money and Pensions Service's components), and the Money and Pensions Service's contact page.
 *   (0800 011 3797 is its pensions line.)
 * - StepChange Debt Charity: 0800 138 1111 (stepchange.org's own pages); Monday to Friday 8am to
 *   8pm, Saturday 9am to 2pm (two lists that cite stepchange.org/contact-us.aspx; an older one
 *   said Saturday 8am to 4pm).
 * - National Debtline: 0808 808 4000, Monday to Friday 9am to 8pm, Saturday 9.30am to 1pm (two
 *   lists, one citing nationaldebtline.org/contact-us/).
 * - Citizens Advice: Adviceline (England) 0800 144 8848, Monday to Friday 9am to 5pm (lists citing
 *   citizensadvice.org.uk's contact page); Wales, Scotland and Northern Ireland have their own
 *   lines, which its website gives.
 * Check them again at least every six months, or when an adviser's site says otherwise, and
 * change the date. The page says when they were checked and that each website has the latest.
 */

/** When the numbers and hours below were last checked (the page shows it). */
export const DEBT_ADVICE_CHECKED = { iso: "2026-11-28", words: "November 2026" } as const;

export type DebtAdviser = {
  /** A stable id: the page's anchors and the tests. */
  id: string;
  name: string;
  /** What they do, in one plain sentence. */
  about: string;
  /** The number as a tenant reads it ("0800 138 7777"). */
  phone: string;
  /** The number to dial, digits only ("08001387777"): the `tel:` link. */
  dial: string;
  /** Where the line is for, when the organisation has one for each nation (Citizens Advice: "England"). */
  phoneFor?: string;
  /** Where the other lines are, in one sentence. */
  otherLines?: string;
  /** When the line is open, in words. */
  hours: string;
  /** The website, and its name as shown. */
  website: string;
  websiteName: string;
};

/** MoneyHelper, StepChange, National Debtline and Citizens Advice (issue 36, scope 1), in that order. */
export const DEBT_ADVISERS: readonly DebtAdviser[] = [
  {
    id: "moneyhelper",
    name: "MoneyHelper",
    about: "Free, impartial money and debt guidance, backed by the government. It can also find a free debt adviser near you.",
    phone: "0800 138 7777",
    dial: "08001387777",
    hours: "Monday to Friday, 8am to 6pm. Closed at weekends and on bank holidays.",
    website: "https://www.moneyhelper.org.uk",
    websiteName: "moneyhelper.org.uk",
  },
  {
    id: "stepchange",
    name: "StepChange Debt Charity",
    about: "Free, confidential debt advice and practical help, by phone or online.",
    phone: "0800 138 1111",
    dial: "08001381111",
    hours: "Monday to Friday, 8am to 8pm. Saturday, 9am to 2pm.",
    website: "https://www.stepchange.org",
    websiteName: "stepchange.org",
  },
  {
    id: "national-debtline",
    name: "National Debtline",
    about: "Free, independent debt advice by phone, webchat and online.",
    phone: "0808 808 4000",
    dial: "08088084000",
    hours: "Monday to Friday, 9am to 8pm. Saturday, 9.30am to 1pm.",
    website: "https://nationaldebtline.org",
    websiteName: "nationaldebtline.org",
  },
  {
    id: "citizens-advice",
    name: "Citizens Advice",
    about: "Free, confidential advice on debt, benefits and housing, by phone or at a local Citizens Advice.",
    phone: "0800 144 8848",
    dial: "08001448848",
    phoneFor: "England",
    otherLines: "In Wales, Scotland or Northern Ireland, its website gives the number for where you live.",
    hours: "Monday to Friday, 9am to 5pm.",
    website: "https://www.citizensadvice.org.uk",
    websiteName: "citizensadvice.org.uk",
  },
];
