import { describe, expect, it } from "vitest";
import {
  asksForMoney,
  CLAIM_EVENT_NOTICES,
  heldDuringBreathingSpace,
  NOTICES,
  propertyLine,
  reminderDue,
  renderNotice,
  type Notice,
  type NoticeKind,
} from "../../server/domain/notices";
import { deadlineWords } from "#common/wording";
import { SYSTEM_ACTIVITY_TYPES } from "../../server/domain/claim-responses";
import { responseDeadline } from "../../server/domain/deadlines";
import { toE164 } from "../../server/domain/phone-numbers";
import { STRUGGLING_TO_PAY_EMAIL_LINE, STRUGGLING_TO_PAY_PATH } from "#common/struggling-to-pay";

const NOW = new Date("2026-11-27T10:00:00Z");
const DEADLINE = responseDeadline(NOW); // end of Friday 4 December 2026, London
const about = { property: "12 Orchard Road, Bristol BS1 1AA", link: "http://localhost:3000/claims/c1" };
const moreTimeLink = "http://localhost:3000/claims/c1/more-time";
const LINKS = { appUrl: "http://localhost:3000" };
const HELP_LINK = `${LINKS.appUrl}${STRUGGLING_TO_PAY_PATH}`;

const OMBUDSMAN = { name: "the Financial Ombudsman Service", address: "Exchange Tower, London E14 9SR", website: "https://www.financial-ombudsman.org.uk" };

/** One notice of every kind, with figures a test can look for. */
const EXAMPLES: { [K in NoticeKind]: Extract<Notice, { kind: K }>["facts"] } = {
  CHECKOUT_YOUR_TURN: { ...about, link: "http://localhost:3000/checkout/o1/c1" },
  CLAIM_RAISED: { ...about, moreTimeLink, organization: "Harbour Lettings", amountPence: 60_000, deadline: DEADLINE },
  CHARGES_ACCEPTED: { ...about, acceptedBy: "Sam Lee", amountPence: 60_000, deadline: DEADLINE },
  PROPOSAL_SENT: { ...about, sentBy: "Sam Lee", amountPence: 30_000, holdExpiresAt: new Date("2026-12-04T10:00:00Z") },
  PROPOSAL_ACCEPTED: { ...about, amountPence: 30_000 },
  FINAL_PROPOSAL: { ...about, moreTimeLink, amountPence: 45_000, refundPence: 30_000, deadline: DEADLINE },
  PROPOSAL_HOLD_EXPIRED: { ...about, moreTimeLink, refundPence: 30_000, deadline: DEADLINE },
  DISPUTE_FEE_DUE: { ...about, disputedBy: "Sam Lee", disputedByYou: true, deadline: DEADLINE },
  SENT_TO_ADJUDICATION: about,
  DISPUTE_FEE_PAID: { ...about, paidBy: "Sam Lee" },
  ADJUDICATION_DECIDED: { ...about, awardedPence: 40_000, amountDuePence: 34_000, deadline: DEADLINE, disputeFeeWords: "The £60 dispute fee is credited.", withReasons: true },
  CHARGES_DEEMED_ACCEPTED: { ...about, amountPence: 60_000, lapsedDispute: false },
  CLAIM_RESOLVED: { ...about, settledPence: 60_000, recordLink: "http://localhost:3000/claims/c1/record" },
  RESPONSE_REMINDER: { ...about, moreTimeLink, stage: "DAY_BEFORE", deadline: DEADLINE, final: false },
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
  PAYMENT_PLAN_OFFER_ENDING: { ...about, amountPence: 60_000, instalments: 6, offerExpiresAt: new Date("2026-11-27T22:00:00Z") },
  // ── issue 36: more time ──
  MORE_TIME_REQUESTED: { ...about, link: moreTimeLink, days: 7, answerBy: new Date("2026-12-01T23:59:59.999Z") },
  MORE_TIME_GRANTED: { ...about, days: 7, deadline: DEADLINE, automatic: false, askedBy: "Sam Lee", askedByYou: true, final: false },
  MORE_TIME_REFUSED: { ...about, reason: "Your landlord needs an answer before the new tenancy starts.", deadline: DEADLINE, moved: false, final: false },
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
  // Issue 38: a reference's outcome.
  REFERENCE_OUTCOME: { ...about, link: "http://localhost:3000/checkout/o1/c1", outcome: "PASSED", guarantor: null },
  // Issue 38: a co-tenant's reminder.
  COTENANT_REMINDER: { ...about, askedBy: "Sam Lee", waitingFor: "PAY_SHARE" },
  // Issue 40: the tenant's data is ready (about their account, not a Keyfree: no property).
  DATA_EXPORT_READY: { link: "http://localhost:3000/account/data", expiresAt: new Date("2026-12-04T10:00:00Z") },
  // Issue 40: complaints.
  COMPLAINT_ACKNOWLEDGED: { ...about, link: "http://localhost:3000/complaints/C-AB12CD34?token=t", reference: "C-AB12CD34", topic: "A charge", acknowledgeBy: "2026-11-30", finalResponseBy: "2027-01-18" },
  COMPLAINT_RESPONSE: { ...about, link: "http://localhost:3000/complaints/C-AB12CD34", reference: "C-AB12CD34", final: true, message: "We have refunded the fee.", finalResponseBy: "2027-01-18", ombudsman: OMBUDSMAN },
  COMPLAINT_EIGHT_WEEKS: { ...about, link: "http://localhost:3000/complaints/C-AB12CD34", reference: "C-AB12CD34", ombudsman: OMBUDSMAN },
};
const kinds = Object.keys(NOTICES) as NoticeKind[];
const render = (kind: NoticeKind) => renderNotice({ kind, facts: EXAMPLES[kind] } as Notice, { firstName: "Sam" }, NOW, LINKS);

describe("the catalogue of notices (issue 28)", () => {
  it.each(kinds)("%s: an e-mail in plain text that greets the tenant and ends with a link to the page to act on", (kind) => {
    const { subject, text } = render(kind);
    expect(subject.length).toBeGreaterThan(10);
    expect(text.startsWith("Hello Sam,")).toBe(true);
    // A notice about a Keyfree names its property (one about the account, issue 40, has none).
    const facts = EXAMPLES[kind];
    if ("property" in facts) expect(text).toContain(facts.property);
    // The page to act on is the last link of the notice's own words ("Struggling to pay?" follows it: below).
    const lines = text.trim().split("\n");
    const own = NOTICES[kind].asksForMoney ? lines.slice(0, -3) : lines;
    expect(own.at(-1)).toBe(EXAMPLES[kind].link);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  // Issue 36: "Struggling to pay?" ends every e-mail that asks for money, after its action link, and no other.
  it.each(kinds.map((kind) => [kind, NOTICES[kind].asksForMoney] as const))(
    "%s (asks for money: %s): the e-mail ends with 'Struggling to pay?' and the help page's link exactly when it asks for money; the text message never",
    (kind, asksForMoney) => {
      const { text, sms } = render(kind);
      const lines = text.split("\n");
      if (asksForMoney) {
        expect(lines.slice(-4)).toEqual([EXAMPLES[kind].link, "", STRUGGLING_TO_PAY_EMAIL_LINE, HELP_LINK]);
      } else {
        expect(lines).not.toContain(HELP_LINK); // (the budget page, under the help page's path, may be linked)
        expect(text).not.toContain("Struggling to pay?");
      }
      if (sms !== null) expect(sms).not.toContain(STRUGGLING_TO_PAY_PATH);
    },
  );

  it("the help link is made from the app's address it is given, so the catalogue stays pure", () => {
    const { text } = renderNotice({ kind: "CLAIM_RAISED", facts: EXAMPLES.CLAIM_RAISED }, { firstName: "Sam" }, NOW, { appUrl: "https://app.keyfree.example" });
    expect(text.split("\n").at(-1)).toBe(`https://app.keyfree.example${STRUGGLING_TO_PAY_PATH}`);
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
      (k) => "deadline" in EXAMPLES[k] || "offerExpiresAt" in EXAMPLES[k] || k === "CHARGES_DEEMED_ACCEPTED" || k === "CHECKOUT_YOUR_TURN" || k === "REFERENCE_OUTCOME",
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
      LINKS,
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
    const other = renderNotice({ kind: "DISPUTE_FEE_DUE", facts: { ...EXAMPLES.DISPUTE_FEE_DUE, disputedByYou: false } }, { firstName: "Ana" }, NOW, LINKS);
    expect(other.text).toContain("Sam Lee disputed the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA for all tenants.");
    expect(other.text).toContain("once Sam Lee pays the £60.00 dispute fee");
    expect(other.text).toContain("The fee must be paid by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today.");
    expect(other.text).toContain("the charges are treated as accepted and must be paid in full");
    expect(other.text).not.toMatch(/please pay/i);
    expect(other.sms).toBe(`Keyfree: Hi Ana, the charges were disputed. If the dispute fee is not paid by 11:59pm Fri 4 Dec, they are treated as accepted: ${about.link}`);
  });

  it("a paid dispute fee tells the other tenants who paid it, that the charges are not treated as accepted, and that the adjudicator has it (issue 38)", () => {
    const { subject, text, sms } = render("DISPUTE_FEE_PAID");
    expect(subject).toBe("The dispute fee is paid: your dispute is with the adjudicator");
    expect(text).toContain("Sam Lee paid the £60.00 dispute fee for 12 Orchard Road, Bristol BS1 1AA, so the end of tenancy charges are not treated as accepted.");
    expect(text).toContain("The dispute is now with the independent adjudicator, who decides within up to 6 weeks.");
    expect(sms).toBeNull();
  });

  it("an offer's reminder says when it ends (12 hours away), the three steps and what happens if they are not done (issue 38)", () => {
    const { subject, text, sms } = render("PAYMENT_PLAN_OFFER_ENDING");
    expect(subject).toBe("Reminder: your payment plan offer ends soon");
    expect(text).toContain("Your payment plan offer for 12 Orchard Road, Bristol BS1 1AA ends at 10:00pm on Friday 27 November 2026 (UK time), today.");
    expect(text).toContain("If the three steps are not done by then, the offer will no longer be available");
    expect(sms).toBe(`Keyfree: Hi Sam, your payment plan offer ends at 10:00pm tonight. Set it up: ${about.link}`);
  });

  it("a £0 proposal holds no payment: the e-mail says when it comes back instead", () => {
    const zero = renderNotice({ kind: "PROPOSAL_SENT", facts: { ...EXAMPLES.PROPOSAL_SENT, amountPence: 0 } }, { firstName: "Ana" }, NOW, LINKS);
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

describe("more time to answer (issue 36, decision 0049)", () => {
  it.each(["CLAIM_RAISED", "FINAL_PROPOSAL", "PROPOSAL_HOLD_EXPIRED", "RESPONSE_REMINDER"] as const)(
    "%s offers more time before the consequence, with the absolute link to ask (the text message keeps its one link)",
    (kind) => {
      const { text, sms } = render(kind);
      const lines = text.split("\n");
      expect(lines[lines.indexOf("Need more time? Ask for it here:") + 1]).toBe(moreTimeLink);
      expect(sms).not.toContain("more-time");
    },
  );

  it("the receipt says when we answer, that the charges are not treated as accepted meanwhile, and who reads the reason", () => {
    const { subject, text, sms } = render("MORE_TIME_REQUESTED");
    expect(subject).toBe("We have your request for more time");
    expect(text).toContain("We have your request for 7 more days to answer the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA.");
    expect(text).toContain("We will answer by 11:59pm on Tuesday 1 December 2026 (UK time), 4 days from today.");
    expect(text).toContain("If we have not answered by then, you will get the 7 more days you asked for.");
    expect(text).toContain("While we look at your request, the charges will not be treated as accepted.");
    expect(text).toContain("Only the team that decides reads your reason.");
    expect(sms).toBeNull();
  });

  it.each([
    [{ askedByYou: true, automatic: false }, "Your request for more time is granted: you have 7 more days to answer the end of tenancy charges"],
    [{ askedByYou: false, automatic: false }, "Sam Lee asked for more time, and it is granted: you have 7 more days"],
    [{ askedByYou: true, automatic: true }, "We did not answer your request for more time within 2 working days, so the 7 more days asked for are given"],
    [{ askedByYou: false, automatic: true }, "We did not answer Sam Lee's request for more time within 2 working days"],
  ])("a grant (%o) gives every tenant the new date", (facts, words) => {
    const { text, sms } = renderNotice({ kind: "MORE_TIME_GRANTED", facts: { ...EXAMPLES.MORE_TIME_GRANTED, ...facts } }, { firstName: "Ana" }, NOW, LINKS);
    expect(text).toContain(words);
    expect(text).toContain("The new deadline is the same for every tenant: please answer by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today.");
    expect(sms).toBe(`Keyfree: Hi Ana, you have more time. Please answer the charges by 11:59pm Fri 4 Dec: ${about.link}`);
  });

  it("a refusal gives the reason, the deadline as it stands (or as moved to leave time), and what the tenant can still do", () => {
    const { text } = render("MORE_TIME_REFUSED");
    expect(text).toContain("Our reason: Your landlord needs an answer before the new tenancy starts.");
    expect(text).toContain("Please answer by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today.");
    expect(text).toContain("You can still accept the charges, dispute them, or propose other amounts");
    expect(text).toContain("we may be able to offer a payment plan");
    const moved = renderNotice({ kind: "MORE_TIME_REFUSED", facts: { ...EXAMPLES.MORE_TIME_REFUSED, moved: true, final: true } }, { firstName: "Sam" }, NOW, LINKS);
    expect(moved.text).toContain("So that you have time to read this and act, your deadline has moved: please answer by 11:59pm");
    expect(moved.text).toContain("You can still accept the final proposal, or dispute it with the independent adjudicator.");
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

// ── issue 36: bspace ──
describe("to a tenant in Breathing Space (issue 36, decision 0047)", () => {
  const moneyKinds = kinds.filter((k) => asksForMoney(k));
  /** The asks of the usual wordings: "Please pay …", "must be paid", "Pay the charges:", "Answer now:"… */
  const ASKS = /please (pay|answer)|must be paid|to be paid immediately|^(pay|answer|set up)[^\n]*:$/im;

  it.each(moneyKinds.filter((k) => !heldDuringBreathingSpace(k)))(
    "%s: says what happened, that nothing is asked while it lasts and until when, that they may still act; the link; no text message",
    (kind) => {
      const rendered = renderNotice({ kind, facts: EXAMPLES[kind] } as Notice, { firstName: "Sam" }, NOW, LINKS, { breathingSpace: { until: "2027-01-21" } });
      expect(rendered.text.startsWith("Hello Sam,\n")).toBe(true);
      expect(rendered.text).toContain("You are in Breathing Space until Thursday 21 January 2027. While it lasts we will not ask you to pay anything");
      expect(rendered.text).toContain("You can still answer or pay now, if you choose to.");
      expect(rendered.text).not.toMatch(ASKS);
      // …which the usual wording does ask.
      expect(renderNotice({ kind, facts: EXAMPLES[kind] } as Notice, { firstName: "Sam" }, NOW, LINKS).text).toMatch(ASKS);
      expect(rendered.text.trim().split("\n").at(-1)).toBe(EXAMPLES[kind].link);
      expect(rendered.sms).toBeNull();
    },
  );

  it("the reminders of a deadline are held (the deadline moves); every other notice that asks for money has its own wording", () => {
    expect(moneyKinds.filter((k) => heldDuringBreathingSpace(k)).sort()).toEqual(
      ["ADJUDICATION_PAYMENT_REMINDER", "DISPUTE_FEE_REMINDER", "PAYMENT_PLAN_OFFER_ENDING", "PAYMENT_REMINDER", "RESPONSE_REMINDER"].sort(),
    );
    for (const k of moneyKinds.filter((k) => !heldDuringBreathingSpace(k))) expect(typeof NOTICES[k].duringBreathingSpace).toBe("function");
  });

  it("one with no end yet says so without naming its kind; a notice that asks for nothing is worded as usual", () => {
    const crisis = renderNotice({ kind: "CHARGES_ACCEPTED", facts: EXAMPLES.CHARGES_ACCEPTED }, { firstName: "Sam" }, NOW, LINKS, { breathingSpace: { until: null } });
    expect(crisis.text).toContain("You are in Breathing Space. While it lasts");
    expect(crisis.text).not.toMatch(/mental|crisis|health/i);
    const usual = renderNotice({ kind: "CLAIM_RESOLVED", facts: EXAMPLES.CLAIM_RESOLVED }, { firstName: "Sam" }, NOW, LINKS);
    expect(renderNotice({ kind: "CLAIM_RESOLVED", facts: EXAMPLES.CLAIM_RESOLVED }, { firstName: "Sam" }, NOW, LINKS, { breathingSpace: { until: "2027-01-21" } })).toEqual(usual);
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

describe("complaints (issue 40)", () => {
  it("a final response and the 8-week e-mail name the ombudsman and the 6 months; a holding response does not", () => {
    for (const notice of [
      { kind: "COMPLAINT_RESPONSE", facts: EXAMPLES.COMPLAINT_RESPONSE },
      { kind: "COMPLAINT_EIGHT_WEEKS", facts: EXAMPLES.COMPLAINT_EIGHT_WEEKS },
    ] as Notice[]) {
      const { text } = renderNotice(notice, { firstName: "Sam" }, NOW, LINKS);
      expect(text).toContain("the Financial Ombudsman Service");
      expect(text).toContain("https://www.financial-ombudsman.org.uk");
      expect(text).toContain("6 months");
    }
    const holding = renderNotice({ kind: "COMPLAINT_RESPONSE", facts: { ...EXAMPLES.COMPLAINT_RESPONSE, final: false } }, { firstName: "Sam" }, NOW, LINKS);
    expect(holding.text).not.toContain("Ombudsman");
    expect(holding.text).toContain("Monday 18 January 2027");
  });
});
