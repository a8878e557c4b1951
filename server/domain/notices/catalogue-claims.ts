/**
 * The catalogue's first part (one list with ./catalogue-reminders.ts, joined in ./catalogue.ts):
 * the checkout's turn and the claim's own notices, from the charges raised to the claim resolved.
 */
import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { ADJUDICATION_MAX_WEEKS } from "#common/dispute-fee";
import { PRODUCT_NAME } from "#common/product";
import { daysAwayWords, deadlineWords, londonTimeOfDay, longLondonDate, plainPounds, smsDeadline, untilWords } from "#common/wording";
import type { Catalogue } from "./types";
import { askForMoreTime, fee, hello, IF_NOTHING_CHARGES, IF_NOTHING_FINAL, smsHi, stageWords } from "./words";

export const CLAIM_NOTICES = {
  CHECKOUT_YOUR_TURN: {
    sms: true,
    asksForMoney: false,
    email: (f, to) => ({
      subject: `It is your turn to finish your ${PRODUCT_NAME}`,
      lines: [
        hello(to),
        "",
        `The other tenants of ${f.property} have finished their part. It is now your turn to carry on with your ${PRODUCT_NAME}.`,
        `Your ${PRODUCT_NAME} cannot start until you have finished. There is no deadline, but your landlord or agent is waiting for it.`,
        "",
        "Carry on where you left off:",
        f.link,
      ],
    }),
    smsText: (f, to) => `${smsHi(to)} it's your turn to finish your ${PRODUCT_NAME}: ${f.link}`,
  },
  CLAIM_RAISED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "End of tenancy charges have been raised",
      lines: [`${f.organization ?? "Your landlord or agent"} has raised end of tenancy charges of ${plainPounds(f.amountPence)} for ${f.property}.`],
    }),
    email: (f, to, now) => ({
      subject: "End of tenancy charges have been raised",
      lines: [
        hello(to),
        "",
        `${f.organization ?? "Your landlord or agent"} has raised end of tenancy charges of ${plainPounds(f.amountPence)} for ${f.property}.`,
        `Please answer them ${deadlineWords(f.deadline, now)}. You can accept them, propose other amounts, or dispute them.`,
        IF_NOTHING_CHARGES,
        ...askForMoreTime(f),
        "",
        "See the charges and their evidence, and answer them:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} end of tenancy charges have been raised. Please answer them ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  CHARGES_ACCEPTED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "The end of tenancy charges were accepted",
      lines: [`${f.acceptedBy} accepted the end of tenancy charges for ${f.property} for all tenants: ${plainPounds(f.amountPence)}.`],
    }),
    email: (f, to, now) => ({
      subject: "The end of tenancy charges were accepted: payment is due",
      lines: [
        hello(to),
        "",
        `${f.acceptedBy} accepted the end of tenancy charges for ${f.property} for all tenants. ${plainPounds(f.amountPence)} is now due.`,
        `Please pay ${deadlineWords(f.deadline, now)}. If it is not paid by then, it is still owed and must be paid immediately.`,
        "",
        "Pay the charges:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} the end of tenancy charges were accepted. Please pay ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  PROPOSAL_SENT: {
    sms: false,
    asksForMoney: false,
    email: (f, to, now) => {
      const until = untilWords(f.holdExpiresAt, now);
      return {
        subject: "Your proposal was sent to your landlord or agent",
        lines: [
          hello(to),
          "",
          ...(f.amountPence > 0
            ? [
                `${f.sentBy} sent a proposal of ${plainPounds(f.amountPence)} for the end of tenancy charges for ${f.property}, and paid it upfront.`,
                `Your landlord or agent can accept it or put forward a final proposal. The payment is held until ${until}.`,
                "You do not need to do anything now. If your proposal is refused, or not answered by then, the payment is refunded in full and we will e-mail you.",
              ]
            : [
                `${f.sentBy} sent a proposal of ${plainPounds(0)} for the end of tenancy charges for ${f.property}: that nothing should be paid.`,
                `Your landlord or agent can accept it or put forward a final proposal, until ${until}.`,
                "You do not need to do anything now. If it is not answered by then, the proposal comes back to you and we will e-mail you.",
              ]),
          "",
          "See your proposal:",
          f.link,
        ],
      };
    },
  },
  PROPOSAL_ACCEPTED: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: "Your landlord accepted your proposal",
      lines: [
        hello(to),
        "",
        `Your landlord or agent accepted your proposal of ${plainPounds(f.amountPence)} for ${f.property}.`,
        "The payment made with it settles the end of tenancy charges. You do not need to do anything or pay anything more.",
        "",
        "See the settled charges:",
        f.link,
      ],
    }),
  },
  FINAL_PROPOSAL: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "Your landlord put forward a final proposal",
      lines: [
        `Your landlord or agent did not accept your proposal for ${f.property} and put forward a final proposal of ${plainPounds(f.amountPence)}.`,
        ...(f.refundPence > 0 ? [`The ${plainPounds(f.refundPence)} paid with your proposal is being refunded in full to your card.`] : []),
      ],
    }),
    email: (f, to, now) => ({
      subject: "Your landlord put forward a final proposal",
      lines: [
        hello(to),
        "",
        `Your landlord or agent did not accept your proposal for ${f.property} and put forward a final proposal of ${plainPounds(f.amountPence)}.`,
        ...(f.refundPence > 0 ? [`The ${plainPounds(f.refundPence)} paid with your proposal is being refunded in full to your card.`] : []),
        `Please answer it ${deadlineWords(f.deadline, now)}: accept it and pay, or dispute it with the independent adjudicator (a ${fee} fee).`,
        IF_NOTHING_FINAL,
        ...askForMoreTime(f),
        "",
        "See the final proposal and answer it:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} your landlord put forward a final proposal. Please answer it ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  PROPOSAL_HOLD_EXPIRED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "Your landlord did not answer your proposal in time",
      lines: [
        `Your landlord or agent did not answer your proposal for ${f.property} within ${PROPOSAL_HOLD_DAYS} days, so it is back with you as a draft.`,
        ...(f.refundPence > 0 ? [`The ${plainPounds(f.refundPence)} paid with it is being refunded in full to your card.`] : []),
      ],
    }),
    email: (f, to, now) => ({
      subject: "Your landlord did not answer your proposal in time",
      lines: [
        hello(to),
        "",
        `Your landlord or agent did not answer your proposal for ${f.property} within ${PROPOSAL_HOLD_DAYS} days.`,
        ...(f.refundPence > 0 ? [`The ${plainPounds(f.refundPence)} paid with it is being refunded in full to your card.`] : []),
        `Your proposal is back with you as a draft. Please answer the charges again ${deadlineWords(f.deadline, now)}.`,
        IF_NOTHING_CHARGES,
        ...askForMoreTime(f),
        "",
        "Answer the charges:",
        f.link,
      ],
    }),
    smsText: (f, to, now) => `${smsHi(to)} your landlord did not answer your proposal in time. Please answer the charges again ${smsDeadline(f.deadline, now)}: ${f.link}`,
  },
  DISPUTE_FEE_DUE: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "The end of tenancy charges were disputed",
      lines: [
        f.disputedByYou
          ? `You disputed the end of tenancy charges for ${f.property}. Your dispute goes to the independent adjudicator once the ${fee} dispute fee is paid.`
          : `${f.disputedBy} disputed the end of tenancy charges for ${f.property} for all tenants. The dispute goes to the independent adjudicator once ${f.disputedBy} pays the ${fee} dispute fee.`,
      ],
    }),
    email: (f, to, now) =>
      f.disputedByYou
        ? {
            subject: `Pay the ${fee} dispute fee to send your dispute to the adjudicator`,
            lines: [
              hello(to),
              "",
              `You disputed the end of tenancy charges for ${f.property}. Your dispute goes to the independent adjudicator once the ${fee} dispute fee is paid.`,
              `Please pay it ${deadlineWords(f.deadline, now)}.`,
              "If the fee is not paid by then, the charges are treated as accepted and must be paid in full.",
              "",
              "Pay the dispute fee:",
              f.link,
            ],
          }
        : {
            subject: "The end of tenancy charges were disputed",
            lines: [
              hello(to),
              "",
              `${f.disputedBy} disputed the end of tenancy charges for ${f.property} for all tenants. The dispute goes to the independent adjudicator once ${f.disputedBy} pays the ${fee} dispute fee.`,
              `The fee must be paid ${deadlineWords(f.deadline, now)}.`,
              "If the fee is not paid by then, the charges are treated as accepted and must be paid in full.",
              "",
              "See the dispute:",
              f.link,
            ],
          },
    smsText: (f, to, now) =>
      f.disputedByYou
        ? `${smsHi(to)} please pay the dispute fee ${smsDeadline(f.deadline, now)} or the charges are treated as accepted: ${f.link}`
        : `${smsHi(to)} the charges were disputed. If the dispute fee is not paid ${smsDeadline(f.deadline, now)}, they are treated as accepted: ${f.link}`,
  },
  SENT_TO_ADJUDICATION: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: "Your dispute is with the adjudicator",
      lines: [
        hello(to),
        "",
        `The dispute fee is paid and the end of tenancy charges for ${f.property} are now with the independent adjudicator.`,
        `The adjudication takes up to ${ADJUDICATION_MAX_WEEKS} weeks. You do not need to do anything now: we will e-mail you when the adjudicator has decided.`,
        "",
        "See your dispute:",
        f.link,
      ],
    }),
  },
  DISPUTE_FEE_PAID: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: "The dispute fee is paid: your dispute is with the adjudicator",
      lines: [
        hello(to),
        "",
        `${f.paidBy} paid the ${fee} dispute fee for ${f.property}, so the end of tenancy charges are not treated as accepted.`,
        `The dispute is now with the independent adjudicator, who decides within up to ${ADJUDICATION_MAX_WEEKS} weeks. You do not need to do anything now: we will e-mail you when the adjudicator has decided.`,
        "",
        "See the dispute:",
        f.link,
      ],
    }),
  },
  ADJUDICATION_DECIDED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "The adjudicator has decided",
      lines: [
        `The independent adjudicator has decided the end of tenancy charges for ${f.property}: ${plainPounds(f.awardedPence)} is awarded to your landlord or agent.`,
        f.disputeFeeWords,
        f.amountDuePence > 0 ? `${plainPounds(f.amountDuePence)} is left to pay.` : "There is nothing more to pay.",
      ],
    }),
    email: (f, to, now) => ({
      subject: "The adjudicator has decided",
      lines: [
        hello(to),
        "",
        `The independent adjudicator has decided the end of tenancy charges for ${f.property}: ${plainPounds(f.awardedPence)} is awarded to your landlord or agent.`,
        f.disputeFeeWords,
        ...(f.amountDuePence > 0
          ? [
              `${plainPounds(f.amountDuePence)} is now due. Please pay it ${deadlineWords(f.deadline, now)}.`,
              "If it is not paid by then, it is still owed and must be paid immediately.",
            ]
          : ["There is nothing more to pay."]),
        "",
        // Issue 39: the adjudicator's reasons, item by item, on the same page (the page to act on stays the last link).
        ...(f.withReasons ? ["Read the adjudicator's reasons:", `${f.link}#reasons`, ""] : []),
        "See the decision and the adjudication report:",
        f.link,
      ],
    }),
    smsText: (f, to, now) =>
      f.amountDuePence > 0
        ? `${smsHi(to)} the adjudicator has decided. Please pay what is due ${smsDeadline(f.deadline, now)}: ${f.link}`
        : `${smsHi(to)} the adjudicator has decided. See the decision: ${f.link}`,
  },
  CHARGES_DEEMED_ACCEPTED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "The end of tenancy charges are now treated as accepted",
      lines: [`The end of tenancy charges for ${f.property} are treated as accepted: ${plainPounds(f.amountPence)}.`],
    }),
    email: (f, to) => ({
      subject: "The end of tenancy charges are now treated as accepted",
      lines: [
        hello(to),
        "",
        f.lapsedDispute
          ? `The dispute fee for ${f.property} was not paid in time, so the dispute has lapsed and the charges are treated as accepted.`
          : `The end of tenancy charges for ${f.property} were not answered in time, so they are treated as accepted.`,
        `You now owe ${plainPounds(f.amountPence)}, to be paid immediately.`,
        "",
        "Pay the charges:",
        f.link,
      ],
    }),
    smsText: (f, to) => `${smsHi(to)} the end of tenancy charges are now treated as accepted. You must pay immediately: ${f.link}`,
  },
  CLAIM_RESOLVED: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: "Your end of tenancy charges are settled",
      lines: [
        hello(to),
        "",
        `All the end of tenancy charges for ${f.property} are settled (${plainPounds(f.settledPence)} in total), and the claim is closed.`,
        "You do not need to do anything more.",
        "",
        ...(f.recordLink
          ? ["Your claim record has everything that happened on the claim, in order. Keep it, or share it with an adviser:", f.recordLink, ""]
          : []),
        `See your ${PRODUCT_NAME}:`,
        f.link,
      ],
    }),
  },
} satisfies Partial<Catalogue>;
