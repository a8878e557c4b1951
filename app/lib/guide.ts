import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS, COVER_WEEKS, DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { feeCaseSentence, feeRuleInAdvance, feeRuleSummary, formatPounds, keyfreeFeeRule, weeksRent } from "#common/wording";
import { CASH_DEPOSIT_MAX_WEEKS, MINIMUM_KEYFREE_FEE_PENCE } from "#common/keyfree-fee";
import { PRODUCT_NAME } from "#common/product";
import { STRUGGLING_TO_PAY_PATH } from "#common/struggling-to-pay";
import { RESPONSE_WINDOW_DAYS } from "#common/tenant-terms";

/**
 * The End of Tenancy Guide (issue 27 scope 1): ONE source, rendered as the HTML page (/guide)
 * and as the tagged PDF (/guide.pdf). Every figure comes from the shared rule book's constants,
 * and the £60's outcome from common/wording/fees.ts, so a changed constant changes both.
 * Each step has an id: its anchor on the page, which the FAQs link to.
 */
export interface GuideStep {
  /** The anchor: /guide#<id>. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** An optional list after the paragraphs (a bulleted list on the page and in the PDF). */
  list?: string[];
}

export interface GuideSection {
  id: string;
  heading: string;
  steps: GuideStep[];
}

export interface Guide {
  title: string;
  intro: string;
  sections: GuideSection[];
}

export const GUIDE_PATH = "/guide";
export const GUIDE_PDF_PATH = "/guide.pdf";
export const FAQS_PATH = "/guide/faqs";
/** The captioned video of answering charges, with its transcript (issue 27, scope 3). */
export const WALKTHROUGH_PATH = "/guide/walkthrough";
export const GUIDE_TITLE = "End of Tenancy Guide";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The guide, with its figures from the constants. */
export function guide(): Guide {
  const fee = formatPounds(DISPUTE_FEE_PENCE, { wholePounds: true });
  const minimumFee = formatPounds(MINIMUM_KEYFREE_FEE_PENCE, { wholePounds: true });
  return {
    title: GUIDE_TITLE,
    intro: `What a ${PRODUCT_NAME} is, and what happens at the end of your tenancy, step by step.`,
    sections: [
      {
        id: "your-keyfree",
        heading: `What a ${PRODUCT_NAME} is`,
        steps: [
          {
            id: "the-fee",
            heading: "You pay a fee instead of a deposit",
            paragraphs: [
              `Your ${PRODUCT_NAME} fee is ${keyfreeFeeRule(minimumFee)}. You pay it instead of a cash deposit of up to ${weeksRent(CASH_DEPOSIT_MAX_WEEKS)}.`,
              "The fee is non-refundable: it pays for the cover, it is not a deposit you get back.",
            ],
          },
          {
            id: "the-cover",
            heading: "Your landlord is covered, and you stay responsible",
            paragraphs: [
              `Your landlord is covered for up to ${weeksRent(COVER_WEEKS)}. You are still responsible for any damage or unpaid rent at the end of your tenancy.`,
              `What you can be asked to pay for a claim is never more than your maximum liability, which is at most ${weeksRent(COVER_WEEKS)}.`,
            ],
          },
        ],
      },
      {
        id: "end-of-tenancy",
        heading: "At the end of your tenancy",
        steps: [
          {
            id: "the-charges",
            heading: "Your landlord or agent may raise charges",
            paragraphs: [
              "If your landlord or agent thinks you owe money when you move out, for cleaning, damage or unpaid rent for example, they raise charges, one item at a time, with their evidence.",
              "We e-mail you, and your claim page shows every charge, its evidence and its history.",
            ],
          },
          {
            id: "seven-days",
            heading: `You have ${days(RESPONSE_WINDOW_DAYS)} to respond`,
            paragraphs: [
              `You have ${days(RESPONSE_WINDOW_DAYS)} to respond to the charges. Your claim page shows your deadline and how many days are left, and you can add it to your calendar.`,
            ],
          },
          {
            id: "doing-nothing",
            heading: "If you do nothing",
            paragraphs: [
              "If you do not respond or pay in time, the charges are treated as accepted and you will be asked to pay them.",
              "If you cannot answer in time, contact us before your deadline.",
            ],
          },
          {
            id: "agree-or-propose",
            heading: "Agree or propose, charge by charge",
            paragraphs: [
              "Look at each charge and its evidence. For each one you can agree, or disagree and propose the amount you think is fair, with your reasoning.",
              "Things that help your case:",
            ],
            list: [
              "your check-in report and the pages that show the item's condition when you moved in",
              "dated photos or videos from when you moved out",
              "receipts, for example for cleaning you paid for",
              "how old the item was: the landlord should not be paid for fair wear and tear, or for a new item to replace an old one",
            ],
          },
          {
            id: "paying-up-front",
            heading: "Paying your proposal up front",
            paragraphs: [
              `When you propose more than ${formatPounds(0, { wholePounds: true })}, you pay what you propose up front. We hold the payment for at most ${days(PROPOSAL_HOLD_DAYS)}.`,
              "If your landlord or agent accepts your proposal, that payment settles the charges. If they refuse it, your payment is refunded in full to your card.",
            ],
          },
          {
            id: "final-proposal",
            heading: "Your landlord's final proposal",
            paragraphs: [
              "Your landlord or agent can accept your proposal, or answer it with a final proposal.",
              `You have ${days(RESPONSE_WINDOW_DAYS)} to respond to a final proposal: accept it and pay, or raise a formal dispute.`,
            ],
          },
          {
            id: "formal-dispute",
            heading: `A formal dispute and its ${fee} fee`,
            paragraphs: [feeRuleSummary({ fee })],
            list: feeRuleInAdvance({ fee, canExceedLimit: true }).map(feeCaseSentence),
          },
          {
            id: "the-adjudicator",
            heading: "The independent adjudicator decides",
            paragraphs: [
              `An independent adjudicator, who works for neither us nor your landlord, reads the evidence from both sides and decides what you owe. This takes up to ${ADJUDICATION_MAX_WEEKS} weeks.`,
              "Your landlord or agent has to show that a charge is fair. The adjudicator allows for fair wear and tear and for the age of what is replaced.",
            ],
          },
          {
            id: "days-to-pay",
            heading: `${days(ADJUDICATION_PAYMENT_DAYS)} to pay`,
            paragraphs: [
              `After the adjudicator decides, you have ${ADJUDICATION_PAYMENT_DAYS} calendar days to pay what you owe.`,
            ],
          },
          {
            id: "payment-plans",
            heading: "If you cannot pay all at once",
            paragraphs: [
              "If you cannot pay everything at once, we may offer you a payment plan. You confirm it, give your address and your card, and we then take a monthly instalment from your card.",
              "We e-mail you one week and one day before each instalment. If paying is hard, contact us early: we would rather agree a plan than chase a debt.",
            ],
          },
          {
            id: "joint-and-several",
            heading: "If you share your tenancy",
            paragraphs: [
              "You and your co-tenants are jointly and severally liable. This means each of you can be asked to pay the whole amount owed, not only your share.",
              "If a co-tenant does not pay their share, you may have to pay it. Talk to your co-tenants early and agree who answers the charges and how you will pay.",
            ],
          },
        ],
      },
    ],
  };
}

/** The steps, numbered 1, 2, 3… across the sections. */
export function numberedSteps(g: Guide): Array<GuideStep & { number: number }> {
  return g.sections.flatMap((s) => s.steps).map((step, i) => ({ ...step, number: i + 1 }));
}

/** A FAQ: a short answer and the step of the guide it comes from. */
export interface Faq {
  id: string;
  question: string;
  answer: string[];
  /** The guide's step (its anchor). */
  step: string;
  /** A page that answers it further (issue 36: "Struggling to pay?"). */
  more?: { href: string; text: string };
}

/** The FAQs (issue 27 scope 2), each linked to its step of the guide. */
export function faqs(): Faq[] {
  return [
    {
      id: "cannot-afford",
      question: "I can't afford to pay the charges",
      answer: [
        "You can still answer them: disagree with any charge you think is unfair and propose what you think is fair.",
        "If you owe money and cannot pay it all at once, tell us before your deadline. You can ask us for a plan of monthly instalments worked out from your budget, for more time to answer, or for a pause while you are in Breathing Space. Free, independent debt advice can help too.",
      ],
      step: "payment-plans",
      more: { href: STRUGGLING_TO_PAY_PATH, text: "Struggling to pay? Free advice, and what we can do to help" },
    },
    {
      id: "co-tenant-answered",
      question: "My co-tenant answered for me",
      answer: [
        "You share the tenancy, so you are jointly and severally liable: each of you can be asked to pay the whole amount owed.",
        "If you do not agree with what your co-tenant did, talk to them first, then contact us before the deadline.",
      ],
      step: "joint-and-several",
    },
    {
      id: "already-paid",
      question: "I already paid the landlord",
      answer: [
        "Tell us before your deadline, and add proof of the payment, such as a bank statement or a receipt, as supporting information on your claim page.",
        "Do not pay the same charge twice: answer the charge with what you think is still owed.",
      ],
      step: "agree-or-propose",
    },
    {
      id: "missed-deadline",
      question: "I missed the deadline",
      answer: [
        "If you did not respond or pay in time, the charges are treated as accepted and you will be asked to pay them.",
        "Contact us as soon as you can. If you cannot pay all at once, ask about a payment plan.",
      ],
      step: "doing-nothing",
    },
    {
      id: "refused-proposal-payment",
      question: "When do I get my payment back if my proposal is refused?",
      answer: [
        `We hold your payment for at most ${days(PROPOSAL_HOLD_DAYS)}. If your landlord or agent refuses your proposal, your payment is refunded in full to your card.`,
      ],
      step: "paying-up-front",
    },
    {
      id: "wear-and-tear",
      question: "What counts as wear and tear?",
      answer: [
        "Things wear out with normal use: faded paint, worn carpet where people walk, loose handles. Your landlord should not charge you for that.",
        "If something has to be replaced, you should usually pay only part of the cost, and less the older it was.",
        "On your claim page, each charge has a 'What helps for' link: the evidence that helps for that kind of charge and, for a replacement, a calculator of the share a tenant would usually pay. It is guidance, not the adjudicator's decision.",
      ],
      step: "agree-or-propose",
    },
    {
      id: "who-is-the-adjudicator",
      question: "Who is the adjudicator?",
      answer: [
        `An independent adjudicator, who works for neither us nor your landlord, decides a formal dispute from the evidence of both sides. It takes up to ${ADJUDICATION_MAX_WEEKS} weeks.`,
      ],
      step: "the-adjudicator",
    },
  ];
}
