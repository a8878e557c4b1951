import { LATE_PAYMENT_INTEREST_PERCENT, RESPONSE_WINDOW_DAYS } from "#common/tenant-terms";
import { SUPPORT_TOPIC_SLUGS } from "#common/support-messages";
import { PRODUCT } from "~/lib/product";

/**
 * The words of "Struggling to pay?" (issue 36, scope 1), in the order CONVENTIONS' "Words for a
 * tenant in trouble" asks for: free advice first, then what we can do (a plan, more time, a
 * pause, support), and only then what happens if nothing is done, in the terms' own words
 * (part 1 §4.1, part 2 §1), calmly and with the way out said again. The advisers and their
 * numbers are common/debt-advice.ts (the e-mails link this page).
 */
export const STRUGGLING_TO_PAY_TITLE = "Struggling to pay?";

/** The pages of the other parts of issue 36 this page sends a tenant to. */
export const HELP_LINKS = {
  budget: "/help/struggling-to-pay/budget",
  breathingSpace: "/help/breathing-space",
  supportNeeds: "/account/support-needs",
  /** Where a tenant finds their claim (and its "Ask for more time", /claims/:claimId/more-time). */
  dashboard: "/",
  contact: `/contact?topic=${SUPPORT_TOPIC_SLUGS.PAYMENT}`,
} as const;

export const INTRO = [
  "If paying is hard right now, you are not alone, and you do not have to sort it out on your own.",
  "The sooner you talk to a free adviser or to us, the more we can do. Below is free advice, what we can do to help, and what your terms say happens if nothing is done.",
];

export const ADVICE_INTRO =
  "These services are free, confidential and independent of us. They will not judge you, and they can help with all your debts and bills, not only this one.";

export type HelpOption = { id: string; heading: string; paragraphs: string[]; link: { href: string; text: string } };

/** What we can do: a plan, more time, a pause, and support that fits you. */
export const WHAT_WE_CAN_DO: HelpOption[] = [
  {
    id: "plan",
    heading: "A payment plan you can afford",
    paragraphs: [
      "Tell us what comes in and what goes out each month, and we work out monthly instalments that fit what is left. You can send it to us as a request for a plan.",
      "A plan worked out from your budget has no interest and no fees.",
    ],
    link: { href: HELP_LINKS.budget, text: "Work out a plan from your budget" },
  },
  {
    id: "more-time",
    heading: "More time to answer charges",
    paragraphs: [
      `If you need longer to answer end of tenancy charges, you can ask for more time on your claim's page: choose "Ask for more time" and tell us why.`,
      "While we look at your request, the charges are not treated as accepted.",
    ],
    link: { href: HELP_LINKS.dashboard, text: `Find your claim on your ${PRODUCT.name} dashboard` },
  },
  {
    id: "breathing-space",
    heading: "A pause while you are in Breathing Space",
    paragraphs: [
      "Breathing Space (the Debt Respite Scheme) protects you from creditors for a time while you get debt advice. A debt adviser, such as the ones above, can tell you whether it is right for you and apply for it.",
      "If you are in Breathing Space, tell us: we stop asking you for payment until it ends.",
    ],
    link: { href: HELP_LINKS.breathingSpace, text: "Tell us about Breathing Space" },
  },
  {
    id: "support",
    heading: "Support that fits you",
    paragraphs: [
      "Tell us if something makes things harder for you, such as your health or something that has happened in your life, and what would help. You can also name someone, such as a relative or an adviser, to help you and get a copy of our e-mails.",
    ],
    link: { href: HELP_LINKS.supportNeeds, text: "Tell us what would help" },
  },
];

/** What happens if nothing is done: the terms' own rules, with their figures from the rule book. */
export const IF_NOTHING_IS_DONE_INTRO =
  "We would much rather help you find a way through. So that nothing comes as a surprise, this is what your terms say:";

export const IF_NOTHING_IS_DONE: string[] = [
  `End of tenancy charges that are not answered within ${RESPONSE_WINDOW_DAYS} days, or not paid in time, are treated as accepted.`,
  "When you gave us your card details, you gave us a continuous payment authority: fees and charges you owe may be taken from that card if they are not paid.",
  `Money paid late can carry interest at ${LATE_PAYMENT_INTEREST_PERCENT}% a year above the Bank of England base rate (or ${LATE_PAYMENT_INTEREST_PERCENT}% a year when the base rate is below 0%), added daily.`,
];

export const IF_NOTHING_IS_DONE_WAY_OUT =
  "If any of this worries you, talk to a free adviser or to us before your deadline: a plan, more time or a pause can stop it happening.";
