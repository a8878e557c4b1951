/**
 * Every notice that tells a tenant to act, or that starts or ends a clock (issue 28): one
 * catalogue of what each says by e-mail and, where it has a deadline or it is the tenant's
 * turn, by text message. The terms serve notices by e-mail (part 2 §1), so every notice has an
 * e-mail; a text message is short, carries a link, and names nothing beyond the first name (no
 * amount, no address).
 *
 * Pure: the service (server/lib/notices.ts) finds the recipients and their first names,
 * renders each notice here, and writes the e-mails and text messages to the outbox in the
 * transaction that made the change. Deadlines are worded in London time with the date in
 * full and how far away it is ("by 11:59pm on Friday 4 December 2026 (UK time), 7 days from
 * today"), and every notice says what happens if the tenant does nothing.
 */
import { strugglingToPayEmailLines } from "#common/struggling-to-pay";
import { ADJUDICATION_MAX_WEEKS, DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { PRODUCT_NAME } from "#common/product";
import type { SystemActivityType } from "./claim-responses.js";
import { PAYMENT_PLAN_OFFER_HOURS } from "./deadlines.js";
import { MORE_TIME_ANSWER_WORKING_DAYS } from "./more-time.js";
import { calendarDaysBetween, londonDate, toInstant, type Instant } from "./london-time.js";

// ── Words ────────────────────────────────────────────────────────────────────────────

/** Pounds with two decimals (e-mails only: a text message carries no amount). */
export function noticePounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function londonParts(instant: Instant) {
  const date = toInstant(instant);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h23",
      weekday: "long",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: parts.weekday as string,
    day: Number(parts.day),
    month: Number(parts.month),
    year: Number(parts.year),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** An address's parts, as the addresses table holds them. */
export type NoticeAddress = {
  flatNumber?: string | null;
  roomNumber?: string | null;
  buildingName?: string | null;
  buildingNumber?: string | null;
  street: string;
  town?: string | null;
  postcode: string;
};

/** "Flat 2, 12 Orchard Road, Bristol BS1 1AA": the property on one line. */
export function propertyLine(a: NoticeAddress): string {
  const clean = (v: string | null | undefined) => v?.trim() || null;
  const flat = clean(a.flatNumber);
  const room = clean(a.roomNumber);
  const parts = [
    flat ? (/^flat\b/i.test(flat) ? flat : `Flat ${flat}`) : null,
    room ? (/^room\b/i.test(room) ? room : `Room ${room}`) : null,
    clean(a.buildingName),
    [clean(a.buildingNumber), clean(a.street)].filter(Boolean).join(" ") || null,
    [clean(a.town), clean(a.postcode)].filter(Boolean).join(" ") || null,
  ];
  return parts.filter(Boolean).join(", ");
}

/** "Friday 4 December 2026": the London calendar day of an instant. */
export function longLondonDate(instant: Instant): string {
  const p = londonParts(instant);
  return `${p.weekday} ${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** "Fri 4 Dec": the short form for a text message. */
export function shortLondonDate(instant: Instant): string {
  const p = londonParts(instant);
  return `${p.weekday.slice(0, 3)} ${p.day} ${MONTHS[p.month - 1]!.slice(0, 3)}`;
}

/** "11:59pm", "9:05am": the London time of day. */
export function londonTimeOfDay(instant: Instant): string {
  const p = londonParts(instant);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, "0")}${p.hour < 12 ? "am" : "pm"}`;
}

/** The weekday of a London calendar day, for tests and the job's logs. */
export function weekdayOf(date: string): string {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
}

/** "today", "tomorrow", "7 days from today" (London calendar days from `now`). */
export function daysAwayWords(deadline: Instant, now: Instant): string {
  const days = calendarDaysBetween(londonDate(now), londonDate(deadline));
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  return `${days} days from today`;
}

/** "by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today": the deadline in words and date. */
export function deadlineWords(deadline: Instant, now: Instant): string {
  return `by ${londonTimeOfDay(deadline)} on ${longLondonDate(deadline)} (UK time), ${daysAwayWords(deadline, now)}`;
}

/** "by 11:59pm Fri 4 Dec" for a text message; "by 11:59pm tonight" on the day itself. */
function smsDeadline(deadline: Instant, now: Instant): string {
  const days = calendarDaysBetween(londonDate(now), londonDate(deadline));
  if (days <= 0) return `by ${londonTimeOfDay(deadline)} tonight`;
  if (days === 1) return `by ${londonTimeOfDay(deadline)} tomorrow`;
  return `by ${londonTimeOfDay(deadline)} ${shortLondonDate(deadline)}`;
}

// ── The notices ──────────────────────────────────────────────────────────────────────

/** What every notice about a Keyfree names: its property on one line, and the page to act on (absolute). */
type About = { property: string; link: string };

/** The deadline notices' link to ask for more time to answer (issue 36): /claims/:claimId/more-time. */
type MoreTimeLink = { moreTimeLink: string };

/** Which reminder: the day before the deadline, or the morning of its day. */
export type ReminderStage = "DAY_BEFORE" | "ON_THE_DAY";

export type NoticeFacts = {
  /** A co-tenant finished their part of the checkout and the next action is now this tenant's (part 1 §2.3). */
  CHECKOUT_YOUR_TURN: About;
  /** The landlord or agent raised charges (round 1): a 7-day clock starts. */
  CLAIM_RAISED: About & MoreTimeLink & { organization: string | null; amountPence: number; deadline: Date };
  /** A tenant accepted the landlord's charges or final proposal for everyone: payment is due. */
  CHARGES_ACCEPTED: About & { acceptedBy: string; amountPence: number; deadline: Date };
  /** The tenants' proposal went to the landlord with its payment held (up to 7 days; a £0 proposal holds no payment). */
  PROPOSAL_SENT: About & { sentBy: string; amountPence: number; holdExpiresAt: Date };
  /** The landlord accepted the tenants' proposal: the held payment settles the charges. */
  PROPOSAL_ACCEPTED: About & { amountPence: number };
  /** The landlord refused the proposal and put forward a final one (round 3): a new 7-day clock. */
  FINAL_PROPOSAL: About & MoreTimeLink & { amountPence: number; refundPence: number; deadline: Date };
  /** The landlord did not answer the proposal before its hold ran out: refunded, and the tenants answer again. */
  PROPOSAL_HOLD_EXPIRED: About & MoreTimeLink & { refundPence: number; deadline: Date };
  /**
   * A tenant disputed the charges: the £60 dispute fee is due by the deadline. Only the tenant who
   * disputed can pay it (`disputedByYou`); the others are told what happens if it is not paid.
   */
  DISPUTE_FEE_DUE: About & { disputedBy: string; disputedByYou: boolean; deadline: Date };
  /** The dispute fee is paid and the claim is with the adjudicator (up to 6 weeks). */
  SENT_TO_ADJUDICATION: About;
  /** The adjudicator decided: what is due, and 3 calendar days to pay it. */
  ADJUDICATION_DECIDED: About & { awardedPence: number; amountDuePence: number; deadline: Date; disputeFeeWords: string };
  /** Nobody answered (or paid the dispute fee) in time: the charges are treated as accepted. */
  CHARGES_DEEMED_ACCEPTED: About & { amountPence: number; lapsedDispute: boolean };
  /** Every charge is settled and the claim is closed. */
  CLAIM_RESOLVED: About & { settledPence: number };
  /** A reminder to answer the charges or the final proposal. */
  RESPONSE_REMINDER: About & MoreTimeLink & { stage: ReminderStage; deadline: Date; final: boolean };
  /** A reminder to pay accepted charges. */
  PAYMENT_REMINDER: About & { stage: ReminderStage; deadline: Date; amountPence: number };
  /** A reminder to pay the dispute fee. */
  DISPUTE_FEE_REMINDER: About & { stage: ReminderStage; deadline: Date };
  /** A reminder to pay what the adjudicator decided. */
  ADJUDICATION_PAYMENT_REMINDER: About & { stage: ReminderStage; deadline: Date; amountPence: number };
  /**
   * A card payment succeeded (scope 3): what it was for (common/payments.ts paymentLabel, as the
   * Keyfree page says it), the amount kept, the card, the date, the Keyfree; `link` is the
   * Keyfree page and `receiptLink` this payment's receipt to download. `givenBackPence`: what the
   * card paid above what was left to pay (a co-tenant's share came in first), being refunded.
   */
  PAYMENT_RECEIPT: About & {
    paidFor: string;
    amountPence: number;
    cardLast4: string | null;
    paidAt: Date;
    receiptLink: string;
    givenBackPence?: number;
  };
  /** A payment plan is offered: its three steps must be done within 48 hours (part 2 §4, §9). */
  PAYMENT_PLAN_OFFERED: About & { amountPence: number; instalments: number; offerExpiresAt: Date };
  // ── issue 36: more time to answer (decision 0049) ──
  /** The receipt for a request for more time, to the tenant who asked: when we answer by, and what holds meanwhile. */
  MORE_TIME_REQUESTED: About & { days: number; answerBy: Date };
  /** More time was given (by the back office, or by the clock when we did not answer in time): the new deadline, to every tenant. */
  MORE_TIME_GRANTED: About & { days: number; deadline: Date; automatic: boolean; askedBy: string; askedByYou: boolean; final: boolean };
  /** A request for more time was refused, to the tenant who asked: why, the deadline as it stands (at least 3 days away), what they can do. */
  MORE_TIME_REFUSED: About & { reason: string; deadline: Date; moved: boolean; final: boolean };
  /**
   * Issue 36 (budget): the tenant asked for a plan worked out from their budget. What they asked
   * for, that we will answer, and that until we do nobody asks them for that money. `debt` names
   * the money ("your share of the end of tenancy charges"); `plan` the plan asked for, in words.
   */
  PAYMENT_PLAN_REQUEST_RECEIVED: About & { debt: string; amountPence: number; plan: string };
  /**
   * Issue 36 (budget): the back office could not offer the plan asked for: why, plainly, and what
   * the tenant can do next (free debt advice, Breathing Space, contact us, another budget).
   */
  PAYMENT_PLAN_REQUEST_REFUSED: About & { debt: string; amountPence: number; reason: string; contactLink: string };
};

export type NoticeKind = keyof NoticeFacts;
export type Notice = { [K in NoticeKind]: { kind: K; facts: NoticeFacts[K] } }[NoticeKind];

export type RenderedNotice = { subject: string; text: string; sms: string | null };

type Recipient = { firstName: string };

type Definition<K extends NoticeKind> = {
  /** Whether it is also sent by text message (a deadline, or the tenant's turn): scope 4. */
  sms: boolean;
  /**
   * Whether it asks the tenant for money, or to answer charges they may have to pay (issue 36):
   * such an e-mail links "Struggling to pay?", and none is sent as a demand during a Breathing Space.
   */
  asksForMoney: boolean;
  /**
   * A notice that asks for money, to a tenant in Breathing Space (issue 36, decision 0047): "hold"
   * for a reminder of a deadline (none is sent while it lasts: the deadline moves); otherwise
   * what happened, without asking for money (the catalogue adds what Breathing Space means and
   * the link). A kind without one is told with a general line (breathingSpaceEmail).
   */
  duringBreathingSpace?: "hold" | ((facts: NoticeFacts[K], to: Recipient, now: Date) => { subject: string; lines: string[] });
  email(facts: NoticeFacts[K], to: Recipient, now: Date): { subject: string; lines: string[] };
  smsText?(facts: NoticeFacts[K], to: Recipient, now: Date): string;
};

const hello = (to: Recipient) => `Hello ${to.firstName},`;
const MORE_TIME_ANSWER_DAYS_WORDS = `${MORE_TIME_ANSWER_WORKING_DAYS} working days`;
const smsHi = (to: Recipient) => `${PRODUCT_NAME}: Hi ${to.firstName},`;
const fee = noticePounds(DISPUTE_FEE_PENCE);
const IF_NOTHING_CHARGES = "If nobody answers by then, the charges are treated as accepted and must be paid in full.";
const IF_NOTHING_FINAL = "If nobody answers by then, the final proposal is treated as accepted and must be paid in full.";
/** Issue 36: the deadline notices offer more time before the consequence (SMS keeps its one link). */
const askForMoreTime = (f: MoreTimeLink) => ["", "Need more time? Ask for it here:", f.moreTimeLink];
const days = (n: number) => `${n} more ${n === 1 ? "day" : "days"}`;
const answering = (final: boolean) => (final ? "final proposal" : "end of tenancy charges");

function stageWords(stage: ReminderStage) {
  return stage === "DAY_BEFORE" ? "tomorrow" : "today";
}

export const NOTICES: { [K in NoticeKind]: Definition<K> } = {
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
      lines: [`${f.organization ?? "Your landlord or agent"} has raised end of tenancy charges of ${noticePounds(f.amountPence)} for ${f.property}.`],
    }),
    email: (f, to, now) => ({
      subject: "End of tenancy charges have been raised",
      lines: [
        hello(to),
        "",
        `${f.organization ?? "Your landlord or agent"} has raised end of tenancy charges of ${noticePounds(f.amountPence)} for ${f.property}.`,
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
      lines: [`${f.acceptedBy} accepted the end of tenancy charges for ${f.property} for all tenants: ${noticePounds(f.amountPence)}.`],
    }),
    email: (f, to, now) => ({
      subject: "The end of tenancy charges were accepted: payment is due",
      lines: [
        hello(to),
        "",
        `${f.acceptedBy} accepted the end of tenancy charges for ${f.property} for all tenants. ${noticePounds(f.amountPence)} is now due.`,
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
      const until = `${londonTimeOfDay(f.holdExpiresAt)} on ${longLondonDate(f.holdExpiresAt)} (UK time), ${daysAwayWords(f.holdExpiresAt, now)}`;
      return {
        subject: "Your proposal was sent to your landlord or agent",
        lines: [
          hello(to),
          "",
          ...(f.amountPence > 0
            ? [
                `${f.sentBy} sent a proposal of ${noticePounds(f.amountPence)} for the end of tenancy charges for ${f.property}, and paid it upfront.`,
                `Your landlord or agent can accept it or put forward a final proposal. The payment is held until ${until}.`,
                "You do not need to do anything now. If your proposal is refused, or not answered by then, the payment is refunded in full and we will e-mail you.",
              ]
            : [
                `${f.sentBy} sent a proposal of ${noticePounds(0)} for the end of tenancy charges for ${f.property}: that nothing should be paid.`,
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
        `Your landlord or agent accepted your proposal of ${noticePounds(f.amountPence)} for ${f.property}.`,
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
        `Your landlord or agent did not accept your proposal for ${f.property} and put forward a final proposal of ${noticePounds(f.amountPence)}.`,
        ...(f.refundPence > 0 ? [`The ${noticePounds(f.refundPence)} paid with your proposal is being refunded in full to your card.`] : []),
      ],
    }),
    email: (f, to, now) => ({
      subject: "Your landlord put forward a final proposal",
      lines: [
        hello(to),
        "",
        `Your landlord or agent did not accept your proposal for ${f.property} and put forward a final proposal of ${noticePounds(f.amountPence)}.`,
        ...(f.refundPence > 0 ? [`The ${noticePounds(f.refundPence)} paid with your proposal is being refunded in full to your card.`] : []),
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
        `Your landlord or agent did not answer your proposal for ${f.property} within 7 days, so it is back with you as a draft.`,
        ...(f.refundPence > 0 ? [`The ${noticePounds(f.refundPence)} paid with it is being refunded in full to your card.`] : []),
      ],
    }),
    email: (f, to, now) => ({
      subject: "Your landlord did not answer your proposal in time",
      lines: [
        hello(to),
        "",
        `Your landlord or agent did not answer your proposal for ${f.property} within 7 days.`,
        ...(f.refundPence > 0 ? [`The ${noticePounds(f.refundPence)} paid with it is being refunded in full to your card.`] : []),
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
  ADJUDICATION_DECIDED: {
    sms: true,
    asksForMoney: true,
    duringBreathingSpace: (f) => ({
      subject: "The adjudicator has decided",
      lines: [
        `The independent adjudicator has decided the end of tenancy charges for ${f.property}: ${noticePounds(f.awardedPence)} is awarded to your landlord or agent.`,
        f.disputeFeeWords,
        f.amountDuePence > 0 ? `${noticePounds(f.amountDuePence)} is left to pay.` : "There is nothing more to pay.",
      ],
    }),
    email: (f, to, now) => ({
      subject: "The adjudicator has decided",
      lines: [
        hello(to),
        "",
        `The independent adjudicator has decided the end of tenancy charges for ${f.property}: ${noticePounds(f.awardedPence)} is awarded to your landlord or agent.`,
        f.disputeFeeWords,
        ...(f.amountDuePence > 0
          ? [
              `${noticePounds(f.amountDuePence)} is now due. Please pay it ${deadlineWords(f.deadline, now)}.`,
              "If it is not paid by then, it is still owed and must be paid immediately.",
            ]
          : ["There is nothing more to pay."]),
        "",
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
      lines: [`The end of tenancy charges for ${f.property} are treated as accepted: ${noticePounds(f.amountPence)}.`],
    }),
    email: (f, to) => ({
      subject: "The end of tenancy charges are now treated as accepted",
      lines: [
        hello(to),
        "",
        f.lapsedDispute
          ? `The dispute fee for ${f.property} was not paid in time, so the dispute has lapsed and the charges are treated as accepted.`
          : `The end of tenancy charges for ${f.property} were not answered in time, so they are treated as accepted.`,
        `You now owe ${noticePounds(f.amountPence)}, to be paid immediately.`,
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
        `All the end of tenancy charges for ${f.property} are settled (${noticePounds(f.settledPence)} in total), and the claim is closed.`,
        "You do not need to do anything more.",
        "",
        `See your ${PRODUCT_NAME}:`,
        f.link,
      ],
    }),
  },
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
        `${noticePounds(f.amountPence)} for the end of tenancy charges for ${f.property} must be paid ${deadlineWords(f.deadline, now)}.`,
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
        `${noticePounds(f.amountPence)}, as the adjudicator decided, for ${f.property} must be paid ${deadlineWords(f.deadline, now)}.`,
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
        subject: `Your receipt for ${noticePounds(f.amountPence)}: ${f.paidFor}`,
        lines: [
          hello(to),
          "",
          `Thank you: we received your payment of ${noticePounds(f.amountPence)}. This is your receipt.`,
          "",
          `What it was for: ${f.paidFor}`,
          `Amount: ${noticePounds(f.amountPence)}`,
          `Paid with: ${f.cardLast4 ? `the card ending ${f.cardLast4}` : "your card"}`,
          `Date: ${longLondonDate(f.paidAt)}, ${londonTimeOfDay(f.paidAt)} (UK time)`,
          `${PRODUCT_NAME}: ${f.property}`,
          ...(givenBack > 0
            ? [
                "",
                `Your card was charged ${noticePounds(f.amountPence + givenBack)}. ${noticePounds(givenBack)} of it was more than was left to pay, so it is being given back to your card. We will e-mail you when it has been refunded.`,
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
        `Your outstanding balance of ${noticePounds(f.amountPence)} for ${f.property} can be spread over ${f.instalments} monthly instalments, if you choose to.`,
        `The offer can be set up until ${londonTimeOfDay(f.offerExpiresAt)} on ${longLondonDate(f.offerExpiresAt)} (UK time), ${daysAwayWords(f.offerExpiresAt, now)}.`,
      ],
    }),
    email: (f, to, now) => ({
      subject: "Your payment plan offer",
      lines: [
        hello(to),
        "",
        `Your outstanding balance of ${noticePounds(f.amountPence)} for ${f.property} can be spread over ${f.instalments} monthly instalments.`,
        `To set up your payment plan, confirm the plan, your address and your payment details within ${PAYMENT_PLAN_OFFER_HOURS} hours, ${deadlineWords(f.offerExpiresAt, now)}.`,
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
        `Thank you for telling us. You asked to pay ${f.debt} for ${f.property}, ${noticePounds(f.amountPence)}, in ${f.plan}, with no interest and no fees.`,
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
        `We have looked at your request to pay ${f.debt} for ${f.property}, ${noticePounds(f.amountPence)}, in instalments. We are sorry, but we cannot offer the plan you asked for.`,
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
};

/** Where the notice's absolute links start: the web app's address, without a trailing slash (server/lib/app-url.ts). */
export type NoticeLinks = { appUrl: string };

/** A recipient's Breathing Space (issue 36): its last day (a London date, YYYY-MM-DD), null while it has no end yet. */
export type BreathingSpaceOfRecipient = { until: string | null };

/**
 * The e-mail (subject and plain text) and, for the kinds that have one, the text message. An
 * e-mail that asks for money ends, after its own link, with "Struggling to pay?" and the link to
 * free advice and what we can do (issue 36, common/struggling-to-pay.ts); a text message stays short.
 * To a tenant in Breathing Space (`options.breathingSpace`) a notice that asks for money says what
 * happened without asking for it, and goes by e-mail only (breathingSpaceEmail).
 */
export function renderNotice(
  notice: Notice,
  to: Recipient,
  now: Date,
  links: NoticeLinks,
  options: { breathingSpace?: BreathingSpaceOfRecipient } = {},
): RenderedNotice {
  const definition = NOTICES[notice.kind] as Definition<NoticeKind>;
  if (options.breathingSpace && definition.asksForMoney) {
    const email = breathingSpaceEmail(notice, to, now, options.breathingSpace);
    return { subject: email.subject, text: email.lines.join("\n"), sms: null };
  }
  const email = definition.email(notice.facts as never, to, now);
  const lines = definition.asksForMoney ? [...email.lines, ...strugglingToPayEmailLines(links.appUrl)] : email.lines;
  const sms = definition.sms && definition.smsText ? definition.smsText(notice.facts as never, to, now) : null;
  return { subject: email.subject, text: lines.join("\n"), sms };
}

/** Whether a kind is not sent at all to a tenant in Breathing Space (the reminders of a deadline: it moves). */
export function heldDuringBreathingSpace(kind: NoticeKind): boolean {
  return NOTICES[kind].duringBreathingSpace === "hold";
}

/**
 * A notice that asks for money, to a tenant in Breathing Space: what happened (the kind's own
 * words, or a general line), what Breathing Space means for it, that they may still act, and the link.
 */
function breathingSpaceEmail(notice: Notice, to: Recipient, now: Date, breathingSpace: BreathingSpaceOfRecipient) {
  const definition = NOTICES[notice.kind] as Definition<NoticeKind>;
  const facts = notice.facts as About;
  const own =
    typeof definition.duringBreathingSpace === "function"
      ? definition.duringBreathingSpace(notice.facts as never, to, now)
      : { subject: `An update about your ${PRODUCT_NAME}`, lines: [`There is an update about your ${PRODUCT_NAME} for ${facts.property}.`] };
  const until = breathingSpace.until ? `You are in Breathing Space until ${longLondonDate(`${breathingSpace.until}T12:00:00Z`)}.` : "You are in Breathing Space.";
  return {
    subject: own.subject,
    lines: [
      hello(to),
      "",
      ...own.lines,
      "",
      `${until} While it lasts we will not ask you to pay anything, and nothing is treated as accepted because a deadline passed. Any deadline that falls in it moves to after it ends, by the days that were left: the page below shows the date.`,
      "You can still answer or pay now, if you choose to.",
      "",
      "See the details:",
      facts.link,
    ],
  };
}

/** Whether a kind asks the tenant for money (issue 36): it links "Struggling to pay?" and is held back during a Breathing Space. */
export function asksForMoney(kind: NoticeKind): boolean {
  return NOTICES[kind].asksForMoney;
}

/** Whether a kind is sent by text message too. */
export function sendsSms(kind: NoticeKind): boolean {
  return NOTICES[kind].sms;
}

// ── The claim's events and their notices ────────────────────────────────────────────────

/**
 * Each event of the claim's state machine (its activity types) and the notice it sends, or
 * why it needs none: the catalogue's test holds that every event is here and that each one
 * that needs the tenant, or starts or ends a clock, has a notice the flow tests see sent.
 */
export const CLAIM_EVENT_NOTICES: Record<SystemActivityType, NoticeKind | NoticeKind[] | { none: string }> = {
  CHARGE_CREATED: "CLAIM_RAISED",
  CHARGE_ACCEPTED: "CHARGES_ACCEPTED",
  CHARGES_DEEMED_ACCEPTED: "CHARGES_DEEMED_ACCEPTED",
  COUNTER_PROPOSAL_STARTED: { none: "a tenant's own draft: nothing is sent to the landlord and no clock starts" },
  TENANT_PROPOSED: { none: "a line of a tenant's own draft" },
  PROPOSAL_SUBMITTED: "PROPOSAL_SENT",
  PROPOSAL_UNPUBLISHED: { none: "the tenant took their own proposal back before paying: it never left them" },
  PROPOSAL_ACCEPTED: "PROPOSAL_ACCEPTED",
  // By its reason: the landlord's final proposal, or the payment hold run out.
  PROPOSAL_REFUSED: ["FINAL_PROPOSAL", "PROPOSAL_HOLD_EXPIRED"],
  FINAL_PROPOSAL: "FINAL_PROPOSAL",
  CHARGES_DISPUTED: "DISPUTE_FEE_DUE",
  DISPUTE_MESSAGE_UPDATED: { none: "the tenant edited their own dispute message" },
  DISPUTE_LAPSED: "CHARGES_DEEMED_ACCEPTED",
  PAYMENT_RECEIVED: "PAYMENT_RECEIPT",
  SENT_TO_ADJUDICATION: "SENT_TO_ADJUDICATION",
  ADJUDICATION_DECIDED: "ADJUDICATION_DECIDED",
  CLAIM_RESOLVED: "CLAIM_RESOLVED",
};

// ── Reminders ────────────────────────────────────────────────────────────────────────

/** Reminders go from this London hour on: the morning, never in the night. */
export const REMINDER_FROM_HOUR = 8;

/**
 * Which reminder is due at `now` for a deadline (scope 2: the day before, and the morning of
 * the day, once each): on the London day before the deadline's day from 8am, the day-before
 * one; on the deadline's own day from 8am until the deadline, the on-the-day one. A reminder
 * whose moment passed unsent (the day before, missed) is not sent late: the next one covers it.
 * `sent` names the ones already sent for this deadline.
 */
export function reminderDue(deadline: Instant, now: Instant, sent: readonly ReminderStage[] = []): ReminderStage | null {
  const end = toInstant(deadline);
  const at = toInstant(now);
  if (at.getTime() > end.getTime()) return null;
  if (londonParts(at).hour < REMINDER_FROM_HOUR) return null;
  const days = calendarDaysBetween(londonDate(at), londonDate(end));
  if (days === 1 && !sent.includes("DAY_BEFORE")) return "DAY_BEFORE";
  if (days === 0 && !sent.includes("ON_THE_DAY")) return "ON_THE_DAY";
  return null;
}
