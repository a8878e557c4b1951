/**
 * The catalogue's second part (one list with ./catalogue-claims.ts, joined in ./catalogue.ts):
 * the reminders of a deadline, the payment receipt, the payment plan's offer and requests, and
 * more time to answer (issue 36).
 */
import { PRODUCT_NAME } from "#common/product";
import { deadlineWords, londonTimeOfDay, longLondonDate, plainPounds, smsDeadline, untilWords } from "#common/wording";
import { PAYMENT_PLAN_OFFER_HOURS } from "../deadlines.js";
import type { Catalogue } from "./types";
import { answering, askForMoreTime, days, fee, hello, IF_NOTHING_CHARGES, IF_NOTHING_FINAL, MORE_TIME_ANSWER_DAYS_WORDS, smsHi, stageWords } from "./words";

export const LATER_NOTICES = {
  RESPONSE_REMINDER: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: "hold",
    email: (f, to, now) => ({
      subject: `Reminder: answer the ${f.final ? "final proposal" : "end of tenancy charges"} ${stageWords(f.stage)}`,
      lines: [
        hello(to),
        "",
        `The ${f.final ? "final proposal" : "end of tenancy charges"} for ${f.property} must be answered ${deadlineWords(f.deadline, now)}.`,
        f.final ? IF_NOTHING_FINAL : IF_NOTHING_CHARGES,
        ...askForMoreTime(f),
        "",
        "Answer now:",
        f.link,
      ],
    }),
    smsText: (f, to, now) =>
      `${smsHi(to)} reminder: answer the ${f.final ? "final proposal" : "end of tenancy charges"} ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  PAYMENT_REMINDER: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: "hold",
    email: (f, to, now) => ({
      subject: `Reminder: pay the end of tenancy charges ${stageWords(f.stage)}`,
      lines: [
        hello(to),
        "",
        `${plainPounds(f.amountPence)} for the end of tenancy charges for ${f.property} must be paid ${deadlineWords(f.deadline, now)}.`,
        "If it is not paid by then, it is still owed and must be paid immediately.",
        "",
        "Pay now:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} reminder: pay the end of tenancy charges ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  DISPUTE_FEE_REMINDER: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: "hold",
    email: (f, to, now) => ({
      subject: `Reminder: pay the dispute fee ${stageWords(f.stage)}`,
      lines: [
        hello(to),
        "",
        `The ${fee} dispute fee for ${f.property} must be paid ${deadlineWords(f.deadline, now)} for your dispute to go to the independent adjudicator.`,
        "If the fee is not paid by then, the charges are treated as accepted and must be paid in full.",
        "",
        "Pay the dispute fee:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} reminder: pay the dispute fee ${smsDeadline(f.deadline, now)} or the charges are treated as accepted: ${f.link}`,
  },
  ADJUDICATION_PAYMENT_REMINDER: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: "hold",
    email: (f, to, now) => ({
      subject: `Reminder: pay what the adjudicator decided ${stageWords(f.stage)}`,
      lines: [
        hello(to),
        "",
        `${plainPounds(f.amountPence)}, as the adjudicator decided, for ${f.property} must be paid ${deadlineWords(f.deadline, now)}.`,
        "If it is not paid by then, it is still owed and must be paid immediately.",
        "",
        "Pay now:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} reminder: pay what the adjudicator decided ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  PAYMENT_RECEIPT: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => {
      const givenBack = f.givenBackPence ?? 0;
      return {
        subject: `Your receipt for ${plainPounds(f.amountPence)}: ${f.paidFor}`,
        lines: [
          hello(to),
          "",
          `Thank you: we received your payment of ${plainPounds(f.amountPence)}. This is your receipt.`,
          "",
          `What it was for: ${f.paidFor}`,
          `Amount: ${plainPounds(f.amountPence)}`,
          `Paid with: ${f.cardLast4 ? `the card ending ${f.cardLast4}` : "your card"}`,
          `Date: ${longLondonDate(f.paidAt)}, ${londonTimeOfDay(f.paidAt)} (UK time)`,
          `${PRODUCT_NAME}: ${f.property}`,
          ...(givenBack > 0
            ? [
                "",
                `Your card was charged ${plainPounds(f.amountPence + givenBack)}. ${plainPounds(givenBack)} of it was more than was left to pay, so it is being given back to your card. We will e-mail you when it has been refunded.`,
              ]
            : []),
          "",
          "Download this receipt:",
          f.receiptLink,
          "",
          `See every payment on your ${PRODUCT_NAME}:`,
          f.link,
        ],
      };
    },
  },
  PAYMENT_PLAN_OFFERED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f, _to, now) => ({
      subject: "Your payment plan offer",
      lines: [
        `Your outstanding balance of ${plainPounds(f.amountPence)} for ${f.property} can be spread over ${f.instalments} monthly instalments, if you choose to.`,
        `The offer can be set up until ${untilWords(f.offerExpiresAt, now)}.`,
      ],
    }),
    email: (f, to, now) => ({
      subject: "Your payment plan offer",
      lines: [
        hello(to),
        "",
        `Your outstanding balance of ${plainPounds(f.amountPence)} for ${f.property} can be spread over ${f.instalments} monthly instalments.`,
        `To set up your payment plan, confirm the plan, your address and your payment details within ${PAYMENT_PLAN_OFFER_HOURS} hours, ${deadlineWords(f.offerExpiresAt, now)}.`,
        "If the three steps are not done by then, the offer will no longer be available and the balance stays due.",
        "",
        "Set up your payment plan:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} your payment plan offer ends ${smsDeadline(f.offerExpiresAt, now).replace(/^by /, "at ")}. Set it up: ${f.link}`,
  },
  // Issue 38 (decision 0059): sent once by the offer sweep 12 hours before the offer lapses, if its steps are not done.
  PAYMENT_PLAN_OFFER_ENDING: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: "hold",
    email: (f, to, now) => ({
      subject: "Reminder: your payment plan offer ends soon",
      lines: [
        hello(to),
        "",
        `Your payment plan offer for ${f.property} ends at ${untilWords(f.offerExpiresAt, now)}. It spreads your outstanding balance of ${plainPounds(f.amountPence)} over ${f.instalments} monthly instalments.`,
        "To set it up, confirm the plan, your address and your payment details before then.",
        "If the three steps are not done by then, the offer will no longer be available and the balance stays due.",
        "",
        "Set up your payment plan:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} your payment plan offer ends ${smsDeadline(f.offerExpiresAt, now).replace(/^by /, "at ")}. Set it up: ${f.link}`,
  },
  // ── issue 36: more time to answer (decision 0049) ──
  MORE_TIME_REQUESTED: {
    sms: false,
    asksForMoney: false,
    email: (f, to, now) => ({
      subject: "We have your request for more time",
      lines: [
        hello(to),
        "",
        `We have your request for ${days(f.days)} to answer the end of tenancy charges for ${f.property}.`,
        `We will answer ${deadlineWords(f.answerBy, now)}. If we have not answered by then, you will get the ${days(f.days)} you asked for.`,
        "While we look at your request, the charges will not be treated as accepted. You can still answer them at any time.",
        "Only the team that decides reads your reason.",
        "",
        "See your request:",
        f.link,
      ],
    }),
  },
  // Issue 36 (budget): neither asks for money. The receipt says nobody will until we answer; the
  // refusal answers the tenant's own request and points to help, so it goes out even in a Breathing Space.
  PAYMENT_PLAN_REQUEST_RECEIVED: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: "We have your request for a payment plan",
      lines: [
        hello(to),
        "",
        `Thank you for telling us. You asked to pay ${f.debt} for ${f.property}, ${plainPounds(f.amountPence)}, in ${f.plan}, with no interest and no fees.`,
        "We will look at your request and answer you by e-mail.",
        "Until we answer, nobody will ask you for this money: we will not send you reminders to pay it, and nothing about it will be escalated.",
        "",
        "If you would like to talk to someone about money, free and independent debt advice is available from MoneyHelper, StepChange, National Debtline and Citizens Advice.",
        "",
        "See your request:",
        f.link,
      ],
    }),
  },
  MORE_TIME_GRANTED: {
    sms: true,
    asksForMoney: true,
    email: (f, to, now) => ({
      subject: `You have more time to answer the ${answering(f.final)}`,
      lines: [
        hello(to),
        "",
        f.automatic
          ? `We did not answer ${f.askedByYou ? "your" : `${f.askedBy}'s`} request for more time within ${MORE_TIME_ANSWER_DAYS_WORDS}, so the ${days(f.days)} asked for are given to answer the ${answering(f.final)} for ${f.property}.`
          : f.askedByYou
            ? `Your request for more time is granted: you have ${days(f.days)} to answer the ${answering(f.final)} for ${f.property}.`
            : `${f.askedBy} asked for more time, and it is granted: you have ${days(f.days)} to answer the ${answering(f.final)} for ${f.property}.`,
        `The new deadline is the same for every tenant: please answer ${deadlineWords(f.deadline, now)}.`,
        f.final ? IF_NOTHING_FINAL : IF_NOTHING_CHARGES,
        "",
        "See the charges and answer them:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} you have more time. Please answer the ${f.final ? "final proposal" : "charges"} ${smsDeadline(f.deadline, now)}: ${f.link}`,
    duringBreathingSpace: (f) => ({
      subject: `You have more time to answer the ${answering(f.final)}`,
      lines: [
        f.askedByYou
          ? `Your request for more time to answer the ${answering(f.final)} for ${f.property} is granted: ${days(f.days)}.`
          : `${f.askedBy} asked for more time to answer the ${answering(f.final)} for ${f.property}, and ${days(f.days)} are given.`,
      ],
    }),
  },
  MORE_TIME_REFUSED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "Your request for more time",
      lines: [`We cannot give more time to answer the ${answering(f.final)} for ${f.property}.`, `Our reason: ${f.reason}`],
    }),
    email: (f, to, now) => ({
      subject: "Your request for more time",
      lines: [
        hello(to),
        "",
        `We are sorry, but we cannot give more time to answer the ${answering(f.final)} for ${f.property}.`,
        `Our reason: ${f.reason}`,
        "",
        f.moved
          ? `So that you have time to read this and act, your deadline has moved: please answer ${deadlineWords(f.deadline, now)}.`
          : `Please answer ${deadlineWords(f.deadline, now)}.`,
        f.final
          ? "You can still accept the final proposal, or dispute it with the independent adjudicator."
          : "You can still accept the charges, dispute them, or propose other amounts where your claim allows it.",
        f.final ? IF_NOTHING_FINAL : IF_NOTHING_CHARGES,
        "If paying is the problem, contact us: we may be able to offer a payment plan.",
        "",
        "Answer the charges:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} we could not give more time. Please answer the ${f.final ? "final proposal" : "charges"} ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  PAYMENT_PLAN_REQUEST_REFUSED: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: "Your request for a payment plan",
      lines: [
        hello(to),
        "",
        `We have looked at your request to pay ${f.debt} for ${f.property}, ${plainPounds(f.amountPence)}, in instalments. We are sorry, but we cannot offer the plan you asked for.`,
        `Why: ${f.reason}`,
        "",
        "What you can do next:",
        "- Talk to a free, independent debt adviser: MoneyHelper, StepChange, National Debtline or Citizens Advice. They can help you work out what you can afford.",
        "- A debt adviser can also tell you about Breathing Space, which pauses action about your debts while you get advice.",
        `- Contact us to talk about it: ${f.contactLink}`,
        "- Work out your budget again and send us a new request.",
        "",
        "See what you owe and work out a plan:",
        f.link,
      ],
    }),
  },
} satisfies Partial<Catalogue>;
