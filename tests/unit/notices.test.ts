import { describe, expect, it } from "vitest";
import {
  CLAIM_EVENT_NOTICES,
  deadlineWords,
  NOTICES,
  propertyLine,
  reminderDue,
  renderNotice,
  type Notice,
  type NoticeKind,
} from "../../server/domain/notices";
import { SYSTEM_ACTIVITY_TYPES } from "../../server/domain/claim-responses";
import { responseDeadline } from "../../server/domain/deadlines";
import { toE164 } from "../../server/domain/phone-numbers";

const NOW = new Date("2026-11-27T10:00:00Z");
const DEADLINE = responseDeadline(NOW); // end of Friday 4 December 2026, London
const about = { property: "12 Orchard Road, Bristol BS1 1AA", link: "http://localhost:3000/claims/c1" };

/** One notice of every kind, with figures a test can look for. */
const EXAMPLES: { [K in NoticeKind]: Extract<Notice, { kind: K }>["facts"] } = {
  CHECKOUT_YOUR_TURN: { ...about, link: "http://localhost:3000/checkout/o1/c1" },
  CLAIM_RAISED: { ...about, organization: "Harbour Lettings", amountPence: 60_000, deadline: DEADLINE },
  CHARGES_ACCEPTED: { ...about, acceptedBy: "Sam Lee", amountPence: 60_000, deadline: DEADLINE },
  PROPOSAL_SENT: { ...about, sentBy: "Sam Lee", amountPence: 30_000, holdExpiresAt: new Date("2026-12-04T10:00:00Z") },
  PROPOSAL_ACCEPTED: { ...about, amountPence: 30_000 },
  FINAL_PROPOSAL: { ...about, amountPence: 45_000, refundPence: 30_000, deadline: DEADLINE },
  PROPOSAL_HOLD_EXPIRED: { ...about, refundPence: 30_000, deadline: DEADLINE },
  DISPUTE_FEE_DUE: { ...about, disputedBy: "Sam Lee", disputedByYou: true, deadline: DEADLINE },
  SENT_TO_ADJUDICATION: about,
  ADJUDICATION_DECIDED: { ...about, awardedPence: 40_000, amountDuePence: 34_000, deadline: DEADLINE, disputeFeeWords: "The £60 dispute fee is credited." },
  CHARGES_DEEMED_ACCEPTED: { ...about, amountPence: 60_000, lapsedDispute: false },
  CLAIM_RESOLVED: { ...about, settledPence: 60_000 },
  RESPONSE_REMINDER: { ...about, stage: "DAY_BEFORE", deadline: DEADLINE, final: false },
  PAYMENT_REMINDER: { ...about, stage: "ON_THE_DAY", deadline: DEADLINE, amountPence: 60_000 },
  DISPUTE_FEE_REMINDER: { ...about, stage: "DAY_BEFORE", deadline: DEADLINE },
  ADJUDICATION_PAYMENT_REMINDER: { ...about, stage: "ON_THE_DAY", deadline: DEADLINE, amountPence: 34_000 },
  PAYMENT_RECEIPT: {
    ...about,
    paidFor: "Your share of the end of tenancy charges",
    amountPence: 60_000,
    cardLast4: "4242",
    paidAt: NOW,
    receiptLink: "http://localhost:3000/keyfrees/o1/receipts/p1",
  },
  PAYMENT_PLAN_OFFERED: { ...about, amountPence: 60_000, instalments: 6, offerExpiresAt: new Date("2026-11-29T10:00:00Z") },
  // Issue 36 (budget).
  PAYMENT_PLAN_REQUEST_RECEIVED: {
    ...about,
    link: "http://localhost:3000/help/struggling-to-pay/budget?sent=r1",
    debt: "your share of the end of tenancy charges",
    amountPence: 60_000,
    plan: "6 monthly instalments of £100.00",
  },
  PAYMENT_PLAN_REQUEST_REFUSED: {
    ...about,
    link: "http://localhost:3000/help/struggling-to-pay/budget",
    debt: "your share of the end of tenancy charges",
    amountPence: 60_000,
    reason: "The charges are already being paid by your co-tenant.",
    contactLink: "http://localhost:3000/contact",
  },
};
const kinds = Object.keys(NOTICES) as NoticeKind[];
const render = (kind: NoticeKind) => renderNotice({ kind, facts: EXAMPLES[kind] } as Notice, { firstName: "Sam" }, NOW);

describe("the catalogue of notices (issue 28)", () => {
  it.each(kinds)("%s: an e-mail in plain text that greets the tenant and ends with a link to the page to act on", (kind) => {
    const { subject, text } = render(kind);
    expect(subject.length).toBeGreaterThan(10);
    expect(text.startsWith("Hello Sam,")).toBe(true);
    expect(text).toContain(EXAMPLES[kind].property);
    expect(text.trim().split("\n").at(-1)).toBe(EXAMPLES[kind].link);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it.each(kinds.filter((k) => "deadline" in EXAMPLES[k]))("%s: the deadline in words and date, London time, and what happens if nobody acts", (kind) => {
    const { text } = render(kind);
    expect(text).toContain("11:59pm on Friday 4 December 2026 (UK time)");
    expect(text).toMatch(/If (nobody answers|it is not paid|the fee is not paid)|treated as accepted/);
  });

  it.each(kinds.filter((k) => NOTICES[k].sms))("%s: the text message is short, has the link, and no amount or address", (kind) => {
    const { sms } = render(kind);
    expect(sms).not.toBeNull();
    expect(sms!).toContain(EXAMPLES[kind].link);
    expect(sms!).toMatch(/^Keyfree: Hi Sam,/);
    expect(sms!).not.toMatch(/£|\d+\.\d\d|Orchard|BS1/);
    expect(sms!.length - EXAMPLES[kind].link.length).toBeLessThanOrEqual(125);
  });

  it("sends a text message for the notices with a deadline and for the tenant's turn, and for no other", () => {
    const withSms = kinds.filter((k) => NOTICES[k].sms).sort();
    const withDeadline = kinds.filter(
      (k) => "deadline" in EXAMPLES[k] || "offerExpiresAt" in EXAMPLES[k] || k === "CHARGES_DEEMED_ACCEPTED" || k === "CHECKOUT_YOUR_TURN",
    );
    expect(withSms).toEqual(withDeadline.sort());
    for (const k of kinds.filter((k) => !NOTICES[k].sms)) expect(render(k).sms).toBeNull();
  });

  it("the receipt names what was paid for, the amount, the card's ending, the date and the Keyfree, with a link to download it", () => {
    const { subject, text } = render("PAYMENT_RECEIPT");
    expect(subject).toBe("Your receipt for £600.00: Your share of the end of tenancy charges");
    expect(text).toContain("What it was for: Your share of the end of tenancy charges");
    expect(text).toContain("Paid with: the card ending 4242");
    expect(text).toContain("Date: Friday 27 November 2026, 10:00am (UK time)");
    expect(text).toContain("Keyfree: 12 Orchard Road, Bristol BS1 1AA");
    expect(text).toContain("http://localhost:3000/keyfrees/o1/receipts/p1");
    expect(text).not.toContain("given back");
  });

  it("a receipt for a payment partly more than was left to pay says what was kept and what is given back", () => {
    const { subject, text } = renderNotice(
      { kind: "PAYMENT_RECEIPT", facts: { ...EXAMPLES.PAYMENT_RECEIPT, amountPence: 12_000, givenBackPence: 8_000 } },
      { firstName: "Sam" },
      NOW,
    );
    expect(subject).toBe("Your receipt for £120.00: Your share of the end of tenancy charges");
    expect(text).toContain("Amount: £120.00");
    expect(text).toContain("Your card was charged £200.00. £80.00 of it was more than was left to pay, so it is being given back to your card.");
  });

  it("the dispute fee notice asks only the tenant who disputed to pay; the other tenants are told who pays, by when, and what happens if not", () => {
    const payer = render("DISPUTE_FEE_DUE");
    expect(payer.text).toContain("You disputed the end of tenancy charges");
    expect(payer.text).toContain("Please pay it by 11:59pm");
    expect(payer.sms).toContain("please pay the dispute fee");
    const other = renderNotice({ kind: "DISPUTE_FEE_DUE", facts: { ...EXAMPLES.DISPUTE_FEE_DUE, disputedByYou: false } }, { firstName: "Ana" }, NOW);
    expect(other.text).toContain("Sam Lee disputed the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA for all tenants.");
    expect(other.text).toContain("once Sam Lee pays the £60.00 dispute fee");
    expect(other.text).toContain("The fee must be paid by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today.");
    expect(other.text).toContain("the charges are treated as accepted and must be paid in full");
    expect(other.text).not.toMatch(/please pay/i);
    expect(other.sms).toBe(`Keyfree: Hi Ana, the charges were disputed. If the dispute fee is not paid by 11:59pm Fri 4 Dec, they are treated as accepted: ${about.link}`);
  });

  it("a £0 proposal holds no payment: the e-mail says when it comes back instead", () => {
    const zero = renderNotice({ kind: "PROPOSAL_SENT", facts: { ...EXAMPLES.PROPOSAL_SENT, amountPence: 0 } }, { firstName: "Ana" }, NOW);
    expect(zero.text).toContain("Sam Lee sent a proposal of £0.00");
    expect(zero.text).not.toMatch(/paid it upfront|payment is held|refunded/);
    expect(zero.text).toContain("until 10:00am on Friday 4 December 2026 (UK time), 7 days from today");
    expect(render("PROPOSAL_SENT").text).toContain("The payment is held until 10:00am on Friday 4 December 2026 (UK time), 7 days from today.");
  });

  it("every event of the claim's state machine is either given a notice of the catalogue or says why it needs none", () => {
    expect(Object.keys(CLAIM_EVENT_NOTICES).sort()).toEqual([...SYSTEM_ACTIVITY_TYPES].sort());
    for (const [event, notice] of Object.entries(CLAIM_EVENT_NOTICES)) {
      const named = typeof notice === "string" ? [notice] : Array.isArray(notice) ? notice : [];
      for (const kind of named) expect(kinds, event).toContain(kind);
      if (!Array.isArray(notice) && typeof notice === "object") expect(notice.none.length, event).toBeGreaterThan(10);
    }
  });
});

describe("deadline words (London time)", () => {
  it.each([
    ["2026-11-27T10:00:00Z", "by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today"],
    ["2026-12-03T10:00:00Z", "by 11:59pm on Friday 4 December 2026 (UK time), tomorrow"],
    ["2026-12-04T23:30:00Z", "by 11:59pm on Friday 4 December 2026 (UK time), today"],
  ])("at %s: %s", (now, words) => {
    expect(deadlineWords(DEADLINE, new Date(now))).toBe(words);
  });

  it("in summer time the deadline is still 11:59pm London time", () => {
    expect(deadlineWords(responseDeadline(new Date("2026-06-01T09:00:00Z")), new Date("2026-06-01T09:00:00Z"))).toBe(
      "by 11:59pm on Monday 8 June 2026 (UK time), 7 days from today",
    );
  });
});

describe("reminderDue: the day before and the morning of the day, once each (scope 2)", () => {
  const due = (now: string, sent: ("DAY_BEFORE" | "ON_THE_DAY")[] = []) => reminderDue(DEADLINE, new Date(now), sent);
  it.each([
    ["2026-12-02T12:00:00Z", [], null, "two days before: nothing yet"],
    ["2026-12-03T07:59:00Z", [], null, "the day before, before 8am"],
    ["2026-12-03T08:00:00Z", [], "DAY_BEFORE", "the day before from 8am"],
    ["2026-12-03T22:00:00Z", ["DAY_BEFORE"], null, "the day before, already sent"],
    ["2026-12-04T07:00:00Z", [], null, "the day itself, before 8am"],
    ["2026-12-04T08:00:00Z", ["DAY_BEFORE"], "ON_THE_DAY", "the morning of the day"],
    ["2026-12-04T08:00:00Z", [], "ON_THE_DAY", "a missed day-before reminder is not sent late"],
    ["2026-12-04T20:00:00Z", ["DAY_BEFORE", "ON_THE_DAY"], null, "both sent"],
    ["2026-12-05T09:00:00Z", [], null, "after the deadline: never"],
  ] as const)("%s, sent %j → %s (%s)", (now, sent, expected, _why) => {
    expect(due(now, [...sent])).toBe(expected);
  });

  it("in summer time 8am is 8am London time (07:00 UTC)", () => {
    const summer = responseDeadline(new Date("2026-06-01T09:00:00Z"));
    expect(reminderDue(summer, new Date("2026-06-07T06:59:00Z"))).toBeNull();
    expect(reminderDue(summer, new Date("2026-06-07T07:00:00Z"))).toBe("DAY_BEFORE");
  });
});

describe("propertyLine and toE164", () => {
  it("writes the property on one line", () => {
    expect(propertyLine({ flatNumber: "2", buildingNumber: "12", street: "Orchard Road", town: "Bristol", postcode: "BS1 1AA" })).toBe(
      "Flat 2, 12 Orchard Road, Bristol BS1 1AA",
    );
    expect(propertyLine({ buildingName: "Mill House", street: "Mill Lane", postcode: "LS1 4AP" })).toBe("Mill House, Mill Lane, LS1 4AP");
  });

  it.each([
    ["07700900123", "+447700900123"],
    ["07700 900 123", "+447700900123"],
    ["+447700900123", "+447700900123"],
    ["00447700900123", "+447700900123"],
    ["447700900123", "+447700900123"],
    ["+3531234567890", "+3531234567890"],
    ["0", null],
    ["+0123456789", null],
    ["abc", null],
  ])("%s → %s", (given, expected) => {
    expect(toE164(given)).toBe(expected);
  });
});

describe("a request for a payment plan from a budget (issue 36, scope 2)", () => {
  it("the receipt says what was asked for, that we will answer, and that nobody asks for the money until then", () => {
    const { subject, text } = render("PAYMENT_PLAN_REQUEST_RECEIVED");
    expect(subject).toBe("We have your request for a payment plan");
    expect(text).toContain(
      "You asked to pay your share of the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA, £600.00, in 6 monthly instalments of £100.00, with no interest and no fees.",
    );
    expect(text).toContain("We will look at your request and answer you by e-mail.");
    expect(text).toContain("Until we answer, nobody will ask you for this money");
    expect(NOTICES.PAYMENT_PLAN_REQUEST_RECEIVED.asksForMoney).toBe(false);
  });

  it("the refusal gives the reason plainly and what the tenant can do next, and threatens nothing", () => {
    const { subject, text } = render("PAYMENT_PLAN_REQUEST_REFUSED");
    expect(subject).toBe("Your request for a payment plan");
    expect(text).toContain("Why: The charges are already being paid by your co-tenant.");
    expect(text).toContain("free, independent debt adviser");
    expect(text).toContain("Breathing Space");
    expect(text).toContain("Contact us to talk about it: http://localhost:3000/contact");
    expect(text).not.toMatch(/court|bailiff|legal action|debt collect|credit (file|rating)|must pay|immediately/i);
    expect(NOTICES.PAYMENT_PLAN_REQUEST_REFUSED.asksForMoney).toBe(false);
  });
});
