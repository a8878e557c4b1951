/** The notices' facts, and the shape of the catalogue's entries (see ./index.ts). */

/** What every notice about a Keyfree names: its property on one line, and the page to act on (absolute). */
export type About = { property: string; link: string };

/** The deadline notices' link to ask for more time to answer (issue 36): /claims/:claimId/more-time. */
export type MoreTimeLink = { moreTimeLink: string };

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
  /** The dispute fee is paid and the claim is with the adjudicator (up to 6 weeks): to the tenant who paid it. */
  SENT_TO_ADJUDICATION: About;
  /**
   * Issue 38 (decision 0059): the dispute fee is paid, so the charges are not treated as accepted,
   * and the claim is with the adjudicator: to every other tenant (their DISPUTE_FEE_DUE said what an unpaid fee would mean).
   */
  DISPUTE_FEE_PAID: About & { paidBy: string };
  /** The adjudicator decided: what is due, and 3 calendar days to pay it. */
  ADJUDICATION_DECIDED: About & { awardedPence: number; amountDuePence: number; deadline: Date; disputeFeeWords: string; withReasons?: boolean };
  /** Nobody answered (or paid the dispute fee) in time: the charges are treated as accepted. */
  CHARGES_DEEMED_ACCEPTED: About & { amountPence: number; lapsedDispute: boolean };
  /** Every charge is settled and the claim is closed. */
  CLAIM_RESOLVED: About & { settledPence: number; recordLink?: string };
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
  /** Issue 38 (decision 0059): 12 hours before an offer lapses, its steps not all done: the same offer, and when it ends. */
  PAYMENT_PLAN_OFFER_ENDING: About & { amountPence: number; instalments: number; offerExpiresAt: Date };
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
  /**
   * Issue 38: the referencing provider's outcome, to the tenant whose reference it is: passed (their
   * turn: `link` their checkout, which opens their next step), more information to upload, a guarantor
   * needed (named when the tenancy names one), or not passed (`link` their referencing page).
   */
  REFERENCE_OUTCOME: About & { outcome: ReferenceOutcome; guarantor: string | null };
  // ── issue 38: your co-tenants (decision 0061) ──
  /** A co-tenant pressed "Remind {first name}": who asked (their name), and what is waiting for this tenant. */
  COTENANT_REMINDER: About & { askedBy: string; waitingFor: "STEPS" | "PAY_SHARE" | "ANSWER" | "DISPUTE_FEE" };
  // ── issue 40: your data (decision 0069) ──
  /** The ZIP of the tenant's data they asked for is ready: `link` is the signed-in page it downloads from (/account/data), until `expiresAt`. */
  DATA_EXPORT_READY: { link: string; expiresAt: Date };
  /**
   * Issue 40 (decision 0066): a complaint is raised: its reference, the dates it must be answered
   * by (London dates), and `link` its page (with the token that reads it without signing in).
   * `property` is what it is about: the claim's or Keyfree's property, or its topic.
   */
  COMPLAINT_ACKNOWLEDGED: About & { reference: string; topic: string; acknowledgeBy: string; finalResponseBy: string };
  /** Issue 40: the back office's response, holding or final; a final one names the ombudsman and the 6 months. */
  COMPLAINT_RESPONSE: About & { reference: string; final: boolean; message: string; finalResponseBy: string; ombudsman: OmbudsmanFacts };
  /** Issue 40: 8 weeks passed without our final response (the sweeper, once per complaint): the ombudsman. */
  COMPLAINT_EIGHT_WEEKS: About & { reference: string; ombudsman: OmbudsmanFacts };
};

/** The ombudsman a complaint can be referred to (configuration: server/config.ts). */
export type OmbudsmanFacts = { name: string; address: string; website: string };

/** What a reference's outcome means for the tenant (REFERENCE_OUTCOME): PASS, INFO_REQUIRED, GUARANTOR_REQUIRED, FAIL. */
export type ReferenceOutcome = "PASSED" | "MORE_INFORMATION" | "GUARANTOR_NEEDED" | "NOT_PASSED";

export type NoticeKind = keyof NoticeFacts;
export type Notice = { [K in NoticeKind]: { kind: K; facts: NoticeFacts[K] } }[NoticeKind];

export type RenderedNotice = { subject: string; text: string; sms: string | null };

export type Recipient = { firstName: string };

export type Definition<K extends NoticeKind> = {
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


/** The catalogue: every kind's definition, in one list (./catalogue.ts). */
export type Catalogue = { [K in NoticeKind]: Definition<K> };

/** Where the notice's absolute links start: the web app's address, without a trailing slash (server/lib/app-url.ts). */
export type NoticeLinks = { appUrl: string };

/** A recipient's Breathing Space (issue 36): its last day (a London date, YYYY-MM-DD), null while it has no end yet. */
export type BreathingSpaceOfRecipient = { until: string | null };
